// The catalogue of bad inputs: every kind an outside test found mishandled (a hang, exit 0 with wrong results,
// an internal error, a message without location), one case each and more where cheap. Each must be refused
// before anything runs: exit 2, `file:line:col: message` (or `rmsim: message` for an option), no result
// folder. The cases that are not errors (a task of zero work, --seed 0) must run correctly. Every run has a
// time limit, so a hang fails its case instead of stalling the suite.
#include <sys/stat.h>
#include <zlib.h>
#include <catch2/catch.hpp>

#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "tests/support/rmsim_cli.h"
#include "tests/support/scratch_dir.h"

namespace fs = std::filesystem;
using rmsim::test::run_cli;
using rmsim::test::ScratchDir;
using rmsim::test::write_file;

namespace {

const std::string kConfig =
    "platform:\n"
    "  name: tiny\n"
    "  core_types:\n"
    "    - name: c\n"
    "      pstates:\n"
    "        - {frequency_ghz: 2.0, busy_power_w: 4.0, idle_power_w: 1.0}\n"
    "        - {frequency_hz: 1.0e9, busy_power_w: 1.5, idle_power_w: 0.5}\n"
    "  processor_types: [{name: p, core_type: c, cores: 4}]\n"
    "  node_types: [{name: n, processors: [{type: p}], base_power_w: 10}]\n"
    "  clusters: [{name: k, node_type: n, nodes: 4}]\n"
    "workload:\n"
    "  synthetic: {tasks: 20, arrival_rate_per_s: 0.1, work_s_mean: 10}\n"
    "manager: {policy: fcfs}\n"
    "run: {seed: 1}\n";

/// kConfig with `from` replaced by `to` (which must occur).
std::string config_with(const std::string& from, const std::string& to, std::string text = kConfig) {
    const auto at = text.find(from);
    REQUIRE(at != std::string::npos);
    return text.replace(at, from.size(), to);
}

/// "line:col:" (1-based) of the first `needle` in `text` at or after `from`: the location rmsim must report.
std::string loc(const std::string& text, const std::string& needle, std::size_t from = 0) {
    const auto at = text.find(needle, from);
    REQUIRE(at != std::string::npos);
    const auto line_start = text.rfind('\n', at);
    const std::size_t col = at - (line_start == std::string::npos ? 0 : line_start + 1) + 1;
    const std::size_t line = 1 + std::count(text.begin(), text.begin() + at, '\n');
    return std::to_string(line) + ":" + std::to_string(col) + ":";
}

struct Case {
    std::string name;
    std::map<std::string, std::string> files;  ///< written to the case's folder; c.yaml is the config
    std::string where;                         ///< "c.yaml:3:7:" (file in the folder) or "rmsim:" (an option)
    std::string message;                       ///< part of the message
    std::string extra;                         ///< more command-line options
    std::string command = "run";
};

void expect_refused(const Case& c) {
    const ScratchDir d("bad_inputs");
    for (const auto& [name, text] : c.files) write_file(d / name, text);
    const std::string out = c.command == "run" ? " --out " + (d / "out").string() : "";
    const auto o = run_cli(c.command + " " + (d / "c.yaml").string() + out + " " + c.extra, d.path(), 60);
    INFO(c.name << "\n" << o.err);
    CHECK(o.code == 2);
    const bool option = c.where == "rmsim:" || c.where.rfind("--", 0) == 0;
    const std::string where = option ? c.where : (d / c.where).string();
    CHECK(o.err.rfind(where, 0) == 0);
    CHECK(o.err.find(c.message) != std::string::npos);
    CHECK_FALSE(fs::exists(d / "out"));
}

/// kConfig with `from` replaced by `to`; blamed on the first `at` within `to`.
Case yaml_case(const std::string& name, const std::string& from, const std::string& to, const std::string& at,
               const std::string& message) {
    const std::string text = config_with(from, to);
    return {name, {{"c.yaml", text}}, "c.yaml:" + loc(text, at, kConfig.find(from)), message, ""};
}

/// yaml_case() of a `run:` map with `keys` added after its seed.
Case run_case(const std::string& name, const std::string& keys, const std::string& at, const std::string& message) {
    return yaml_case(name, "run: {seed: 1}", "run: {seed: 1, " + keys + "}", at, message);
}

/// A platform too large for memory: blamed on the clusters list.
Case huge_platform(const std::string& command) {
    const std::string text = config_with("nodes: 4}", "nodes: 4000000000}");
    Case c{"huge_platform",
           {{"c.yaml", text}},
           "c.yaml:" + loc(text, "[{name: k"),
           "simulating 4000000000 nodes of 1.6e+10 cores needs about",
           ""};
    c.command = command;
    return c;
}

/// A config reading tasks from `file` (csv or swf) with `body`; blamed on `where` in that file.
Case trace_case(const std::string& name, const std::string& kind, const std::string& body, const std::string& where,
                const std::string& message) {
    const std::string file = kind == "csv" ? "t.csv" : "t.swf";
    const std::string text = config_with("synthetic: {tasks: 20, arrival_rate_per_s: 0.1, work_s_mean: 10}",
                                         kind + ": {path: " + file + "}");
    return {name, {{"c.yaml", text}, {file, body}}, file + ":" + where, message, ""};
}

std::string swf_line(const std::string& submit, const std::string& run, const std::string& procs) {
    return "1 " + submit + " -1 " + run + " " + procs + " -1 -1 " + procs + " 60 -1 1 1 1 -1 -1 -1 -1 -1\n";
}

/// rmsim with `args` in `d`, refused as an input limit must refuse: exit 2, stderr starting with `where`
/// and holding `message`, in a short line, no result folder; run with 100 MiB of address space (beyond it an
/// allocation fails, exit 1) and a time limit that only a hang reaches.
void expect_bounded(const ScratchDir& d, const std::string& args, const std::string& where,
                    const std::string& message) {
    const std::string out = args.rfind("run ", 0) == 0 ? " --out " + (d / "out").string() : "";
    const auto o = run_cli(args + out, d.path(), 20, 100);
    INFO(args << "\n" << o.err);
    CHECK(o.code == 2);
    CHECK(o.err.rfind(where, 0) == 0);
    CHECK(o.err.find(message) != std::string::npos);
    CHECK(o.err.size() < 400);
    CHECK_FALSE(fs::exists(d / "out"));
}

/// A gzip file of `chunks` x 64 MiB of zeros in one member, a few MB: one compressed block of 64 MiB made
/// independent by a full flush, repeated, then an empty final block and the trailer (CRC-32 combined).
std::string gzip_of_zeros(unsigned chunks) {
    const std::size_t chunk = std::size_t{64} << 20;
    const std::vector<unsigned char> zeros(chunk, 0);
    z_stream z{};
    REQUIRE(deflateInit2(&z, 9, Z_DEFLATED, -15, 9, Z_DEFAULT_STRATEGY) == Z_OK);
    std::string block(deflateBound(&z, chunk) + 64, '\0');
    z.next_in = const_cast<unsigned char*>(zeros.data());
    z.avail_in = static_cast<uInt>(chunk);
    z.next_out = reinterpret_cast<Bytef*>(block.data());
    z.avail_out = static_cast<uInt>(block.size());
    REQUIRE(deflate(&z, Z_FULL_FLUSH) == Z_OK);
    REQUIRE(z.avail_in == 0);
    block.resize(block.size() - z.avail_out);
    deflateEnd(&z);
    const uLong crc_chunk = crc32(0, zeros.data(), static_cast<uInt>(chunk));
    uLong crc = crc_chunk;
    for (unsigned i = 1; i < chunks; ++i) crc = crc32_combine(crc, crc_chunk, static_cast<z_off_t>(chunk));
    const std::uint32_t isize = static_cast<std::uint32_t>(chunks * chunk);
    std::string gz("\x1f\x8b\x08\x00\x00\x00\x00\x00\x00\x03", 10);
    for (unsigned i = 0; i < chunks; ++i) gz += block;
    gz += std::string("\x03\x00", 2);  // an empty final block (fixed Huffman)
    for (int i = 0; i < 4; ++i) gz += static_cast<char>((crc >> (8 * i)) & 0xff);
    for (int i = 0; i < 4; ++i) gz += static_cast<char>((isize >> (8 * i)) & 0xff);
    return gz;
}

/// 11 lines that stand for 10^10 nodes: ten anchors, each a list of ten aliases of the one before.
std::string alias_bomb(const std::string& key) {
    std::string text = "bomb0: &a0 [x, x, x, x, x, x, x, x, x, x]\n";
    for (int i = 1; i < 10; ++i) {
        text += "bomb" + std::to_string(i) + ": &a" + std::to_string(i) + " [";
        for (int j = 0; j < 10; ++j) text += (j ? ", *a" : "*a") + std::to_string(i - 1);
        text += "]\n";
    }
    return text + key + ": *a9\n";
}

}  // namespace

