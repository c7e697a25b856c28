#include "workloads/trace_convert.h"

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <cmath>
#include <cstring>
#include <fstream>
#include <map>
#include <string_view>

#include "platform/input_error.h"
#include "platform/input_limits.h"
#include "workloads/batsim_workload.h"
#include "workloads/input_file.h"
#include "workloads/swf_reader.h"
#include "workloads/text_lines.h"

namespace rmsim {

namespace {

enum class Format { Swf, Csv, Json };

bool ends_with(const std::string& s, const std::string& tail) {
    return s.size() >= tail.size() && s.compare(s.size() - tail.size(), tail.size(), tail) == 0;
}

Format format_of(const std::string& path, bool input) {
    const std::string p = input && ends_with(path, ".gz") ? path.substr(0, path.size() - 3) : path;
    if (ends_with(p, ".swf")) return Format::Swf;
    if (ends_with(p, ".csv")) return Format::Csv;
    if (ends_with(p, ".json")) return Format::Json;
    throw InputError({path, 0, 0}, std::string("cannot tell the format from the name: ") +
                                       (input ? ".swf, .csv or .json, optionally .gz" : ".swf, .csv or .json"));
}

/// %.17g: a double that reads back to itself.
std::string exact(double v) {
    char buf[32];
    const auto r = std::to_chars(buf, buf + sizeof buf, v, std::chars_format::general, 17);
    return std::string(buf, r.ptr);
}

TraceJobs from_swf(const std::string& path) {
    const SwfTrace trace = read_swf(path);
    TraceJobs out;
    if (const auto procs = trace.header.integer("MaxProcs"); procs && *procs > 0)
        out.machine_procs = static_cast<std::uint64_t>(*procs);
    // The jobs the swf workload replays (workloads/config/readers.cpp): those that ran, shifted to the first.
    double origin = -1;
    for (const SwfJob& j : trace.jobs) {
        if (!j.ran() || j.submit_s < 0) continue;
        if (origin < 0) origin = j.submit_s;
        TraceJob t;
        t.id = std::to_string(j.job_number);
        t.submit_s = j.submit_s - origin;
        t.run_s = j.run_s;
        t.procs = static_cast<std::uint64_t>(*j.processors());
        t.requested_s = j.requested_time_s;
        out.jobs.push_back(std::move(t));
    }
    return out;
}

TraceJobs from_json(const std::string& path) {
    const BatsimWorkload b = read_batsim_workload(path);
    TraceJobs out;
    out.machine_procs = b.nb_res;
    for (const BatsimJob& j : b.jobs) {
        if (!j.delay)
            throw InputError({path, 0, 0}, "Batsim job " + std::to_string(j.index) + " (id " + j.id + "): profile '" +
                                               j.profile +
                                               "' is an amount of flops, which has no duration without a platform: "
                                               "only delay profiles convert");
        out.jobs.push_back({j.id, j.subtime_s, j.amount, j.res, j.walltime_s > 0 ? j.walltime_s : -1});
    }
    return out;
}

double number_cell(std::string_view cell, const std::string& path, int line, int col) {
    double v = 0;
    const auto r = std::from_chars(cell.data(), cell.data() + cell.size(), v);
    if (r.ec != std::errc() || r.ptr != cell.data() + cell.size() || !std::isfinite(v))
        throw InputError({path, line, col}, quote_short(cell) + " is not a number");
    return v;
}

TraceJobs from_csv(const std::string& path) {
    const std::string text = read_input_file(path, "task CSV");
    TraceJobs out;
    std::vector<std::string> columns;
    for_each_text_line(text, [&](std::string_view line, int line_no, std::size_t first) {
        if (line[first] == '#') return;
        if (line.back() == '\r') line.remove_suffix(1);
        const std::vector<CsvCell> cells = split_csv_cells(line);
        if (columns.empty()) {
            for (const auto& [name, col] : cells) {
                const std::string n(name);
                if (n != "id" && n != "arrival_s" && n != "work_s" && n != "cores" && n != "requested_s")
                    throw InputError({path, line_no, col},
                                     "column " + quote_short(n) +
                                         " does not convert (id, arrival_s, work_s, cores and requested_s do; "
                                         "per-core-type times need a platform)");
                columns.push_back(n);
            }
            for (const char* need : {"id", "arrival_s", "work_s"})
                if (std::find(columns.begin(), columns.end(), need) == columns.end())
                    throw InputError({path, line_no, 1}, std::string("no column '") + need + "'");
            return;
        }
        if (cells.size() != columns.size())
            throw InputError({path, line_no, 1}, std::to_string(cells.size()) + " cells for " +
                                                     std::to_string(columns.size()) + " columns");
        TraceJob t;
        for (std::size_t i = 0; i < cells.size(); ++i) {
            const auto [cell, col] = cells[i];
            if (columns[i] == "id") {
                t.id = std::string(cell);
                continue;
            }
            if (cell.empty()) continue;  // an optional value left out
            const double v = number_cell(cell, path, line_no, col);
            if (columns[i] == "arrival_s")
                t.submit_s = v;
            else if (columns[i] == "work_s")
                t.run_s = v;
            else if (columns[i] == "requested_s")
                t.requested_s = v;
            else if (v < 1 || v != std::floor(v) || v > 4294967295.0)
                throw InputError({path, line_no, col}, "cores must be a whole number from 1 to 4294967295");
            else
                t.procs = static_cast<std::uint64_t>(v);
        }
        out.jobs.push_back(std::move(t));
    });
    if (columns.empty()) throw InputError({path, 0, 0}, "task CSV: no header row");
    return out;
}

void write_swf(const TraceJobs& in, std::ostream& o) {
    o << "; Version: 2.2\n; Computer: converted by rmsim convert\n";
    if (in.machine_procs > 0) o << "; MaxProcs: " << in.machine_procs << "\n";
    for (std::size_t i = 0; i < in.jobs.size(); ++i) {
        const TraceJob& j = in.jobs[i];
        // 1 job, 2 submit, 3 wait, 4 run time, 5 allocated processors, 6-7, 8 requested processors,
        // 9 requested time, 10, 11 status (1: it ran), 12-18: unknown.
        o << i + 1 << ' ' << exact(j.submit_s) << " -1 " << exact(j.run_s) << ' ' << j.procs << " -1 -1 " << j.procs
          << ' ' << (j.requested_s >= 0 ? exact(j.requested_s) : "-1") << " -1 1 -1 -1 -1 -1 -1 -1 -1\n";
    }
}

void write_csv(const TraceJobs& in, std::ostream& o) {
    o << "id,arrival_s,work_s,cores,requested_s\n";
    for (const TraceJob& j : in.jobs)
        o << j.id << ',' << exact(j.submit_s) << ',' << exact(j.run_s) << ',' << j.procs << ','
          << (j.requested_s >= 0 ? exact(j.requested_s) : "") << '\n';
}

/// A JSON string literal (ids are digits and names in practice; quotes and controls are escaped).
std::string json_string(const std::string& s) {
    std::string out = "\"";
    for (const char c : s) {
        if (c == '"' || c == '\\')
            out += std::string("\\") + c;
        else if (static_cast<unsigned char>(c) < 0x20) {
            char buf[8];
            std::snprintf(buf, sizeof buf, "\\u%04x", c);
            out += buf;
        } else
            out += c;
    }
    return out + "\"";
}

void write_json(const TraceJobs& in, std::ostream& o) {
    std::uint64_t nb_res = in.machine_procs;
    for (const TraceJob& j : in.jobs) nb_res = std::max(nb_res, j.procs);
    // One delay profile per distinct duration, named in order of first use.
    std::map<double, std::size_t> profile_of;
    std::vector<double> delays;
    for (const TraceJob& j : in.jobs)
        if (profile_of.emplace(j.run_s, delays.size()).second) delays.push_back(j.run_s);
    o << "{\n  \"nb_res\": " << std::max<std::uint64_t>(nb_res, 1) << ",\n  \"jobs\": [";
    for (std::size_t i = 0; i < in.jobs.size(); ++i) {
        const TraceJob& j = in.jobs[i];
        o << (i ? ",\n" : "\n") << "    {\"id\": " << json_string(j.id) << ", \"subtime\": " << exact(j.submit_s)
          << ", \"res\": " << j.procs << ", \"profile\": \"delay" << profile_of[j.run_s] << "\"";
        if (j.requested_s > 0) o << ", \"walltime\": " << exact(j.requested_s);
        o << "}";
    }
    o << "\n  ],\n  \"profiles\": {";
    for (std::size_t i = 0; i < delays.size(); ++i)
        o << (i ? ",\n" : "\n") << "    \"delay" << i << "\": {\"type\": \"delay\", \"delay\": " << exact(delays[i])
          << "}";
    o << "\n  }\n}\n";
}

}  // namespace

TraceJobs read_trace_jobs(const std::string& path) {
    switch (format_of(path, true)) {
        case Format::Swf: return from_swf(path);
        case Format::Csv: return from_csv(path);
        case Format::Json: return from_json(path);
    }
    return {};
}

void write_trace_jobs(const TraceJobs& jobs, const std::string& path) {
    const Format f = format_of(path, false);
    const std::string tmp = path + ".partial";
    {
        std::ofstream o(tmp, std::ios::binary);
        if (!o) throw InputError({path, 0, 0}, std::string("cannot write it (") + std::strerror(errno) + ")");
        if (f == Format::Swf)
            write_swf(jobs, o);
        else if (f == Format::Csv)
            write_csv(jobs, o);
        else
            write_json(jobs, o);
        if (!o) throw InputError({path, 0, 0}, "cannot write it");
    }
    if (std::rename(tmp.c_str(), path.c_str()) != 0)
        throw InputError({path, 0, 0}, std::string("cannot write it (") + std::strerror(errno) + ")");
}

}  // namespace rmsim
