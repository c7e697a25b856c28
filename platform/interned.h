#pragma once
// A pointer to immutable data shared by many objects (a task type's time table, a utility class's shape, a
// task type's per-cluster node counts), 8 bytes where a std::shared_ptr takes 16 and costs an atomic
// increment on every copy: the data is handed over as a shared_ptr once and kept alive until the process
// ends by a registry of such data (one entry per distinct object, not per holder). Tasks and protocol
// messages copy these pointers freely; 10^6 tasks with three each save 24 MB and every copy of a message is
// plain memory.
//
// The data lives as long as the process: meant for per-type tables, of which there are a few, not for data
// made per task and dropped. Thread-safe to create (a mutex guards the registry); reading is a plain pointer.
#include <cstddef>
#include <memory>

namespace rmsim {

namespace detail {
/// Keeps `p` alive until the process ends (once per distinct object).
void keep_interned(std::shared_ptr<const void> p);
}  // namespace detail

template <typename T>
class Interned {
public:
    Interned() = default;
    Interned(std::nullptr_t) {}
    Interned(std::shared_ptr<const T> p) : p_(p.get()) {
        if (p) detail::keep_interned(std::move(p));
    }
    Interned(std::shared_ptr<T> p) : Interned(std::shared_ptr<const T>(std::move(p))) {}

    const T* get() const { return p_; }
    const T& operator*() const { return *p_; }
    const T* operator->() const { return p_; }
    explicit operator bool() const { return p_ != nullptr; }
    friend bool operator==(const Interned& a, const Interned& b) { return a.p_ == b.p_; }
    friend bool operator!=(const Interned& a, const Interned& b) { return a.p_ != b.p_; }
    friend bool operator==(const Interned& a, std::nullptr_t) { return a.p_ == nullptr; }
    friend bool operator!=(const Interned& a, std::nullptr_t) { return a.p_ != nullptr; }

private:
    const T* p_ = nullptr;
};

}  // namespace rmsim
