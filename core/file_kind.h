#pragma once
// The kinds of document Roofscope reads. Which kind a file is, and everything Roofscope does with
// each kind, is in one table: core/import/importer.h.

namespace roofscope {

enum class FileKind {
    session,     // "format": "roofscope-session"
    ceilings,    // "format": "roofscope-ceilings"
    kinetoTrace, // Chrome trace JSON: a "traceEvents" key, or the bare array form
    ertRoofline, // ERT roofline.json ("empirical")
    ncclTests,   // nccl-tests text (a "busbw" column) or -J JSON ("results")
    ncuCsv,      // Nsight Compute CSV (a "Kernel Name" column)
    nvbandwidth, // nvbandwidth text ("bandwidth (GB/s)") or -j JSON ("nvbandwidth", "testcases")
    nsysSqlite,  // Nsight Systems SQLite export (the SQLite header; its tables checked on reading)
    xplane,      // XPlane profile (JAX / XLA): an XSpace protobuf whose first plane has a name
    unknown,
};

} // namespace roofscope
