// Workload input files are read plain or gzip-compressed (by content, not by name), and a file that cannot
// be read is the user's mistake, located at its path.
#include "workloads/input_file.h"

#include <zlib.h>

#include <catch2/catch.hpp>
#include <fstream>
#include <iterator>
#include <string>

#include "platform/input_error.h"
#include "tests/support/gzip_file.h"
#include "tests/support/scratch_dir.h"
#include "workloads/swf_reader.h"

using namespace rmsim;
using rmsim::test::ScratchDir;

namespace {

const char* kSwf =
    "; Computer: test\n"
    "1 0 -1 10 4 -1 -1 4 60 -1 1 1 1 -1 -1 -1 -1 -1\n"
    "2 5 -1 20 2 -1 -1 2 60 -1 1 1 1 -1 -1 -1 -1 -1\n";

std::string error_of(const std::string& path) {
    try {
        read_input_file(path, "SWF trace");
    } catch (const InputError& e) {
        return e.what();
    }
    return "no error";
}

}  // namespace

TEST_CASE("input file: plain and gzip give the same text, whatever the name", "[workloads][input]") {
    const ScratchDir d("input_file");
    const std::string plain = d.write("t.swf", kSwf);
    const std::string gz = (d / "t.swf.gz").string();
    rmsim::test::write_gzip(gz, kSwf);
    const std::string misnamed = (d / "gz-without-suffix.swf").string();
    rmsim::test::write_gzip(misnamed, kSwf);
    CHECK(read_input_file(plain, "SWF trace") == kSwf);
    CHECK(read_input_file(gz, "SWF trace") == kSwf);
    CHECK(read_input_file(misnamed, "SWF trace") == kSwf);
    // The SWF reader goes through it: both give the same jobs.
    CHECK(read_swf(gz).jobs.size() == 2);
    CHECK(read_swf(gz).jobs[1].run_s == read_swf(plain).jobs[1].run_s);
}

TEST_CASE("input file: missing, folder and damaged gzip are located errors", "[workloads][input]") {
    const ScratchDir d("input_file_bad");
    CHECK(error_of((d / "nope.swf").string()) ==
          (d / "nope.swf").string() + ": cannot open SWF trace (No such file or directory)");
    CHECK(error_of(d.string()) ==
          d.string() + ": cannot open SWF trace (it is a folder; rmsim reads regular files only)");
    // A gzip stream cut in half: the text read so far is not returned as if it were the whole file.
    const std::string gz = (d / "cut.swf.gz").string();
    std::string big;
    for (int i = 0; i < 20000; ++i) big += std::to_string(i) + " 0 -1 10 4 -1 -1 4 60 -1 1 1 1 -1 -1 -1 -1 -1\n";
    rmsim::test::write_gzip(gz, big);
    const std::string bytes = rmsim::test::file_bytes(gz);
    const std::string cut = d.write("half.swf.gz", bytes.substr(0, bytes.size() / 2));
    const std::string e = error_of(cut);
    INFO(e);
    CHECK(e.rfind(cut + ": SWF trace is a damaged gzip file", 0) == 0);
}

TEST_CASE("input file: the decompressed size and the line length are bounded", "[workloads][input][limits]") {
    const ScratchDir d("input_file_limits");
    std::string lines;
    for (int i = 0; i < 1000; ++i) lines += std::to_string(i) + " 0 -1 10 4 -1 -1 4 60 -1 1 1 1 -1 -1 -1 -1 -1\n";
    const auto refused = [](const std::string& path, std::uint64_t max) {
        try {
            read_input_file(path, "SWF trace", max);
        } catch (const InputError& e) {
            return std::string(e.what());
        }
        return std::string("no error");
    };
    // Plain: its size, before reading.
    const std::string plain = d.write("t.swf", lines);
    CHECK(read_input_file(plain, "SWF trace", lines.size()) == lines);
    CHECK(refused(plain, lines.size() - 1) ==
          plain + ": SWF trace is " + std::to_string(lines.size()) + " bytes, more than its limit of " +
              std::to_string(lines.size() - 1) +
              " bytes (a larger trace: raise the limit with the workload's max_bytes)");
    // gzip: the trailer's size, before inflating.
    const std::string gz = (d / "t.swf.gz").string();
    rmsim::test::write_gzip(gz, lines);
    CHECK(refused(gz, 1000).find(": SWF trace decompresses to " + std::to_string(lines.size()) + " bytes") !=
          std::string::npos);
    // Two gzip members: the trailer states the last one's size only, so the running size is checked too.
    const std::string two = (d / "two.swf.gz").string();
    rmsim::test::write_gzip(two, lines);
    {
        const std::string tiny = (d / "tiny.gz").string();
        rmsim::test::write_gzip(tiny, "\n");
        d.write("two.swf.gz", rmsim::test::file_bytes(two) + rmsim::test::file_bytes(tiny));
    }
    CHECK(read_input_file(two, "SWF trace", lines.size() + 1) == lines + "\n");
    CHECK(refused(two, lines.size()) == two + ": SWF trace decompresses to more than " + std::to_string(lines.size()) +
                                            " bytes, more than its limit of " + std::to_string(lines.size()) +
                                            " bytes (a larger trace: raise the limit with the workload's max_bytes)");
    // A line of more than 1 MiB: refused at its number, before the rest is read.
    const std::string wide = d.write("wide.swf", "1 2 3\n\n" + std::string((1u << 20) + 1, '7') + "\n1 2 3\n");
    CHECK(refused(wide, kDefaultMaxTraceBytes) ==
          wide + ":3:1: line 3 is longer than 1 MiB, the longest line a SWF trace may have");
    CHECK(read_input_file(d.write("ok.swf", std::string(1u << 20, '7') + "\n"), "SWF trace").size() == (1u << 20) + 1);
}

TEST_CASE("input file: a byte-order mark is dropped, special files are refused by name", "[workloads][input]") {
    const ScratchDir d("input_file_bom");
    CHECK(read_input_file(d.write("bom.swf", std::string("\xEF\xBB\xBF") + kSwf), "SWF trace") == kSwf);
    CHECK(read_swf(d.write("bom2.swf", std::string("\xEF\xBB\xBF") + kSwf)).jobs.size() == 2);
    CHECK(error_of("/dev/null") ==
          "/dev/null: cannot open SWF trace (it is a character device; rmsim reads regular files only)");
}
