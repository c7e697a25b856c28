#pragma once
// The `swf` workload kind: an SWF trace replayed job by job (docs/workloads.md, "SWF reader"). Its tasks come
// from one stream that reads the trace line by line (workloads/swf_reader.h, SwfJobReader): a streamed run
// (run.stream) draws from it as simulated time goes, and the loader drains it, so both see the same tasks.
#include "workloads/workload_registry.h"

namespace rmsim {

/// The kind's entry, for register_reader_workloads (workloads/config/readers.cpp).
WorkloadInfo swf_workload();

}  // namespace rmsim
