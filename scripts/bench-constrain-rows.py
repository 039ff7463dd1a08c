#!/usr/bin/env python3
"""Times the constraint sets of docs/BENCHMARKS-constrain.md with two builds of the
`measure` example, back to back: preparation (count) time, sampling rate and peak memory,
the median of alternating rounds, as a Markdown table.

    cargo build --release -p fairdeal-constrain --example measure   # at each commit; copy
    scripts/bench-constrain-rows.py /tmp/measure-before /tmp/measure-now [deals] [rounds]

`deals` (default 200000) are drawn after preparation; `rounds` defaults to 3. The load
average is printed before and after: give it with the figures. `ONLY=regex` keeps the rows
whose label matches.
"""

import os
import re
import statistics
import subprocess
import sys

ROWS = [
    ("`north: clubs 6+` / `east: hcp 8-13, clubs 4+` / `south: hcp 15+, hearts 5+` / `ew: fit 9+ minors` (cells past the bound)",
     "north: clubs 6+\neast: hcp 8-13, clubs 4+\nsouth: hcp 15+, hearts 5+\new: fit 9+ minors"),
    ("`east: hcp 20-25` / `west: hcp 10-15, shape any 4432 + any 5332` / `ns: fit 8+ minors` (their minor fit)",
     "east: hcp 20-25\nwest: hcp 10-15, shape any 4432 + any 5332\nns: fit 8+ minors"),
    ("`south: hcp 8-10, shape any 4333` / `ns: hcp 25+` / `ew: fit 9+ minors`",
     "south: hcp 8-10, shape any 4333\nns: hcp 25+\new: fit 9+ minors"),
    ("`east: hcp 10-12` / `ns: fit 8+ minors` / `ew: fit 8+ majors` (a fit on each side)",
     "east: hcp 10-12\nns: fit 8+ minors\new: fit 8+ majors"),
    ("`north/east/south/west: hcp 10`",
     "north: hcp 10\neast: hcp 10\nsouth: hcp 10\nwest: hcp 10"),
    ("`N 15-17, E 0-9, S 8+, W 0-12`",
     "north: hcp 15-17\neast: hcp 0-9\nsouth: hcp 8+\nwest: hcp 0-12"),
    ("`north: balanced, hcp 15-17` / `east: hcp 0-9` / `south: hcp 8+`",
     "north: balanced, hcp 15-17\neast: hcp 0-9\nsouth: hcp 8+"),
    ("the same plus `west: hcp 0-12`",
     "north: balanced, hcp 15-17\neast: hcp 0-9\nsouth: hcp 8+\nwest: hcp 0-12"),
    ("`north: hcp 10` / `east: hcp 10`", "north: hcp 10\neast: hcp 10"),
    ("`west: hcp 11-15, spades 5-6, hearts 4` / `east: hcp 10, diamonds 4+`",
     "west: hcp 11-15, spades 5-6, hearts 4\neast: hcp 10, diamonds 4+"),
    ("`west: spades 5+` / `north: hearts 5+` / `east: diamonds 5+` / `south: clubs 0-4`",
     "west: spades 5+\nnorth: hearts 5+\neast: diamonds 5+\nsouth: clubs 0-4"),
    ("`ns: fit 8-9 majors, hcp 20-25` / `north: hcp 10+`",
     "ns: fit 8-9 majors, hcp 20-25\nnorth: hcp 10+"),
    ("`ns: hcp 25+, fit 8+ majors`", "ns: hcp 25+, fit 8+ majors"),
    ("`north: balanced, hcp 15-17` / `south: hcp 8+, spades 4+`",
     "north: balanced, hcp 15-17\nsouth: hcp 8+, spades 4+"),
    ("`north: shape 5=4=x=x, hcp 11-15` / `south: hcp 6-9, hearts 3+`",
     "north: shape 5=4=x=x, hcp 11-15\nsouth: hcp 6-9, hearts 3+"),
    ("`north: hcp 10, spades 5+` / `east: hcp 10`",
     "north: hcp 10, spades 5+\neast: hcp 10"),
    ("**HCP and a suit length on every seat** (`N 12-14 5+♠, E 8-11 4-5♥, S 6-10 3+♦, W 5-12 2-4♣`)",
     "north: hcp 12-14, spades 5+\neast: hcp 8-11, hearts 4-5\nsouth: hcp 6-10, diamonds 3+\nwest: hcp 5-12, clubs 2-4"),
    ("`N 15-17 5+♠` / `E 8-15 5+♥` / `S 6-9 3+♠`",
     "north: hcp 15-17, spades 5+\neast: hcp 8-15, hearts 5+\nsouth: hcp 6-9, spades 3+"),
    ("`N 12-21 5+♠` / `E 8-16 5+♥` / `S 10-12 3-4♠` / `W 0-10` (an auction: 1♠ 2♥ 2♠)",
     "north: hcp 12-21, spades 5+\neast: hcp 8-16, hearts 5+\nsouth: hcp 10-12, spades 3-4\nwest: hcp 0-10"),
    ("`N balanced 12-14` / `E 8-11 4-5♥` / `S 6-10 3+♦` / `W 5-12 2-4♣`",
     "north: balanced, hcp 12-14\neast: hcp 8-11, hearts 4-5\nsouth: hcp 6-10, diamonds 3+\nwest: hcp 5-12, clubs 2-4"),
    ("`N balanced 12-14` / `E balanced 8-11` / `S balanced 6-10` / `W balanced 5-12`",
     "north: balanced, hcp 12-14\neast: balanced, hcp 8-11\nsouth: balanced, hcp 6-10\nwest: balanced, hcp 5-12"),
    ("`north: spades 4+, hcp 10+` / `east: spades 3-4` / `south: spades 3+` / `west: spades 1-2`",
     "north: spades 4+, hcp 10+\neast: spades 3-4\nsouth: spades 3+\nwest: spades 1-2"),
    ("`ns: fit 8-9 majors, hcp 20-25` / `north: hcp 10+` / `east: hcp 12+`",
     "ns: fit 8-9 majors, hcp 20-25\nnorth: hcp 10+\neast: hcp 12+"),
    ("`ns: fit 8+ majors, hcp 20-25` / `east: hcp 12+`",
     "ns: fit 8+ majors, hcp 20-25\neast: hcp 12+"),
    ("`ns: fit 8+ spades` / `east: hcp 12+`", "ns: fit 8+ spades\neast: hcp 12+"),
    ("`N 15-17 3+ controls, E 8-11 2-4 controls, S 6-10 4+♠, W 5-12 2-4♣, NS 22+` (seven totals)",
     "north: hcp 15-17, controls 3+\neast: hcp 8-11, controls 2-4\nsouth: hcp 6-10, spades 4+\n"
     "west: hcp 5-12, clubs 2-4\nns: hcp 22+"),
    ("`ns: fit 8+ spades` / `ew: fit 8+ hearts` / `north: hcp 12+` / `east: hcp 10+` (a fit on each side)",
     "ns: fit 8+ spades\new: fit 8+ hearts\nnorth: hcp 12+\neast: hcp 10+"),
    ("`ns: fit 8+ spades, hcp 23+` / `ew: fit 8+ hearts` / `N 12-15, S 8-11, E 10+, W 0-9`",
     "ns: fit 8+ spades, hcp 23+\new: fit 8+ hearts\nnorth: hcp 12-15\nsouth: hcp 8-11\n"
     "east: hcp 10+\nwest: hcp 0-9"),
    ("`ns: fit 8+ spades, hcp 22+` / `east: hearts 5+, hcp 8+` / `west: hcp 0-10` (a fit beside an overcall)",
     "ns: fit 8+ spades, hcp 22+\neast: hearts 5+, hcp 8+\nwest: hcp 0-10"),
    ("`ns: fit 8+ hearts, hcp 20+` / `east: spades 5+, hcp 10-15` / `west: spades 3+`",
     "ns: fit 8+ hearts, hcp 20+\neast: spades 5+, hcp 10-15\nwest: spades 3+"),
    ("`north: hcp 15-17, balanced` / `east: hearts 5+, hcp 8-15` / `ns: fit 8+ spades` (a shaped seat in the fit)",
     "north: hcp 15-17, balanced\neast: hearts 5+, hcp 8-15\nns: fit 8+ spades"),
    ("`ns: fit 8+ spades, hcp 22-25` / `north: spades 5+` / `ew: fit 9+ hearts`",
     "ns: fit 8+ spades, hcp 22-25\nnorth: spades 5+\new: fit 9+ hearts"),
    ("`ns: fit 8+ spades, hcp 22+` / `east: spades 5+, hcp 8+` / `west: hcp 0-10` (an overcall in the fit suit)",
     "ns: fit 8+ spades, hcp 22+\neast: spades 5+, hcp 8+\nwest: hcp 0-10"),
    ("`ns: fit 8+ majors` / `east: hearts 5+, hcp 8+` / `west: hcp 0-10` (a major fit beside an overcall)",
     "ns: fit 8+ majors\neast: hearts 5+, hcp 8+\nwest: hcp 0-10"),
    ("`north: balanced, hcp 15-17` / `east: spades 5+, hcp 8-15` / `ew: fit 8+ spades` (1NT, an overcall, its raise)",
     "north: balanced, hcp 15-17\neast: spades 5+, hcp 8-15\new: fit 8+ spades"),
    ("`N 4+♠ 4+♥ 15+, E 4+♦ 5+, S 3+♥ 4+♣ 8+, W 0-3♣ 3+, NS 25+` (open-ended, by halves)",
     "north: spades 4+, hearts 4+, hcp 15+\neast: diamonds 4+, hcp 5+\nsouth: hearts 3+, clubs 4+, hcp 8+\n"
     "west: clubs 0-3, hcp 3+\nns: hcp 25+"),
    ("`N 15-19` / `S 10+ 5+♠` / `west: hcp 0+` / `ns: fit 8+ minors` (a seat asked what every hand meets)",
     "north: hcp 15-19\nsouth: hcp 10+, spades 5+\nwest: hcp 0+\nns: fit 8+ minors"),
    ("`N 12+` / `S 4+♥` / `east: hcp 0-37` / `ew: fit 8+ spades` (the same, then a fit moved)",
     "north: hcp 12+\nsouth: hearts 4+\neast: hcp 0-37\new: fit 8+ spades"),
    ("`N 5+♠ 0-3♥` / `E 10-13 balanced 4+ controls` / `S 15-19` / `W 0-5` / `ns: fit 8+ clubs` (one fit, points on every seat)",
     "north: spades 5+, hearts 0-3\neast: hcp 10-13, balanced, controls 4+\nsouth: hcp 15-19\nwest: hcp 0-5\n"
     "ns: fit 8+ clubs"),
    ("`N 8-12 4+♠ 4+♥` / `S 15-17 4+♦` / `W 5+♠` / `ew: fit 8+ clubs` (a fit beside three named seats)",
     "north: hcp 8-12, spades 4+, hearts 4+\nsouth: hcp 15-17, diamonds 4+\nwest: spades 5+\new: fit 8+ clubs"),
    ("`N balanced 12-14` / `E 5431/5422 8+` / `S 4432/5332 6+` / `W balanced 0-9` / `ns: fit 8+ majors` / `ew: fit 8+ minors` (fits over two suits on each side)",
     "north: balanced, hcp 12-14\neast: shape any 5431 + any 5422, hcp 8+\nsouth: shape any 4432 + any 5332, hcp 6+\n"
     "west: balanced, hcp 0-9\nns: fit 8+ majors\new: fit 8+ minors"),
    ("`N 8-14 5+♥` / `E 11+` / `W 8-10 0-3♠` / `ns: fit 9+ minors` (South asked only its fit: past the chain)",
     "north: hcp 8-14, hearts 5+\neast: hcp 11+\nwest: hcp 8-10, spades 0-3\nns: fit 9+ minors"),
]


