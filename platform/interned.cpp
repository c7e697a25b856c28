#include "platform/interned.h"

#include <mutex>
#include <unordered_map>

namespace rmsim::detail {

void keep_interned(std::shared_ptr<const void> p) {
    // Never destroyed (no order-of-destruction issue at exit); reachable, so not a leak to LeakSanitizer.
    static auto* registry = new std::unordered_map<const void*, std::shared_ptr<const void>>();
    static auto* lock = new std::mutex();
    const std::lock_guard<std::mutex> guard(*lock);
    registry->emplace(p.get(), std::move(p));
}

}  // namespace rmsim::detail
