#!/usr/bin/env bash
# `fairdeal dd` over a club results file: each distinct deal solved once (the default) against
# every game solved (`--no-cache`), same file, same run, interleaved rounds.
#
# The file is generated, seeded, into a temporary folder: GAMES games of DEALS deals (default
# 1205 games of 30 deals, the shape of a real two-session club results export), by
# `cargo run --release -p fairdeal-dd --example results_pbn`. Prints each round's wall times,
# the medians, their ratio and the load average before and after; checks that both paths
# print the same bytes.
#
# Usage: scripts/bench-dd-file.sh [GAMES DEALS [ROUNDS [THREADS]]]   (defaults 1205 30 3, every core)
set -euo pipefail
cd "$(dirname "$0")/.."
games=${1:-1205}
deals=${2:-30}
rounds=${3:-3}
threads=${4:-$(nproc)}
cargo build --release -q -p fairdeal-cli --bin fairdeal
cargo build --release -q -p fairdeal-dd --example results_pbn
bin=target/release/fairdeal
dir=$(mktemp -d "${TMPDIR:-/tmp}/fairdeal-bench-dd.XXXXXX")
trap 'rm -rf "$dir"' EXIT
file="$dir/results-${games}x${deals}.pbn"
target/release/examples/results_pbn "$games" "$deals" 15 >"$file"
echo "file: $games games of $deals deals, $(wc -c <"$file") bytes; -j $threads; commit $(git rev-parse --short HEAD)"
"$bin" dd "$file" -q --stats -j "$threads" 2>&1 >/dev/null | tail -n 1
echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)   ($(date -u '+%Y-%m-%d %H:%M UTC'))"

now() { date +%s.%N; }
# Seconds one run takes; its stdout goes to $2.
timed() {
    local start end
    start=$(now)
    "$bin" dd "$file" -q -j "$threads" $1 >"$2"
    end=$(now)
    awk -v a="$start" -v b="$end" 'BEGIN { print b - a }'
}
cached=()
every=()
for r in $(seq 1 "$rounds"); do
    c=$(timed "" "$dir/cached.txt")
    e=$(timed "--no-cache" "$dir/every.txt")
    cmp -s "$dir/cached.txt" "$dir/every.txt" || { echo "round $r: outputs differ" >&2; exit 1; }
    printf 'round %d: cached %.2f s, --no-cache %.2f s, ratio %.1fx\n' "$r" "$c" "$e" "$(awk -v a="$e" -v b="$c" 'BEGIN { print a / b }')"
    cached+=("$c")
    every+=("$e")
done
median() { printf '%s\n' "$@" | sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
mc=$(median "${cached[@]}")
me=$(median "${every[@]}")
printf 'median of %d: cached %.2f s, --no-cache %.2f s, ratio %.1fx (outputs identical)\n' "$rounds" "$mc" "$me" "$(awk -v a="$me" -v b="$mc" 'BEGIN { print a / b }')"
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