TEST_CASE("bad inputs: unbounded inputs are refused before they are read", "[sim][bad_inputs][limits]") {
    const std::string synthetic = "synthetic: {tasks: 20, arrival_rate_per_s: 0.1, work_s_mean: 10}";
    SECTION("a 17 MB list under an unknown key: the config's size") {
        const ScratchDir d("limit_size");
        std::string text = kConfig + "extra: [";
        text.reserve(17u << 20);
        while (text.size() < (17u << 20)) text += "0, ";
        write_file(d / "c.yaml", text + "0]\n");
        expect_bounded(d, "run " + (d / "c.yaml").string(), (d / "c.yaml").string() + ": the file is ",
                       "bytes, more than the 16 MiB a config or platform file may have");
    }
    SECTION("an alias bomb of 11 lines, under an unknown key or as the name") {
        for (const std::string key : {"extra", "name"}) {
            const ScratchDir d("limit_alias");
            const std::string text = kConfig + alias_bomb(key);
            write_file(d / "c.yaml", text);
            // The lists a0..a4 stand for 11 + 111 + 1,111 + 11,111 + 111,111 = 123,455 nodes; each alias of a4
            // in a5 for 111,111 more: the 8th passes 10^6 (123,455 + 8 x 111,111 = 1,012,343, with a5's own).
            expect_bounded(d, "run " + (d / "c.yaml").string(),
                           (d / "c.yaml").string() + ":" + loc(text, "*a4", text.find("bomb5: ") + 12 + 7 * 5),
                           "the document has more than 1000000 nodes (aliases counted as the nodes they stand for)");
        }
    }
    SECTION("an alias inside its own anchor") {
        const ScratchDir d("limit_cycle");
        const std::string text = kConfig + "extra: &loop [1, *loop]\n";
        write_file(d / "c.yaml", text);
        expect_bounded(d, "validate " + (d / "c.yaml").string(), (d / "c.yaml").string() + ":" + loc(text, "*loop"),
                       "an alias inside the node its anchor names");
    }
    SECTION("10,000 levels of nesting") {
        const ScratchDir d("limit_depth");
        const std::string text = kConfig + "extra: " + std::string(10000, '[') + std::string(10000, ']') + "\n";
        write_file(d / "c.yaml", text);
        // The top-level map is the first level, the 64th '[' the first one too deep.
        expect_bounded(d, "run " + (d / "c.yaml").string(),
                       (d / "c.yaml").string() + ":" + loc(text, "[", text.find("extra: ") + 7 + 63),
                       "nested too deep: more than 64 levels of maps and lists");
    }
    SECTION("a 3 MB .swf.gz that inflates to 3 GiB") {
        const ScratchDir d("limit_gzip");
        write_file(d / "c.yaml", config_with(synthetic, "swf: {path: t.swf.gz}"));
        write_file(d / "t.swf.gz", gzip_of_zeros(48));
        CHECK(fs::file_size(d / "t.swf.gz") < (4u << 20));
        expect_bounded(d, "run " + (d / "c.yaml").string(),
                       (d / "t.swf.gz").string() +
                           ": SWF trace decompresses to 3221225472 bytes, more than its "
                           "limit of 1 GiB",
                       "raise the limit with the workload's max_bytes");
    }
    SECTION("special files: /dev/zero as the config or a task CSV, a FIFO as the config") {
        const ScratchDir d("limit_special");
        expect_bounded(d, "run /dev/zero", "/dev/zero: cannot open file (it is a character device",
                       "rmsim reads regular files only");
        write_file(d / "c.yaml", config_with(synthetic, "csv: {path: /dev/zero}"));
        expect_bounded(d, "run " + (d / "c.yaml").string(), "/dev/zero: cannot open task CSV (it is a character device",
                       "rmsim reads regular files only");
        REQUIRE(mkfifo((d / "fifo.yaml").c_str(), 0600) == 0);
        expect_bounded(d, "validate " + (d / "fifo.yaml").string(),
                       (d / "fifo.yaml").string() + ": cannot open file (it is a FIFO", "regular files only");
    }
    SECTION("a 10 MB CSV cell: the line's length, and a message that quotes a prefix only") {
        const ScratchDir d("limit_cell");
        write_file(d / "c.yaml", config_with(synthetic, "csv: {path: t.csv}"));
        write_file(d / "t.csv", "id,arrival_s,work_s\n1,0," + std::string(10u << 20, '7') + "x\n");
        expect_bounded(d, "run " + (d / "c.yaml").string(),
                       (d / "t.csv").string() + ":2:1: line 2 is longer than 1 MiB",
                       "the longest line a task CSV may have");
        write_file(d / "t.csv", "id,arrival_s,work_s\n1,0," + std::string(100000, '7') + "x\n");
        expect_bounded(d, "run " + (d / "c.yaml").string(), (d / "t.csv").string() + ":2:5: ",
                       "'7777777777777777777777777777777777777777...' (100001 bytes) is not a number");
    }
}

