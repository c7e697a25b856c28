#include "manager/group_buckets.h"

#include <stdexcept>

namespace rmsim {

GroupBuckets::GroupBuckets(std::uint32_t units, std::uint32_t size) : size_(size) {
    if (size == 0) throw std::invalid_argument("GroupBuckets: groups need at least one unit");
    const std::uint32_t groups = (units + size - 1) / size;
    const std::size_t words = (static_cast<std::size_t>(groups) + 63) / 64;
    empty_.resize(groups);
    bucket_.assign(size + 1, std::vector<std::uint64_t>(words, 0));
    summary_.assign(size + 1, std::vector<std::uint64_t>((words + 63) / 64, 0));
    bucket_size_.assign(size + 1, 0);
    for (std::uint32_t g = 0; g < groups; ++g) {
        const std::uint32_t n = g + 1 < groups || units % size == 0 ? size : units % size;
        empty_[g] = n;
        bucket_[n][g >> 6] |= std::uint64_t{1} << (g & 63);
        summary_[n][g >> 12] |= std::uint64_t{1} << ((g >> 6) & 63);
        ++bucket_size_[n];
    }
    present_.assign((static_cast<std::size_t>(size) + 1 + 63) / 64, 0);
    for (std::uint32_t c = 0; c <= size; ++c)
        if (bucket_size_[c] > 0) present_[c >> 6] |= std::uint64_t{1} << (c & 63);
}

void GroupBuckets::move(std::uint32_t group, std::uint32_t from, std::uint32_t to) {
    const std::uint64_t bit = std::uint64_t{1} << (group & 63);
    const std::size_t w = group >> 6;
    const std::uint64_t word_bit = std::uint64_t{1} << (w & 63);
    if ((bucket_[from][w] &= ~bit) == 0) summary_[from][w >> 6] &= ~word_bit;
    if (--bucket_size_[from] == 0) present_[from >> 6] &= ~(std::uint64_t{1} << (from & 63));
    bucket_[to][w] |= bit;
    summary_[to][w >> 6] |= word_bit;
    if (bucket_size_[to]++ == 0) present_[to >> 6] |= std::uint64_t{1} << (to & 63);
}

std::uint32_t GroupBuckets::next_present(std::uint32_t from) const {
    if (from > size_) return size_ + 1;
    std::size_t w = from >> 6;
    std::uint64_t bits = present_[w] & (~std::uint64_t{0} << (from & 63));
    while (bits == 0) {
        if (++w == present_.size()) return size_ + 1;
        bits = present_[w];
    }
    return static_cast<std::uint32_t>(w * 64 + static_cast<std::size_t>(__builtin_ctzll(bits)));
}

std::uint32_t GroupBuckets::prev_present(std::uint32_t from) const {
    if (from > size_) from = size_;
    std::size_t w = from >> 6;
    const unsigned b = from & 63;
    std::uint64_t bits = present_[w] & (b == 63 ? ~std::uint64_t{0} : (std::uint64_t{1} << (b + 1)) - 1);
    while (bits == 0) {
        if (w == 0) return 0;
        bits = present_[--w];
    }
    return static_cast<std::uint32_t>(w * 64 + 63 - static_cast<std::size_t>(__builtin_clzll(bits)));
}

// One move from the old count to the new one leaves the bitmaps as the unit-by-unit moves would: a group is
// in exactly one bucket, and a summary bit is set iff its bucket word is not zero, after any sequence of moves.
void GroupBuckets::add_empty(std::uint32_t group, int delta) {
    const std::uint32_t before = empty_[group];
    const std::int64_t after = static_cast<std::int64_t>(before) + delta;
    if (after < 0 || after > static_cast<std::int64_t>(size_))
        throw std::logic_error("GroupBuckets: empty count of a group out of range");
    if (delta == 0) return;
    empty_[group] = static_cast<std::uint32_t>(after);
    move(group, before, static_cast<std::uint32_t>(after));
}

std::uint32_t GroupBuckets::lowest_with(std::uint32_t count, const std::vector<std::uint64_t>& excluded) const {
    if (count > size_ || bucket_size_[count] == 0) return group_count();
    const std::vector<std::uint64_t>& b = bucket_[count];
    const std::vector<std::uint64_t>& sum = summary_[count];
    for (std::size_t s = 0; s < sum.size(); ++s) {
        for (std::uint64_t words = sum[s]; words != 0; words &= words - 1) {  // only the non-zero words
            const std::size_t w = s * 64 + static_cast<std::size_t>(__builtin_ctzll(words));
            const std::uint64_t bits = b[w] & ~excluded[w];
            if (bits != 0) return static_cast<std::uint32_t>(w * 64 + static_cast<std::size_t>(__builtin_ctzll(bits)));
        }
    }
    return group_count();
}

}  // namespace rmsim
