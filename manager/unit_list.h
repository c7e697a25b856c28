#pragma once
// The allocation units a task holds, in 8 bytes (a std::vector takes 24): one heap block with the count in
// front, or nothing when the task holds none (waiting, finished: 10^6 task records carry this field). Reads
// like a vector of unit indices; written whole (assigned from a vector) or cleared.
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
    UnitList(UnitList&& o) noexcept : block_(std::move(o.block_)) {}
    UnitList& operator=(const UnitList& o) {
        if (this != &o) assign(o.begin(), o.size());
        return *this;
    }
    UnitList& operator=(UnitList&& o) noexcept {
        block_ = std::move(o.block_);
        return *this;
    }
    UnitList& operator=(const std::vector<value_type>& v) {
        assign(v);
        return *this;
    }

    std::size_t size() const { return block_ ? block_[0] : 0; }
    bool empty() const { return size() == 0; }
    const value_type* begin() const { return block_ ? block_.get() + 1 : nullptr; }
    const value_type* end() const { return begin() + size(); }
    value_type operator[](std::size_t i) const { return begin()[i]; }
    value_type front() const { return begin()[0]; }
    /// Releases the block.
    void clear() { block_.reset(); }
    operator std::vector<value_type>() const { return {begin(), end()}; }

    friend bool operator==(const UnitList& a, const std::vector<value_type>& b) {
        return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin());
    }
    friend bool operator==(const std::vector<value_type>& b, const UnitList& a) { return a == b; }
    friend bool operator==(const UnitList& a, const UnitList& b) {
        return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin());
    }

private:
    void assign(const std::vector<value_type>& v) { assign(v.data(), v.size()); }
    void assign(const value_type* data, std::size_t n) {
        if (n == 0) {
            block_.reset();
            return;
        }
        std::unique_ptr<value_type[]> b(new value_type[n + 1]);
        b[0] = static_cast<value_type>(n);
        std::memcpy(b.get() + 1, data, n * sizeof(value_type));
        block_ = std::move(b);
    }

    std::unique_ptr<value_type[]> block_;  ///< [count, units...]
};

}  // namespace rmsim