TEST_CASE("bad inputs: YAML is read strictly, nothing is accepted silently", "[sim][bad_inputs][yaml]") {
    const std::string run = "run: {seed: 1}";
    const std::string policy = "manager: {policy: fcfs}";
    for (const Case& c : {
             yaml_case("policy_params", policy, "manager: {policy: easy, params: {pstate: 0, pstate: 1}}", "pstate: 1",
                       "duplicate key 'pstate' (first at"),
             yaml_case("governor_params", run,
                       run + "\ndvfs: {governor: ondemand, params: {up_threshold: 70, up_threshold: 90}}",
                       "up_threshold: 90", "duplicate key 'up_threshold' (first at"),
             yaml_case("variant_set", run,
                       run + "\nvariants:\n  - {name: a, set: {run.seed: 2, run.seed: 3}}\n  - {name: b, set: {}}",
                       "run.seed: 3", "duplicate key 'run.seed' (first at"),
             yaml_case("second_document", run, run + "\n---\nrun: {seed: 2, trials: 3}", "---",
                       "a second YAML document: a file holds exactly one"),
             yaml_case("after_end", run, run + "\n...\nrun: {seed: 2, trials: 3}", "run: {seed: 2",
                       "nothing may follow the end marker '...'"),
             yaml_case("name_map", run, run + "\nname: {title: x}", "{title", "'name' must be a string, got a map"),
             yaml_case("memory_gb", "nodes: 4}", "nodes: 4, memory_gb: 1.0e300}", "1.0e300", "above 1e+250"),
             yaml_case("formats", run, "run: {seed: 1, formats: [batsim, gantt]}", "gantt",
                       "unknown format 'gantt' in 'formats' (valid: batsim, swf)"),
         })
        expect_refused(c);
    // A --set value is YAML too: one document, its keys once each, its aliases counted.
    expect_refused(Case{
        "set_duplicate", {{"c.yaml", kConfig}}, "--set: ", "duplicate key 'a'", "--set 'manager.params={a: 1, a: 2}'"});
}

