#pragma once
// One node's busy intervals in the availability profile, sorted by start: a vector that keeps its first
// interval inline. Most nodes of a busy machine hold one booking at a time (the task running there), so
// booking, finding and erasing it touches the node's own slot in the profile, not a separate heap block
// (32,768 of them on a cluster of 1,024 x 32 cores). Iterators are pointers; insert and erase shift like a
// vector's.
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

class Timeline {
public:
    using value_type = BusyInterval;
    using iterator = BusyInterval*;
    using const_iterator = const BusyInterval*;

    Timeline() = default;
    Timeline(const Timeline& o) { *this = o; }
    Timeline& operator=(const Timeline& o) {
        if (this == &o) return *this;
        heap_.reset();
        cap_ = 1;
        size_ = 0;
        reserve(o.size_);
        std::copy(o.begin(), o.end(), data());
        size_ = o.size_;
        return *this;
    }
    Timeline(Timeline&& o) noexcept { *this = std::move(o); }
    Timeline& operator=(Timeline&& o) noexcept {
        inline_ = o.inline_;
        heap_ = std::move(o.heap_);
        size_ = o.size_;
        cap_ = o.cap_;
        o.size_ = 0;
        o.cap_ = 1;
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
        reserve(size_ + 1);
        BusyInterval* d = data();
        std::copy_backward(d + at, d + size_, d + size_ + 1);
        d[at] = v;
        ++size_;
        return d + at;
    }
    iterator erase(const_iterator pos) {
        const std::size_t at = static_cast<std::size_t>(pos - begin());
        BusyInterval* d = data();
        std::copy(d + at + 1, d + size_, d + at);
        --size_;
        if (heap_ && size_ <= 1) {  // back inline: a node rarely holds several bookings for long
            if (size_ == 1) inline_ = heap_[0];
            heap_.reset();
            cap_ = 1;
        }
        return data() + at;
    }

private:
    BusyInterval* data() { return heap_ ? heap_.get() : &inline_; }
    const BusyInterval* data() const { return heap_ ? heap_.get() : &inline_; }
    void reserve(std::size_t n) {
        if (n <= cap_) return;
        std::size_t cap = std::max<std::size_t>(2 * cap_, n);
        std::unique_ptr<BusyInterval[]> h(new BusyInterval[cap]);
        std::copy(begin(), end(), h.get());
        heap_ = std::move(h);
        cap_ = static_cast<std::uint32_t>(cap);
    }

    BusyInterval inline_{};
    std::unique_ptr<BusyInterval[]> heap_;
    std::uint32_t size_ = 0;
    std::uint32_t cap_ = 1;
};

}  // namespace rmsim
