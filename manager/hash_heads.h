#pragma once
// A map from 64-bit hashes (already mixed: their low bits are used as they are) to 32-bit values, in one flat
// array with linear probing: what AvailabilityProfile's node classes are found by (the first class of each
// hash of a timeline, manager/availability_profile.h). A lookup or change is one or two cache lines, with no
// allocation per entry (std::unordered_map allocated a node per class made and freed one per class merged).
#include <cstdint>
#include <limits>
#include <vector>

namespace rmsim {

class HashHeads {
public:
    static constexpr std::uint32_t kNone = std::numeric_limits<std::uint32_t>::max();

    /// The value of `hash`, kNone if it has none.
    std::uint32_t find(std::uint64_t hash) const {
        if (slots_.empty()) return kNone;
        for (std::size_t i = hash & mask_;; i = (i + 1) & mask_) {
            const Slot& s = slots_[i];
            if (s.value == kNone) return kNone;
            if (s.hash == hash) return s.value;
        }
    }
    /// Sets the value of `hash` (value != kNone).
    void set(std::uint64_t hash, std::uint32_t value) {
        if (2 * (size_ + 1) > slots_.size()) grow();
        std::size_t i = hash & mask_;
        while (slots_[i].value != kNone && slots_[i].hash != hash) i = (i + 1) & mask_;
        if (slots_[i].value == kNone) ++size_;
        slots_[i] = Slot{hash, value};
    }
    /// Removes `hash` (nothing if absent), moving back the entries after it that belong before the hole.
    void erase(std::uint64_t hash) {
        if (slots_.empty()) return;
        std::size_t i = hash & mask_;
        for (;; i = (i + 1) & mask_) {
            if (slots_[i].value == kNone) return;
            if (slots_[i].hash == hash) break;
        }
        --size_;
        for (std::size_t j = (i + 1) & mask_;; j = (j + 1) & mask_) {
            if (slots_[j].value == kNone) break;
            const std::size_t home = slots_[j].hash & mask_;
            // Slot j may move to the hole at i unless its home lies cyclically in (i, j].
            const bool stays = i <= j ? (i < home && home <= j) : (i < home || home <= j);
            if (stays) continue;
            slots_[i] = slots_[j];
            i = j;
        }
        slots_[i].value = kNone;
    }
    std::size_t size() const { return size_; }

private:
    struct Slot {
        std::uint64_t hash = 0;
        std::uint32_t value = kNone;
    };
    void grow() {
        std::vector<Slot> old(slots_.size() < 16 ? 32 : 2 * slots_.size());
        old.swap(slots_);
        mask_ = slots_.size() - 1;
        size_ = 0;
        for (const Slot& s : old)
            if (s.value != kNone) set(s.hash, s.value);
    }

    std::vector<Slot> slots_;
    std::size_t mask_ = 0;
    std::size_t size_ = 0;
};

}  // namespace rmsim
