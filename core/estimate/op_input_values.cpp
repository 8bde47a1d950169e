// Typed access to the "Concrete Inputs" strings of OpInputs (ints, booleans, numbers, text).

#include "core/estimate/op_inputs.h"
#include "core/text_words.h"

#include <charconv>
#include <cmath>

namespace roofscope {
namespace {

std::optional<std::int64_t> parseInteger(std::string_view s) {
    s = trimBlanks(s);
    if (!s.empty() && s.front() == '+')
        s.remove_prefix(1);
    std::int64_t value = 0;
    const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), value);
    if (s.empty() || ec != std::errc() || end != s.data() + s.size())
        return std::nullopt;
    return value;
}

std::optional<bool> parseBool(std::string_view s) {
    s = trimBlanks(s);
    if (s == "True" || s == "true" || s == "1")
        return true;
    if (s == "False" || s == "false" || s == "0")
        return false;
    return std::nullopt;
}

// "[a, b, c]" or "(a, b, c)" -> {"a", "b", "c"}; a bare "a" -> {"a"}; "[]" -> {}.
std::optional<std::vector<std::string_view>> splitList(std::string_view s) {
    s = trimBlanks(s);
    if (s.empty())
        return std::nullopt;
    const bool bracketed =
        (s.front() == '[' && s.back() == ']') || (s.front() == '(' && s.back() == ')');
    if (!bracketed)
        return std::vector<std::string_view>{s};
    if (s.size() < 2)
        return std::nullopt;
    s = trimBlanks(s.substr(1, s.size() - 2));
    std::vector<std::string_view> items;
    if (s.empty())
        return items;
    while (true) {
        const auto comma = s.find(',');
        items.push_back(trimBlanks(s.substr(0, comma)));
        if (comma == std::string_view::npos)
            break;
        s = s.substr(comma + 1);
    }
    return items;
}

} // namespace

const Shape* OpInputs::tensor(std::size_t i) const {
    const OpInput* arg = at(i);
    if (!arg || arg->isList || arg->shapes.size() != 1)
        return nullptr;
    return &arg->shapes.front();
}

std::optional<std::vector<std::int64_t>> OpInputs::ints(std::size_t i) const {
    const OpInput* arg = at(i);
    if (!arg)
        return std::nullopt;
    const auto items = splitList(arg->concrete);
    if (!items)
        return std::nullopt;
    std::vector<std::int64_t> values;
    values.reserve(items->size());
    for (const auto item : *items) {
        const auto value = parseInteger(item);
        if (!value)
            return std::nullopt;
        values.push_back(*value);
    }
    return values;
}

std::optional<bool> OpInputs::boolean(std::size_t i) const {
    const OpInput* arg = at(i);
    return arg ? parseBool(arg->concrete) : std::nullopt;
}

std::optional<std::vector<bool>> OpInputs::booleans(std::size_t i) const {
    const OpInput* arg = at(i);
    if (!arg)
        return std::nullopt;
    const auto items = splitList(arg->concrete);
    if (!items)
        return std::nullopt;
    std::vector<bool> values;
    for (const auto item : *items) {
        const auto value = parseBool(item);
        if (!value)
            return std::nullopt;
        values.push_back(*value);
    }
    return values;
}

std::optional<double> OpInputs::number(std::size_t i) const {
    const OpInput* arg = at(i);
    if (!arg)
        return std::nullopt;
    std::string_view s = trimBlanks(arg->concrete);
    if (!s.empty() && s.front() == '+')
        s.remove_prefix(1);
    double value = 0;
    const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), value);
    if (s.empty() || ec != std::errc() || end != s.data() + s.size() || !std::isfinite(value))
        return std::nullopt;
    return value;
}

std::string OpInputs::text(std::size_t i) const {
    const OpInput* arg = at(i);
    if (!arg)
        return {};
    std::string_view s = trimBlanks(arg->concrete);
    if (s.size() >= 2 && (s.front() == '\'' || s.front() == '"') && s.back() == s.front())
        s = s.substr(1, s.size() - 2);
    return std::string(s);
}

} // namespace roofscope
