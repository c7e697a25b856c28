#!/usr/bin/env bash
# The layers of docs/architecture.md, checked on the sources: each folder may include rmsim headers only from
# the folders listed for it, and the layers below the hardware include no SystemC. The CMake targets enforce
# the same at link time (a lower library cannot resolve a symbol of a higher one); this check also catches a
# header-only dependency, which the linker never sees.
#   tests/layering/check_includes.sh SOURCE_DIR
set -euo pipefail
cd "$1"
declare -A allowed=(
  [platform]="platform"
  [workloads]="platform workloads"
  [modules]="platform modules"
  [manager]="platform workloads modules manager"
  [sim/config]="platform workloads modules manager sim/config"
  [sim/outputs]="platform workloads modules manager sim/config sim/outputs"
  [sim/run]="platform workloads modules manager sim/config sim/outputs sim/run"
)
status=0
for layer in "${!allowed[@]}"; do
  while IFS= read -r hit; do
    file=${hit%%:*}
    rest=${hit#*:}
    line=${rest%%:*}
    target=$(sed -E 's/.*#include "([^"]+)".*/\1/' <<<"$rest")
    ok=0
    for dir in ${allowed[$layer]}; do
      [ "${target#"$dir"/}" != "$target" ] && ok=1
    done
    if [ $ok -eq 0 ]; then
      echo "$file:$line: layer '$layer' includes \"$target\" (allowed: ${allowed[$layer]})"
      status=1
    fi
  done < <(grep -rnE '^#include "(platform|workloads|modules|manager|sim)/' --include='*.h' --include='*.cpp' "$layer" || true)
done
for layer in platform workloads; do
  if hits=$(grep -rnE '^#include <(systemc|tlm)' --include='*.h' --include='*.cpp' "$layer"); then
    echo "$hits" | sed -E 's/$/  (no SystemC below the hardware layer)/'
    status=1
  fi
done
[ $status -eq 0 ] && echo "layering: every include follows docs/architecture.md"
exit $status
