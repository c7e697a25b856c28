#pragma once
// Running the rmsim binary from a test: its exit code, stdout and stderr (kept in files of the test's
// scratch folder). A run that takes longer than `timeout_s` is killed and reported with exit code 124 (a
// hang must fail the test, not stall the suite).
#include <sys/wait.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

namespace rmsim::test {

struct CliOutcome {
    int code = -1;
    std::string err;
    std::string out;
};

inline std::string slurp(const std::filesystem::path& p) {
    std::ifstream in(p, std::ios::binary);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
}

inline void write_file(const std::filesystem::path& p, const std::string& text) {
    std::ofstream(p, std::ios::binary) << text;
}

/// Runs `rmsim <args>` (a shell command line) with stdout and stderr in files of `dir`.
inline CliOutcome run_cli(const std::string& args, const std::filesystem::path& dir, int timeout_s = 120) {
    const std::filesystem::path out = dir / "stdout.txt", err = dir / "stderr.txt";
    const std::string cmd = "timeout -s KILL " + std::to_string(timeout_s) + " " + std::string(RMSIM_BINARY) + " " +
                            args + " >" + out.string() + " 2>" + err.string();
    const int status = std::system(cmd.c_str());
    const int code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
    return {code == 137 ? 124 : code, slurp(err), slurp(out)};
}

}  // namespace rmsim::test
