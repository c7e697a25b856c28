#pragma once
// Running the rmsim binary from a test: to completion (exit code, stdout, stderr; killed after a timeout), or in the background so
// that a test can kill it and look at its child processes (Linux /proc).
#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

extern char** environ;

namespace rmsim::test {

/// A file's bytes ("" if it cannot be read).
inline std::string slurp(const std::filesystem::path& p) {
    std::ifstream in(p, std::ios::binary);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
}

inline void write_file(const std::filesystem::path& p, const std::string& text) {
    std::ofstream(p, std::ios::binary) << text;
}

struct Outcome {
    int code = -1;
    std::string err;
    std::string out;
};

/// Runs rmsim with `args` (a shell command line); its stdout and stderr go to files in `dir`. A run that
/// takes longer than `timeout_s` is killed and reported with exit code 124: a hang must fail the test, not
/// stall the suite. `address_space_mib` > 0 bounds the process's virtual memory (ulimit -v): an allocation
/// beyond it fails (std::bad_alloc, exit 1). Ignored under AddressSanitizer, which reserves terabytes.
inline Outcome run_cli(const std::string& args, const std::filesystem::path& dir, int timeout_s = 120,
                       unsigned address_space_mib = 0) {
    const std::filesystem::path out = dir / "stdout.txt", err = dir / "stderr.txt";
#if defined(__SANITIZE_ADDRESS__)
    address_space_mib = 0;  // the tests and rmsim are built alike: under ASan, run without the bound
#endif
    const std::string limit =
        address_space_mib > 0 ? "ulimit -v " + std::to_string(address_space_mib * 1024ull) + " && " : "";
    const std::string cmd = limit + "timeout -s KILL " + std::to_string(timeout_s) + " " + std::string(RMSIM_BINARY) +
                            " " + args + " >" + out.string() + " 2>" + err.string();
    const int status = std::system(cmd.c_str());
    const int code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
    return {code == 137 ? 124 : code, slurp(err), slurp(out)};
}

/// rmsim started in the background with `args` (no shell), stdout and stderr to /dev/null.
class RmsimProcess {
public:
    explicit RmsimProcess(const std::vector<std::string>& args) {
        std::vector<std::string> all{RMSIM_BINARY};
        all.insert(all.end(), args.begin(), args.end());
        std::vector<char*> argv;
        for (std::string& a : all) argv.push_back(a.data());
        argv.push_back(nullptr);
        posix_spawn_file_actions_t fa;
        posix_spawn_file_actions_init(&fa);
        posix_spawn_file_actions_addopen(&fa, 1, "/dev/null", O_WRONLY, 0);
        posix_spawn_file_actions_addopen(&fa, 2, "/dev/null", O_WRONLY, 0);
        const int rc = posix_spawn(&pid_, argv[0], &fa, nullptr, argv.data(), environ);
        posix_spawn_file_actions_destroy(&fa);
        if (rc != 0) throw std::runtime_error("cannot start " + all[0]);
    }
    ~RmsimProcess() {
        if (pid_ > 0) kill_and_reap();
    }
    RmsimProcess(const RmsimProcess&) = delete;
    RmsimProcess& operator=(const RmsimProcess&) = delete;

    pid_t pid() const { return pid_; }
    /// SIGKILL to rmsim alone (not its process group), then waits for it.
    void kill_and_reap() {
        ::kill(pid_, SIGKILL);
        int status = 0;
        waitpid(pid_, &status, 0);
        pid_ = -1;
    }
    /// Waits for rmsim to end; its exit code (-1 if it was killed by a signal).
    int wait() {
        int status = 0;
        waitpid(pid_, &status, 0);
        pid_ = -1;
        return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    }

private:
    pid_t pid_ = -1;
};

/// Polls `done` every 5 ms for up to `seconds`; true once it holds.
template <class Predicate>
bool eventually(Predicate done, double seconds) {
    const auto end = std::chrono::steady_clock::now() + std::chrono::duration<double>(seconds);
    while (!done()) {
        if (std::chrono::steady_clock::now() > end) return false;
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
    return true;
}

/// The fields of /proc/PID/stat after the command name: state, ppid, ... ("" if there is no such process).
inline std::string proc_stat_tail(pid_t pid) {
    const std::string stat = slurp("/proc/" + std::to_string(pid) + "/stat");
    const auto close = stat.rfind(')');  // the command name may hold spaces and parentheses
    return close == std::string::npos ? std::string() : stat.substr(close + 2);
}

/// The processes whose parent is `parent`.
inline std::vector<pid_t> children_of(pid_t parent) {
    std::vector<pid_t> kids;
    for (const auto& e : std::filesystem::directory_iterator("/proc")) {
        const std::string name = e.path().filename().string();
        if (name.find_first_not_of("0123456789") != std::string::npos) continue;
        std::istringstream fields(proc_stat_tail(static_cast<pid_t>(std::stol(name))));
        std::string state;
        long ppid = 0;
        if (fields >> state >> ppid && ppid == parent) kids.push_back(static_cast<pid_t>(std::stol(name)));
    }
    return kids;
}

/// True while `pid` runs: it exists and is not a zombie (a dead child its new parent has not reaped yet).
inline bool is_running(pid_t pid) {
    const std::string tail = proc_stat_tail(pid);
    return !tail.empty() && tail[0] != 'Z' && tail[0] != 'X';
}

}  // namespace rmsim::test
