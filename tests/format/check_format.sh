#!/usr/bin/env bash
# Every C++ source of the repository is formatted as .clang-format says, so that formatting is never a review
# topic: `clang-format -i FILE` (Debian's clang-format, installed by scripts/install-deps.sh) fixes a file.
# Prints each file that differs with the first lines of its difference; exit 1 if any.
#   tests/format/check_format.sh SOURCE_DIR
set -euo pipefail
cd "$1"
command -v clang-format >/dev/null || { echo "format: clang-format is not installed (scripts/install-deps.sh)"; exit 1; }
status=0
while IFS= read -r -d '' f; do
  if ! out=$(clang-format --style=file "$f" | diff -u "$f" - ); then
    echo "$f is not formatted (clang-format -i $f):"
    head -n 20 <<<"$out"
    status=1
  fi
done < <(find platform workloads modules manager sim tests bench -name '*.h' -print0 -o -name '*.cpp' -print0 | sort -z)
[ $status -eq 0 ] && echo "format: every source is as .clang-format says"
exit $status
