#!/usr/bin/env python3
"""Verifies `fairdeal simulate lead` against DDS 2.9 (through endplay).

For a few lead problems, runs `fairdeal simulate lead … --csv --pbn deals.pbn` on a seed,
solves every written deal again with endplay's `solve_board` (all legal leads, the leader on
lead), groups the leader's touching cards (checking that endplay gives them equal tricks),
and recomputes each lead's mean defensive tricks and % set; every CSV row must match to the
printed decimals, in the documented order (mean, then % set, best first; then card order).
Any difference, or endplay missing, fails with exit status 1 and says which problem and lead.

With --write-data FILE it also writes per-deal, per-card results for the Rust known-answer
test (crates/sim/tests/data/lead-endplay.txt): one line per deal,
`<contract> <declarer> <PBN deal> | <card>=<defence tricks> …`.

Usage: scripts/lead-verify.py FAIRDEAL_BINARY [--count 40] [--write-data FILE]
Run with the virtualenv's python (.venv-endplay/bin/python), which scripts/setup creates.
"""

import argparse
import os
import re
import subprocess
import sys
import tempfile

try:
    from endplay.dds import solve_board
    from endplay.types import Deal, Denom, Player
    import endplay.config
except ImportError as e:  # loud: the check must never pass without its oracle
    sys.exit(f"lead-verify: endplay is not installed ({e}); run scripts/setup")

endplay.config.use_unicode = False

SUITS = "SHDC"
RANKS = "AKQJT98765432"
SEATS = "NESW"
DENOM = {"S": Denom.spades, "H": Denom.hearts, "D": Denom.diamonds, "C": Denom.clubs, "N": Denom.nt}
PLAYER = {"N": Player.north, "E": Player.east, "S": Player.south, "W": Player.west}

# (spec, contract, declarer, leader's hand)
PROBLEMS = [
    ("south: balanced, hcp 15-17\nnorth: hcp 8-9\n", "3NT", "S", "KQJ4.T98.AK2.654"),
    ("north: hcp 11-15, spades 5+\nsouth: hcp 10-12, spades 3+\n", "4S", "N", "AT5.KQJ7.832.J92"),
    ("west: hcp 16-18, hearts 5+\n", "2H", "W", "QJT9.A2.K8765.43"),
]


def card_index(card):
    """Suit-major index (SA = 0), as Fair Deal orders cards."""
    return SUITS.index(card[0]) * 13 + RANKS.index(card[1])


def groups_of(hand):
    """Touching cards of a PBN hand, highest first: [['SK', 'SQ', 'SJ'], ['S4'], …]."""
    cards = sorted(
        (s + r for s, holding in zip(SUITS, hand.split(".")) for r in holding), key=card_index
    )
    out = []
    for c in cards:
        if out and out[-1][-1][0] == c[0] and card_index(out[-1][-1]) + 1 == card_index(c):
            out[-1].append(c)
        else:
            out.append([c])
    return out


def endplay_leads(pbn_deal, strain, declarer):
    """{card: tricks for the side on lead} for every legal lead."""
    leader = SEATS[(SEATS.index(declarer) + 1) % 4]
    deal = Deal(pbn_deal, first=PLAYER[leader], trump=DENOM[strain])
    out = {}
    for card, tricks in solve_board(deal):
        text = str(card)  # e.g. "S5", "DT"
        out[text[0] + text[1:].replace("10", "T")] = tricks
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("fairdeal")
    ap.add_argument("--count", type=int, default=40)
    ap.add_argument("--seed", default="5eed")
    ap.add_argument("--write-data")
    args = ap.parse_args()
    failures = []
    data_lines = []
    with tempfile.TemporaryDirectory() as tmp:
        for k, (spec, contract, declarer, hand) in enumerate(PROBLEMS):
            spec_path = os.path.join(tmp, f"spec{k}.txt")
            pbn_path = os.path.join(tmp, f"deals{k}.pbn")
            with open(spec_path, "w") as f:
                f.write(spec)
            cmd = [args.fairdeal, "simulate", "lead", spec_path, "--contract", contract,
                   "--declarer", declarer, "--hand", hand, "-n", str(args.count), "--seed",
                   args.seed, "--csv", "--pbn", pbn_path, "-q", "-j", "2"]
            run = subprocess.run(cmd, capture_output=True, text=True)
            if run.returncode != 0:
                sys.exit(f"lead-verify: {' '.join(cmd)} failed: {run.stderr}")
            rows = [line.split(",") for line in run.stdout.strip().splitlines()[1:]]
            with open(pbn_path) as f:
                deals = re.findall(r'\[Deal "([^"]+)"\]', f.read())
            if len(deals) != args.count:
                failures.append(f"problem {k}: {len(deals)} deals in the PBN, expected {args.count}")
                continue
            strain = contract[1]
            need_to_set = 14 - (int(contract[0]) + 6)
            groups = groups_of(hand)
            per_group = [[] for _ in groups]
            for d in deals:
                leads = endplay_leads(d, strain, declarer)
                for g, cards in enumerate(groups):
                    values = {leads[c] for c in cards}
                    if len(values) != 1:
                        failures.append(f"problem {k} deal {d}: touching {cards} differ: {values}")
                    per_group[g].append(leads[cards[0]])
                data_lines.append(
                    f"{contract} {declarer} {d} | "
                    + " ".join(f"{c}={leads[c]}" for g in groups for c in g)
                )
            n = len(deals)
            want = []
            for cards, tricks in zip(groups, per_group):
                mean = sum(tricks) / n
                set_pct = 100 * sum(t >= need_to_set for t in tricks) / n
                want.append((cards[0], mean, set_pct))
            want.sort(key=lambda w: (-w[1], -w[2], card_index(w[0])))
            got = [(r[0], r[1], r[2]) for r in rows]
            expect = [(c, f"{m:.3f}", f"{s:.1f}") for c, m, s in want]
            if got != expect:
                failures.append(f"problem {k} ({contract} by {declarer}): CSV {got} != endplay {expect}")
            else:
                print(f"problem {k}: {contract} by {declarer}, {n} deals, {len(groups)} leads agree")
    if args.write_data:
        with open(args.write_data, "w") as f:
            f.write("# Per-deal opening-lead results from DDS 2.9 through endplay "
                    "(scripts/lead-verify.py --write-data).\n")
            f.write("# <contract> <declarer> <PBN deal> | <card>=<defence tricks> …\n")
            f.write("\n".join(data_lines) + "\n")
    if failures:
        for f in failures:
            print("lead-verify: " + f, file=sys.stderr)
        sys.exit(1)
    print("lead-verify: every lead agrees with endplay")


if __name__ == "__main__":
    main()
