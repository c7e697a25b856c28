#pragma once
// Whether a run fits in this machine's memory, estimated before anything is allocated: a platform of 4e9
// nodes or a workload of 4e9 tasks is refused with its location instead of ending in std::bad_alloc after
// minutes of work. The per-item figures are measured (docs/performance.md "Memory") and rounded up; the
// limit is the machine's physical memory, so the answer is the same on every run on one machine.
#include <cstdint>
#include <string>

#include "platform/input_error.h"

namespace rmsim {

/// What one simulated core, node and task take in a run (SystemC modules, meters, the manager's records).
constexpr double kBytesPerCore = 3e3;
constexpr double kBytesPerNode = 8e3;
constexpr double kBytesPerTask = 700;

/// This machine's physical memory in bytes.
std::uint64_t physical_memory_bytes();

/// "2.8 TB" style.
std::string format_bytes(double bytes);

/// Throws InputError at `where`: "<what> needs about <bytes> of memory (<how>), more than this machine's
/// <physical>", unless `bytes` fits in physical memory.
void check_fits_in_memory(double bytes, const SourceLocation& where, const std::string& what, const std::string& how);

}  // namespace rmsim
