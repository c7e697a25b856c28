#include "sim/outputs/outcome_stream.h"

#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <stdexcept>
#include <utility>
#include <vector>

namespace rmsim {

namespace {
std::runtime_error io_error(const std::string& what, const std::string& path) {
    return std::runtime_error("cannot " + what + " " + path + ": " + std::strerror(errno));
}
}  // namespace

void RecordFlags::add(const TaskOutcome& o) {
    if ((o.remaining < 0 || o.remaining > 1) && bad_remaining == kNone) bad_remaining = o.id;
    if (o.state == TaskState::Completed && (o.remaining != 0 || o.end < o.first_start) && bad_completed == kNone)
        bad_completed = o.id;
}

OutcomeStream::OutcomeStream(std::string path, std::optional<WindowFold> window)
    : path_(std::move(path)), window_(std::move(window)) {
    batch_.reserve(kBatch);
    fd_ = ::open(path_.c_str(), O_RDWR | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    if (fd_ < 0) throw io_error("create", path_);
}

OutcomeStream::~OutcomeStream() {
    if (fd_ >= 0) {
        ::close(fd_);
        ::unlink(path_.c_str());
    }
}

void OutcomeStream::add(const TaskOutcome& o) {
    batch_.push_back(o);
    if (batch_.size() == kBatch) flush();
}

void OutcomeStream::flush() {
    std::sort(batch_.begin(), batch_.end(), [](const TaskOutcome& a, const TaskOutcome& b) { return a.id < b.id; });
    for (std::size_t i = 0; i < batch_.size();) {
        std::size_t j = i + 1;
        while (j < batch_.size() && batch_[j].id == batch_[j - 1].id + 1) ++j;
        const auto at = static_cast<off_t>(batch_[i].id) * static_cast<off_t>(sizeof(TaskOutcome));
        const auto bytes = static_cast<ssize_t>((j - i) * sizeof(TaskOutcome));
        if (::pwrite(fd_, &batch_[i], static_cast<std::size_t>(bytes), at) != bytes) throw io_error("write", path_);
        i = j;
    }
    batch_.clear();
}

void OutcomeStream::finish(std::size_t count, std::ostream& tasks_csv) {
    flush();
    write_tasks_csv_header(tasks_csv);
    constexpr std::size_t kChunk = 4096;  // outcomes read at once (384 KiB)
    std::vector<TaskOutcome> chunk(kChunk);
    for (std::size_t first = 0; first < count; first += kChunk) {
        const std::size_t n = std::min(kChunk, count - first);
        const auto at = static_cast<off_t>(first * sizeof(TaskOutcome));
        const ssize_t want = static_cast<ssize_t>(n * sizeof(TaskOutcome));
        if (::pread(fd_, chunk.data(), static_cast<std::size_t>(want), at) != want) throw io_error("read", path_);
        for (std::size_t i = 0; i < n; ++i) {
            const TaskOutcome& o = chunk[i];
            if (!o.present || o.id != first + i)
                throw std::logic_error("OutcomeStream: no outcome for task " + std::to_string(first + i));
            metrics_.add(o);
            if (window_) window_->add(o);
            flags_.add(o);
            write_tasks_csv_row(o, tasks_csv);
        }
    }
    ::close(fd_);
    fd_ = -1;
    ::unlink(path_.c_str());
}

}  // namespace rmsim