def run(binary, text, deals):
    """(count seconds, exact seats, deals per second, peak KB) of one run; a build that
    fails gives its error in place of the seats (and zeros)."""
    out = subprocess.run(
        ["/usr/bin/time", "-f", "PEAK %M", binary, text, str(deals)],
        capture_output=True, text=True)
    if out.returncode != 0:
        error = re.search(r"builds: (\w+)", out.stderr)
        return 0.0, f"fails ({error.group(1) if error else 'exit ' + str(out.returncode)})", 0.0, 0
    build = re.search(r"^build ([0-9.]+)(ms|µs|s):", out.stdout, re.M)
    scale = {"ms": 1e-3, "µs": 1e-6, "s": 1.0}[build.group(2)]
    seats = re.search(r"exact_seats: \[([^\]]*)\]", out.stdout).group(1)
    rate = float(re.search(r"^sample \d+: .* = ([0-9.]+)/s", out.stdout, re.M).group(1))
    peak = int(re.search(r"PEAK (\d+)", out.stderr).group(1))
    initials = "".join(s.strip()[0] for s in seats.split(",") if s.strip())
    return float(build.group(1)) * scale, " ".join(initials), rate, peak


def seconds(x):
    return f"{x * 1e3:.0f} ms" if x < 0.1 else f"{x:.2f} s"


