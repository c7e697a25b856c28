// A workload input's lines one at a time (workloads/input_lines.h) and the SWF jobs read through them: plain and
// gzip give the same lines, numbered as the whole-text reader numbers them; a line over the limit and a damaged
// gzip stream are InputErrors at file:line:col; the reader holds one line and one piece, whatever the file.
#include "workloads/input_lines.h"

#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "platform/input_error.h"
#include "tests/support/gzip_file.h"
#include "tests/support/scratch_dir.h"
#include "workloads/swf_reader.h"
#include "workloads/text_lines.h"

using namespace rmsim;
using rmsim::test::ScratchDir;
using rmsim::test::write_gzip;

namespace {

/// Every line of `lines` as "number:first:text".
std::vector<std::string> all_lines(InputLines& lines) {
    std::vector<std::string> out;
    TextLine l;
    while (lines.next(l))
        out.push_back(std::to_string(l.number) + ":" + std::to_string(l.first) + ":" + std::string(l.text));
    return out;
}

/// The same of a whole text, as for_each_text_line gives it.
std::vector<std::string> text_lines(const std::string& text) {
    std::vector<std::string> out;
    for_each_text_line(text, [&](std::string_view line, int number, std::size_t first) {
        out.push_back(std::to_string(number) + ":" + std::to_string(first) + ":" + std::string(line));
    });
    return out;
}

/// The message of the InputError that reading every line of `lines` throws.
template <class Read>
std::string error_of(Read&& read) {
    try {
        read();
    } catch (const InputError& e) {
        return e.what();
    }
    return "no error";
}

/// `n` SWF job lines, submitted one second apart.
std::string swf_jobs(int n) {
    std::string s = "; Version: 2.2\n; MaxProcs: 8\n";
    for (int i = 1; i <= n; ++i)
        s += std::to_string(i) + " " + std::to_string(i) + " -1 10 4 -1 -1 4 60 -1 1 1 1 -1 -1 -1 -1 -1\n";
    return s;
}

}  // namespace

TEST_CASE("input lines: plain and gzip give the lines the whole-text reader gives", "[workloads][input][lines]") {
    const ScratchDir d("input_lines_same");
    // A byte-order mark, blank lines, Windows line ends, indentation, and a last line without its '\n'.
    const std::string text = std::string("\xEF\xBB\xBF") + "; head\r\n\n  \t\n  2 3\r\nfour\n\n5";
    const std::string plain = d.write("t.txt", text);
    write_gzip(d.string() + "/t.txt.gz", text);
    InputLines a(plain, "SWF trace"), b(d.string() + "/t.txt.gz", "SWF trace");
    const std::vector<std::string> want = text_lines(text.substr(3));
    CHECK(want == std::vector<std::string>{"1:0:; head\r", "4:2:  2 3\r", "5:0:four", "7:0:5"});
    CHECK(all_lines(a) == want);
    CHECK(all_lines(b) == want);
    TextLine l;
    CHECK_FALSE(a.next(l));  // and stays at the end
    InputLines empty(d.write("empty.txt", ""), "SWF trace");
    CHECK(all_lines(empty).empty());
}

TEST_CASE("input lines: an SWF trace's jobs read line by line, plain or gzip", "[workloads][input][lines][swf]") {
    const ScratchDir d("input_lines_swf");
    // Lines longer than a piece of the file apart: a line may straddle two pieces.
    std::string text = swf_jobs(20000);
    const std::string plain = d.write("t.swf", text);
    const std::string gz = d.string() + "/t.swf.gz";
    write_gzip(gz, text);
    const SwfTrace whole = parse_swf(text, plain);
    for (const std::string& path : {plain, gz}) {
        INFO(path);
        SwfHeader header;
        SwfJobReader reader(path, kDefaultMaxTraceBytes, &header);
        SwfJob j;
        std::size_t n = 0;
        while (reader.next(j)) {
            REQUIRE(n < whole.jobs.size());
            CHECK(j.job_number == whole.jobs[n].job_number);
            CHECK(j.submit_s == whole.jobs[n].submit_s);
            CHECK(j.line == whole.jobs[n].line);
            CHECK(j.submit_column == whole.jobs[n].submit_column);
            ++n;
        }
        CHECK(n == 20000);
        CHECK(header.integer("MaxProcs") == 8);
        CHECK(read_swf(path).jobs.size() == 20000);
    }
    CHECK(whole.jobs[9].submit_column == 4);  // "10 10 ...": field 2 starts at column 4
}

