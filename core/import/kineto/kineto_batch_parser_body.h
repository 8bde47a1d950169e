// Internal to the trace reader: the batch parser's source, compiled once per instruction set by
// kineto_batch_parser_{baseline,avx2}.cpp, each of which includes everything but simdjson first
// and then defines ROOFSCOPE_PARSER_NS, the namespace of its path (kineto_batch_parser_isa.h).
// simdjson.h is included here, after the includer's target pragma, so that its On-Demand kernel is
// the one of that path.

#ifndef ROOFSCOPE_PARSER_NS
#error "kineto_batch_parser_body.h is included by kineto_batch_parser_<isa>.cpp only"
#endif

#include "core/import/kineto/kineto_batch_parser_isa.h"
#include "core/import/kineto/kineto_event_keys.h"
#include "core/import/kineto/kineto_event_store.h"

#include <simdjson.h>

#include "core/import/kineto/kineto_json_values.h"

#include <optional>
#include <string_view>

namespace roofscope::detail::ROOFSCOPE_PARSER_NS {

namespace {

// A value of the wrong type leaves the On-Demand iterator where it was (the value is skipped when
// the loop moves on), so it only marks the event; errors of the document's structure end the batch.
simdjson::error_code readArgs(od::object object, ParsedArgs& a, bool& wrongType) {
    return forEachField(object, [&](std::string_view key, od::value& value) -> FieldStep {
        bool ok = true;
        switch (argKey(key)) {
        case ArgKey::other:
            break;
        case ArgKey::externalId:
            ok = readInt(value, a.externalId);
            break;
        case ArgKey::correlation:
            ok = readInt(value, a.correlation);
            break;
        case ArgKey::device:
            ok = readInt(value, a.device);
            break;
        case ArgKey::stream:
            ok = readInt(value, a.stream);
            break;
        case ArgKey::bytes:
            ok = readInt(value, a.bytes);
            break;
        case ArgKey::dims:
            ok = readRawArray(value, a.dims);
            break;
        case ArgKey::types:
            ok = readRawArray(value, a.types);
            break;
        case ArgKey::concrete:
            ok = readRawArray(value, a.concrete);
            break;
        case ArgKey::collectiveName:
            a.hasCollective = readString(value, a.collectiveName) == simdjson::SUCCESS;
            ok = a.hasCollective;
            break;
        case ArgKey::inNelems:
            ok = readInt(value, a.inNelems);
            break;
        case ArgKey::outNelems:
            ok = readInt(value, a.outNelems);
            break;
        case ArgKey::groupSize:
            ok = readInt(value, a.groupSize);
            break;
        case ArgKey::dtype:
            ok = readString(value, a.dtype) == simdjson::SUCCESS;
            break;
        case ArgKey::pgName:
            ok = readString(value, a.pgName) == simdjson::SUCCESS;
            break;
        case ArgKey::pgDesc:
            ok = readString(value, a.pgDesc) == simdjson::SUCCESS;
            break;
        case ArgKey::counter: {
            int precision = 0, op = 0;
            if (counterSlot(key, precision, op)) {
                double count = 0;
                ok = value.get_double().get(count) == simdjson::SUCCESS && count >= 0;
                if (ok) {
                    if (!a.hasCounters)
                        a.counters = CounterRange().instructions;
                    a.counters[static_cast<std::size_t>(precision)][static_cast<std::size_t>(op)] =
                        count;
                    a.hasCounters = true;
                }
            }
            break;
        }
        }
        wrongType |= !ok;
        return FieldStep::next();
    });
}

simdjson::error_code readEvent(od::object object, ParsedEvent& e) {
    return forEachField(object, [&](std::string_view key, od::value& value) -> FieldStep {
        if (key.size() == 2) {
            if (key == "ph") {
                std::string_view ph;
                if (readString(value, ph) == simdjson::SUCCESS && !ph.empty())
                    e.ph = ph[0];
                // Only complete events are kept: the rest of anything else is skipped unread
                // (On-Demand steps over what is left of an object when the array moves on).
                if (e.ph != 'X')
                    return FieldStep::halt();
            } else if (key == "ts") {
                e.badTime |= !readTime(value, e.tsNs);
            }
            return FieldStep::next();
        }
        if (key == "cat") {
            std::string_view cat;
            if (readString(value, cat) == simdjson::SUCCESS) {
                e.cls = classify(cat);
                e.hasCat = true;
                if (e.cls == EventClass::ignored)
                    return FieldStep::halt();
            }
        } else if (key == "name") {
            if (readString(value, e.name) != simdjson::SUCCESS)
                e.name = {};
        } else if (key == "pid") {
            readId(value, e.pid);
        } else if (key == "tid") {
            readId(value, e.tid);
        } else if (key == "dur") {
            e.badTime |= !readTime(value, e.durNs);
        } else if (key == "args") {
            od::object args;
            if (value.get_object().get(args) != simdjson::SUCCESS)
                e.wrongType = true;
            else if (auto err = readArgs(args, e.args, e.wrongType))
                return FieldStep::fail(err);
        }
        return FieldStep::next();
    });
}

class Parser final : public IsaBatchParser {
  public:
    Parser(TraceEvents& out, std::string fileName) : fileName_(std::move(fileName)) {
        store_.emplace(out, fileName_);
    }
    Status parse(const char* data, std::size_t length, std::size_t capacity,
                 std::uint64_t streamOffset, bool wholeArray) override;
    void finish() override { store_->finish(); }
    const SkipCounts& skips() const override { return store_->skips(); }
    void retarget(TraceEvents& out) override { store_.emplace(out, fileName_); }

