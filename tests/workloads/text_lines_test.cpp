// The line structure of the text workload readers (workloads/text_lines.h).
#include <catch2/catch.hpp>

#include <string>
#include <tuple>
#include <vector>

#include "workloads/text_lines.h"

using rmsim::for_each_text_line;
using rmsim::trim_blanks;

TEST_CASE("text lines: numbered from 1, blank lines skipped, first non-blank found", "[workloads][text_lines]") {
    // Line 2 is blanks only, line 5 is empty; the last line has no '\n'; a '\r' counts as a blank.
    const std::string text = "a,b\n  \t\r\n\tx y\r\n;c\n\n  # z";
    std::vector<std::tuple<std::string, int, std::size_t>> seen;
    for_each_text_line(text, [&](std::string_view line, int no, std::size_t first) {
        seen.emplace_back(std::string(line), no, first);
    });
    const std::vector<std::tuple<std::string, int, std::size_t>> expected = {
        {"a,b", 1, 0}, {"\tx y\r", 3, 1}, {";c", 4, 0}, {"  # z", 6, 2}};
    CHECK(seen == expected);
    int calls = 0;
    for_each_text_line("", [&](std::string_view, int, std::size_t) { ++calls; });
    for_each_text_line("\n\n \r\n", [&](std::string_view, int, std::size_t) { ++calls; });
    CHECK(calls == 0);
}

TEST_CASE("text lines: trim_blanks removes blanks at both ends only", "[workloads][text_lines]") {
    std::size_t first = 99;
    CHECK(trim_blanks(" \t1 2\r ", &first) == "1 2");
    CHECK(first == 2);
    CHECK(trim_blanks("   ", &first).empty());
    CHECK(first == 3);
    CHECK(trim_blanks("", &first).empty());
    CHECK(first == 0);
    CHECK(trim_blanks("x") == "x");
}