TEST_CASE("input lines: a line over the limit is refused at its number", "[workloads][input][lines][limits]") {
    const ScratchDir d("input_lines_long");
    const std::string path = d.write("wide.swf", "1 2\n\n" + std::string(3000, '7') + "\n1 2\n");
    InputLines lines(path, "SWF trace", kDefaultMaxTraceBytes, 2048);
    TextLine l;
    REQUIRE(lines.next(l));
    CHECK(error_of([&] { lines.next(l); }) ==
          path + ":3:1: line 3 is longer than 2 KiB, the longest line a SWF trace may have");
    // A last line without '\n', and the whole file a line: refused as well.
    const std::string last = d.write("last.swf", "1 2\n" + std::string(3000, '7'));
    CHECK(error_of([&] {
              InputLines in(last, "task CSV", kDefaultMaxTraceBytes, 2048);
              all_lines(in);
          }) == last + ":2:1: line 2 is longer than 2 KiB, the longest line a task CSV may have");
    // Exactly at the limit: read.
    const std::string ok = d.write("ok.swf", std::string(2048, '7') + "\n");
    InputLines fits(ok, "SWF trace", kDefaultMaxTraceBytes, 2048);
    CHECK(all_lines(fits).size() == 1);
}

TEST_CASE("input lines: a damaged gzip stream is refused where the text stops", "[workloads][input][lines]") {
    const ScratchDir d("input_lines_damaged");
    const std::string gz = d.string() + "/t.swf.gz";
    write_gzip(gz, swf_jobs(50000));
    const std::string bytes = rmsim::test::file_bytes(gz);
    const std::string cut = d.write("cut.swf.gz", bytes.substr(0, bytes.size() / 2));
    SwfJobReader reader(cut);
    SwfJob j;
    std::int32_t last_line = 0;
    const std::string e = error_of([&] {
        while (reader.next(j)) last_line = j.line;
    });
    INFO(e);
    // The jobs inflated before the damage are read; the error is at the line after the last whole one.
    CHECK(last_line > 1000);
    const std::string at = cut + ":" + std::to_string(last_line + 1) + ":";
    REQUIRE(e.rfind(at, 0) == 0);
    CHECK(e.find(": SWF trace is a damaged gzip file (") != std::string::npos);
    // The column: one past the part of the line that came before the damage.
    const int col = std::stoi(e.substr(at.size()));
    CHECK(col >= 1);
    CHECK(col <= 60);
}

TEST_CASE("input lines: the memory held does not grow with the file", "[workloads][input][lines][limits]") {
    const ScratchDir d("input_lines_memory");
    const std::uint64_t max_line = 4096;
    const std::size_t bound = 2 * (max_line + InputLines::kChunkBytes);
    std::string text;
    for (int i = 0; i < 200000; ++i)  // about 11 MB: 80 times the bound
        text += std::to_string(i) + " " + std::to_string(i) + " -1 10 4 -1 -1 4 60 -1 1 1 1 -1 -1 -1 -1 -1\n";
    text += std::string(max_line, '7') + "\n";  // the longest line allowed, at the end
    REQUIRE(text.size() > 50 * bound);
    const std::string plain = d.write("big.swf", text);
    write_gzip(d.string() + "/big.swf.gz", text);
    for (const std::string& path : {plain, d.string() + "/big.swf.gz"}) {
        INFO(path);
        InputLines lines(path, "SWF trace", kDefaultMaxTraceBytes, max_line);
        std::size_t n = 0, most = 0;
        TextLine l;
        while (lines.next(l)) {
            ++n;
            most = std::max(most, lines.held_bytes());
        }
        CHECK(n == 200001);
        CHECK(most <= bound);
    }
}
