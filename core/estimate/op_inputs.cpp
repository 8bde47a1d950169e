#include "core/estimate/op_inputs.h"
#include "core/text_words.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <utility>

namespace roofscope {
namespace {

using Json = nlohmann::json;

// Parses one Kineto argument (a JSON array); an absent, blank or `null` text is an empty array.
Result<Json> parseArray(std::string_view text, std::string_view what) {
    text = trimBlanks(text);
    if (text.empty() || text == "null")
        return Json::array();
    Json root;
    try {
        root = Json::parse(text.begin(), text.end());
    } catch (const Json::parse_error& e) {
        return makeError(std::string(what) + ": invalid JSON at byte " + std::to_string(e.byte) +
                         ": " + e.what());
    } catch (const std::exception& e) {
        return makeError(std::string(what) + ": invalid JSON: " + e.what());
    }
    if (!root.is_array())
        return makeError(std::string(what) + ": expected a JSON array, got " + root.type_name());
    return root;
}

std::string entryName(std::string_view what, std::size_t i) {
    return std::string(what) + "[" + std::to_string(i) + "]";
}

// One shape: an array of non-negative integers whose product stays within kMaxShapeElements.
Result<Shape> parseShape(const Json& value, const std::string& where) {
    Shape shape;
    shape.reserve(value.size());
    for (const Json& dim : value) {
        if (dim.is_number_unsigned()) {
            const auto d = dim.get<std::uint64_t>();
            if (d > std::uint64_t(kMaxShapeElements))
                return makeError(where + ": dimension " + std::to_string(d) + " is too large");
            shape.push_back(std::int64_t(d));
        } else if (dim.is_number_integer()) {
            const auto d = dim.get<std::int64_t>();
            if (d < 0)
                return makeError(where + ": negative dimension " + std::to_string(d));
            shape.push_back(d);
        } else {
            return makeError(where + ": dimension " + dim.dump() + " is not an integer");
        }
    }
    if (elementCount(shape) < 0)
        return makeError(where + ": shape has more than 2^62 elements");
    return shape;
}

// One "Input Dims" entry: [] (no tensor or a 0-d tensor), [d0, d1, ...] (a tensor) or
// [[...], [...]] (a tensor list).
Status parseDimsEntry(const Json& entry, const std::string& where, OpInput& out) {
    if (entry.is_null())
        return {};
    if (!entry.is_array())
        return makeError(where + ": expected a list of dimensions, got " + entry.dump());
    if (entry.empty())
        return {};
    const bool nested = entry.front().is_array();
    if (!nested) {
        ROOFSCOPE_TRY(shape, parseShape(entry, where));
        out.shapes.push_back(std::move(shape).value());
        return {};
    }
    out.isList = true;
    for (std::size_t j = 0; j < entry.size(); ++j) {
        const Json& inner = entry[j];
        const std::string innerWhere = where + "[" + std::to_string(j) + "]";
        if (!inner.is_array())
            return makeError(innerWhere + ": a tensor list mixes shapes and numbers");
        ROOFSCOPE_TRY(shape, parseShape(inner, innerWhere));
        out.shapes.push_back(std::move(shape).value());
    }
    return {};
}

} // namespace

std::int64_t elementCount(const Shape& shape) {
    // The non-zero dimensions must multiply to at most kMaxShapeElements even when another
    // dimension is 0, so that an absurd shape is refused whatever the order of its dims.
    std::int64_t nonZero = 1;
    bool empty = false;
    for (const std::int64_t d : shape) {
        if (d < 0)
            return -1;
        if (d == 0) {
            empty = true;
            continue;
        }
        if (nonZero > kMaxShapeElements / d)
            return -1;
        nonZero *= d;
    }
    return empty ? 0 : nonZero;
}

Result<OpInputs> parseOpInputs(std::string_view inputDimsJson, std::string_view inputTypesJson,
                               std::string_view concreteInputsJson) {
    ROOFSCOPE_TRY(dims, parseArray(inputDimsJson, "Input Dims"));
    ROOFSCOPE_TRY(types, parseArray(inputTypesJson, "Input type"));
    ROOFSCOPE_TRY(concrete, parseArray(concreteInputsJson, "Concrete Inputs"));

    const std::size_t count =
        std::max({dims.value().size(), types.value().size(), concrete.value().size()});
    OpInputs inputs;
    inputs.args.resize(count);
    for (std::size_t i = 0; i < count; ++i) {
        OpInput& arg = inputs.args[i];
        if (i < types.value().size()) {
            const Json& t = types.value()[i];
            if (t.is_string())
                arg.type = t.get<std::string>();
            else if (!t.is_null())
                return makeError(entryName("Input type", i) + ": expected a string, got " +
                                 t.dump());
        }
        if (i < concrete.value().size()) {
            const Json& c = concrete.value()[i];
            // Strings as recorded; other JSON values (numbers, booleans, lists) as their text.
            if (c.is_string())
                arg.concrete = c.get<std::string>();
            else if (!c.is_null())
                arg.concrete = c.dump();
        }
        if (i < dims.value().size()) {
            const Status status = parseDimsEntry(dims.value()[i], entryName("Input Dims", i), arg);
            if (!status)
                return status.error();
        }
        // An empty entry is a 0-d tensor when its type is a tensor dtype and it has no concrete
        // value (tensors are recorded as ""), nothing otherwise; an empty "TensorList" entry is
        // an empty list.
        if (arg.shapes.empty() && !arg.isList) {
            if (dtypeBytes(arg.type) && arg.concrete.empty())
                arg.shapes.emplace_back();
            else if (arg.type == "TensorList" || arg.type == "Tensor[]")
                arg.isList = true;
        }
    }
    return inputs;
}

} // namespace roofscope
