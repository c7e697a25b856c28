#pragma once
// Result files written atomically: every file goes to a temporary name and is renamed when all are
// complete, so a failed run leaves no partial results.
#include <string>
#include <utility>
#include <vector>

namespace rmsim {

/// The temporary name a file is written under before it is renamed to `name` (".NAME.partial").
std::string partial_name(const std::string& name);

class ResultFiles {
public:
    explicit ResultFiles(std::string dir);
    /// Adds a file's whole content (kept in memory until commit()).
    void add(const std::string& name, std::string content);
    /// Creates the folder, writes every file under a temporary name, then renames them all.
    void commit();

private:
    std::string dir_;
    std::vector<std::pair<std::string, std::string>> files_;
};

}  // namespace rmsim
