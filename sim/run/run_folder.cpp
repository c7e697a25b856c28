#include "sim/run/run_folder.h"

#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "platform/input_error.h"
#include "sim/outputs/provenance.h"
#include "sim/outputs/result_files.h"

namespace rmsim {

namespace {

namespace fs = std::filesystem;

// The names rmsim writes (docs/outputs.md), each also under its temporary name while it is being written.
const std::vector<std::string> kTrialFiles{"summary.json",    "timing.json",  "tasks.csv",  "jobs.csv",
                                           "batsim_jobs.csv", "schedule.swf", "energy.csv", "pstates.csv",
                                           "trace.json",      "waves.vcd",    "pareto.csv", kProvenanceFile};
const std::vector<std::string> kAggregate{"aggregate.json"};
const std::vector<std::string> kTables{"comparison.csv", "comparison.md"};
const std::vector<std::string> kShard{kShardFile};

bool written(const std::string& name, const std::vector<std::string>& names) {
    return std::any_of(names.begin(), names.end(),
                       [&](const std::string& n) { return name == n || name == partial_name(n); });
}

/// A folder itself, not a link to one: rmsim never deletes through a link.
bool is_folder(const fs::path& p) {
    std::error_code ec;
    return fs::is_directory(fs::symlink_status(p, ec));
}

/// The trial number of a folder named as rmsim names them ("trial-12"), if `name` is one.
std::optional<std::uint64_t> trial_number(const std::string& name) {
    const std::string digits = name.rfind("trial-", 0) == 0 ? name.substr(6) : "";
    if (digits.empty() || digits.size() > 10 || digits.find_first_not_of("0123456789") != std::string::npos ||
        (digits.size() > 1 && digits[0] == '0'))
        return std::nullopt;
    return std::stoull(digits);
}

bool is_trial_folder(const fs::path& p) { return trial_number(p.filename().string()) && is_folder(p); }

/// The entries of a folder, sorted (messages and deletions in a stable order).
std::vector<fs::path> entries(const fs::path& dir) {
    std::vector<fs::path> out;
    for (const auto& e : fs::directory_iterator(dir)) out.push_back(e.path());
    std::sort(out.begin(), out.end());
    return out;
}

/// An entry of a folder of trials (--out, or a variant's folder): a trial folder or aggregate.json.
bool is_trials_entry(const fs::path& p) {
    return is_trial_folder(p) || (written(p.filename().string(), kAggregate) && !is_folder(p));
}

/// A variant's folder: a folder (not a trial's) that holds a folder of trials' entries.
bool is_variant_folder(const fs::path& p) {
    if (!is_folder(p) || is_trial_folder(p)) return false;
    const auto inside = entries(p);
    return std::any_of(inside.begin(), inside.end(), is_trials_entry);
}

/// An entry of --out that a run of some config wrote: a single run's files, a trial folder, aggregate.json,
/// the comparison tables, or a variant's folder.
bool is_result_entry(const fs::path& p) {
    const std::string name = p.filename().string();
    if (!is_folder(p))
        return written(name, kTrialFiles) || written(name, kAggregate) || written(name, kTables) ||
               written(name, kShard);
    return is_trial_folder(p) || is_variant_folder(p);
}

std::vector<fs::path> result_entries(const fs::path& out) {
    std::vector<fs::path> found;
    for (const fs::path& p : entries(out))
        if (is_result_entry(p)) found.push_back(p);
    return found;
}

void remove_file(const fs::path& p) {
    std::error_code ec;
    fs::remove(p, ec);
    if (ec) usage_error("cannot delete " + p.string() + " (" + ec.message() + ")");
}

void remove_folder_if_empty(const fs::path& p) {
    std::error_code ec;
    if (fs::is_empty(p, ec) && !ec) remove_file(p);
}

/// Deletes the files of `names` (and their temporary names) in `dir`, nothing else.
void remove_written(const fs::path& dir, const std::vector<std::string>& names) {
    for (const fs::path& p : entries(dir))
        if (!is_folder(p) && written(p.filename().string(), names)) remove_file(p);
}

/// Deletes a trial's provenance.json, before its other files: a deletion cut short by a kill must not leave
/// a trial that looks finished.
void unmark_finished(const fs::path& dir) {
    if (fs::exists(dir / kProvenanceFile)) remove_file(dir / kProvenanceFile);
}

/// Deletes a trial's files, and the trial folder if nothing else is left in it.
void clear_trial_folder(const fs::path& dir) {
    unmark_finished(dir);
    remove_written(dir, kTrialFiles);
    remove_folder_if_empty(dir);
}

/// Deletes a folder of trials' results (its trial folders and aggregate.json), and the folder if it is left
/// empty and is not --out itself.
void clear_trials(const fs::path& dir, bool is_out) {
    remove_written(dir, kAggregate);
    for (const fs::path& p : entries(dir))
        if (is_trial_folder(p)) clear_trial_folder(p);
    if (!is_out) remove_folder_if_empty(dir);
}

/// --force: deletes every result entry of --out.
void clear_previous(const fs::path& out) {
    unmark_finished(out);  // a single run's files are in --out itself
    for (const fs::path& p : result_entries(out)) {
        if (!is_folder(p))
            remove_file(p);
        else if (is_trial_folder(p))
            clear_trial_folder(p);
        else
            clear_trials(p, false);
    }
}

/// --resume: what the folder holds, measured against the plan.
class Resume {
public:
    explicit Resume(const RunPlan& plan) : plan_(plan), selected_(plan.run_count(), false) {
        for (std::size_t i : plan.selected_runs()) selected_[i] = true;
    }

