#pragma once
// What the fuzz targets of tests/fuzz share: the rule that tells a finding from a clean refusal, a scratch
// folder of the process, and gzip inputs read the way rmsim reads a file.
//
// The rule (docs/reliability.md, "Fuzzing"): an InputError is the user's mistake refused cleanly, the expected
// outcome for most inputs. Anything else escaping a reader (another exception, a crash, a sanitizer report, a
// hang, a broken contract of the reader's result) is a finding. Exceptions are let through on purpose:
// libFuzzer saves the input that threw, and the replay driver reports it.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "platform/input_error.h"
#include "tests/support/scratch_dir.h"

namespace rmsim::fuzz {

inline std::string_view as_text(const std::uint8_t* data, std::size_t size) {
    return {reinterpret_cast<const char*>(data), size};
}

/// Runs `read` on one input; an InputError counts as a clean refusal. Always 0 (libFuzzer's "keep going").
template <class Read>
int refusing_cleanly(Read&& read) {
    try {
        read();
    } catch (const InputError&) {
        // The user's mistake, reported as file:line:col: expected.
    }
    return 0;
}

/// A broken contract of a reader's result: prints `what` and aborts, which libFuzzer records as a crash.
void require(bool ok, const char* what);

/// A folder of this process under the system's temporary folder, created on first use and removed at exit.
/// The targets write only their own files there, never a path the input names.
const test::ScratchDir& scratch_dir();

/// A file of the repository (e.g. "configs/platforms/kth-sp2.yaml"), read and never written.
std::string repository_file(const std::string& relative);

/// The text a reader gets from a file holding `data`: gzip data (magic 1f 8b) goes through rmsim's file
/// reader (workloads/input_file.h, InputError for a damaged stream) via a scratch file; anything else is
/// returned as it is.
std::string file_text(std::string_view data, const std::string& what);

}  // namespace rmsim::fuzz