TEST_CASE("bad inputs: a byte-order mark is accepted in every input", "[sim][bad_inputs][yaml]") {
    const std::string bom = "\xEF\xBB\xBF";
    const std::string synthetic = "synthetic: {tasks: 20, arrival_rate_per_s: 0.1, work_s_mean: 10}";
    for (const auto& [name, file, body] : std::vector<std::tuple<std::string, std::string, std::string>>{
             {"csv", "t.csv", "id,arrival_s,work_s\n1,0,10\n2,5,10\n"},
             {"swf", "t.swf", swf_line("0", "10", "4") + swf_line("5", "10", "4")},
             {"batsim", "t.json",
              R"({"nb_res": 4, "jobs": [{"id": 1, "subtime": 0, "res": 4, "profile": "d"},
                  {"id": "b", "subtime": 5, "res": 4, "profile": "d"}],
                  "profiles": {"d": {"type": "delay", "delay": 10}}})"},
         }) {
        const ScratchDir d("bom_" + name);
        write_file(d / "c.yaml", bom + config_with(synthetic, name + ": {path: " + file + "}"));
        write_file(d / file, bom + body);
        const auto o =
            run_cli("run " + (d / "c.yaml").string() + " --out " + (d / "out").string() + " --quiet", d.path(), 60);
        INFO(name << "\n" << o.err);
        REQUIRE(o.code == 0);
        const auto s = nlohmann::json::parse(rmsim::test::slurp(d / "out" / "summary.json"));
        CHECK(s["tasks"]["completed"] == 2);
    }
}

TEST_CASE("bad inputs: the limits leave room for large valid inputs", "[sim][bad_inputs][limits]") {
    // 10^6 tasks in a CSV (about 30 MB) and 10^6 jobs in a .swf.gz (about 75 MB inflated) pass validate,
    // which reads the whole file: far below the 1 GiB and 1 MiB-per-line limits.
    const ScratchDir d("limit_large");
    std::string csv = "id,arrival_s,work_s,cores\n", swf = "; generated\n";
    csv.reserve(32u << 20);
    swf.reserve(80u << 20);
    for (int i = 0; i < 1000000; ++i) {
        const std::string n = std::to_string(i), cores = std::to_string(1 + i % 4);
        csv += n + "," + n + ".5," + std::to_string(1 + i % 97) + "," + cores + "\n";
        swf += std::to_string(i + 1) + " " + n + " -1 " + std::to_string(1 + i % 3600) + " " + cores + " -1 -1 " +
               cores + " 7200 -1 1 " + std::to_string(i % 100) + " 1 -1 -1 -1 -1 -1\n";
    }
    write_file(d / "t.csv", csv);
    gzFile f = gzopen((d / "t.swf.gz").c_str(), "wb1");
    REQUIRE(f != nullptr);
    REQUIRE(gzwrite(f, swf.data(), static_cast<unsigned>(swf.size())) == static_cast<int>(swf.size()));
    REQUIRE(gzclose(f) == Z_OK);
    const std::string synthetic = "synthetic: {tasks: 20, arrival_rate_per_s: 0.1, work_s_mean: 10}";
    for (const std::string workload : {"csv: {path: t.csv}", "swf: {path: t.swf.gz}"}) {
        write_file(d / "c.yaml", config_with(synthetic, workload));
        const auto o = run_cli("validate " + (d / "c.yaml").string(), d.path(), 120);
        INFO(workload << "\n" << o.err);
        CHECK(o.code == 0);
        CHECK(o.out.find("1000000 tasks") != std::string::npos);
    }
    const auto kth = run_cli("validate " RMSIM_SOURCE_DIR "/configs/experiments/kth-easy.yaml", d.path(), 120);
    INFO(kth.err);
    CHECK(kth.code == 0);
    CHECK(kth.out.find("28467 tasks") != std::string::npos);
}

TEST_CASE("bad inputs: a shaped energy goal is checked", "[sim][bad_inputs][energy_goal]") {
    for (const Case& c : {
             run_case("goal_price", "energy_goal: {price: [0.1, 0]}", "0]",
                      "an energy_goal price must be > 0, got '0'"),
             run_case("goal_both", "energy_goal: {price: [1], shape: [1]}", "{price",
                      "energy_goal needs one of 'shape' (a share per slice) or 'price'"),
             run_case("goal_empty", "energy_goal: {shape: []}", "[]", "energy_goal shape needs 1 to 100000 entries"),
             run_case("goal_word", "energy_goal: flat", "flat",
                      "energy_goal: expected linear, {shape: [...]} or {price: [...]}"),
             run_case("goal_key", "energy_goal: {prices: [1]}", "prices", "unknown key 'prices'"),
         })
        expect_refused(c);
}

TEST_CASE("bad inputs: values that made runs hang are refused", "[sim][bad_inputs]") {
    for (const Case& c : {
             yaml_case("budget_period", "run: {seed: 1}",
                       "run: {seed: 1, energy_budget_j: 100, budget_period_s: 1.0e-12}", "1.0e-12",
                       "'budget_period_s' is 1e-12 s, shorter than the time resolution"),
             yaml_case("end", "run: {seed: 1}", "run: {seed: 1, end_s: 1.0e300}", "1.0e300",
                       "'end_s' is 1e+300 s, past the end of simulated time"),
             trace_case("csv_work", "csv", "id,arrival_s,work_s\n1,0,1e300\n",
                        "2:5:", "past the end of simulated time"),
             trace_case("swf_run", "swf", swf_line("0", "1e300", "4"), "1:8:", "field 4 (run time) is 1e300 s"),
         })
        expect_refused(c);
}

