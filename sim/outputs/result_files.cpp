#include "sim/outputs/result_files.h"

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <stdexcept>

namespace rmsim {

std::string partial_name(const std::string& name) { return "." + name + ".partial"; }

ResultFiles::ResultFiles(std::string dir) : dir_(std::move(dir)) {}

void ResultFiles::add(const std::string& name, std::string content) {
    files_.push_back(File{name, std::move(content), {}, {}});
}

void ResultFiles::add_streamed(const std::string& name, std::function<void(std::ostream&)> write) {
    files_.push_back(File{name, {}, std::move(write), {}});
}

std::ostream& ResultFiles::open_now(const std::string& name) {
    std::filesystem::create_directories(dir_);
    const std::string tmp = dir_ + "/" + partial_name(name);
    auto out = std::make_shared<std::ofstream>(tmp, std::ios::binary);
    if (!*out) throw std::runtime_error("cannot write " + tmp);
    files_.push_back(File{name, {}, {}, out});
    return *out;
}

ResultFiles::~ResultFiles() {
    for (const File& f : files_)
        if (f.open) {
            std::error_code ec;
            std::filesystem::remove(dir_ + "/" + partial_name(f.name), ec);
        }
}

void ResultFiles::commit() {
    namespace fs = std::filesystem;
    fs::create_directories(dir_);
    std::vector<std::string> temps;
    for (const File& f : files_) {
        const std::string tmp = dir_ + "/" + partial_name(f.name);
        if (f.open) {
            f.open->close();
            if (!*f.open) throw std::runtime_error("cannot write " + tmp);
            temps.push_back(tmp);
            continue;
        }
        std::ofstream out(tmp, std::ios::binary);
        if (f.write)
            f.write(out);
        else
            out << f.content;
        out.close();
        if (!out) throw std::runtime_error("cannot write " + tmp);
        temps.push_back(tmp);
    }
    for (std::size_t i = 0; i < files_.size(); ++i) fs::rename(temps[i], dir_ + "/" + files_[i].name);
    files_.clear();
}

}  // namespace rmsim
