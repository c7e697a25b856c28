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
    if (batch_.empty()) return;
    std::sort(batch_.begin(), batch_.end(), [](const TaskOutcome& a, const TaskOutcome& b) { return a.id < b.id; });
    const auto bytes = static_cast<ssize_t>(batch_.size() * sizeof(TaskOutcome));
    if (::write(fd_, batch_.data(), static_cast<std::size_t>(bytes)) != bytes) throw io_error("write", path_);
    run_sizes_.push_back(batch_.size());
    batch_.clear();
}

namespace {

/// One sorted run of the staging file, read a buffer at a time.
class RunReader {
public:
    RunReader(int fd, const std::string& path, off_t first, std::size_t count)
        : fd_(fd), path_(&path), next_(first), left_(count) {}
    /// The outcome at the front; valid while !done().
    const TaskOutcome& front() const { return buffer_[pos_]; }
    bool done() const { return pos_ == buffer_.size() && left_ == 0; }
    void pop() {
        ++pos_;
        if (pos_ == buffer_.size()) fill();
    }
    void fill() {
        const std::size_t n = std::min(kBuffer, left_);
        buffer_.resize(n);
        pos_ = 0;
        if (n == 0) return;
        const auto want = static_cast<ssize_t>(n * sizeof(TaskOutcome));
        if (::pread(fd_, buffer_.data(), static_cast<std::size_t>(want), next_) != want) throw io_error("read", *path_);
        next_ += want;
        left_ -= n;
    }

private:
    static constexpr std::size_t kBuffer = 170;  ///< outcomes read at once (16 KiB)
    int fd_;
    const std::string* path_;
    off_t next_;
    std::size_t left_;
    std::vector<TaskOutcome> buffer_;
    std::size_t pos_ = 0;
};

}  // namespace

void OutcomeStream::finish(std::size_t count, std::ostream& tasks_csv) {
    flush();
    write_tasks_csv_header(tasks_csv);
    std::vector<RunReader> runs;
    runs.reserve(run_sizes_.size());
    off_t at = 0;
    for (const std::size_t n : run_sizes_) {
        runs.emplace_back(fd_, path_, at, n);
        runs.back().fill();
        at += static_cast<off_t>(n * sizeof(TaskOutcome));
    }
    // The runs' fronts, smallest id on top (ids are unique, so the merge order is the id order).
    auto later = [&runs](std::size_t a, std::size_t b) { return runs[a].front().id > runs[b].front().id; };
    std::vector<std::size_t> heap;
    for (std::size_t r = 0; r < runs.size(); ++r)
        if (!runs[r].done()) heap.push_back(r);
    std::make_heap(heap.begin(), heap.end(), later);
    for (std::size_t id = 0; id < count; ++id) {
        if (heap.empty() || runs[heap.front()].front().id != id)
            throw std::logic_error("OutcomeStream: no outcome for task " + std::to_string(id));
        std::pop_heap(heap.begin(), heap.end(), later);
        RunReader& run = runs[heap.back()];
        const TaskOutcome& o = run.front();
        metrics_.add(o);
        if (window_) window_->add(o);
        flags_.add(o);
        write_tasks_csv_row(o, tasks_csv);
        run.pop();
        if (run.done())
            heap.pop_back();
        else
            std::push_heap(heap.begin(), heap.end(), later);
    }
    if (!heap.empty())
        throw std::logic_error("OutcomeStream: an outcome for task " + std::to_string(runs[heap.front()].front().id) +
                               " beyond the " + std::to_string(count) + " tasks");
    ::close(fd_);
    fd_ = -1;
    ::unlink(path_.c_str());
}

}  // namespace rmsim
