#pragma once
// The tasks the manager knows, by id. Either every task of the workload, loaded before the run (a vector the
// caller owns), or a streamed run's (docs/architecture.md, "Streaming"): tasks come from a TaskStream one at a
// time as simulated time reaches their arrival, get the next id, and leave when the manager retires them
// (finished, their outcome taken), so the table holds the tasks waiting and running, not every task that ever
// arrived (PagedSlots: memory by the ids still held).
#include <cstddef>
#include <exception>
#include <memory>
#include <stdexcept>
#include <vector>

#include "manager/paged_slots.h"
#include "platform/time.h"
#include "workloads/task.h"
#include "workloads/task_stream.h"

namespace rmsim {

class TaskTable {
public:
    /// Every task, ids 0..n-1 (`all` must outlive the table).
    explicit TaskTable(const std::vector<Task>& all) : all_(&all) {}
    /// A streamed run's: the first task is read now (its arrival is the first time the manager wakes).
    explicit TaskTable(std::unique_ptr<TaskStream> stream);

    bool streamed() const { return all_ == nullptr; }
    const Task& operator[](TaskId t) const { return all_ ? (*all_)[t] : slots_[t]; }
    /// std::out_of_range (every task) or std::logic_error (streamed: not arrived yet, or retired).
    const Task& at(TaskId t) const { return all_ ? all_->at(t) : slots_.at(t); }
    /// Ids given so far: every task, or a streamed run's arrived tasks (retired included).
    std::size_t size() const { return all_ ? all_->size() : slots_.size(); }

    // --- streamed runs --------------------------------------------------------------------------------
    /// A task has not arrived yet.
    bool has_next() const { return has_next_; }
    /// The next task's arrival (has_next() must be true).
    SimTime next_arrival() const { return next_.arrival(); }
    /// The next task joins the table with id size(); the one after it is read. std::runtime_error if the
    /// stream breaks arrival order; the stream's InputError (a bad line read mid-run) passes through.
    TaskId admit_next();
    /// Rethrows the InputError the stream threw, if it did: an exception that crosses the SystemC kernel
    /// arrives as an sc_report, and the run reports the user's mistake as such (exit 2), not the report.
    void rethrow_input_error() const {
        if (input_error_) std::rethrow_exception(input_error_);
    }
    /// The task leaves the table (its page freed when all of the page's tasks have left).
    void release(TaskId t) { slots_.release(t); }
    /// Calls f(t) for every task in the table, ascending ids.
    template <typename F>
    void for_each_held(F&& f) const {
        if (!all_) return slots_.for_each_held([&f](std::size_t t) { f(static_cast<TaskId>(t)); });
        for (std::size_t t = 0; t < all_->size(); ++t) f(static_cast<TaskId>(t));
    }
    bool holds(TaskId t) const { return all_ ? t < all_->size() : slots_.holds(t); }
    /// Tasks in the table now, and the most at any time.
    std::size_t live() const { return all_ ? all_->size() : slots_.live(); }
    std::size_t peak_live() const { return all_ ? all_->size() : slots_.peak_live(); }

private:
    void read_next();

    const std::vector<Task>* all_ = nullptr;
    std::unique_ptr<TaskStream> stream_;
    PagedSlots<Task> slots_;
    Task next_;
    bool has_next_ = false;
    std::exception_ptr input_error_;
};

}  // namespace rmsim
