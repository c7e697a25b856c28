#include "sim/run/slurm_job.h"

#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <string>
#include <vector>

#include "platform/input_error.h"
#include "sim/outputs/result_files.h"
#include "sim/run/exit_status.h"
#include "sim/run/run_plan.h"

namespace rmsim {

namespace {

namespace fs = std::filesystem;

/// `s` as one word of bash, in single quotes.
std::string quoted(const std::string& s) {
    std::string q = "'";
    for (char c : s) q += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return q + "'";
}

/// Whether `program` is an executable file in a folder of PATH.
bool on_path(const std::string& program) {
    const char* path = std::getenv("PATH");
    std::string dirs = path ? path : "";
    for (std::size_t from = 0; from <= dirs.size();) {
        const std::size_t colon = std::min(dirs.find(':', from), dirs.size());
        const std::string dir = dirs.substr(from, colon - from);
        if (!dir.empty() && access((dir + "/" + program).c_str(), X_OK) == 0) return true;
        from = colon + 1;
    }
    return false;
}

/// The #SBATCH lines both jobs share: partition, time, the user's own.
std::string shared_sbatch_lines(const SlurmArgs& a) {
    std::string s;
    if (!a.partition.empty()) s += "#SBATCH --partition=" + a.partition + "\n";
    if (!a.time.empty()) s += "#SBATCH --time=" + a.time + "\n";
    for (const std::string& arg : a.sbatch_args) s += "#SBATCH " + arg + "\n";
    return s;
}

/// The checks at the start of a job: the folder it runs in and the files it needs are there.
std::string job_checks(const std::string& cwd, const std::vector<std::string>& files) {
    std::string s = "cd " + quoted(cwd) + " || { echo \"rmsim slurm: cannot enter " + cwd +
                    " on $(hostname): the run's folders must be on a file system every node sees\" >&2; exit 2; }\n"
                    "for f in";
    for (const std::string& f : files) s += " " + quoted(f);
    return s +
           "; do\n"
           "  if [ ! -r \"$f\" ]; then\n"
           "    echo \"rmsim slurm: $f cannot be read on $(hostname) (from " +
           cwd +
           "): rmsim, the config and the files it names must be on a file system every node sees\" >&2\n"
           "    exit 2\n"
           "  fi\n"
           "done\n";
}

}  // namespace

int run_slurm(const SlurmArgs& a, const std::vector<std::string>& plugins) {
    const RunArgs& r = a.run;
    for (const std::string* s : {&r.out, &r.config})
        if (s->find_first_of(" \t%") != std::string::npos)
            usage_error("slurm: '" + *s +
                        "' holds a space or a '%', which #SBATCH lines cannot carry: use another path");
    const RunPlan plan = plan_run(r);  // the config is checked here, as `rmsim run` checks it
    const std::size_t pairs = plan.run_count();
    const std::uint32_t shards =
        a.shards ? a.shards : static_cast<std::uint32_t>(std::min<std::size_t>(pairs, kDefaultSlurmShards));
    if (shards > pairs)
        usage_error("--shards " + std::to_string(shards) + ": " + r.config + " has " + std::to_string(pairs) +
                    " (variant, trial) pairs, so at most " + std::to_string(pairs) + " shards");
    if (a.submit && !on_path("sbatch")) usage_error("--submit: sbatch is not on PATH (is this a Slurm login node?)");
    const std::string exe = fs::read_symlink("/proc/self/exe").string();
    const std::string cwd = fs::current_path().string();
    const std::string dir = fs::absolute(r.out).lexically_normal().string();
    const std::string name = fs::path(r.config).stem().string();
    std::string options;
    for (const std::string& p : plugins) options += " --plugin " + quoted(p);
    std::string run_options;
    for (const std::string& s : r.sets) run_options += " --set " + quoted(s);
    for (const std::string& o : r.only) run_options += " --only " + quoted(o);
    if (r.seed) run_options += " --seed " + std::to_string(*r.seed);
    if (r.trials) run_options += " --trials " + std::to_string(*r.trials);
    if (r.trace) run_options += " --trace";
    std::vector<std::string> needed{exe, r.config};
    needed.insert(needed.end(), plugins.begin(), plugins.end());
    const std::string n = std::to_string(shards);
    const std::string throttle = a.max_running ? "%" + std::to_string(a.max_running) : "";
    const std::string shards_job =
        "#!/bin/bash\n"
        "# The shards of `rmsim run " +
        r.config +
        "` as a Slurm job array, written by `rmsim slurm`\n"
        "# (docs/scale-out.md). Array task I runs shard I/" +
        n + " into " + dir +
        "/shards/shard-I, resuming\n"
        "# what an earlier attempt of it finished. rmsim, the config, the files it names and " +
        dir +
        "\n"
        "# must be on a file system every node sees.\n"
        "#SBATCH --job-name=rmsim-" +
        name +
        "\n"
        "#SBATCH --array=0-" +
        std::to_string(shards - 1) + throttle +
        "\n"
        "#SBATCH --ntasks=1\n"
        "#SBATCH --cpus-per-task=" +
        std::to_string(r.jobs) +
        "\n"
        "#SBATCH --output=" +
        dir + "/slurm/logs/shard-%a.out\n" + shared_sbatch_lines(a) + "set -eu\n" + job_checks(cwd, needed) + "exec " +
        quoted(exe) + options + " run " + quoted(r.config) + run_options + " --jobs " + std::to_string(r.jobs) +
        " --quiet --resume --shard \"${SLURM_ARRAY_TASK_ID}/" + n + "\" --out " + quoted(dir + "/shards/shard-") +
        "\"${SLURM_ARRAY_TASK_ID}\"\n";
    const std::string merge_job =
        "#!/bin/bash\n"
        "# Joins the " +
        n + " shards of `rmsim run " + r.config + "` into " + dir +
        ", written by\n"
        "# `rmsim slurm` (docs/scale-out.md); submit.sh runs it once every shard succeeded.\n"
        "#SBATCH --job-name=rmsim-" +
        name +
        "-merge\n"
        "#SBATCH --ntasks=1\n"
        "#SBATCH --cpus-per-task=1\n"
        "#SBATCH --output=" +
        dir + "/slurm/logs/merge.out\n" + shared_sbatch_lines(a) + "set -eu\n" + job_checks(cwd, needed) + "exec " +
        quoted(exe) + options + " merge " + quoted(dir + "/shards") + "/shard-* --quiet --resume --out " + quoted(dir) +
        "\n";
    const std::string submit =
        "#!/bin/bash\n"
        "# Submits the shards of " +
        dir + " (all " + n +
        ", or those given: submit.sh 2, submit.sh 1,3) and the\n"
        "# merge job after them, written by `rmsim slurm` (docs/scale-out.md). A shard that failed or was\n"
        "# cancelled is submitted again alone and resumes the trials it had finished.\n"
        "set -euo pipefail\n"
        "here=" +
        quoted(dir + "/slurm") +
        "\n"
        "array=()\n"
        "if [ $# -gt 0 ]; then array=(\"--array=$1" +
        throttle +
        "\"); fi\n"
        "shards=$(sbatch --parsable \"${array[@]}\" \"$here/shards.sbatch\")\n"
        "shards=${shards%%;*}\n"
        "merge=$(sbatch --parsable --dependency=afterok:\"$shards\" --kill-on-invalid-dep=yes \"$here/merge.sbatch\")\n"
        "merge=${merge%%;*}\n"
        "echo \"rmsim slurm: shards: job $shards; merge: job $merge, once every shard succeeded\"\n";
    fs::create_directories(dir + "/slurm/logs");
    fs::create_directories(dir + "/shards");
    ResultFiles files(dir + "/slurm");
    files.add("shards.sbatch", shards_job);
    files.add("merge.sbatch", merge_job);
    files.add("submit.sh", submit);
    files.commit();
    for (const char* f : {"shards.sbatch", "merge.sbatch", "submit.sh"})
        fs::permissions(dir + "/slurm/" + f, fs::perms::owner_exec | fs::perms::group_exec | fs::perms::others_exec,
                        fs::perm_options::add);
    if (!r.quiet)
        std::cout << "rmsim: " << pairs << " (variant, trial) pairs of " << r.config << " in " << shards
                  << " shards -> " << dir << "/slurm/{shards.sbatch,merge.sbatch,submit.sh}\n";
    if (!a.submit) {
        if (!r.quiet) std::cout << "rmsim: submit them with " << dir << "/slurm/submit.sh\n";
        return kExitOk;
    }
    std::cout << std::flush;
    const int status = std::system(("bash " + quoted(dir + "/slurm/submit.sh")).c_str());
    if (status != 0) {
        std::cerr << "rmsim: " << dir << "/slurm/submit.sh failed (sbatch's message above)\n";
        return kExitInternal;
    }
    return kExitOk;
}

}  // namespace rmsim
