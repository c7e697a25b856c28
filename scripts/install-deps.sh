#!/usr/bin/env bash
# Installs the Debian packages rmsim needs to build, test and run. Idempotent: quiet when all is present.
set -euo pipefail
packages=(g++ make cmake pkg-config libsystemc-dev libyaml-cpp-dev libboost-dev libboost-program-options-dev
          catch2 nlohmann-json3-dev coinor-libclp-dev coinor-libipopt-dev zlib1g-dev
          python3 python3-matplotlib python3-pandas  # rmsim plot (figures), the Batsim jobs.csv check
          python3-yaml                                # scripts/fidelity.py (docs/fidelity.md's claim tables)
          libopenmpi-dev openmpi-bin                  # rmsim-mpi (docs/scale-out.md)
          slurm-wlm slurmctld slurmd slurm-client munge  # the one-node Slurm of the scale-out test
          clang-format) # make test checks the sources against .clang-format (tests/format/check_format.sh)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0
echo "install-deps: installing ${missing[*]}" >&2
sudo=""
[ "$(id -u)" -ne 0 ] && sudo="sudo"
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
