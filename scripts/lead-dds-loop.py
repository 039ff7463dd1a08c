#!/usr/bin/env python3
"""Times a single-threaded DDS 2.9 loop (endplay's `solve_board`, one deal at a time, every
lead of the leader) over the deals of a PBN file: the reference of the lead simulator's
benchmark (docs/BENCHMARKS.md). Prints `deals <n> ms <total> cpu_ms <cpu>`.

Usage: scripts/lead-dds-loop.py DEALS.pbn STRAIN DECLARER   (e.g. deals.pbn N S)
Run with .venv-endplay/bin/python.
"""

import re
import sys
import time

try:
    from endplay.dds import solve_board
    from endplay.types import Deal, Denom, Player
except ImportError as e:
    sys.exit(f"lead-dds-loop: endplay is not installed ({e}); run scripts/setup")

DENOM = {"S": Denom.spades, "H": Denom.hearts, "D": Denom.diamonds, "C": Denom.clubs, "N": Denom.nt}
SEATS = "NESW"
PLAYER = [Player.north, Player.east, Player.south, Player.west]


def main():
    path, strain, declarer = sys.argv[1], sys.argv[2][0].upper(), sys.argv[3].upper()
    with open(path) as f:
        deals = re.findall(r'\[Deal "([^"]+)"\]', f.read())
    leader = PLAYER[(SEATS.index(declarer) + 1) % 4]
    boards = [Deal(d, first=leader, trump=DENOM[strain]) for d in deals]
    t0, c0 = time.perf_counter(), time.process_time()
    leads = 0
    for b in boards:
        leads += len(list(solve_board(b)))
    t1, c1 = time.perf_counter(), time.process_time()
    print(f"deals {len(boards)} ms {(t1 - t0) * 1000:.0f} cpu_ms {(c1 - c0) * 1000:.0f} leads {leads}")


if __name__ == "__main__":
    main()
