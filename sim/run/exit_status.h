#pragma once
// rmsim's exit codes, and the one place where an error becomes a message on stderr and an exit code: bad
// input as `file:line:col: message` (exit 2), anything else as an internal error (exit 1).
#include <iostream>
#include <stdexcept>

#include "platform/input_error.h"

namespace rmsim {

enum ExitCode : int { kExitOk = 0, kExitInternal = 1, kExitBadInput = 2 };

/// Runs `body` (returning an exit code); an exception it throws is reported on stderr and gives its code.
template <class Body>
int exit_code_of(Body&& body) {
    try {
        return body();
    } catch (const InputError& e) {
        std::cerr << e.what() << "\n";
        return kExitBadInput;
    } catch (const std::exception& e) {
        std::cerr << "rmsim: internal error: " << e.what() << "\n";
        return kExitInternal;
    }
}

}  // namespace rmsim
