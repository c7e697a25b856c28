# Sourced by the tests that build a project of their own against the installed package (tests/embedding,
# tests/plugins): installs rmsim from BUILD_DIR into a temporary prefix and builds the project in SOURCE_DIR
# there against it. Sets $tmp (removed at exit), $prefix and $project (the project's copy; its build/ inside).
#   install_and_build NAME BUILD_DIR SOURCE_DIR
install_and_build() {
  local name=$1 build=$2 src=$3
  tmp=$(mktemp -d "${TMPDIR:-/tmp}/rmsim_$name.XXXXXX")
  trap 'rm -rf "$tmp"' EXIT
  log=$tmp/log
  step() { "$@" >>"$log" 2>&1 || { cat "$log"; echo "$name: failed: $*" >&2; exit 1; }; }
  prefix=$tmp/prefix
  project=$tmp/project
  step cmake --install "$build" --prefix "$prefix"
  cp -r "$src" "$project"
  rm -rf "$project/build"
  step cmake -S "$project" -B "$project/build" -DCMAKE_PREFIX_PATH="$prefix" -DCMAKE_BUILD_TYPE=Release
  step cmake --build "$project/build" -j 2
}
