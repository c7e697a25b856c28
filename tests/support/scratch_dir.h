#pragma once
// A private folder under the system's temp folder for one test, removed with everything in it when the
// test ends (pass or fail), so that the test suite leaves nothing behind.
#include <unistd.h>

#include <atomic>
#include <filesystem>
#include <fstream>
#include <string>

namespace rmsim::test {

class ScratchDir {
public:
    explicit ScratchDir(const std::string& name) {
        static std::atomic<int> counter{0};
        path_ = std::filesystem::temp_directory_path() /
                ("rmsim_" + name + "_" + std::to_string(::getpid()) + "_" + std::to_string(counter++));
        std::filesystem::remove_all(path_);
        std::filesystem::create_directories(path_);
    }
    ~ScratchDir() {
        std::error_code ec;
        if (!path_.empty()) std::filesystem::remove_all(path_, ec);
    }
    ScratchDir(ScratchDir&& o) noexcept : path_(std::move(o.path_)) { o.path_.clear(); }
    ScratchDir(const ScratchDir&) = delete;
    ScratchDir& operator=(const ScratchDir&) = delete;
    ScratchDir& operator=(ScratchDir&&) = delete;

    const std::filesystem::path& path() const { return path_; }
    operator const std::filesystem::path&() const { return path_; }
    std::string string() const { return path_.string(); }
    std::filesystem::path operator/(const std::string& rel) const { return path_ / rel; }
    /// Writes `text` to the file `rel` in the folder; returns its path.
    std::string write(const std::string& rel, const std::string& text) const {
        const std::filesystem::path p = path_ / rel;
        std::ofstream(p, std::ios::binary) << text;
        return p.string();
    }

private:
    std::filesystem::path path_;
};

}  // namespace rmsim::test
