#pragma once
// The config names of an enum's values, in one table per enum: the value's name (to_string), the value of a
// name (parsing) and the list of valid names for messages all come from it, so they cannot disagree.
//
//   inline constexpr auto kDvfsScopeNames = enum_names<DvfsScope>(
//       {{DvfsScope::Core, "core"}, {DvfsScope::Processor, "processor"}, {DvfsScope::Node, "node"}});
//   kDvfsScopeNames.name(DvfsScope::Node)     // "node"
//   kDvfsScopeNames.parse("processor")        // DvfsScope::Processor; std::nullopt for an unknown name
//   kDvfsScopeNames.list()                    // "core, processor, node"
//   kDvfsScopeNames.alternatives("'")         // "'core', 'processor' or 'node'"
// The table's order is the order of the lists.
#include <array>
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace rmsim {

template <class E>
struct EnumName {
    E value{};
    const char* name = "";
};

template <class E, std::size_t N>
class EnumNames {
public:
    constexpr explicit EnumNames(const std::array<EnumName<E>, N>& entries) : entries_(entries) {}

    /// The name of `v`; "?" for a value the table lacks (its unit test rules that out).
    constexpr const char* name(E v) const {
        for (const EnumName<E>& e : entries_)
            if (e.value == v) return e.name;
        return "?";
    }

    /// The value named `s`, or std::nullopt.
    constexpr std::optional<E> parse(std::string_view s) const {
        for (const EnumName<E>& e : entries_)
            if (s == e.name) return e.value;
        return std::nullopt;
    }

    /// "a, b, c": every name, in table order (the "valid: ..." of messages).
    std::string list() const {
        std::string s;
        for (const EnumName<E>& e : entries_) s += (s.empty() ? "" : ", ") + std::string(e.name);
        return s;
    }

    /// "a, b or c", each name between `quote`s ("'a', 'b' or 'c'"): the "must be ..." of messages.
    std::string alternatives(const char* quote = "") const {
        std::string s;
        for (std::size_t i = 0; i < N; ++i)
            s += std::string(i == 0 ? "" : i + 1 == N ? " or " : ", ") + quote + entries_[i].name + quote;
        return s;
    }

    constexpr const std::array<EnumName<E>, N>& entries() const { return entries_; }

private:
    std::array<EnumName<E>, N> entries_;
};

/// The table of `E` from a braced list of {value, name} pairs (the size is deduced).
template <class E, std::size_t N>
constexpr EnumNames<E, N> enum_names(const EnumName<E> (&entries)[N]) {
    std::array<EnumName<E>, N> a{};
    for (std::size_t i = 0; i < N; ++i) a[i] = entries[i];
    return EnumNames<E, N>(a);
}

}  // namespace rmsim
