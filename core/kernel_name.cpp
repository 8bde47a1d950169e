#include "core/kernel_name.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <vector>

namespace roofscope {
namespace {

bool identifierChar(char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '_';
}

// The position of the first `open` at template depth 0 (and outside parentheses for '<'),
// npos when none.
std::size_t topLevel(std::string_view s, char open) {
    int angle = 0, paren = 0;
    for (std::size_t i = 0; i < s.size(); ++i) {
        const char c = s[i];
        if (c == open && angle == 0 && paren == 0)
            return i;
        if (c == '<')
            ++angle;
        else if (c == '>')
            angle = std::max(0, angle - 1);
        else if (c == '(')
            ++paren;
        else if (c == ')')
            paren = std::max(0, paren - 1);
    }
    return std::string_view::npos;
}

std::vector<std::string_view> identifiers(std::string_view s) {
    std::vector<std::string_view> out;
    for (std::size_t i = 0; i < s.size();) {
        if (!identifierChar(s[i])) {
            ++i;
            continue;
        }
        std::size_t j = i;
        while (j < s.size() && identifierChar(s[j]))
            ++j;
        out.push_back(s.substr(i, j - i));
        i = j;
    }
    return out;
}

bool allIdentifier(std::string_view s) {
    return !s.empty() && std::all_of(s.begin(), s.end(), identifierChar);
}

// Tensile: Cijk_<A>_<B>_..._MT<tile>_MI<instruction>_...
std::string tensile(std::string_view name) {
    std::vector<std::string_view> parts;
    for (std::size_t i = 0; i <= name.size();) {
        const std::size_t j = std::min(name.find('_', i), name.size());
        parts.push_back(name.substr(i, j - i));
        i = j + 1;
    }
    std::string out;
    for (std::size_t i = 0; i < parts.size() && i < 3; ++i)
        out += (i ? "_" : "") + std::string(parts[i]);
    for (const auto p : parts)
        if ((p.starts_with("MT") || p.starts_with("MI")) && p.size() > 2 &&
            std::isdigit(static_cast<unsigned char>(p[2])))
            out += " " + std::string(p);
    return out;
}

// Wrappers whose first template argument is the kernel: cutlass::Kernel2<tile>.
constexpr std::array kWrappers{std::string_view("Kernel"), std::string_view("Kernel2"),
                               std::string_view("Kernel3"), std::string_view("device_kernel"),
                               std::string_view("kernel")};
// Functor adaptors that wrap the functor that says what is computed.
constexpr std::array kAdaptors{std::string_view("AUnaryFunctor"), std::string_view("BUnaryFunctor"),
                               std::string_view("BinaryFunctor"), std::string_view("UnaryFunctor")};

bool meaningfulFunctor(std::string_view id) {
    if (std::find(kAdaptors.begin(), kAdaptors.end(), id) != kAdaptors.end())
        return false;
    return id.find("Functor") != std::string_view::npos || id.ends_with("_kernel_cuda") ||
           id.ends_with("KernelImpl") || id.ends_with("_cuda");
}

} // namespace

std::string shortKernelName(std::string_view kernel) {
    std::string_view s = kernel;
    while (!s.empty() && s.front() == ' ')
        s.remove_prefix(1);
    if (s.starts_with("void "))
        s.remove_prefix(5);
    if (s.starts_with("Cijk_"))
        return tensile(s);
    const std::size_t angle = topLevel(s, '<');
    if (angle == std::string_view::npos) {
        // No template: a plain kernel or a name with a readable suffix ("Memcpy HtoD (...)");
        // an argument list after a plain identifier goes.
        if (const std::size_t paren = s.find('(');
            paren != std::string_view::npos && allIdentifier(s.substr(0, paren)))
            return std::string(s.substr(0, paren));
        return std::string(s);
    }
    // The template's arguments, up to the matching '>'; the argument list after it repeats
    // their types and goes.
    std::size_t close = angle;
    for (int depth = 0; close < s.size(); ++close) {
        if (s[close] == '<')
            ++depth;
        else if (s[close] == '>' && --depth == 0)
            break;
    }
    std::string_view base = s.substr(0, angle);
    const std::string_view args = s.substr(angle + 1, close > angle ? close - angle - 1 : 0);
    if (const std::size_t colon = base.rfind("::"); colon != std::string_view::npos)
        base = base.substr(colon + 2);
    const std::string function(base);
    if (std::find(kWrappers.begin(), kWrappers.end(), base) != kWrappers.end()) {
        const std::size_t comma = topLevel(args, ',');
        const std::string_view first = args.substr(0, comma);
        if (allIdentifier(first))
            return std::string(first);
    }
    // Composable Kernel's launcher, ck_tile::kentry<arch, blocks per CU, KernelType<...>, ...>:
    // every CK kernel is a kentry, and the kernel type among its arguments says which.
    if (base == "kentry")
        for (std::string_view rest = args; !rest.empty();) {
            const std::size_t comma = topLevel(rest, ',');
            std::string_view arg = rest.substr(0, comma);
            rest = comma == std::string_view::npos ? std::string_view() : rest.substr(comma + 1);
            while (!arg.empty() && arg.front() == ' ')
                arg.remove_prefix(1);
            std::string_view type = arg.substr(0, topLevel(arg, '<'));
            if (const std::size_t colon = type.rfind("::"); colon != std::string_view::npos)
                type = type.substr(colon + 2);
            if (type.ends_with("Kernel") && allIdentifier(type))
                return std::string(type);
        }
    if (base.find("elementwise_kernel") != std::string_view::npos) {
        const auto ids = identifiers(args);
        std::string_view functor;
        for (const auto id : ids)
            if (meaningfulFunctor(id))
                functor = id; // the innermost: adaptors wrap the functor that computes
        if (!functor.empty())
            return function + "<" + std::string(functor) + ">";
    }
    return function.empty() ? std::string(s) : function;
}

std::string recordLabel(const OpRecord& record) {
    if (record.op.empty())
        return shortKernelName(record.name);
    if (record.name.starts_with(record.op))
        return record.name; // grouped by op: its name is the op (and a helper's kernel)
    return record.op + " \u00b7 " + shortKernelName(record.name);
}

} // namespace roofscope
