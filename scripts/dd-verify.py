#!/usr/bin/env python3
"""Verifies Fair Deal's double-dummy tables and par against DDS 2.9 (through endplay).

Writes a PBN file of seeded random deals plus hand-picked extreme ones (whole suits, voids,
all 4-3-3-3, 7-6 and 12-1 splits), runs `fairdeal dd --csv` on it, solves the same deals with
endplay's `calc_all_tables` + `par` (DealerParBin), and compares every one of the 20 trick
counts, the par score (North-South's view) and the par contracts of every board. Any
difference, or endplay missing, fails with exit status 1 and says which board and what.

Usage: scripts/dd-verify.py FAIRDEAL_BINARY [--count 200] [--seed 1] [-j THREADS]
Run with the virtualenv's python (.venv-endplay/bin/python), which scripts/setup creates.
"""

import argparse
import os
import random
import re
import subprocess
import sys
import tempfile
import time

try:
    from endplay.dds import calc_all_tables, par
    from endplay.types import Deal, Denom, Penalty, Player, Vul
    import endplay.config
except ImportError as e:  # loud: the check must never pass without its oracle
    sys.exit(f"dd-verify: endplay is not installed ({e}); run scripts/setup")

endplay.config.use_unicode = False

SUITS = "SHDC"  # card index = suit * 13 + rank from top (A = 0)
RANKS = "AKQJT98765432"
SEATS = "NESW"
CYCLE_VUL = ["None", "NS", "EW", "All", "NS", "EW", "All", "None",
             "EW", "All", "None", "NS", "All", "None", "NS", "EW"]


def pbn_of(owner):
    """PBN deal `N:…` from a list of 52 owners (0..3 = N E S W) indexed by card."""
    hands = []
    for seat in range(4):
        suits = []
        for s in range(4):
            suits.append("".join(RANKS[r] for r in range(13) if owner[s * 13 + r] == seat))
        hands.append(".".join(suits))
    return "N:" + " ".join(hands)


