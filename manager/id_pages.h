#pragma once
// A small value per id (ids 0, 1, 2, ... of a run), 0 unless set, in pages of kPageSize ids: a page is allocated
// when a value of it is first set to non-zero and freed when all of its values are 0 again and every id of it
// has been given out (settle()). Per-task marks and counters that follow the tasks present, not every task
// that ever arrived: a streamed run's 10^7 tasks would take 10 MB a byte flat (docs/architecture.md,
// "Streaming").
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <type_traits>
#include <vector>

namespace rmsim {

template <typename T>
class IdPages {
    static_assert(std::is_integral_v<T> || std::is_enum_v<T>, "IdPages holds small values (0: unset)");

public:
    static constexpr std::size_t kPageBits = 12;
    static constexpr std::size_t kPageSize = std::size_t{1} << kPageBits;  ///< 4,096 ids a page

    T get(std::size_t id) const {
        const std::size_t p = id >> kPageBits;
        return p < pages_.size() && pages_[p].values ? pages_[p].values[id & kMask] : T{};
    }
    void set(std::size_t id, T v) {
        const std::size_t p = id >> kPageBits;
        if (p >= pages_.size()) {
            if (v == T{}) return;
            pages_.resize(p + 1);
        }
        Page& page = pages_[p];
        if (!page.values) {
            if (v == T{}) return;
            page.values = std::make_unique<T[]>(kPageSize);  // zeroed
            sweep(std::min(p, settled_ >> kPageBits));
        }
        T& x = page.values[id & kMask];
        page.set += static_cast<int>(v != T{}) - static_cast<int>(x != T{});
        x = v;
        if (page.set == 0 && (p + 1) * kPageSize <= settled_) page.values.reset();
    }
    /// Every id below `n` has been given out: a page of them all 0 may go.
    void settle(std::size_t n) { settled_ = std::max(settled_, n); }
    /// Every value 0 (every page freed).
    void clear() {
        pages_.clear();
        swept_ = 0;
    }
    /// Pages allocated now.
    std::size_t pages_held() const {
        std::size_t n = 0;
        for (const Page& p : pages_) n += p.values != nullptr;
        return n;
    }

private:
    static constexpr std::size_t kMask = kPageSize - 1;
    struct Page {
        std::unique_ptr<T[]> values;
        std::uint32_t set = 0;  ///< values not 0
    };
    /// Frees the pages before `end` not looked at yet that are all 0: their last value went back to 0 before
    /// the page was settled, so set() could not free them then.
    void sweep(std::size_t end) {
        for (; swept_ < end; ++swept_)
            if (pages_[swept_].set == 0) pages_[swept_].values.reset();
    }

    std::vector<Page> pages_;  ///< 16 bytes per page of ids (10^7 ids: 39 KB)
    std::size_t settled_ = 0;
    std::size_t swept_ = 0;  ///< pages before it have been swept
};

}  // namespace rmsim
