#pragma once
// Internal to the trace reader: over a whole text (kineto_window.h), which batches are parsed
// where they lie and which bytes the reader may write meanwhile. A batch handed over in place
// is read by its worker from its '[' to simdjson's padding after its ']' (simdjson peeks at the
// first padding byte), so the reader writes no byte there until the batch is merged: the next
// batch's '[', which usually lies in that padding, is written before the batch is handed over.

#include <cstddef>

namespace roofscope::detail {

class InPlaceBatches {
  public:
    static constexpr std::size_t npos = static_cast<std::size_t>(-1);

    // For the batch buf[start, cut] about to be handed over (buf[cut] is the byte after its
    // last event; `last` when the array ends there; the text ends at buf[end]): writes the next
    // batch's '[' when no batch in flight reads that byte, and, when this batch can be parsed
    // where it lies, its own '[' and ']' (true: it must then be handed over in place). False when
    // it must be copied: too short for its ']' to lie past the padding of the batch before, or
    // its '[' would fall where a batch in flight reads (a compact trace, with no blank between
    // ',' and '{', has it where the batch before has its ']').
    bool prepare(char* buf, std::size_t end, std::size_t start, std::size_t cut, bool last);

    // The byte before the next batch's first event, made its '[' by the last prepare(); npos
    // when it was not (the separator after the batch is then still to be read).
    std::size_t preparedStart() const { return prepared_; }

  private:
    // Whether no batch handed over in place reads byte `i`.
    bool clear(std::size_t i) const;

    bool any_ = false;        // a batch was handed over in place
    std::size_t lastEnd_ = 0; // the ']' of the last one
    std::size_t prepared_ = npos;
};

// The byte before the event that follows a batch ending at buf[cut] (that byte becomes the next
// batch's '['), as the reader finds it: past blanks and one ','. npos when no event follows
// that way, or when that byte is `cut` itself.
std::size_t nextBatchStart(const char* buf, std::size_t end, std::size_t cut);

} // namespace roofscope::detail