    /// Looks at every result entry; refuses the run (before anything is deleted) if one does not belong to
    /// the plan or a finished trial was computed from other inputs.
    void inspect() {
        const fs::path out = plan_.out;
        if (plan_.single) {
            for (const fs::path& p : result_entries(out)) {
                const std::string name = p.filename().string();
                if (!written(name, kShard) && (is_folder(p) || !written(name, kTrialFiles) || !selected_[0]))
                    uncovered_.push_back(p);
            }
            if (selected_[0]) inspect_trial(out, 0);
        } else if (!plan_.config.multi) {
            inspect_trials(out, 0);
            for (const fs::path& p : result_entries(out))
                if (!is_trials_entry(p) && !written(p.filename().string(), kShard)) uncovered_.push_back(p);
        } else {
            std::vector<std::string> variants;  // their folders' names
            for (std::size_t v = 0; v < plan_.dirs.size(); ++v) {
                variants.push_back(plan_.config.variants[v].dir);
                if (is_folder(plan_.dirs[v])) inspect_trials(plan_.dirs[v], v);
            }
            for (const fs::path& p : result_entries(out)) {
                const std::string name = p.filename().string();
                if (!written(name, kTables) && !written(name, kShard) &&
                    std::find(variants.begin(), variants.end(), name) == variants.end())
                    uncovered_.push_back(p);
            }
        }
        if (!uncovered_.empty())
            usage_error("--resume: " + plan_.out + " holds results this run would not write: " + listed(uncovered_) +
                        ". " + kForceOrElsewhere);
        if (!mismatches_.empty())
            usage_error("--resume: " + mismatches_[0] +
                        (mismatches_.size() > 1 ? " (and " + std::to_string(mismatches_.size() - 1) +
                                                      (mismatches_.size() > 2 ? " more trials)" : " more trial)")
                                                : "") +
                        ". " + kForceOrElsewhere);
    }

    /// Deletes the unfinished trials, the stale temporary files, and the results written after the trials.
    std::set<std::size_t> apply() {
        for (const fs::path& dir : unfinished_)
            plan_.single ? remove_written(dir, kTrialFiles) : clear_trial_folder(dir);
        for (std::size_t i : kept_) remove_written(plan_.run(i).dir, partials_of(kTrialFiles));
        for (const std::string& dir : plan_.dirs)
            if (is_folder(dir)) remove_written(dir, kAggregate);
        if (plan_.config.multi) remove_written(plan_.out, kTables);
        remove_written(plan_.out, kShard);
        return kept_;
    }

private:
    static constexpr const char* kForceOrElsewhere =
        "--force deletes the previous results and runs everything; or choose another --out";

    static std::vector<std::string> partials_of(const std::vector<std::string>& names) {
        std::vector<std::string> out;
        for (const std::string& n : names) out.push_back(partial_name(n));
        return out;
    }

    static std::string listed(const std::vector<fs::path>& paths) {
        std::string s;
        for (std::size_t i = 0; i < paths.size() && i < 3; ++i) s += (i ? ", " : "") + paths[i].string();
        if (paths.size() > 3) s += " and " + std::to_string(paths.size() - 3) + " more";
        return s;
    }

