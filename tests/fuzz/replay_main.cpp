// Replays inputs through a fuzz target without libFuzzer (any compiler): each file argument, and every file
// of each folder argument, is fed once to the target's LLVMFuzzerTestOneInput. `make test` runs it over the
// seed corpus and the regression inputs of tests/fuzz, so the fixes that fuzzing led to stay guarded without
// clang. A missing folder counts as empty (a target may have no regressions yet), but at least one input must
// be replayed. An input that throws anything but InputError fails the run, naming the input; a crash or a
// sanitizer report ends it (the input is named on stderr before it runs).
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <exception>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size);

namespace {

namespace fs = std::filesystem;

std::vector<fs::path> inputs_of(const std::vector<std::string>& args) {
    std::vector<fs::path> files;
    for (const std::string& a : args) {
        if (!fs::is_directory(a)) {
            if (fs::exists(a)) files.emplace_back(a);
            continue;
        }
        std::vector<fs::path> in_dir;
        for (const fs::directory_entry& e : fs::directory_iterator(a))
            if (e.is_regular_file() && e.path().filename().string().front() != '.') in_dir.push_back(e.path());
        std::sort(in_dir.begin(), in_dir.end());  // the same order on every machine
        files.insert(files.end(), in_dir.begin(), in_dir.end());
    }
    return files;
}

std::vector<std::uint8_t> bytes_of(const fs::path& p) {
    std::ifstream in(p, std::ios::binary);
    return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

}  // namespace

int main(int argc, char** argv) {
    const std::vector<fs::path> files = inputs_of({argv + 1, argv + argc});
    if (files.empty()) {
        std::fprintf(stderr, "replay: no input found in the arguments\n");
        return 2;
    }
    int failed = 0;
    for (const fs::path& f : files) {
        std::fprintf(stderr, "replay: %s\n", f.c_str());
        const std::vector<std::uint8_t> data = bytes_of(f);
        try {
            LLVMFuzzerTestOneInput(data.data(), data.size());
        } catch (const std::exception& e) {
            std::fprintf(stderr, "replay: FINDING %s: uncaught %s\n", f.c_str(), e.what());
            ++failed;
        }
    }
    std::fprintf(stderr, "replay: %zu inputs, %d findings\n", files.size(), failed);
    return failed == 0 ? 0 : 1;
}
