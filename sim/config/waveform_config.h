#pragma once
// run.waveforms of an experiment config: which nodes waves.vcd shows, over which span (docs/experiments.md,
// docs/outputs.md). Opt-in: without the key no waveform is recorded.
//   run:
//     waveforms: {nodes: [0, 2, "4-7"], start_s: 100, end_s: 200}   # or nodes: "0-3", or nodes: 5
#include <vector>

#include <yaml-cpp/yaml.h>

#include "platform/platform_spec.h"
#include "platform/time.h"

namespace rmsim {

struct WaveformConfig {
    bool enabled = false;
    std::vector<NodeId> nodes;          ///< ascending, each once; every one a node of the platform
    SimTime start;                      ///< the first instant shown (its values are the initial dump)
    SimTime end = SimTime::infinity();  ///< the last instant shown; infinity: the end of the run
};

/// Reads `waveforms` of the run map `run` (disabled if absent), its node ids checked against `platform`.
/// InputError at the offending value: an unknown key, a node id beyond the platform, an empty range, end_s
/// not after start_s.
WaveformConfig read_waveform_config(const YAML::Node& run, const std::string& file, const PlatformSpec& platform);

}  // namespace rmsim
