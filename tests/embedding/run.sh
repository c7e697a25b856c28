#!/usr/bin/env bash
# Installs rmsim from the build tree into a temporary prefix, builds the design in this folder against it
# (find_package(rmsim)): a node and a whole machine, each run at 1 ns and at 1 ps time resolution, and the
# machine refused at 1 us. Leaves nothing behind.
#   tests/embedding/run.sh BUILD_DIR SOURCE_DIR
set -euo pipefail
source "$(dirname "$0")/../support/installed_package.sh"
install_and_build embedding "$1" "$2"
"$project/build/embed_node" ns
"$project/build/embed_node" ps
"$project/build/embed_machine" ns
"$project/build/embed_machine" ps
"$project/build/embed_machine" us