    /// The trial folders of a folder of trials (--out, or variant v's folder).
    void inspect_trials(const fs::path& dir, std::size_t v) {
        for (const fs::path& p : entries(dir)) {
            if (!is_trial_folder(p)) continue;
            const std::uint64_t t = *trial_number(p.filename().string());
            if (t >= plan_.trials || !selected_[v * plan_.trials + t])
                uncovered_.push_back(p);
            else
                inspect_trial(p, v * plan_.trials + t);
        }
    }

    /// A trial's folder: finished (its provenance.json is its last file) or not.
    void inspect_trial(const fs::path& dir, std::size_t run) {
        const fs::path provenance = dir / kProvenanceFile;
        if (!fs::exists(provenance)) {
            unfinished_.push_back(dir);
            return;
        }
        const TrialRun r = plan_.run(run);
        const std::string difference = provenance_difference(read_result_file(provenance.string()), r.provenance);
        if (difference.empty())
            kept_.insert(run);
        else
            mismatches_.push_back(r.dir + " was computed from other inputs: " + difference);
    }

    const RunPlan& plan_;
    std::vector<bool> selected_;  ///< per run: in this run's shard
    std::set<std::size_t> kept_;
    std::vector<fs::path> unfinished_;
    std::vector<fs::path> uncovered_;
    std::vector<std::string> mismatches_;
};

/// --out must be a folder rmsim can write in, or a path where one can be created.
void check_usable(const std::string& out) {
    std::error_code ec;
    const fs::path path(out);
    if (fs::exists(path, ec)) {
        if (!fs::is_directory(path, ec)) usage_error("--out " + out + " is a file, not a folder");
        if (access(out.c_str(), W_OK | X_OK) != 0)
            usage_error("--out " + out + ": cannot write there (" + std::strerror(errno) + ")");
        return;
    }
    fs::path parent = path.parent_path();
    while (!parent.empty() && !fs::exists(parent, ec)) parent = parent.parent_path();
    if (parent.empty()) parent = ".";
    if (!fs::is_directory(parent, ec))
        usage_error("--out " + out + ": cannot create it (" + parent.string() + " is a file, not a folder)");
    if (access(parent.c_str(), W_OK | X_OK) != 0)
        usage_error("--out " + out + ": cannot create it in " + parent.string() + " (" + std::strerror(errno) + ")");
}

/// Removes the empty folders under `dir` (deepest first), and `dir` itself if `self` and it is left empty.
/// Best effort: it runs while a failure is reported.
void remove_empty_folders(const fs::path& dir, bool self) {
    std::error_code ec;
    std::vector<fs::path> subs;
    for (const auto& e : fs::directory_iterator(dir, ec))
        if (e.is_directory(ec) && !e.is_symlink(ec)) subs.push_back(e.path());
    for (const fs::path& s : subs) remove_empty_folders(s, true);
    if (self && fs::is_empty(dir, ec) && !ec) fs::remove(dir, ec);
}

}  // namespace

EmptyFoldersOnFailure::EmptyFoldersOnFailure(std::string out) : out_(std::move(out)) {
    std::error_code ec;
    created_ = !fs::exists(out_, ec);
}

EmptyFoldersOnFailure::~EmptyFoldersOnFailure() {
    std::error_code ec;
    if (!keep_ && fs::is_directory(out_, ec)) remove_empty_folders(out_, created_);
}

std::string read_result_file(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    std::stringstream text;
    text << in.rdbuf();
    return text.str();
}

bool is_trial_file(const std::string& name) {
    return std::find(kTrialFiles.begin(), kTrialFiles.end(), name) != kTrialFiles.end();
}

std::set<std::size_t> prepare_out(const RunPlan& plan, Rerun mode) {
    check_usable(plan.out);
    std::set<std::size_t> kept;
    if (fs::is_directory(plan.out) && !result_entries(plan.out).empty()) {
        if (mode == Rerun::kRefuse)
            usage_error("--out " + plan.out +
                        " holds the results of a previous run: --resume keeps its finished "
                        "trials and runs the rest, --force deletes them and runs everything");
        if (mode == Rerun::kForce) {
            clear_previous(plan.out);
        } else {
            Resume resume(plan);
            resume.inspect();
            kept = resume.apply();
        }
    }
    std::error_code ec;
    fs::create_directories(plan.out, ec);
    if (ec) usage_error("--out " + plan.out + ": cannot create it (" + ec.message() + ")");
    return kept;
}

}  // namespace rmsim
