#pragma once
// Result files written atomically: every file goes to a temporary name and is renamed when all are
// complete, so a failed run leaves no partial results.
#include <fstream>
#include <functional>
#include <memory>
#include <ostream>
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
    /// Adds a file written by `write` at commit(), straight to its temporary file (for large files, e.g.
    /// tasks.csv with 10^6 rows, that should not be held in memory as a string).
    void add_streamed(const std::string& name, std::function<void(std::ostream&)> write);
    /// Opens a file written while the run goes on (a streamed run's tasks.csv): its temporary file is created
    /// now (and the folder), and commit() closes and renames it with the others. Destroyed before commit(),
    /// the ResultFiles removes it: a failed run leaves nothing.
    std::ostream& open_now(const std::string& name);
    /// Creates the folder, writes every file under a temporary name, then renames them all.
    void commit();
    ~ResultFiles();
    ResultFiles(const ResultFiles&) = delete;
    ResultFiles& operator=(const ResultFiles&) = delete;

private:
    std::string dir_;
    struct File {
        std::string name;
        std::string content;
        std::function<void(std::ostream&)> write;  ///< if set, writes the content instead
        std::shared_ptr<std::ofstream> open;       ///< open_now(): written already
    };
    std::vector<File> files_;
};

}  // namespace rmsim
