#!/usr/bin/env bash
# Draws the energy/makespan fronts of a Tarplee policy's pareto.csv (docs/outputs.md) as an SVG with gnuplot
# (Debian package gnuplot-nox, in scripts/install-deps.sh): one series per front (lp_lower_bound,
# lp_convex_fill, lp_full_allocation, profit_lp, executed, ...), energy in MJ on x, makespan in s on y.
#   scripts/plot_pareto.sh results/tarplee-ch3/lp-energy-front/trial-0/pareto.csv [out.svg]
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
command -v gnuplot >/dev/null || { echo "$0: gnuplot not found (scripts/install-deps.sh installs gnuplot-nox)" >&2; exit 2; }
fronts=$(tail -n +2 "$csv" | cut -d, -f1 | awk '!seen[$0]++')
plot=""
for f in $fronts; do
  case $f in
    lp_lower_bound) style="with linespoints pt 7 ps 0.6 lw 1.5" ;;
    lp_convex_fill) style="with points pt 1 ps 0.4" ;;
    executed|profit_lp) style="with points pt 9 ps 2" ;;
    *) style="with steps lw 1.5" ;;
  esac
  plot+="${plot:+, }'$csv' using (strcol(1) eq '$f' ? \$3/1e6 : 1/0):4 $style title '${f//_/ }'"
done
gnuplot <<GP
set terminal svg size 800,560 dynamic font 'sans,12'
set output '$out'
set datafile separator ','
set key top right
set xlabel 'energy (MJ)'
set ylabel 'makespan (s)'
set grid
set title "$(basename "$(dirname "$(dirname "$csv")")") $(basename "$(dirname "$csv")")"
plot $plot
GP
echo "$out"