TEST_CASE("bad inputs: a trial whose trace days hold no job stops the run before any trial", "[sim][bad_inputs]") {
    // Jobs on days 0 and 1; trial 2 of three would replay day 2.
    const std::string trace = swf_line("100", "10", "4") + swf_line("90000", "10", "4");
    Case c = trace_case("swf_days", "swf", trace, "", "trial 2 replays the jobs submitted from 172800 s to 259200 s");
    c.files["c.yaml"] = config_with("swf: {path: t.swf}", "swf: {path: t.swf, first_day: 0}", c.files["c.yaml"]);
    c.files["c.yaml"] = config_with("run: {seed: 1}", "run: {seed: 1, trials: 3}", c.files["c.yaml"]);
    c.where = "c.yaml:" + loc(c.files["c.yaml"], "0", c.files["c.yaml"].find("first_day: "));
    expect_refused(c);
}

TEST_CASE("bad inputs: values that ran to wrong results are refused", "[sim][bad_inputs]") {
    for (const Case& c : {
             yaml_case("fast_clock", "frequency_ghz: 2.0", "frequency_ghz: 1.0e300", "1.0e300",
                       "a clock period shorter than 1 fs"),
             yaml_case("slow_clock", "frequency_hz: 1.0e9", "frequency_hz: 1.0e-300", "1.0e-300",
                       "a clock period longer than simulated time"),
             trace_case("csv_arrival", "csv", "id,arrival_s,work_s\n1,1e300,10\n",
                        "2:3:", "past the end of simulated time"),
             trace_case("swf_arrival", "swf", swf_line("0", "10", "4") + swf_line("1e300", "10", "4"),
                        "2:3:", "field 2 (submit time) is 1e300 s"),
             trace_case("csv_cores", "csv", "id,arrival_s,work_s,cores\n1,0,10,1000\n",
                        "2:8:", "task 1 asks for 1000 cores, but the largest cluster has 16"),
             trace_case("csv_nodes", "csv", "id,arrival_s,work_s,nodes\n1,0,10,99\n",
                        "2:8:", "task 1 asks for 99 nodes, but the largest cluster has 4"),
             trace_case("swf_procs", "swf", swf_line("0", "10", "1000000"), "1:1:",
                        "asks for 1000000 cores, but the largest cluster has 16 (field 5, allocated processors)"),
             trace_case("swf_procs_overflow", "swf", swf_line("0", "10", "4294967297"),
                        "1:1:", "4294967297 processors (field 5) is more than 4294967295"),
             yaml_case("synthetic_cores", "work_s_mean: 10}", "work_s_mean: 10, cores_max: 1000}", "1000",
                       "a task that asks for 1000 cores, but the largest cluster has 16"),
             yaml_case("seed_fraction", "seed: 1}", "seed: 1.5}", "1.5", "'seed' must be a whole number from 0 to"),
             yaml_case("seed_huge", "seed: 1}", "seed: 1.0e30}", "1.0e30", "'seed' must be a whole number from 0 to"),
             yaml_case("compare_metric", "run: {seed: 1}\n",
                       "run: {seed: 1}\ncompare: {metrics: [tasks.bogus]}\nvariants:\n  - {name: a, set: "
                       "{manager.policy: easy}}\n",
                       "tasks.bogus", "section 'tasks' of summary.json has no field 'bogus'"),
         })
        expect_refused(c);
    const std::string text =
        config_with("synthetic: {tasks: 20, arrival_rate_per_s: 0.1, work_s_mean: 10}", "swf: {path: traces}");
    const ScratchDir d("bad_folder");
    fs::create_directories(d / "traces");
    write_file(d / "c.yaml", text);
    const auto o = run_cli("run " + (d / "c.yaml").string() + " --out " + (d / "out").string(), d.path(), 60);
    INFO(o.err);
    CHECK(o.code == 2);
    CHECK(o.err.find("traces: cannot open") != std::string::npos);
    CHECK_FALSE(fs::exists(d / "out"));
}

TEST_CASE("bad inputs: values that ended in internal errors are refused", "[sim][bad_inputs]") {
    const std::string machovec = "platform: " RMSIM_SOURCE_DIR "/configs/platforms/machovec-ch3.yaml\n";
    for (const Case& c : {
             yaml_case("zero_after", "work_s_mean: 10}", "work_s_mean: 10, utility_zero_after_factor: 0.5}", "0.5",
                       "parameter 'utility_zero_after_factor' of synthetic workload: must be >= 1, got '0.5'"),
             yaml_case("base_power", "base_power_w: 10", "base_power_w: 1.0e308", "1.0e308", "above 1e+250"),
             yaml_case("tasks_memory", "tasks: 20,", "tasks: 4000000000,", "4000000000",
                       "4000000000 tasks needs about 2.8 TB of memory"),
             huge_platform("run"),
             Case{"machovec_small",
                  {{"c.yaml", config_with("synthetic: {tasks: 20, arrival_rate_per_s: 0.1, work_s_mean: 10}",
                                          "machovec_ch3: {tasks_per_day: 100, hours: 1}")}},
                  "c.yaml:" + loc(config_with("synthetic: {tasks: 20, arrival_rate_per_s: 0.1, work_s_mean: 10}",
                                              "machovec_ch3: {tasks_per_day: 100, hours: 1}"),
                                  "{tasks_per_day"),
                  "machovec_ch3 workload needs a machovec-ch3 style platform",
                  ""},
         })
        expect_refused(c);
    // machovec_ch3 tasks_per_day: 1e12 on the Ch.3 platform asks for ~1e12 tasks.
    std::string text = machovec + "workload:\n  machovec_ch3: {tasks_per_day: 1.0e12}\nmanager: {policy: fcfs}\n";
    expect_refused(Case{"tasks_per_day", {{"c.yaml", text}}, "c.yaml:" + loc(text, "1.0e12"), "tasks needs about", ""});
    // validate refuses what run refuses.
    expect_refused(huge_platform("validate"));
    // A policy refused by what the workload's tasks lack, by run and validate alike, at the policy's name.
    auto refuses_policy = [](const std::string& policy, const std::string& text, const std::string& says) {
        for (const std::string command : {"run", "validate"}) {
            Case c{"policy_" + policy,
                   {{"c.yaml", text}},
                   "c.yaml:" + loc(text, policy + "}"),
                   "policy '" + policy + "' " + says,
                   ""};
            c.command = command;
            expect_refused(c);
        }
    };
    // A policy of one task per core with tasks of several cores stopped the run at its first mapping event (a
    // Ch.4 policy ran a task of several cores on one).
    for (const std::string policy : {"min-min", "siegel-dynamic", "ch4-fcfs"})
        refuses_policy(policy,
                       config_with("manager: {policy: fcfs}", "manager: {policy: " + policy + "}",
                                   config_with("work_s_mean: 10}", "work_s_mean: 10, cores_max: 3}")),
                       "schedules serial tasks (one core each), but task");
    // A value-of-service policy with tasks that have no VM configurations stopped the run with an internal error.
    for (const std::string policy : {"max-vptr", "simple"})
        refuses_policy(policy, config_with("manager: {policy: fcfs}", "manager: {policy: " + policy + "}"),
                       "places tasks on VM configurations with value-of-service terms, but task 0");
}

