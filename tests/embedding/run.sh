#!/usr/bin/env bash
# Installs rmsim from the build tree into a temporary prefix, builds the design in this folder against it
# (find_package(rmsim)) and runs it at 1 ns and at 1 ps time resolution. Leaves nothing behind.
#   tests/embedding/run.sh BUILD_DIR SOURCE_DIR
set -euo pipefail
build=$1
src=$2
tmp=$(mktemp -d "${TMPDIR:-/tmp}/rmsim_embedding.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
log=$tmp/log
step() { "$@" >>"$log" 2>&1 || { cat "$log"; echo "embedding: failed: $*" >&2; exit 1; }; }
step cmake --install "$build" --prefix "$tmp/prefix"
step cmake -S "$src" -B "$tmp/build" -DCMAKE_PREFIX_PATH="$tmp/prefix" -DCMAKE_BUILD_TYPE=Release
step cmake --build "$tmp/build" -j 2
"$tmp/build/embed_node" ns
"$tmp/build/embed_node" ps
