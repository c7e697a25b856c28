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
}

void GroupBuckets::move(std::uint32_t group, std::uint32_t from, std::uint32_t to) {
    const std::uint64_t bit = std::uint64_t{1} << (group & 63);
    const std::size_t w = group >> 6;
    const std::uint64_t word_bit = std::uint64_t{1} << (w & 63);
    if ((bucket_[from][w] &= ~bit) == 0) summary_[from][w >> 6] &= ~word_bit;
    --bucket_size_[from];
    bucket_[to][w] |= bit;
    summary_[to][w >> 6] |= word_bit;
    ++bucket_size_[to];
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
