#pragma once
// SIGINT and SIGTERM ask the probe to stop: the benchmark in flight returns what it has, the
// rest are skipped and the file is still written. A second signal ends the process at once.

namespace roofscope::probe {

void installCancelHandlers();
bool cancelRequested();

} // namespace roofscope::probe
