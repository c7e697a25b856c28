#include "manager/task_table.h"

#include <string>
#include <utility>

#include "platform/input_error.h"

namespace rmsim {

TaskTable::TaskTable(std::unique_ptr<TaskStream> stream) : stream_(std::move(stream)) {
    if (!stream_) throw std::logic_error("TaskTable: no stream");
    read_next();
}

void TaskTable::read_next() {
    next_ = Task{};
    try {
        has_next_ = stream_->next(next_);
    } catch (const InputError&) {
        has_next_ = false;
        input_error_ = std::current_exception();
        throw;
    }
}

TaskId TaskTable::admit_next() {
    if (!has_next_) throw std::logic_error("TaskTable: no task left to admit");
    const auto id = static_cast<TaskId>(slots_.size());
    next_.id = id;
    const SimTime arrival = next_.arrival();
    slots_.push_back(std::move(next_));
    read_next();
    if (has_next_ && next_.arrival() < arrival)
        throw std::runtime_error("the workload's task " + std::to_string(id + 1) + " arrives at " +
                                 std::to_string(next_.arrival_s) + " s, before task " + std::to_string(id) +
                                 ": a streamed workload must come in arrival order");
    return id;
}

}  // namespace rmsim