  private:
    std::string fileName_;
    std::optional<EventStore> store_; // replaced, never empty
    od::parser parser_;
};

Status Parser::parse(const char* data, std::size_t length, std::size_t capacity,
                     std::uint64_t streamOffset, bool wholeArray) {
    // An event's byte in the stream; where the iterator cannot say, the batch's start.
    auto offset = [&](const char* where) {
        return streamOffset + static_cast<std::uint64_t>(where ? where - data : 0);
    };
    auto fail = [&](simdjson::error_code err, const char* where) {
        SourceLocation loc = inFile(store_->fileName());
        loc.byteOffset = static_cast<std::int64_t>(offset(where));
        loc.path = "/traceEvents";
        return Status(makeError(
            std::string("invalid JSON in traceEvents: ") + simdjson::error_message(err), loc));
    };
    // Batches differ slightly in length; sizing the parser for the largest window once keeps its
    // index buffers (and their already-touched pages) from being reallocated for every batch.
    if (parser_.capacity() < capacity) {
        if (auto err = parser_.allocate(capacity + capacity / 8))
            return fail(err, nullptr);
    }
    od::document doc;
    if (auto err = parser_.iterate(data, length, capacity).get(doc))
        return fail(err, nullptr);
    od::array events;
    if (auto err = doc.get_array().get(events))
        return fail(err, nullptr);
    for (auto element : events) {
        od::value value;
        if (auto err = element.get(value)) {
            return fail(err, location(doc));
        }
        store_->countSeen();
        const char* where = location(doc);
        od::object object;
        if (value.get_object().get(object) != simdjson::SUCCESS) {
            store_->skip(SkipReason::notObject, offset(where));
            continue;
        }
        ParsedEvent e;
        if (const auto err = readEvent(object, e)) {
            const char* at = location(doc);
            return fail(err, at ? at : where);
        }
        if (e.wrongType)
            store_->skip(SkipReason::badArgs, offset(where));
        store_->store(e, offset(where));
    }
    // The array must end at the batch's last byte: a cut made without scanning that lay past the
    // end of traceEvents leaves text after it (the iterator still has a location to give).
    if (wholeArray)
        if (const char* after = location(doc))
            return fail(simdjson::TRAILING_CONTENT, after);
    return {};
}

} // namespace

std::unique_ptr<IsaBatchParser> makeBatchParser(TraceEvents& out, std::string fileName) {
    return std::make_unique<Parser>(out, std::move(fileName));
}

} // namespace roofscope::detail::ROOFSCOPE_PARSER_NS
