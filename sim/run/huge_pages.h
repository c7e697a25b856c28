// Transparent huge pages for rmsim's heap.
//
// A large run touches the state of tens of thousands of modeled cores and nodes and a million task records
// in no particular order; with 4 KiB pages most of those touches miss the TLB. Where the kernel gives huge
// pages only on request (/sys/kernel/mm/transparent_hugepage/enabled is "madvise", Debian's default), glibc
// asks for them when its tunable glibc.malloc.hugetlb is 1, and glibc reads its tunables only at start-up:
// so rmsim sets the tunable and executes itself again, once, before anything else runs. Results do not
// depend on it (the 10^6-task deep-queue runs write byte-identical files either way); only the time does.
// RMSIM_HUGE_PAGES=0 turns it off; it is also off under valgrind, which would not follow the new image, and
// when GLIBC_TUNABLES already says what glibc.malloc.hugetlb is.
#pragma once

namespace rmsim {

/// Returns only if rmsim runs as it is (nothing to do, or the new image could not be executed).
void reexec_with_huge_pages(char** argv);

}  // namespace rmsim