def by(f):
    owner = [f(c // 13, c % 13) % 4 for c in range(52)]
    assert all(owner.count(s) == 13 for s in range(4)), owner
    return pbn_of(owner)


def extreme_deals():
    deals = []
    for rot in range(4):  # each hand one whole suit, four rotations, and a crossed one
        deals.append(by(lambda s, r, rot=rot: s + rot))
    deals.append(by(lambda s, r: [0, 2, 1, 3][s]))
    deals.append(by(lambda s, r: s * 13 + r))  # ranks round the table: 4-3-3-3 hands
    deals.append(by(lambda s, r: r + s))  # another all-4333 layout
    deals.append(by(lambda s, r: r * 3 + s))
    deals.append(by(lambda s, r: s if r < 7 else s + 1))  # 7-6-0-0 everywhere
    deals.append(by(lambda s, r: s if r >= 6 else s + 1))  # the same with the low cards long
    deals.append(by(lambda s, r: s if r < 12 else s + 1))  # 12-1-0-0
    deals.append(by(lambda s, r: s if r > 0 else s + 3))  # 12-1 with the ace stiff
    deals.append(by(lambda s, r: ((r + s // 2) % 2) * 2 + s % 2))  # 7-6 inside partnerships
    deals.append(by(lambda s, r: s + (1 if r in (0, 2, 4) else 0)))  # 10-3 with voids
    deals.append(by(lambda s, r: s ^ (r % 2)))  # 7-6/6-7, two voids each
    # Random deals where every hand has two voids: each partnership holds two whole suits,
    # one player 7 + 6 of them, the partner 6 + 7.
    rng = random.Random(4333)
    for _ in range(8):
        suits = [0, 1, 2, 3]
        rng.shuffle(suits)
        owner = [0] * 52
        for pair, (a, b) in enumerate([(0, 2), (1, 3)]):
            for k, s in enumerate(suits[pair * 2:pair * 2 + 2]):
                ranks = list(range(13))
                rng.shuffle(ranks)
                first, second = (a, b) if k == 0 else (b, a)
                for i, r in enumerate(ranks):
                    owner[s * 13 + r] = first if i < 7 else second
        assert all(owner.count(p) == 13 for p in range(4))
        deals.append(pbn_of(owner))
    return deals


def random_deals(count, seed):
    rng = random.Random(seed)
    out = []
    for _ in range(count):
        owner = [c // 13 for c in range(52)]
        rng.shuffle(owner)
        out.append(pbn_of(owner))
    return out


def par_set_ours(text):
    """{(level, strain, doubled, overtricks, seat)} from `1S NS;5HX-2 EW` (or `-`)."""
    out = set()
    if text == "-":
        return out
    for item in text.split(";"):
        m = re.fullmatch(r"([1-7])(NT|S|H|D|C)(X?)([+-]\d+)? ([NESW]+)", item)
        if not m:
            raise ValueError(f"unreadable par contract {item!r}")
        for seat in m.group(5):
            out.add((int(m.group(1)), m.group(2), m.group(3) == "X", int(m.group(4) or 0), seat))
    return out


DENOM = {Denom.spades: "S", Denom.hearts: "H", Denom.diamonds: "D", Denom.clubs: "C", Denom.nt: "NT"}


def par_set_dds(parlist):
    out = set()
    for c in parlist:  # copy fields at once: the iterator reuses one ctypes struct
        if c.level == 0:
            continue
        out.add((c.level, DENOM[c.denom], c.penalty != Penalty.passed, c.result, SEATS[int(c.declarer)]))
    return out


def compare(deals, rows, tables):
    """Every difference between fairdeal's CSV rows and DDS's tables and par, as text."""
    failures = []
    for i, (d, row, table) in enumerate(zip(deals, rows, tables)):
        b = i + 1
        if row["deal"] != d:
            failures.append(f"board {b}: fairdeal read {row['deal']}, wrote {d}")
            continue
        dds = table.to_list()  # rows S H D C NT (Denom order), columns N E S W
        for denom, letter in DENOM.items():
            for seat in range(4):
                ours = int(row[f"{SEATS[seat]}_{letter}"])
                theirs = dds[int(denom)][seat]
                if ours != theirs:
                    failures.append(f"board {b} {d}: {SEATS[seat]} in {letter}: fairdeal {ours}, DDS {theirs}")
        vul = Vul.find(CYCLE_VUL[i % 16])
        p = par(table, vul, Player(i % 4))
        if int(row["par_ns"]) != p.score:
            failures.append(f"board {b} {d}: par score fairdeal {row['par_ns']}, DDS {p.score}")
        theirs = par_set_dds(p)
        ours = par_set_ours(row["par_contracts"])
        if ours != theirs:
            failures.append(f"board {b} {d}: par contracts fairdeal {sorted(ours)}, DDS {sorted(theirs)}")
    return failures


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("fairdeal")
    ap.add_argument("--count", type=int, default=200)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("-j", "--threads", type=int, default=os.cpu_count() or 1)
    args = ap.parse_args()

    deals = random_deals(args.count, args.seed) + extreme_deals()
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "verify.pbn")
        with open(path, "w") as f:
            for i, d in enumerate(deals):
                b = i + 1
                f.write(f'[Board "{b}"]\n[Dealer "{SEATS[(b - 1) % 4]}"]\n'
                        f'[Vulnerable "{CYCLE_VUL[(b - 1) % 16]}"]\n[Deal "{d}"]\n\n')
        t0 = time.perf_counter()
        run = subprocess.run([args.fairdeal, "dd", path, "--csv", "-j", str(args.threads)],
                             capture_output=True, text=True)
        ours_s = time.perf_counter() - t0
    if run.returncode != 0:
        sys.exit(f"dd-verify: fairdeal dd failed: {run.stderr.strip()}")
    lines = run.stdout.strip().splitlines()
    header = lines[0].split(",")
    rows = [dict(zip(header, l.split(","))) for l in lines[1:]]
    if len(rows) != len(deals):
        sys.exit(f"dd-verify: fairdeal solved {len(rows)} boards, expected {len(deals)}")

    t0 = time.perf_counter()
    tables = []
    for start in range(0, len(deals), 40):  # DDS: at most 40 full tables per call
        tables.extend(calc_all_tables([Deal(d) for d in deals[start:start + 40]]))
    dds_s = time.perf_counter() - t0

    failures = compare(deals, rows, tables)
    # The check must be able to fail: one wrong trick count and one wrong par score, planted
    # in a copy of our answers, must both be caught.
    planted = [dict(r) for r in rows[:2]]
    planted[0]["N_NT"] = str((int(planted[0]["N_NT"]) + 1) % 14)
    planted[1]["par_ns"] = str(int(planted[1]["par_ns"]) + 10)
    if len(compare(deals[:2], planted, tables[:2])) < 2:
        sys.exit("dd-verify: planted mismatches were not detected; the check is broken")

    n = len(deals)
    print(f"dd-verify: {n} deals ({args.count} random, {n - args.count} extreme): "
          f"fairdeal dd -j {args.threads} {ours_s:.1f} s, endplay calc_all_tables {dds_s:.1f} s")
    if failures:
        for f in failures[:50]:
            print("MISMATCH", f)
        sys.exit(f"dd-verify: {len(failures)} mismatches with DDS")
    print(f"dd-verify: all {n * 20} trick counts, {n} par scores and par contracts match DDS 2.9")


if __name__ == "__main__":
    main()
