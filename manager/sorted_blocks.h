#pragma once
// An ordered set of small values (e.g. (end time, owner) pairs) kept in sorted blocks of at most kBlock
// values, with the largest value of each block in a contiguous index: a two-level B-tree. It answers what
// the availability profile asks of its bookings by end and by start (insert, erase, the values up to a
// bound, in order) with a binary search over the block index and a short move inside one block: a few cache
// lines per operation, where a red-black tree of tens of thousands of values misses the cache at every level
// (docs/performance.md, deep queues).
//
// Values are unique (as in std::set); T needs operator<. Iterators are invalidated by any change.
#include <algorithm>
#include <cstddef>
#include <iterator>
#include <vector>

namespace rmsim {

template <typename T>
class SortedBlocks {
public:
    static constexpr std::size_t kBlock = 64;

    class const_iterator {
    public:
        using iterator_category = std::forward_iterator_tag;
        using value_type = T;
        using difference_type = std::ptrdiff_t;
        using pointer = const T*;
        using reference = const T&;

        const_iterator() = default;
        reference operator*() const { return (*blocks_)[b_][i_]; }
        pointer operator->() const { return &(*blocks_)[b_][i_]; }
        const_iterator& operator++() {
            if (++i_ == (*blocks_)[b_].size()) {
                ++b_;
                i_ = 0;
            }
            return *this;
        }
        const_iterator operator++(int) {
            const_iterator old = *this;
            ++*this;
            return old;
        }
        bool operator==(const const_iterator& o) const { return b_ == o.b_ && i_ == o.i_; }
        bool operator!=(const const_iterator& o) const { return !(*this == o); }

    private:
        friend class SortedBlocks;
        const_iterator(const std::vector<std::vector<T>>* blocks, std::size_t b, std::size_t i)
            : blocks_(blocks), b_(b), i_(i) {}
        const std::vector<std::vector<T>>* blocks_ = nullptr;
        std::size_t b_ = 0;  ///< block; blocks_->size() at the end
        std::size_t i_ = 0;  ///< position in the block
    };

    bool empty() const { return size_ == 0; }
    std::size_t size() const { return size_; }
    const_iterator begin() const { return {&blocks_, 0, 0}; }
    const_iterator end() const { return {&blocks_, blocks_.size(), 0}; }

    /// The first value >= v.
    const_iterator lower_bound(const T& v) const {
        const std::size_t b = block_for(v);
        if (b == blocks_.size()) return end();
        const auto& blk = blocks_[b];
        return {&blocks_, b, static_cast<std::size_t>(std::lower_bound(blk.begin(), blk.end(), v) - blk.begin())};
    }
    /// The first value > v.
    const_iterator upper_bound(const T& v) const {
        // The first block whose largest value is > v holds it.
        const std::size_t b = static_cast<std::size_t>(std::upper_bound(max_.begin(), max_.end(), v) - max_.begin());
        if (b == blocks_.size()) return end();
        const auto& blk = blocks_[b];
        return {&blocks_, b, static_cast<std::size_t>(std::upper_bound(blk.begin(), blk.end(), v) - blk.begin())};
    }

    /// Inserts v; false (nothing changed) if it is there already.
    bool insert(const T& v) {
        if (blocks_.empty()) {
            blocks_.emplace_back().reserve(kBlock + 1);
            blocks_.back().push_back(v);
            max_.push_back(v);
            ++size_;
            return true;
        }
        std::size_t b = block_for(v);
        if (b == blocks_.size()) b = blocks_.size() - 1;  // larger than all: the last block
        auto& blk = blocks_[b];
        const auto pos = std::lower_bound(blk.begin(), blk.end(), v);
        if (pos != blk.end() && !(v < *pos)) return false;
        blk.insert(pos, v);
        max_[b] = blk.back();
        ++size_;
        if (blk.size() > kBlock) split(b);
        return true;
    }

    /// Erases v; false if it is not there.
    bool erase(const T& v) {
        const std::size_t b = block_for(v);
        if (b == blocks_.size()) return false;
        auto& blk = blocks_[b];
        const auto pos = std::lower_bound(blk.begin(), blk.end(), v);
        if (pos == blk.end() || v < *pos) return false;
        blk.erase(pos);
        --size_;
        if (blk.empty()) {
            blocks_.erase(blocks_.begin() + static_cast<std::ptrdiff_t>(b));
            max_.erase(max_.begin() + static_cast<std::ptrdiff_t>(b));
            return true;
        }
        max_[b] = blk.back();
        // Keep blocks from thinning out: a small block joins its successor when both fit in one.
        if (blk.size() < kBlock / 4 && b + 1 < blocks_.size() && blk.size() + blocks_[b + 1].size() <= kBlock)
            merge_next(b);
        return true;
    }

    void clear() {
        blocks_.clear();
        max_.clear();
        size_ = 0;
    }

private:
    /// The first block whose largest value is >= v (blocks_.size() if none).
    std::size_t block_for(const T& v) const {
        return static_cast<std::size_t>(std::lower_bound(max_.begin(), max_.end(), v) - max_.begin());
    }
    void split(std::size_t b) {
        std::vector<T> upper;
        upper.reserve(kBlock + 1);
        auto& blk = blocks_[b];
        const std::size_t half = blk.size() / 2;
        upper.assign(blk.begin() + static_cast<std::ptrdiff_t>(half), blk.end());
        blk.resize(half);
        max_[b] = blk.back();
        const T upper_max = upper.back();
        blocks_.insert(blocks_.begin() + static_cast<std::ptrdiff_t>(b + 1), std::move(upper));
        max_.insert(max_.begin() + static_cast<std::ptrdiff_t>(b + 1), upper_max);
    }
    void merge_next(std::size_t b) {
        auto& blk = blocks_[b];
        auto& next = blocks_[b + 1];
        blk.insert(blk.end(), next.begin(), next.end());
        max_[b] = blk.back();
        blocks_.erase(blocks_.begin() + static_cast<std::ptrdiff_t>(b + 1));
        max_.erase(max_.begin() + static_cast<std::ptrdiff_t>(b + 1));
    }

    std::vector<std::vector<T>> blocks_;  ///< sorted, each non-empty, all of block b < all of block b + 1
    std::vector<T> max_;                  ///< max_[b] = blocks_[b].back()
    std::size_t size_ = 0;
};

}  // namespace rmsim
