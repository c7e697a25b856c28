#pragma once
// A results folder as a map from relative path to bytes, for tests that compare two runs' folders.
#include <filesystem>
#include <map>
#include <string>

#include "tests/support/rmsim_cli.h"

namespace rmsim::test {

/// Every file and folder under `root` by relative path, with its bytes ("<folder>" for a folder). timing.json
/// holds wall-clock figures, which differ between any two runs, so only its presence counts, unless `timing`.
inline std::map<std::string, std::string> tree(const std::filesystem::path& root, bool timing = false) {
    std::map<std::string, std::string> t;
    for (const auto& e : std::filesystem::recursive_directory_iterator(root)) {
        const std::string rel = std::filesystem::relative(e.path(), root).generic_string();
        if (e.is_directory())
            t[rel] = "<folder>";
        else
            t[rel] = e.path().filename() == "timing.json" && !timing ? "<wall-clock>" : slurp(e.path());
    }
    return t;
}

/// The paths of `got` that differ from `want`'s (for the failure message).
inline std::string differences(const std::map<std::string, std::string>& want,
                               const std::map<std::string, std::string>& got) {
    std::string d;
    for (const auto& [path, bytes] : want)
        if (!got.count(path))
            d += "missing " + path + "\n";
        else if (got.at(path) != bytes)
            d += "differs " + path + "\n";
    for (const auto& [path, bytes] : got)
        if (!want.count(path)) d += "extra " + path + "\n";
    return d;
}

}  // namespace rmsim::test
