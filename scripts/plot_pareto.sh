#!/usr/bin/env bash
# Draws the energy/makespan fronts of a Tarplee policy's pareto.csv (docs/outputs.md) as an SVG with
# `rmsim plot` (its trial folder's fronts.svg; docs/outputs.md, "Figures"): one series per front
# (lp_lower_bound, lp_convex_fill, lp_full_allocation, profit_lp, executed, ...), energy in MJ on x,
# makespan in s on y. RMSIM names the rmsim binary (default: build/rmsim of this source tree).
#   scripts/plot_pareto.sh results/tarplee-ch3/nine/trial-0/pareto.csv [out.svg]
# Default output: pareto.svg beside the CSV.
set -euo pipefail
if [ $# -lt 1 ] || [ $# -gt 2 ]; then
  echo "usage: $0 PARETO_CSV [OUT_SVG]" >&2
  exit 2
fi
csv=$1
out=${2:-$(dirname "$csv")/pareto.svg}
[ -r "$csv" ] || { echo "$0: cannot read $csv" >&2; exit 2; }
head -n1 "$csv" | grep -qx 'front,point,energy_j,makespan_s' || { echo "$0: $csv: not a pareto.csv" >&2; exit 2; }
rmsim=${RMSIM:-$(dirname "$0")/../build/rmsim}
figures=$(mktemp -d)
trap 'rm -rf "$figures"' EXIT
"$rmsim" plot "$(dirname "$csv")" --out "$figures" >/dev/null
cp "$figures/fronts.svg" "$out"
echo "$out"