TEST_CASE("bad inputs: the machovec_ch4 workload's keys are checked", "[sim][bad_inputs][machovec_ch4]") {
    const std::string synthetic = "synthetic: {tasks: 20, arrival_rate_per_s: 0.1, work_s_mean: 10}";
    for (const Case& c : {
             yaml_case("ch4_key", synthetic, "machovec_ch4: {tasks_per_day: 100, burst: 4}", "burst",
                       "unknown key 'burst' in machovec_ch4 workload"),
             yaml_case("ch4_fraction", synthetic, "machovec_ch4: {tasks_per_day: 100, critical_fraction: 1.5}", "1.5",
                       "parameter 'critical_fraction' of machovec_ch4 workload: must be in [0, 1], got '1.5'"),
             yaml_case("ch4_family", synthetic, "machovec_ch4: {tasks_per_day: 100, utility_family: linear}", "linear",
                       "utility_family must be step, decaying or classes, got 'linear'"),
             yaml_case("ch4_burst", synthetic, "machovec_ch4: {tasks_per_day: 100, burst_size: 0}", "0}",
                       "parameter 'burst_size' of machovec_ch4 workload: must be a whole number from 1 to 1000000"),
             yaml_case("ch4_one_type", synthetic, "machovec_ch4: {tasks_per_day: 100, task_types: 1}", "1}",
                       "needs at least 2 task_types (criticality belongs to the type)"),
         })
        expect_refused(c);
}

TEST_CASE("bad inputs: the siegel workloads' keys are checked", "[sim][bad_inputs][siegel]") {
    const std::string synthetic = "synthetic: {tasks: 20, arrival_rate_per_s: 0.1, work_s_mean: 10}";
    for (const Case& c : {
             yaml_case("siegel_key", synthetic, "siegel_dynamic: {tasks: 10, rate: 4}", "rate",
                       "unknown key 'rate' in siegel_dynamic workload"),
             yaml_case("siegel_ratio", synthetic, "siegel_dynamic: {tasks: 10, fast_to_slow: 0.5}", "0.5",
                       "parameter 'fast_to_slow' of siegel_dynamic workload: must be >= 1, got '0.5'"),
             yaml_case("siegel_cov", synthetic, "siegel_static: {tasks: 10, cov_min: 0.3, cov_max: 0.2}", "0.2",
                       "cov_max must be >= cov_min"),
             yaml_case("siegel_beta", synthetic, "siegel_static: {tasks: 10, beta_max: 1.5}", "1.5",
                       "parameter 'beta_max' of siegel_static workload: must be in [0, 1], got '1.5'"),
         })
        expect_refused(c);
}

TEST_CASE("bad inputs: the machovec_ch2 workload's keys and the cluster memory are checked", "[sim][bad_inputs][vos]") {
    const std::string synthetic = "synthetic: {tasks: 20, arrival_rate_per_s: 0.1, work_s_mean: 10}";
    for (const Case& c : {
             yaml_case("ch2_key", synthetic, "machovec_ch2: {tasks_min: 10, tasks: 4}",
                       "tasks:", "unknown key 'tasks' in machovec_ch2 workload"),
             yaml_case("ch2_order", synthetic, "machovec_ch2: {tasks_min: 10, tasks_max: 5}", "5}",
                       "'tasks_max' must not be below its minimum"),
             yaml_case("ch2_cores", synthetic, "machovec_ch2: {config_cores: []}", "[]",
                       "'config_cores' must not be empty"),
             yaml_case("ch2_memory", synthetic, "machovec_ch2: {config_memory_gb: [8, -2]}", "-2",
                       "'config_memory_gb' entry"),
             yaml_case("ch2_configs", synthetic,
                       "machovec_ch2: {config_cores: [4], config_memory_gb: [8], configs_min: 1, configs_max: 2}", "2}",
                       "exceeds the distinct (cores, memory) pairs"),
             yaml_case("cluster_memory", "nodes: 4}", "nodes: 4, memory_gb: 0}", "0}", "memory_gb"),
         })
        expect_refused(c);
}

