// roofscope model NAME --device ID [--batch N] [--seq N] [--precision P] [--mode M] [--dp N]
//                [--json];  roofscope model --list
#include "app/cli.h"
#include "app/options.h"
#include "core/catalog_loader.h"
#include "core/zoo/model_report.h"

#include <ostream>

namespace roofscope::app {
namespace {

struct Args {
    std::vector<std::string> operands;
    std::string deviceId;
    ModelOptions options;
    MdOptions md;
    bool json = false;
    bool list = false;
    std::optional<DecoderShape> decoder;
    bool kvHeadsGiven = false;
};

// A whole number of at least `least` into `into`.
Take count(int& into, std::string_view option, int least = 1) {
    return wholeNumber(into, std::string(option) + " needs a positive integer", least);
}

// A dimension of the gpt decoder: starts the LLaMA-7B shape when it is the first one given.
Take shape(Args& a, int DecoderShape::*field, std::string_view option, int least = 1) {
    return [&a, field, option, least](const std::string& v) {
        const auto n = parseWhole<int>(v);
        if (!n || *n < least)
            return std::string(option) + " needs a positive integer";
        DecoderShape& d = a.decoder ? *a.decoder : a.decoder.emplace();
        d.*field = *n;
        // The heads are key-value heads too unless those were given (multi-head attention).
        if (field == &DecoderShape::heads && !a.kvHeadsGiven)
            d.kvHeads = *n;
        a.kvHeadsGiven = a.kvHeadsGiven || field == &DecoderShape::kvHeads;
        return std::string();
    };
}

OptionTable optionTable(Args& a) {
    std::vector<Option> options{
        {{"--device"},
         "ID",
         "catalog device (see 'roofscope devices')",
         nonEmpty(a.deviceId, "--device needs a device id")},
        {{"--batch"},
         "N",
         "samples per device (default: the model's)",
         count(a.options.batch, "--batch")},
        {{"--seq"},
         "N",
         "tokens per sample for bert-large and gpt",
         count(a.options.seqLen, "--seq")},
        {{"--image"},
         "N",
         "image side in pixels for resnet50 and maskrcnn-backbone",
         count(a.options.imageSize, "--image")},
        {{"--precision"},
         "P",
         "bf16 (default), fp16 or fp32",
         enumValue(a.options.precision, "--precision needs bf16, fp16 or fp32")},
        {{"--mode"},
         "M",
         "training (default) or inference",
         [&a](const std::string& v) {
             const auto m = parseRunMode(v);
             if (!m)
                 return std::string("--mode needs training or inference");
             a.options.mode = *m;
             return std::string();
         }},
        {{"--dp"},
         "N",
         "data-parallel ranks; adds the gradient all-reduce (default 1)",
         count(a.options.dataParallel, "--dp")},
        {{"--link"},
         "L",
         "link whose ceiling bounds communication (default intra_node)",
         enumValue(a.md.link,
                   "--link needs one of pcie_h2d, pcie_d2h, p2p, intra_node, inter_node")},
        {{"--layers"},
         "N",
         "gpt decoder: layers (default LLaMA-7B's 32)",
         shape(a, &DecoderShape::layers, "--layers")},
        {{"--hidden"},
         "N",
         "gpt decoder: hidden size (default 4096)",
         shape(a, &DecoderShape::hidden, "--hidden")},
        {{"--heads"},
         "N",
         "gpt decoder: attention heads (default 32)",
         shape(a, &DecoderShape::heads, "--heads")},
        {{"--kv-heads"},
         "N",
         "gpt decoder: key-value heads (default: --heads)",
         shape(a, &DecoderShape::kvHeads, "--kv-heads")},
        {{"--ffn"},
         "N",
         "gpt decoder: MLP size (default 11008; 0 derives it from --hidden)",
         shape(a, &DecoderShape::ffn, "--ffn", 0)},
        {{"--vocab"},
         "N",
         "gpt decoder: vocabulary (default 32000)",
         shape(a, &DecoderShape::vocab, "--vocab")},
        {{"--gpt2"},
         "",
         "start from GPT-2 small (12, 768, 12, 12, 3072, 50257; LayerNorm, GELU MLP, biases, "
         "1024 learned positions, tied head)",
         [&a](const std::string&) {
             if (a.decoder)
                 return std::string("--gpt2 must come before the shape options");
             a.decoder = DecoderShape::gpt2Small();
             a.kvHeadsGiven = true;
             return std::string();
         }},
        {{"--json"},
         "",
         "print JSON (schema in docs/file-formats.md, \"Model report\")",
         flag(a.json)},
        {{"--list"}, "", "list the models", flag(a.list)},
    };
    return {"model",
            "Usage: roofscope model NAME --device ID [options]\n"
            "       roofscope model --list\n\n"
            "Builds the analytic workload of a well-known model and prints every layer with its "
            "FLOPs,\nbytes, intensity and MD-Roofline bound and bottleneck on a catalog "
            "device.\n\n",
            21, std::move(options), ""};
}

} // namespace

int runModel(const std::vector<std::string>& args, CommandIo io) {
    Args a;
    const OptionTable table = optionTable(a);
    if (const auto code = parseCommandLine(table, args, a.operands, io))
        return *code;
    const auto wrong = [&](const std::string& why) {
        return usageError(io, "model", helpText(table), why);
    };
    if (a.list) {
        for (const auto& m : zooModels())
            io.out << m.name << std::string(20 - std::min<std::size_t>(19, m.name.size()), ' ')
                   << m.description << " (default batch " << m.defaultBatch << ")\n";
        return kExitOk;
    }
    if (a.operands.size() > 1)
        return wrong("unknown argument '" + a.operands[1] + "'");
    const std::string name = a.operands.empty() ? std::string() : a.operands.front();
    if (name.empty())
        return wrong("no model given (see --list)");
    if (a.decoder && name != "gpt")
        return wrong("decoder shape options apply to the gpt model only");
    ModelOptions& options = a.options;
    options.decoder = a.decoder;
    const MdOptions& md = a.md;
    const bool json = a.json;
    const std::string& deviceId = a.deviceId;
    if (deviceId.empty())
        return wrong("no device given (--device ID; see 'roofscope devices')");

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
