#pragma once
// Software prefetch: asks the memory system for the cache lines of [p, p + bytes) without waiting for them.
// It changes nothing in the simulation. A node issues it for the state of every core an event will touch
// before it touches any: on a machine too large for the caches (32,768 cores) that state is cold, and the
// cache misses of a part's cores then overlap instead of coming one after another.
#include <cstddef>
#include <cstdint>

namespace rmsim {

inline void prefetch_bytes(const void* p, std::size_t bytes) {
    if (bytes == 0) return;
    constexpr std::uintptr_t kLine = 64;
    auto line = reinterpret_cast<std::uintptr_t>(p) & ~(kLine - 1);
    const std::uintptr_t end = reinterpret_cast<std::uintptr_t>(p) + bytes;
    for (; line < end; line += kLine) __builtin_prefetch(reinterpret_cast<const void*>(line), 1);
}

/// A range of bytes that an activation will read first (prefetch_bytes() asks for it ahead of the activation).
struct HotBytes {
    const void* first = nullptr;
    std::uint32_t bytes = 0;
};

inline void prefetch_bytes(HotBytes h) { prefetch_bytes(h.first, h.bytes); }

}  // namespace rmsim
