#include "workloads/swf_reader.h"

#include <cctype>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <limits>

#include "platform/input_error.h"
#include "platform/input_limits.h"
#include "platform/model_limits.h"
#include "workloads/text_lines.h"

namespace rmsim {

namespace {

constexpr int kFields = 18;

const char* const kFieldNames[kFields] = {"job number",
                                          "submit time",
                                          "wait time",
                                          "run time",
                                          "allocated processors",
                                          "average CPU time",
                                          "used memory",
                                          "requested processors",
                                          "requested time",
                                          "requested memory",
                                          "status",
                                          "user id",
                                          "group id",
                                          "executable",
                                          "queue",
                                          "partition",
                                          "preceding job",
                                          "think time"};

// Counts, ids and the status are integers; times and memory sizes may be fractional in some logs, so fields
// 2-4, 6, 7, 9, 10 and 18 are read as reals. Fields 11-16 are stored as 32-bit integers.
constexpr bool kInteger[kFields] = {true,  false, false, false, true, false, false, true, false,
                                    false, true,  true,  true,  true, true,  true,  true, false};
// Times (fields 2-4, 6, 9, 18) must lie within simulated time; memory sizes (7, 10) within rmsim's largest
// count (platform/model_limits.h).
constexpr bool kTime[kFields] = {false, true,  true,  true,  false, true,  false, false, true,
                                 false, false, false, false, false, false, false, false, true};

std::string trim(std::string_view s) { return std::string(trim_blanks(s)); }

/// Header comment: "; Key: value" has at most one space between ';' and the key; continuation lines are
/// indented further.
void parse_header_line(std::string_view body, SwfHeader& h, std::string& last_key) {
    h.lines.emplace_back(body);
    std::size_t i = 0;
    while (i < body.size() && is_blank(body[i])) ++i;
    if (i == body.size()) {  // an empty comment line ends a continuation
        last_key.clear();
        return;
    }
    std::size_t k = i;
    while (k < body.size() && (std::isalnum(static_cast<unsigned char>(body[k])) || body[k] == '_')) ++k;
    const bool is_key = i <= 1 && k > i && std::isalpha(static_cast<unsigned char>(body[i])) && k < body.size() &&
                        body[k] == ':' && body.substr(k + 1, 2) != "//";
    if (is_key) {
        std::string key(body.substr(i, k - i));
        std::string value = trim(body.substr(k + 1));
        auto [it, inserted] = h.fields.emplace(key, value);
        if (!inserted) it->second += "\n" + value;
        last_key = key;
    } else if (!last_key.empty()) {
        h.fields[last_key] += "\n" + trim(body);
    }
}

}  // namespace

std::optional<std::string> SwfHeader::text(const std::string& key) const {
    auto it = fields.find(key);
    return it == fields.end() ? std::nullopt : std::optional<std::string>(it->second);
}

std::optional<std::int64_t> SwfHeader::integer(const std::string& key) const {
    auto it = fields.find(key);
    if (it == fields.end()) return std::nullopt;
    const std::string& s = it->second;
    std::int64_t v = 0;
    auto r = std::from_chars(s.data(), s.data() + s.size(), v);
    if (r.ec != std::errc() || r.ptr != s.data() + s.size()) return std::nullopt;
    return v;
}

namespace {

/// One line (not all blanks) of an SWF trace: a header comment (kept in `header`, if given) or a job (into `j`,
/// then true). Malformed: InputError at the field.
bool parse_line(const TextLine& l, const std::string& file_name, SwfHeader* header, std::string& last_key, SwfJob& j) {
    const std::string_view line = l.text;
    const int line_no = l.number;
    std::size_t i = l.first;
    if (line[i] == ';') {
        if (header) parse_header_line(line.substr(i + 1), *header, last_key);
        return false;
    }
    double v[kFields];
    int n = 0;
    while (i < line.size()) {
        const std::size_t start = i;
        while (i < line.size() && !is_blank(line[i])) ++i;
        const int col = static_cast<int>(start) + 1;
        if (n == 1) j.submit_column = col;
        if (n == kFields)
            throw InputError({file_name, line_no, col},
                             "SWF: more than " + std::to_string(kFields) + " fields in a job line");
        const char* b = line.data() + start;
        const char* e = line.data() + i;
        auto r = std::from_chars(b, e, v[n]);
        if (r.ec != std::errc() || r.ptr != e || !std::isfinite(v[n]))
            throw InputError({file_name, line_no, col},
                             "SWF: field " + std::to_string(n + 1) + " (" + kFieldNames[n] + ") is not a number: '" +
                                 shorten(std::string_view(b, static_cast<std::size_t>(e - b))) + "'");
        const double limit = (n >= 10 && n <= 15) ? std::numeric_limits<std::int32_t>::max() : 9e15;
        if (kInteger[n] && (v[n] != std::floor(v[n]) || std::fabs(v[n]) > limit))
            throw InputError({file_name, line_no, col},
                             "SWF: field " + std::to_string(n + 1) + " (" + kFieldNames[n] + ") must be an integer: '" +
                                 shorten(std::string_view(b, static_cast<std::size_t>(e - b))) + "'");
        if (kTime[n] && v[n] > kMaxSeconds)
            throw InputError({file_name, line_no, col},
                             "SWF: field " + std::to_string(n + 1) + " (" + kFieldNames[n] + ") is " +
                                 shorten(std::string_view(b, static_cast<std::size_t>(e - b))) +
                                 " s, past the end of simulated time (9.2e+09 s, 292 years)");
        if (!kInteger[n] && v[n] > kMaxMagnitude)
            throw InputError({file_name, line_no, col},
                             "SWF: field " + std::to_string(n + 1) + " (" + kFieldNames[n] + ") is " +
                                 shorten(std::string_view(b, static_cast<std::size_t>(e - b))) + ", above 1e+250");
        ++n;
        while (i < line.size() && is_blank(line[i])) ++i;
    }
    if (n < kFields)
        throw InputError({file_name, line_no, static_cast<int>(line.size()) + 1},
                         "SWF: job line has " + std::to_string(n) + " fields, expected " + std::to_string(kFields) +
                             " (missing " + kFieldNames[n] + ")");

    j.job_number = static_cast<std::int64_t>(v[0]);
    j.submit_s = v[1];
    j.wait_s = v[2];
    j.run_s = v[3];
    j.allocated_procs = static_cast<std::int64_t>(v[4]);
    j.avg_cpu_s = v[5];
    j.used_memory_kb = v[6];
    j.requested_procs = static_cast<std::int64_t>(v[7]);
    j.requested_time_s = v[8];
    j.requested_memory_kb = v[9];
    j.status = static_cast<std::int32_t>(v[10]);
    j.user = static_cast<std::int32_t>(v[11]);
    j.group = static_cast<std::int32_t>(v[12]);
    j.executable = static_cast<std::int32_t>(v[13]);
    j.queue = static_cast<std::int32_t>(v[14]);
    j.partition = static_cast<std::int32_t>(v[15]);
    j.preceding_job = static_cast<std::int64_t>(v[16]);
    j.think_time_s = v[17];
    j.line = line_no;
    return true;
}

}  // namespace

SwfTrace parse_swf(std::string_view text, const std::string& file_name) {
    SwfTrace trace;
    std::string last_key;
    SwfJob j;
    for_each_text_line(text, [&](std::string_view line, int line_no, std::size_t first) {
        if (parse_line({line, line_no, first}, file_name, &trace.header, last_key, j)) trace.jobs.push_back(j);
    });
    return trace;
}

SwfJobReader::SwfJobReader(const std::string& path, std::uint64_t max_bytes, SwfHeader* header)
    : lines_(path, "SWF trace", max_bytes), header_(header) {}

bool SwfJobReader::next(SwfJob& job) {
    TextLine line;
    while (lines_.next(line))
        if (parse_line(line, lines_.path(), header_, last_key_, job)) return true;
    return false;
}

SwfTrace read_swf(const std::string& path, std::uint64_t max_bytes) {
    SwfTrace trace;
    SwfJobReader reader(path, max_bytes, &trace.header);
    SwfJob j;
    while (reader.next(j)) trace.jobs.push_back(j);
    return trace;
}

}  // namespace rmsim
