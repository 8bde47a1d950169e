#include "core/demo_session.h"

#include "core/zoo/model_zoo.h"

namespace roofscope {

Result<Session> makeDemoSession(const Catalog& catalog) {
    ModelOptions options;
    options.mode = RunMode::training;
    options.precision = Precision::bf16;
    // Data-parallel over the eight GPUs of a node: the gradient all-reduce gives the MD-Roofline
    // view its communication planes.
    options.dataParallel = kDemoDataParallel;
    ROOFSCOPE_TRY(workload, buildModel(kDemoModel, options));

    Session session;
    for (const auto id : {kDemoDeviceA, kDemoDeviceB}) {
        const CatalogEntry* entry = catalog.find(id);
        if (!entry)
            return makeError("the device catalog has no '" + std::string(id) +
                             "', which the demo needs");
        ROOFSCOPE_TRY(dataset, boundOnDevice(workload.value(), entry->device));
        dataset.value().context.tags.push_back("demo");
        session.devices.push_back(entry->device);
        session.datasets.push_back(std::move(dataset).value());
        session.view.shownDevices.push_back(entry->device.id);
    }
    session.view.precision = options.precision;
    return session;
}

} // namespace roofscope
