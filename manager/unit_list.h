#pragma once
// The allocation units a task holds, in 8 bytes (a std::vector takes 24): a single unit inline, else one heap
// block with the count in front, or nothing when the task holds none (waiting, finished: 10^6 task records
// carry this field). Reads like a vector of unit indices; written whole (assigned from a vector) or cleared.
#include <algorithm>
#include <cstdint>
#include <cstring>
#include <memory>
#include <vector>

namespace rmsim {

class UnitList {
public:
    using value_type = std::uint32_t;

    UnitList() = default;
    UnitList(const std::vector<value_type>& v) { assign(v); }
    UnitList(std::initializer_list<value_type> v) { assign(std::vector<value_type>(v)); }
    UnitList(const UnitList& o) { assign(o.begin(), o.size()); }
    UnitList(UnitList&& o) noexcept { take(o); }
    ~UnitList() { clear(); }
    UnitList& operator=(const UnitList& o) {
        if (this != &o) assign(o.begin(), o.size());
        return *this;
    }
    UnitList& operator=(UnitList&& o) noexcept {
        if (this != &o) {
            clear();
            take(o);
        }
        return *this;
    }
    UnitList& operator=(const std::vector<value_type>& v) {
        assign(v);
        return *this;
    }

    std::size_t size() const {
        if (single()) return 1;
        const value_type* b = block();
        return b ? b[0] : 0;
    }
    bool empty() const { return size() == 0; }
    const value_type* begin() const {
        if (single()) return &words_[1];
        const value_type* b = block();
        return b ? b + 1 : nullptr;
    }
    const value_type* end() const { return begin() + size(); }
    value_type operator[](std::size_t i) const { return begin()[i]; }
    value_type front() const { return begin()[0]; }
    /// Releases the block.
    void clear() {
        if (!single()) delete[] block();
        words_[0] = words_[1] = 0;
    }
    operator std::vector<value_type>() const { return {begin(), end()}; }

    friend bool operator==(const UnitList& a, const std::vector<value_type>& b) {
        return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin());
    }
    friend bool operator==(const std::vector<value_type>& b, const UnitList& a) { return a == b; }
    friend bool operator==(const UnitList& a, const UnitList& b) {
        return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin());
    }

private:
    // The 8 bytes hold either a pointer to a heap block [count, units...] (nullptr: no units), or, for a
    // single unit (most tasks of a many-core machine hold one core or one node), the marker kSingle and the
    // unit itself: no allocation, and reading the unit touches no other cache line. A block pointer is
    // aligned, so its low word (the first on a little-endian machine) is even, never the odd marker.
    static constexpr value_type kSingle = 1;
    bool single() const { return words_[0] == kSingle; }
    value_type* block() const {
        value_type* b;
        std::memcpy(&b, words_, sizeof b);
        return b;
    }
    void set_block(value_type* b) { std::memcpy(words_, &b, sizeof b); }
    void take(UnitList& o) {
        words_[0] = o.words_[0];
        words_[1] = o.words_[1];
        o.words_[0] = o.words_[1] = 0;
    }
    void assign(const std::vector<value_type>& v) { assign(v.data(), v.size()); }
    void assign(const value_type* data, std::size_t n) {
        value_type* b = nullptr;
        value_type one = 0;
        if (n == 1) one = data[0];  // read before clear(): data may be this list's own block
        if (n > 1) {
            b = new value_type[n + 1];
            b[0] = static_cast<value_type>(n);
            std::memcpy(b + 1, data, n * sizeof(value_type));
        }
        clear();
        if (n == 1) {
            words_[0] = kSingle;
            words_[1] = one;
        } else {
            set_block(b);
        }
    }

    alignas(8) value_type words_[2] = {0, 0};
};

static_assert(sizeof(void*) == 8, "UnitList keeps a block pointer in its 8 bytes");
#if !defined(__BYTE_ORDER__) || __BYTE_ORDER__ != __ORDER_LITTLE_ENDIAN__
#error "UnitList tells a block pointer from a single unit by the pointer's low word, first on little-endian machines"
#endif

}  // namespace rmsim
