#!/usr/bin/env bash
# Benchmarks every practice script of the corpus (crates/script/tests/corpus/*.dlr) against
# Debian's dealer in the same run, and prints a markdown table: for each script the deals
# produced (the same count for both programs), the CPU time (user + sys) of each whole
# process (parse, table building, dealing, printing) and the ratio dealer CPU / fairdeal
# CPU (above 1: fairdeal is faster). The load average is printed before and after: CPU
# times move little with load, but quote figures from an idle machine.
#   crates/script/scripts/bench-corpus.sh [fairdeal binary]   (run from the repository root)
# Produce counts are the corpus test's (tests/corpus.rs: about 1.5 million dealt hands per
# script in dealer) times BENCH_SCALE (default 2). BENCH_ONLY=REGEX keeps the matching scripts.
set -euo pipefail
BIN=${1:-target/release/fairdeal}
SCALE=${BENCH_SCALE:-2}
DEALER=/usr/games/dealer
CORPUS=crates/script/tests/corpus
[ -x "$DEALER" ] || { echo "$DEALER is missing (scripts/setup installs it)" >&2; exit 1; }
[ -x "$BIN" ] || { echo "$BIN is missing: cargo build --release -p fairdeal-cli" >&2; exit 1; }
DIR=$(mktemp -d)
trap 'rm -rf "$DIR"' EXIT

# "NN_name.dlr" -> produce, read from the test's list.
declare -A PRODUCE
while read -r file n; do PRODUCE[$file]=$n; done < <(
  sed -n 's/^ *s[0-9][0-9a-z_]*: "\([^"]*\)", \([0-9_]*\);.*/\1 \2/p' crates/script/tests/corpus.rs | awk '{gsub(/_/, "", $2); print}')

cpu() { # runs "$@" with stdout to $DIR/out; prints "user+sys" seconds
  local t
  t=$( { TIMEFORMAT='%3U %3S'; time "$@" > "$DIR/out" 2> "$DIR/err" ; } 2>&1 )
  awk -v t="$t" 'BEGIN{split(t, a, " "); s = a[1] + a[2]; if (s < 0.001) s = 0.001; printf "%.3f", s}'
}

echo "load average at start: $(cut -d' ' -f1-3 /proc/loadavg) ($(nproc) cores)"
echo
printf '| %-30s | %7s | %13s | %9s | %10s | %8s |\n' script produce "dealer dealt" "dealer s" "fairdeal s" ratio
printf '|%s|%s|%s|%s|%s|%s|\n' -------------------------------- --------- --------------- ----------- ------------ ----------
: > "$DIR/ratios"
for f in "$CORPUS"/*.dlr; do
  name=$(basename "$f")
  [[ $name =~ ${BENCH_ONLY:-.} ]] || continue
  p=$(( ${PRODUCE[$name]:?"$name is not listed in tests/corpus.rs"} * SCALE ))
  ds=$(cpu "$DEALER" -s 1 -p "$p" -g 2000000000 "$f")
  dg=$(awk '/^Generated/{print $2}' "$DIR/out")
  fs=$(cpu "$BIN" script -s 1 -p "$p" -g 2000000000 "$f")
  fp=$(awk '/^Produced/{print $2}' "$DIR/out")
  if [ "$fp" != "$p" ]; then
    echo "| $name | fairdeal produced ${fp:-nothing}: $(head -c 200 "$DIR/err") |"
    continue
  fi
  awk -v n="${name%.dlr}" -v p="$p" -v dg="${dg:-?}" -v ds="$ds" -v fs="$fs" 'BEGIN{
    printf "| %-30s | %7d | %13s | %9.3f | %10.3f | %7.1fx |\n", n, p, dg, ds, fs, ds / fs }'
  awk -v ds="$ds" -v fs="$fs" 'BEGIN{print ds / fs}' >> "$DIR/ratios"
done
echo
sort -g "$DIR/ratios" | awk '{r[NR] = $1} $1 < 1 {slow++} END{
  printf "%d scripts: ratio min %.2fx, lower quartile %.2fx, median %.2fx, upper quartile %.2fx, max %.1fx; %d slower than dealer\n",
    NR, r[1], r[int((NR + 3) / 4)], r[int((NR + 1) / 2)], r[int((3 * NR + 1) / 4)], r[NR], slow }'
echo "load average at end: $(cut -d' ' -f1-3 /proc/loadavg)"
