#pragma once
// Values keyed by consecutive ids 0, 1, 2, ... that are added in id order and released in any order, stored in
// pages of kPageSize: a page is allocated when its first id is added and freed when every id of it has been
// added and released. Memory follows the ids still held (plus at most one partly filled or partly released
// page per stretch of released ids), not every id ever added: a streamed run's tasks and records
// (docs/architecture.md, "Streaming").
//
// Lookup is two loads (the page, then the slot). Looking up an id never added or already released is a bug
// of the caller: at() throws std::logic_error, operator[] does not check.
#include <cstddef>
#include <cstdint>
#include <memory>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace rmsim {

template <typename T>
class PagedSlots {
public:
    static constexpr std::size_t kPageBits = 8;
    static constexpr std::size_t kPageSize = std::size_t{1} << kPageBits;  ///< 256 ids a page

    /// Adds the value of the next id (size() before the call); returns the id.
    std::size_t push_back(T value) {
        const std::size_t id = size_;
        const std::size_t p = id >> kPageBits;
        if (p == pages_.size()) {
            std::unique_ptr<T[]> slots;
            if (spare_.empty()) {
                slots = std::make_unique<T[]>(kPageSize);
            } else {  // a freed page: every slot was reset at its release
                slots = std::move(spare_.back());
                spare_.pop_back();
            }
            pages_.push_back(Page{std::move(slots), {}, 0});
        }
        Page& page = pages_[p];
        page.slots[id & kMask] = std::move(value);
        page.bits[(id & kMask) / 64] |= std::uint64_t{1} << (id % 64);
        ++page.held;
        ++size_;
        ++live_;
        if (live_ > peak_live_) peak_live_ = live_;
        return id;
    }
    /// Frees the id's value (and its page once the page is full and none of it is held).
    void release(std::size_t id) {
        Page& page = checked_page(id, "release");
        page.slots[id & kMask] = T{};
        page.bits[(id & kMask) / 64] &= ~(std::uint64_t{1} << (id % 64));
        --page.held;
        --live_;
        const std::size_t p = id >> kPageBits;
        if (page.held == 0 && (p + 1) * kPageSize <= size_) {
            // Kept for the next page while few are spare: a streamed run frees and takes pages all the time,
            // and giving each back to the allocator costs page faults when it is taken again.
            if (spare_.size() < kSpares)
                spare_.push_back(std::move(page.slots));
            else
                page.slots.reset();
        }
    }
    T& operator[](std::size_t id) { return pages_[id >> kPageBits].slots[id & kMask]; }
    const T& operator[](std::size_t id) const { return pages_[id >> kPageBits].slots[id & kMask]; }
    T& at(std::size_t id) { return checked_page(id, "look-up").slots[id & kMask]; }
    const T& at(std::size_t id) const {
        return const_cast<PagedSlots*>(this)->checked_page(id, "look-up").slots[id & kMask];
    }
    bool holds(std::size_t id) const {
        if (id >= size_) return false;
        const Page& page = pages_[id >> kPageBits];
        return page.slots && (page.bits[(id & kMask) / 64] >> (id % 64) & 1) != 0;
    }
    /// Calls f(id) for every id held, ascending (O(pages + ids held)).
    template <typename F>
    void for_each_held(F&& f) const {
        for (std::size_t p = 0; p < pages_.size(); ++p) {
            if (!pages_[p].slots) continue;
            for (std::size_t w = 0; w < kPageSize / 64; ++w)
                for (std::uint64_t bits = pages_[p].bits[w]; bits != 0; bits &= bits - 1)
                    f(p * kPageSize + w * 64 + static_cast<std::size_t>(__builtin_ctzll(bits)));
        }
    }
    /// Ids added so far (the next id).
    std::size_t size() const { return size_; }
    /// Ids added and not released.
    std::size_t live() const { return live_; }
    std::size_t peak_live() const { return peak_live_; }
    /// Pages in use now (each kPageSize values; spare pages kept for reuse not counted).
    std::size_t pages_held() const {
        std::size_t n = 0;
        for (const Page& p : pages_) n += p.slots != nullptr;
        return n;
    }

private:
    static constexpr std::size_t kMask = kPageSize - 1;
    struct Page {
        std::unique_ptr<T[]> slots;
        std::uint64_t bits[kPageSize / 64];  ///< bit i: slot i is held
        std::uint32_t held = 0;
    };
    Page& checked_page(std::size_t id, const char* what) {
        if (!holds(id))
            throw std::logic_error(std::string("PagedSlots: ") + what + " of id " + std::to_string(id) +
                                   (id < size_ ? ", released already" : ", not added yet"));
        return pages_[id >> kPageBits];
    }

    static constexpr std::size_t kSpares = 16;
    std::vector<std::unique_ptr<T[]>> spare_;  ///< freed pages kept for reuse (at most kSpares)
    std::vector<Page> pages_;                  ///< 48 bytes per page of ids ever added (10^7 ids: 1.9 MB)
    std::size_t size_ = 0;
    std::size_t live_ = 0;
    std::size_t peak_live_ = 0;
};

}  // namespace rmsim
