#include "workloads/task_stream.h"

namespace rmsim {

std::vector<Task> drain(TaskStream& stream) {
    std::vector<Task> tasks;
    Task t;
    while (stream.next(t)) {
        t.id = static_cast<TaskId>(tasks.size());
        tasks.push_back(t);
        t = Task{};
    }
    return tasks;
}

std::size_t count_rest(TaskStream& stream) {
    std::size_t n = 0;
    Task t;
    while (stream.next(t)) {
        ++n;
        t = Task{};
    }
    return n;
}

}  // namespace rmsim
