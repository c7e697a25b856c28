#pragma once
// The waiting queue: the arrived, unmapped tasks of the ledger in arrival order ((arrival, id) ascending),
// kept so that no mapping event walks it whole.
//
// - Arrivals come in arrival order and are appended, O(1). A task that leaves (started, reserved, dropped,
//   rejected) only changes its mark, O(1): its slot stays, dead, until the queue is tidied.
// - A task that comes back while its slot is still there (a place-holder removed at the next mapping event,
//   Machovec Ch.3 §3.3.1) is marked live again in place, O(1); one whose slot has gone (a preempted task back
//   after running) waits in a side list that is merged in arrival order at the next tidy().
// - tidy() (once per mapping event) drops the dead slots at the front, compacts the whole vector only when
//   the dead slots outnumber the live ones (so each removal is paid once, amortized O(1)), and merges the
//   side list if it is not empty.
// Iteration visits the live tasks in order, skipping dead slots; a task that leaves during the iteration is
// skipped from then on. Nothing may be added while an iteration is under way.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <iterator>
#include <vector>

#include "manager/id_pages.h"
#include "manager/task_table.h"
#include "workloads/task.h"

namespace rmsim {

class WaitingQueue {
    /// A task's place in arrival order: (arrival, id) ascending.
    struct Slot {
        SimTime arrival;
        TaskId id;
        bool operator<(const Slot& o) const { return arrival != o.arrival ? arrival < o.arrival : id < o.id; }
    };

public:
    /// `tasks` must outlive the queue; task i has id i. A slot keeps its task's arrival, so that no comparison
    /// reads a task that has left (a streamed run's retired tasks, manager/task_table.h).
    explicit WaitingQueue(const TaskTable& tasks);

    void add(TaskId t);
    /// Nothing if the task is not in the queue.
    void remove(TaskId t);
    bool contains(TaskId t) const {
        const Mark m = mark(t);
        return m == Mark::Live || m == Mark::LiveLate;
    }
    std::size_t size() const { return live_; }
    bool empty() const { return live_ == 0; }
    /// See above: at the start of a mapping event.
    void tidy();

    class const_iterator {
    public:
        using iterator_category = std::forward_iterator_tag;
        using value_type = TaskId;
        using difference_type = std::ptrdiff_t;
        using pointer = const TaskId*;
        using reference = const TaskId&;
        const_iterator(const WaitingQueue* q, const Slot* p) : q_(q), p_(p) { skip(); }
        reference operator*() const { return p_->id; }
        const_iterator& operator++() {
            ++p_;
            skip();
            return *this;
        }
        bool operator==(const const_iterator& o) const { return p_ == o.p_; }
        bool operator!=(const const_iterator& o) const { return p_ != o.p_; }

    private:
        friend class WaitingQueue;
        void skip();
        const WaitingQueue* q_;
        const Slot* p_;
    };
    const_iterator begin() const;
    const_iterator end() const;
    /// The live tasks in order (a copy).
    std::vector<TaskId> to_vector() const { return {begin(), end()}; }

    /// The add()s so far, in call order (arrivals and returns), numbered from 0: a policy that keeps its own
    /// index of the queue reads the additions since its last look from here (4 bytes per addition kept).
    ///
    /// The log keeps what may still be read: a reader says how far it has read (consumed()), and tidy() drops
    /// the entries before that; while nobody has read it, tidy() keeps only the additions since the previous
    /// tidy() (a policy reads at every mapping event, right after the tidy that opens it). So it holds the
    /// additions between two events, not every addition of the run (a streamed run's 10^7: 40 MB).
    std::size_t additions() const {
        log_read_ = true;
        return log_base_ + log_.size();
    }
    /// std::logic_error for an addition dropped already.
    TaskId addition(std::size_t i) const;
    /// The reader has read the additions before `upto` and will not read them again.
    void consumed(std::size_t upto) const { log_consumed_ = std::max(log_consumed_, upto); }

private:
    /// Live: waiting, in slots_. Dead: not waiting, its slot still in slots_. LiveLate: waiting, in late_.
    enum class Mark : std::uint8_t { Out = 0, Live, Dead, LiveLate };
    Mark mark(TaskId t) const { return marks_.get(t); }
    void set_mark(TaskId t, Mark m) const { marks_.set(t, m); }
    Slot slot_of(TaskId t) const { return Slot{tasks_[t].arrival(), t}; }
    /// Merges the side list into the slots (callable from a const begin(): see the class comment).
    void merge_late() const;

    const TaskTable& tasks_;
    mutable std::vector<Slot> slots_;  ///< slots_[head_..] in arrival order, live and dead
    mutable std::vector<Slot> late_;   ///< live tasks not yet in slots_ (out of order)
    mutable IdPages<Mark> marks_;      ///< per task, Out unless set (pages: the ids present)
    std::vector<std::uint32_t> log_;   ///< add()s from log_base_ on, in order (ids fit 32 bits: checked)
    std::size_t log_base_ = 0;         ///< additions dropped from the front of log_
    std::size_t log_mark_ = 0;         ///< additions() at the previous tidy()
    mutable std::size_t log_consumed_ = 0;
    mutable bool log_read_ = false;
    void trim_log();
    mutable std::size_t head_ = 0;
    std::size_t live_ = 0;
    mutable std::size_t dead_ = 0;  ///< dead slots in slots_[head_..]
};

}  // namespace rmsim
