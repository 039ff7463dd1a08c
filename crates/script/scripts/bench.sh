#!/usr/bin/env bash
# Benchmarks every example script against Debian's dealer in the same run:
# generated/s and produced/s from the CPU time (user + sys) of each whole process (parse,
# table building, dealing, printing), which the shared machine's load barely moves.
#   crates/script/scripts/bench.sh [fairdeal binary]   (run from the repository root)
# Produce counts keep dealer near a few seconds per script; fairdeal produces 10× as many so
# its CPU time is measurable too (rates are per second, so the ratio is unaffected).
set -euo pipefail
BIN=${1:-target/release/fairdeal}
DIR=$(mktemp -d)
trap 'rm -rf "$DIR"' EXIT
cargo run -q --release -p fairdeal-script --example dump_examples -- "$DIR" >/dev/null
declare -A PRODUCE=([01]=50000 [02]=10000 [03]=10000 [04]=5000 [05]=3000 [06]=10000 [07]=10000
  [08]=20000 [09]=100000 [10]=50000 [11]=10000 [12]=50000 [13]=100 [14]=300 [15]=3000)
run() { # prints "generated produced cpu-seconds"
  local t
  t=$( { TIMEFORMAT='%3U %3S'; time "$@" > "$DIR/out" ; } 2>&1 )
  awk -v t="$t" '/^Generated/{g=$2} /^Produced/{p=$2} END{split(t, a, " "); s = a[1] + a[2]; if (s < 0.001) s = 0.001; print g, p, s}' "$DIR/out"
}
printf '| %-45s | %8s | %11s | %11s | %10s | %10s | %7s |\n' script produce "dealer gen/s" "fd gen/s" "dealer prod/s" "fd prod/s" ratio
printf '|%s|%s|%s|%s|%s|%s|%s|\n' ------------------------------------------------ ---------- ------------- ------------- ------------ ------------ ---------
for f in "$DIR"/*.dl; do
  n=$(basename "$f" | cut -c1-2)
  p=${PRODUCE[$n]}
  read -r dg dp ds < <(run /usr/games/dealer -s 1 -p "$p" -g 1000000000 "$f")
  read -r fg fp fs < <(run "$BIN" script -s 1 -p "$((p * 10))" -g 10000000000 "$f")
  awk -v name="$(basename "$f" .dl)" -v p="$p" -v dg="$dg" -v dp="$dp" -v ds="$ds" -v fg="$fg" -v fp="$fp" -v fs="$fs" 'BEGIN{
    printf "| %-45s | %8d | %11.0f | %11.0f | %10.0f | %10.0f | %6.1fx |\n", name, p, dg/ds, fg/fs, dp/ds, fp/fs, (fp/fs)/(dp/ds) }'
done