def main():
    before, now = sys.argv[1], sys.argv[2]
    deals = int(sys.argv[3]) if len(sys.argv) > 3 else 200_000
    rounds = int(sys.argv[4]) if len(sys.argv) > 4 else 3
    print(f"load before: {os.getloadavg()}", file=sys.stderr)
    print("| conditions | exact seats before → now | count before → now | "
          "sampling before → now | peak memory before → now |")
    print("|---|---|---|---|---|")
    only = re.compile(os.environ.get("ONLY", ""))
    for label, text in (row for row in ROWS if only.search(row[0])):
        runs = {before: [], now: []}
        for _ in range(rounds):
            for b in (before, now):
                runs[b].append(run(b, text, deals))
        cell = {}
        for b, rs in runs.items():
            cell[b] = (statistics.median(r[0] for r in rs), rs[0][1],
                       statistics.median(r[2] for r in rs), max(r[3] for r in rs))
        (c0, s0, r0, m0), (c1, s1, r1, m1) = cell[before], cell[now]
        seats = s1 if s0 == s1 else f"{s0} → {s1}"
        print(f"| {label} | {seats} | {seconds(c0)} → {seconds(c1)} | "
              f"{r0 / 1e6:.2f} → {r1 / 1e6:.2f} M deals/s | "
              f"{m0 // 1024} → {m1 // 1024} MB |", flush=True)
    print(f"load after: {os.getloadavg()}", file=sys.stderr)


if __name__ == "__main__":
    main()