TEST_CASE("bad inputs: waveform settings are checked before anything runs", "[sim][bad_inputs][waveforms]") {
    for (const Case& c : {
             run_case("waveform_node", "waveforms: {nodes: [0, 7]}", "7]",
                      "waveforms: node 7 is not a node of the platform (its nodes are 0-3)"),
             run_case("waveform_range", "waveforms: {nodes: \"2-9\"}", "\"2-9\"",
                      "waveforms: node 9 is not a node of the platform (its nodes are 0-3)"),
             run_case("waveform_empty_range", "waveforms: {nodes: [3-1]}", "3-1",
                      "waveforms node range '3-1' is empty"),
             run_case("waveform_not_an_id", "waveforms: {nodes: [node1]}", "node1",
                      "waveforms node entry 'node1' must be a node id or a range of ids like \"0-3\""),
             run_case("waveform_span", "waveforms: {nodes: [0], start_s: 10, end_s: 5}", "5}",
                      "waveforms: end_s must be after start_s"),
             run_case("waveform_key", "waveforms: {nodes: [0], begin_s: 1}", "begin_s",
                      "unknown key 'begin_s' in waveforms"),
             run_case("waveform_no_nodes", "waveforms: {start_s: 1}", "{start_s", "missing required key 'nodes'"),
         })
        expect_refused(c);
}

TEST_CASE("bad inputs: out-of-range options are refused, not clamped or wrapped", "[sim][bad_inputs][options]") {
    for (const char* extra : {"--trials 99999999999999999999", "--trials 4294967296", "--trials 0",
                              "--seed 18446744073709551616", "--seed -1"})
        expect_refused(Case{extra, {{"c.yaml", kConfig}}, "rmsim:", "expects a whole number", extra});
}

TEST_CASE("bad inputs: the cases that are not errors run correctly", "[sim][bad_inputs]") {
    SECTION("a task of zero work arriving at 0 completes at 0") {
        const ScratchDir d("zero_work");
        write_file(d / "c.yaml", config_with("synthetic: {tasks: 20, arrival_rate_per_s: 0.1, work_s_mean: 10}",
                                             "csv: {path: t.csv}"));
        write_file(d / "t.csv", "id,arrival_s,work_s\n1,0,0\n2,0,0\n3,5,0\n");
        const auto o =
            run_cli("run " + (d / "c.yaml").string() + " --out " + (d / "out").string() + " --quiet", d.path(), 60);
        INFO(o.err);
        REQUIRE(o.code == 0);
        const auto s = nlohmann::json::parse(rmsim::test::slurp(d / "out" / "summary.json"));
        CHECK(s["tasks"]["completed"] == 3);
        CHECK(s["time"]["mean_wait_s"] == 0.0);
        CHECK(s["time"]["makespan_s"] == 5.0);
    }
    SECTION("a budget period of 1 ns costs no manager wake-ups") {
        // The meter records the energy at each boundary (MachineMeter): 1.7e11 boundaries pass in this run,
        // and it ends at once.
        const ScratchDir d("tiny_period");
        write_file(d / "c.yaml",
                   config_with("run: {seed: 1}", "run: {seed: 1, energy_budget_j: 1000, budget_period_s: 1.0e-9}"));
        const auto o =
            run_cli("run " + (d / "c.yaml").string() + " --out " + (d / "out").string() + " --quiet", d.path(), 60);
        INFO(o.err);
        REQUIRE(o.code == 0);
        const auto s = nlohmann::json::parse(rmsim::test::slurp(d / "out" / "summary.json"));
        CHECK(s["tasks"]["completed"] == 20);
    }
    SECTION("a budget that never lets a task start ends the run, with the tasks unfinished") {
        // 1 J a minute is less than any task's energy: FCFS never starts one. Without an end_s the run ends
        // when nothing more can happen (the last arrival), not after a wake-up at every boundary forever.
        const ScratchDir d("blocked");
        write_file(d / "c.yaml",
                   config_with("run: {seed: 1}", "run: {seed: 1, energy_budget_j: 1, budget_period_s: 60}"));
        const auto o =
            run_cli("run " + (d / "c.yaml").string() + " --out " + (d / "out").string() + " --quiet", d.path(), 60);
        INFO(o.err);
        REQUIRE(o.code == 0);
        const auto s = nlohmann::json::parse(rmsim::test::slurp(d / "out" / "summary.json"));
        CHECK(s["tasks"]["unfinished"] == 20);
        CHECK(s["time"]["simulated_s"].get<double>() < 1000);
    }
    SECTION("--seed 0 and run.seed: 0 give the same results") {
        const ScratchDir d("seed0");
        write_file(d / "a.yaml", config_with("seed: 1}", "seed: 0}"));
        write_file(d / "b.yaml", kConfig);
        REQUIRE(
            run_cli("run " + (d / "a.yaml").string() + " --out " + (d / "a").string() + " --quiet", d.path()).code ==
            0);
        REQUIRE(
            run_cli("run " + (d / "b.yaml").string() + " --seed 0 --out " + (d / "b").string() + " --quiet", d.path())
                .code == 0);
        CHECK(rmsim::test::slurp(d / "a" / "tasks.csv") == rmsim::test::slurp(d / "b" / "tasks.csv"));
    }
}

