#pragma once
// One node's busy intervals in the availability profile, sorted by start: a vector that keeps its first
// interval inline. Most nodes of a busy machine hold one booking at a time (the task running there), so
// booking, finding and erasing it touches the node's own slot in the profile, not a separate heap block
// (32,768 of them on a cluster of 1,024 x 32 cores). Iterators are pointers; insert and erase shift like a
// vector's (and going from one interval to two, or back, moves them between the inline slot and the heap).
#include <algorithm>
#include <cstdint>
#include <memory>

#include "platform/platform_spec.h"
#include "platform/time.h"

namespace rmsim {

/// One busy interval [start, end) on one node.
struct BusyInterval {
    SimTime start;
    SimTime end;
    TaskId owner = 0;
};

/// std::partition_point over [first, first + n), `pred` true on a prefix, with the same answer, but the
/// comparison of each halving step only selects the next base (a conditional move), no branch on the data:
/// a node's timeline of tens of intervals (place-holders, Machovec Ch.3 §3.3.2) is searched at every
/// booking and every node choice, where std::partition_point's branches mispredict about half the time.
template <typename It, typename Pred>
It partition_point_branchless(It first, std::size_t n, Pred pred) {
    if (n == 0) return first;
    // Invariant: the answer lies in [first, first + n].
    while (n > 1) {
        const std::size_t half = n / 2;
        first = pred(first[half]) ? first + half : first;  // true: the answer is after first + half
        n -= half;
    }
    return pred(*first) ? first + 1 : first;
}

class Timeline {
public:
    using value_type = BusyInterval;
    using iterator = BusyInterval*;
    using const_iterator = const BusyInterval*;

    Timeline() = default;
    Timeline(const Timeline& o) { *this = o; }
    Timeline& operator=(const Timeline& o) {
        if (this == &o) return *this;
        size_ = 0;
        if (o.size_ > 1) {
            grow(o.size_);
            std::copy(o.begin(), o.end(), heap_.get());
        }
        inline_ = o.inline_;
        size_ = o.size_;
        return *this;
    }
    Timeline(Timeline&& o) noexcept { *this = std::move(o); }
    Timeline& operator=(Timeline&& o) noexcept {
        inline_ = o.inline_;
        heap_ = std::move(o.heap_);
        size_ = o.size_;
        heap_cap_ = o.heap_cap_;
        o.size_ = 0;
        o.heap_cap_ = 0;
        return *this;
    }

    std::size_t size() const { return size_; }
    bool empty() const { return size_ == 0; }
    iterator begin() { return data(); }
    iterator end() { return data() + size_; }
    const_iterator begin() const { return data(); }
    const_iterator end() const { return data() + size_; }
    const BusyInterval& front() const { return data()[0]; }
    const BusyInterval& back() const { return data()[size_ - 1]; }
    const BusyInterval& operator[](std::size_t i) const { return data()[i]; }

    iterator insert(const_iterator pos, const BusyInterval& v) {
        const std::size_t at = static_cast<std::size_t>(pos - begin());
        if (size_ == 0) {
            inline_ = v;
            size_ = 1;
            return &inline_;
        }
        if (size_ == 1) {  // to the heap (its buffer kept from before, if any)
            grow(2);
            heap_[0] = inline_;
        } else {
            grow(size_ + 1);
        }
        BusyInterval* d = heap_.get();
        std::copy_backward(d + at, d + size_, d + size_ + 1);
        d[at] = v;
        ++size_;
        return d + at;
    }
    iterator erase(const_iterator pos) {
        const std::size_t at = static_cast<std::size_t>(pos - begin());
        BusyInterval* d = data();
        std::copy(d + at + 1, d + size_, d + at);
        if (--size_ == 1) inline_ = heap_[0];  // back inline; the heap buffer stays for the next time
        return data() + at;
    }

    /// Removes every interval (the heap buffer stays for the next time).
    void clear() { size_ = 0; }

    /// Removes every interval for which pred(interval) holds, keeping the others in order: one pass.
    template <typename Pred>
    void remove_if(Pred pred) {
        BusyInterval* d = data();
        std::uint32_t out = 0;
        for (std::uint32_t i = 0; i < size_; ++i)
            if (!pred(d[i])) d[out++] = d[i];
        if (size_ > 1 && out == 1) inline_ = heap_[0];  // back inline
        size_ = out;
    }

private:
    // Up to one interval lives inline, more on the heap. The heap buffer is kept when the node goes back to
    // one interval: a node that holds place-holders (Machovec Ch.3 §3.3.2) gets them removed and booked again
    // at every mapping event, without a free and a malloc each time.
    BusyInterval* data() { return size_ > 1 ? heap_.get() : &inline_; }
    const BusyInterval* data() const { return size_ > 1 ? heap_.get() : &inline_; }
    /// Heap room for n intervals, keeping the first size_ if they are on the heap.
    void grow(std::size_t n) {
        if (n <= heap_cap_) return;
        const std::size_t cap = std::max<std::size_t>({2 * std::size_t{heap_cap_}, n, 2});
        std::unique_ptr<BusyInterval[]> h(new BusyInterval[cap]);
        if (size_ > 1) std::copy(heap_.get(), heap_.get() + size_, h.get());
        heap_ = std::move(h);
        heap_cap_ = static_cast<std::uint32_t>(cap);
    }

    BusyInterval inline_{};
    std::unique_ptr<BusyInterval[]> heap_;
    std::uint32_t size_ = 0;
    std::uint32_t heap_cap_ = 0;
};

}  // namespace rmsim
