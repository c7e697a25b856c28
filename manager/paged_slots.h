#pragma once
// Values keyed by consecutive ids 0, 1, 2, ... that are added in id order and released in any order: a streamed
// run's tasks and records (docs/architecture.md, "Streaming"). Memory follows the ids held, not every id ever
// added.
//
// Two parts. The values live in a pool of fixed chunks: a released value's place goes on a free list and the
// next value added takes it, so the pool holds as many values as were ever held at once (its chunks are kept:
// they are the run's peak, and giving them back would cost page faults when the next peak comes). The index
// maps an id to its place in the pool, in pages of kPageSize ids (4 bytes an id): a page is allocated when its
// first id is added and freed when every id of it has been added and released. The ids held are scattered
// (a long task keeps its page while the tasks around it come and go), so the index's pages are held far less
// densely than the ids; at 4 bytes an id that costs little, where pages of the values themselves would cost
// the values' size for every id of every page held.
//
// Lookup is three dependent loads (the page, the place, the value). Until the first release every id's place is
// the id itself (places are handed out in order), and lookup skips the index: two loads, as a loaded run's
// records, which are never released, always have. Looking up an id never added or already released is a bug
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
    static constexpr std::size_t kPageSize = std::size_t{1} << kPageBits;  ///< 256 ids an index page

    /// Adds the value of the next id (size() before the call); returns the id.
    std::size_t push_back(T value) {
        const std::size_t id = size_;
        const std::size_t p = id >> kPageBits;
        if (p == pages_.size()) {
            std::unique_ptr<std::uint32_t[]> places;
            if (spare_.empty()) {
                places = std::make_unique<std::uint32_t[]>(kPageSize);
            } else {  // a freed page: every place was reset at its release
                places = std::move(spare_.back());
                spare_.pop_back();
            }
            for (std::size_t i = 0; i < kPageSize; ++i) places[i] = kNone;
            pages_.push_back(Page{std::move(places), 0});
        }
        const std::uint32_t place = take_place();
        value_at(place) = std::move(value);
        Page& page = pages_[p];
        page.places[id & kMask] = place;
        ++page.held;
        ++size_;
        ++live_;
        if (live_ > peak_live_) peak_live_ = live_;
        return id;
    }
    /// Frees the id's value (its place in the pool is reused; the index page goes once every id of it has been
    /// added and released).
    void release(std::size_t id) {
        Page& page = checked_page(id, "release");
        dense_ = false;
        std::uint32_t& place = page.places[id & kMask];
        value_at(place) = T{};
        free_.push_back(place);
        place = kNone;
        --page.held;
        --live_;
        const std::size_t p = id >> kPageBits;
        if (page.held == 0 && (p + 1) * kPageSize <= size_) {
            if (spare_.size() < kSpares)
                spare_.push_back(std::move(page.places));
            else
                page.places.reset();
        }
    }
    T& operator[](std::size_t id) { return value_at(place_of(id)); }
    const T& operator[](std::size_t id) const { return value_at(place_of(id)); }
    T& at(std::size_t id) {
        checked_page(id, "look-up");
        return value_at(place_of(id));
    }
    const T& at(std::size_t id) const { return const_cast<PagedSlots*>(this)->at(id); }
    bool holds(std::size_t id) const {
        if (id >= size_) return false;
        if (dense_) return true;
        const Page& page = pages_[id >> kPageBits];
        return page.places && page.places[id & kMask] != kNone;
    }
    /// Calls f(id) for every id held, ascending (O(index pages + their ids)).
    template <typename F>
    void for_each_held(F&& f) const {
        for (std::size_t p = 0; p < pages_.size(); ++p) {
            if (!pages_[p].places || pages_[p].held == 0) continue;
            for (std::size_t i = 0; i < kPageSize; ++i)
                if (pages_[p].places[i] != kNone) f(p * kPageSize + i);
        }
    }
    /// Ids added so far (the next id).
    std::size_t size() const { return size_; }
    /// Ids added and not released.
    std::size_t live() const { return live_; }
    std::size_t peak_live() const { return peak_live_; }
    /// Index pages in use now (spare pages kept for reuse not counted).
    std::size_t pages_held() const {
        std::size_t n = 0;
        for (const Page& p : pages_) n += p.places != nullptr;
        return n;
    }
    /// Values the pool has room for: the most ids held at once, rounded up to whole chunks.
    std::size_t pool_capacity() const { return chunks_.size() * kChunkSize; }

private:
    static constexpr std::size_t kMask = kPageSize - 1;
    static constexpr std::uint32_t kNone = ~std::uint32_t{0};
    static constexpr std::size_t kChunkBits = 10;
    static constexpr std::size_t kChunkSize = std::size_t{1} << kChunkBits;  ///< values a pool chunk
    struct Page {
        std::unique_ptr<std::uint32_t[]> places;  ///< per id: its place in the pool, kNone if not held
        std::uint32_t held = 0;
    };
    std::uint32_t place_of(std::size_t id) const {
        return dense_ ? static_cast<std::uint32_t>(id) : pages_[id >> kPageBits].places[id & kMask];
    }
    T& value_at(std::uint32_t place) { return chunks_[place >> kChunkBits][place & (kChunkSize - 1)]; }
    const T& value_at(std::uint32_t place) const { return chunks_[place >> kChunkBits][place & (kChunkSize - 1)]; }
    std::uint32_t take_place() {
        if (!free_.empty()) {
            const std::uint32_t place = free_.back();
            free_.pop_back();
            return place;
        }
        if (made_ == chunks_.size() * kChunkSize) {
            if (made_ + kChunkSize > kNone) throw std::length_error("PagedSlots: more than 2^32 - 1 ids held");
            chunks_.push_back(std::make_unique<T[]>(kChunkSize));
        }
        return static_cast<std::uint32_t>(made_++);
    }
    Page& checked_page(std::size_t id, const char* what) {
        if (!holds(id))
            throw std::logic_error(std::string("PagedSlots: ") + what + " of id " + std::to_string(id) +
                                   (id < size_ ? ", released already" : ", not added yet"));
        return pages_[id >> kPageBits];
    }

    static constexpr std::size_t kSpares = 16;
    std::vector<std::unique_ptr<T[]>> chunks_;             ///< the pool
    std::vector<std::uint32_t> free_;                      ///< released places, reused last-released first
    std::size_t made_ = 0;                                 ///< places handed out so far (free or not)
    bool dense_ = true;                                    ///< nothing released yet: every id's place is the id
    std::vector<std::unique_ptr<std::uint32_t[]>> spare_;  ///< freed index pages kept for reuse (<= kSpares)
    std::vector<Page> pages_;                              ///< 16 bytes per page of ids ever added (10^7 ids: 0.6 MB)
    std::size_t size_ = 0;
    std::size_t live_ = 0;
    std::size_t peak_live_ = 0;
};

}  // namespace rmsim