TEST_CASE("bad inputs: the dvfs section (governors, power caps) is checked", "[sim][bad_inputs][dvfs]") {
    const std::string run = "run: {seed: 1}";
    for (const Case& c : {
             yaml_case("governor", run, run + "\ndvfs: {governor: turbo}", "turbo", "unknown governor 'turbo'"),
             yaml_case("governor_param", run, run + "\ndvfs: {governor: ondemand, params: {up_treshold: 90}}",
                       "up_treshold", "unknown parameter 'up_treshold' of governor 'ondemand'"),
             yaml_case("threshold", run, run + "\ndvfs: {governor: ondemand, params: {up_threshold: 180}}", "180",
                       "parameter 'up_threshold' of governor 'ondemand': must be in [0, 100], got '180'"),
             yaml_case("sampling", run, run + "\ndvfs: {governor: ondemand, params: {sampling_rate_s: 0}}", "0}",
                       "parameter 'sampling_rate_s' of governor 'ondemand': 0 s is not a period"),
             yaml_case("thresholds", run,
                       run + "\ndvfs: {governor: conservative, params: {up_threshold: 30, down_threshold: 40}}", "40",
                       "must be below up_threshold"),
             yaml_case("cap_node", run, run + "\ndvfs: {power_caps: [{scope: node, index: 9, watts: 50}]}", "9,",
                       "index must be a node of the platform (0 to 3)"),
             yaml_case("cap_watts", run, run + "\ndvfs: {power_caps: [{scope: machine, watts: -5}]}", "-5", "watts"),
             yaml_case("cap_window", run,
                       run + "\ndvfs: {power_caps: [{scope: machine, watts: 50, interval_s: 0.3, window_s: 1.0}]}",
                       "1.0}", "window_s must be a whole number"),
             yaml_case("cap_listed", run,
                       run + "\ndvfs: {power_caps: [{scope: node, index: 1, watts: 50, nodes: [2]}]}", "2]",
                       "node 2 is not a node under this cap"),
         })
        expect_refused(c);
}

TEST_CASE("bad inputs: parameters are checked against their schema at validate and run", "[sim][bad_inputs][params]") {
    const std::string fcfs = "manager: {policy: fcfs}";
    const std::string run = "run: {seed: 1}";
    const std::string synthetic = "synthetic: {tasks: 20, arrival_rate_per_s: 0.1, work_s_mean: 10}";
    std::vector<Case> cases{
        // A mapping event every nanosecond was a hang: a period is at least kMinEventPeriodSeconds.
        yaml_case("policy_period", fcfs, "manager: {policy: fcfs, params: {period_s: 1.0e-12}}", "1.0e-12",
                  "parameter 'period_s' of policy 'fcfs': 1e-12 s is shorter than the time resolution"),
        yaml_case("policy_period_floor", fcfs, "manager: {policy: max-util, params: {period_s: 0.00001}}", "0.00001",
                  "parameter 'period_s' of policy 'max-util': 1e-05 s is shorter than 0.0001 s"),
        // Passed validate, then stopped the run with an internal error.
        yaml_case("pstate", fcfs, "manager: {policy: siegel-static, params: {pstate: 99}}", "99",
                  "parameter 'pstate' of policy 'siegel-static': 99 is not a P-state of this platform (its core "
                  "type has P-states 0 to 1)"),
        yaml_case("tree_frontier", fcfs,
                  "manager: {policy: siegel-static, params: {heuristic: tree-search, frontier: 0}}", "0}",
                  "parameter 'frontier' of policy 'siegel-static': must be a whole number from 1"),
        yaml_case("tabu_neighbourhood", fcfs, "manager: {policy: siegel-static, params: {neighbourhood: 0}}", "0}",
                  "parameter 'neighbourhood' of policy 'siegel-static': must be a whole number from 1"),
        yaml_case("baseline_pstate", fcfs, "manager: {policy: easy, params: {pstate: 2}}", "2}",
                  "parameter 'pstate' of policy 'easy': 2 is not a P-state of this platform"),
        // A zero-sum std::discrete_distribution is undefined.
        yaml_case("type_weights", synthetic, "tarplee: {tasks: 10, etc: [[10], [20]], type_weights: [0, 0]}", "[0, 0]",
                  "'type_weights' must have at least one weight > 0"),
        // A governor that never moves.
        yaml_case("freq_step", run, run + "\ndvfs: {governor: conservative, params: {freq_step: 0}}", "0}",
                  "parameter 'freq_step' of governor 'conservative': must be in (0, 100], got '0'"),
        yaml_case("sampling_rate", run, run + "\ndvfs: {governor: ondemand, params: {sampling_rate_s: 1e-9}}", "1e-9",
                  "parameter 'sampling_rate_s' of governor 'ondemand': 1e-09 s is shorter than 0.0001 s"),
        yaml_case("type", fcfs, "manager: {policy: siegel-dynamic, params: {rho: yes}}", "yes",
                  "parameter 'rho' of policy 'siegel-dynamic': must be a number, got 'yes'"),
        yaml_case("workload_range", synthetic,
                  "synthetic: {tasks: 20, arrival_rate_per_s: 0.1, work_s_mean: 10, "
                  "arrival_amplitude: 2}",
                  "2}", "parameter 'arrival_amplitude' of synthetic workload: must be in [0, 1], got '2'"),
    };
    for (const Case& c : cases)
        for (const std::string command : {"run", "validate"}) {
            Case v = c;
            v.command = command;
            expect_refused(v);
        }
}
