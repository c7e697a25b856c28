#include "manager/waiting_queue.h"

#include <algorithm>
#include <stdexcept>
#include <string>

namespace rmsim {

WaitingQueue::WaitingQueue(const TaskTable& tasks) : tasks_(tasks) {
    if (tasks.size() > UINT32_MAX) throw std::invalid_argument("WaitingQueue: more than 2^32 - 1 tasks");
}

void WaitingQueue::add(TaskId t) {
    if (t >= UINT32_MAX) throw std::invalid_argument("WaitingQueue: more than 2^32 - 1 tasks");
    marks_.settle(tasks_.size());
    switch (mark(t)) {
        case Mark::Live:
        case Mark::LiveLate: throw std::logic_error("WaitingQueue: task " + std::to_string(t) + " is already waiting");
        case Mark::Dead:  // its slot is still there, in arrival order
            set_mark(t, Mark::Live);
            --dead_;
            break;
        case Mark::Out:
            if (const Slot slot = slot_of(t); late_.empty() && (head_ == slots_.size() || slots_.back() < slot)) {
                if (slots_.size() == slots_.capacity() && 4 * head_ >= slots_.size()) {
                    // Room from the departed front rather than a vector twice the size (the move is paid for
                    // by the departures: at most three slots moved per slot dropped).
                    slots_.erase(slots_.begin(), slots_.begin() + static_cast<std::ptrdiff_t>(head_));
                    head_ = 0;
                }
                slots_.push_back(slot);
                set_mark(t, Mark::Live);
            } else {
                late_.push_back(slot);
                set_mark(t, Mark::LiveLate);
            }
            break;
    }
    ++live_;
    log_.push_back(static_cast<std::uint32_t>(t));
}

void WaitingQueue::remove(TaskId t) {
    const Mark m = mark(t);
    if (m == Mark::Live) {
        set_mark(t, Mark::Dead);
        ++dead_;
    } else if (m == Mark::LiveLate) {
        set_mark(t, Mark::Out);  // its entry in late_ is skipped by the merge
    } else {
        return;
    }
    --live_;
}

void WaitingQueue::merge_late() const {
    if (late_.empty()) return;
    std::sort(late_.begin(), late_.end());
    std::vector<Slot> merged;
    merged.reserve(slots_.size() - head_ - dead_ + late_.size());
    auto s = slots_.begin() + static_cast<std::ptrdiff_t>(head_);
    for (const Slot& l : late_) {
        if (mark(l.id) != Mark::LiveLate) continue;  // left again, or a duplicate entry already merged
        // The slots are in arrival order: l's place is found by bisection (a linear walk cost one step per
        // slot per merge, i.e. per mapping event with a preemption).
        for (const auto place = std::lower_bound(s, slots_.end(), l); s != place; ++s) {
            if (mark(s->id) == Mark::Live)
                merged.push_back(*s);
            else
                set_mark(s->id, Mark::Out);
        }
        set_mark(l.id, Mark::Live);
        merged.push_back(l);
    }
    for (; s != slots_.end(); ++s) {
        if (mark(s->id) == Mark::Live)
            merged.push_back(*s);
        else
            set_mark(s->id, Mark::Out);
    }
    slots_.swap(merged);
    late_.clear();
    head_ = 0;
    dead_ = 0;
}

TaskId WaitingQueue::addition(std::size_t i) const {
    if (i < log_base_ || i - log_base_ >= log_.size())
        throw std::logic_error("WaitingQueue: addition " + std::to_string(i) + " is not in the log (it holds " +
                               std::to_string(log_base_) + " to " + std::to_string(log_base_ + log_.size()) + ")");
    return log_[i - log_base_];
}

void WaitingQueue::trim_log() {
    const std::size_t keep_from = log_read_ ? log_consumed_ : log_mark_;
    log_mark_ = log_base_ + log_.size();
    // Dropped when at least half of the log can go, so each entry is moved at most once on average.
    if (keep_from <= log_base_ || 2 * (keep_from - log_base_) < log_.size()) return;
    log_.erase(log_.begin(), log_.begin() + static_cast<std::ptrdiff_t>(keep_from - log_base_));
    log_base_ = keep_from;
}

void WaitingQueue::tidy() {
    trim_log();
    merge_late();
    while (head_ < slots_.size() && mark(slots_[head_].id) != Mark::Live) {
        set_mark(slots_[head_++].id, Mark::Out);
        --dead_;
    }
    if (dead_ > live_) {
        // Compaction, paid for by the removals since the last one.
        std::size_t w = 0;
        for (std::size_t i = head_; i < slots_.size(); ++i) {
            if (mark(slots_[i].id) == Mark::Live)
                slots_[w++] = slots_[i];
            else
                set_mark(slots_[i].id, Mark::Out);
        }
        slots_.resize(w);
        head_ = 0;
        dead_ = 0;
    } else if (head_ > slots_.size() / 2) {
        slots_.erase(slots_.begin(), slots_.begin() + static_cast<std::ptrdiff_t>(head_));
        head_ = 0;
    }
}

void WaitingQueue::const_iterator::skip() {
    const Slot* end = q_->slots_.data() + q_->slots_.size();
    while (p_ != end && q_->mark(p_->id) != Mark::Live) ++p_;
}

WaitingQueue::const_iterator WaitingQueue::begin() const {
    merge_late();
    return const_iterator(this, slots_.data() + head_);
}

WaitingQueue::const_iterator WaitingQueue::end() const { return const_iterator(this, slots_.data() + slots_.size()); }

}  // namespace rmsim
