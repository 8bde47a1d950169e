// roofscope model NAME --device ID [--batch N] [--seq N] [--precision P] [--mode M] [--dp N]
//                [--json];  roofscope model --list
#include "app/cli.h"
#include "core/catalog_loader.h"
#include "core/zoo/model_report.h"

#include <ostream>

namespace roofscope::app {
namespace {

constexpr const char* kHelp =
    "Usage: roofscope model NAME --device ID [options]\n"
    "       roofscope model --list\n\n"
    "Builds the analytic workload of a well-known model and prints every layer with its FLOPs,\n"
    "bytes, intensity and MD-Roofline bound and bottleneck on a catalog device.\n\n"
    "  --device ID        catalog device (see 'roofscope devices')\n"
    "  --batch N          samples per device (default: the model's)\n"
    "  --seq N            tokens per sample for bert-large and gpt\n"
    "  --image N          image side in pixels for resnet50 and maskrcnn-backbone\n"
    "  --precision P      bf16 (default), fp16 or fp32\n"
    "  --mode M           training (default) or inference\n"
    "  --dp N             data-parallel ranks; adds the gradient all-reduce (default 1)\n"
    "  --link L           link whose ceiling bounds communication (default intra_node)\n"
    "  --layers N --hidden N --heads N --kv-heads N --ffn N --vocab N\n"
    "                     shape of the gpt decoder (default LLaMA-7B: 32, 4096, 32, 32,\n"
    "                     11008, 32000; --ffn 0 derives it from --hidden)\n"
    "  --gpt2             start from GPT-2 small (12, 768, 12, 12, 3072, 50257; LayerNorm,\n"
    "                     GELU MLP, biases, 1024 learned positions, tied head)\n"
    "  --json             print JSON (schema in docs/file-formats.md, \"Model report\")\n"
    "  --list             list the models\n";

int usageError(CommandIo io, const std::string& message) {
    return app::usageError(io, "model", kHelp, message);
}

} // namespace

int runModel(const std::vector<std::string>& args, CommandIo io) {
    std::string name, deviceId;
    ModelOptions options;
    MdOptions md;
    bool json = false;
    std::optional<DecoderShape> decoder;
    bool kvHeadsGiven = false;
    for (std::size_t i = 0; i < args.size(); ++i) {
        const std::string& a = args[i];
        auto value = [&](std::string& out) {
            if (i + 1 >= args.size())
                return false;
            out = args[++i];
            return true;
        };
        std::string v;
        if (a == "--help" || a == "-h") {
            io.out << kHelp;
            return kExitOk;
        } else if (a == "--list") {
            for (const auto& m : zooModels())
                io.out << m.name << std::string(20 - std::min<std::size_t>(19, m.name.size()), ' ')
                       << m.description << " (default batch " << m.defaultBatch << ")\n";
            return kExitOk;
        } else if (a == "--json") {
            json = true;
        } else if (a == "--device") {
            if (!value(deviceId))
                return usageError(io, "--device needs a device id");
        } else if (a == "--batch" || a == "--seq" || a == "--image" || a == "--dp") {
            std::optional<int> n;
            if (!value(v) || !(n = parseWhole<int>(v)) || *n < 1)
                return usageError(io, a + " needs a positive integer");
            int* target = a == "--batch"   ? &options.batch
                          : a == "--seq"   ? &options.seqLen
                          : a == "--image" ? &options.imageSize
                                           : &options.dataParallel;
            *target = *n;
        } else if (a == "--layers" || a == "--hidden" || a == "--heads" || a == "--kv-heads" ||
                   a == "--ffn" || a == "--vocab") {
            std::optional<int> n;
            if (!value(v) || !(n = parseWhole<int>(v)) || *n < (a == "--ffn" ? 0 : 1))
                return usageError(io, a + " needs a positive integer");
            DecoderShape& d = decoder ? *decoder : decoder.emplace();
            int* target = a == "--layers"     ? &d.layers
                          : a == "--hidden"   ? &d.hidden
                          : a == "--heads"    ? &d.heads
                          : a == "--kv-heads" ? &d.kvHeads
                          : a == "--ffn"      ? &d.ffn
                                              : &d.vocab;
            *target = *n;
            if (a == "--heads" && !kvHeadsGiven)
                d.kvHeads = *n;
            kvHeadsGiven = kvHeadsGiven || a == "--kv-heads";
        } else if (a == "--gpt2") {
            if (decoder)
                return usageError(io, "--gpt2 must come before the shape options");
            decoder = DecoderShape::gpt2Small();
            kvHeadsGiven = true;
        } else if (a == "--precision") {
            const auto p = value(v) ? parseEnum<Precision>(v) : std::nullopt;
            if (!p)
                return usageError(io, "--precision needs bf16, fp16 or fp32");
            options.precision = *p;
        } else if (a == "--mode") {
            const auto m = value(v) ? parseRunMode(v) : std::nullopt;
            if (!m)
                return usageError(io, "--mode needs training or inference");
            options.mode = *m;
        } else if (a == "--link") {
            const auto l = value(v) ? parseEnum<Link>(v) : std::nullopt;
            if (!l)
                return usageError(io, "--link needs one of pcie_h2d, pcie_d2h, p2p, intra_node, "
                                      "inter_node");
            md.link = *l;
        } else if (!a.starts_with("-") && name.empty()) {
            name = a;
        } else {
            return usageError(io, "unknown argument '" + a + "'");
        }
    }
    if (name.empty())
        return usageError(io, "no model given (see --list)");
    if (decoder && name != "gpt")
        return usageError(io, "decoder shape options apply to the gpt model only");
    options.decoder = decoder;
    if (deviceId.empty())
        return usageError(io, "no device given (--device ID; see 'roofscope devices')");

    std::vector<std::string> warnings;
    const Catalog catalog = loadCatalog(&warnings);
    for (const auto& w : warnings)
        io.err << "warning: " << w << "\n";
    const CatalogEntry* entry = catalog.find(deviceId);
    if (!entry)
        entry = catalog.findByName(deviceId);
    if (!entry) {
        io.err << "roofscope model: unknown device '" << deviceId
               << "' (see 'roofscope devices')\n";
        return kExitFailure;
    }
    const auto workload = buildModel(name, options);
    if (!workload) {
        io.err << "roofscope model: " << workload.error().message << "\n";
        return kExitFailure;
    }
    const auto report = json ? modelReportJson(workload.value(), entry->device, md)
                             : modelReportText(workload.value(), entry->device, md);
    if (!report) {
        io.err << "roofscope model: " << report.error().message << "\n";
        return kExitFailure;
    }
    io.out << report.value();
    if (!json)
        io.out << "ceilings: " << toString(entry->layer) << " catalog entry " << entry->origin
               << "\n";
    return kExitOk;
}

} // namespace roofscope::app
