#pragma once
// What the experiment fuzz target keeps out of reach, and why. Neither is a limit of rmsim: both keep the
// fuzzer exploring the loaders instead of waiting on work that is correct but endless or merely large.
//  - Paths to large files: an experiment names files that rmsim reads (a platform, a trace, a task CSV).
//    A large regular file (up to the input limits, docs/reliability.md) is read correctly but slowly; a
//    device or a FIFO is refused by rmsim before it is opened, and kept out here too, as it always was.
//  - Large generated workloads: a trial's tasks are generated in memory, so `tasks: 4000000000` asks for
//    gigabytes by design (the memory estimate checked before a run is a separate matter); the loaders are
//    exercised, the generation is skipped.
#include <filesystem>

#include <yaml-cpp/yaml.h>

namespace rmsim::fuzz {

/// False if a scalar anywhere in `doc` (a key or a value) names an existing path, absolute or relative to
/// `base`, that is neither a folder nor a regular file of at most 1 MB; also false for a document of more
/// than 10,000 nodes, counted with repeats (aliases can make a walk of a small text exponential).
bool names_only_plain_files(const YAML::Node& doc, const std::filesystem::path& base);

/// An upper bound of the tasks a `workload:` section generates for one trial: synthetic tasks, Singh jobs x
/// their maximum tasks, Machovec Ch.3 and Ch.4 tasks per day x days. 0 for trace and CSV workloads (their files bound
/// them). A key that is not a number counts as its default: the loader refuses it anyway.
double generated_tasks(const YAML::Node& workload);

}  // namespace rmsim::fuzz
