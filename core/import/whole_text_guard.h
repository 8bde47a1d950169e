#pragma once
// Internal to whole_text.cpp: address ranges where a SIGBUS (a mapped file that shrank under
// the reader) is turned into a page of zeros and a flag, and any other SIGBUS goes where it
// went before (the previous handler, else the default action).

#include <cstddef>

namespace roofscope::detail {

// Guards [begin, begin + length) (page aligned); installs the handler on first use. The slot to
// pass back, or -1 when every slot is taken or the handler cannot be installed.
int guardRange(char* begin, std::size_t length);
// Ends the guard; the range may be unmapped after this returns.
void unguardRange(int slot);
// Whether a SIGBUS was turned into zeros in the slot's range since it was guarded.
bool guardTripped(int slot);

} // namespace roofscope::detail
