#!/usr/bin/env python3
"""Verifies `fairdeal play --csv` against DDS 2.9 (through endplay) on real records with play.

For each LIN file given, reads the board with endplay's own LIN parser (deal, contract,
declarer and play: an independent reading of the record), runs
`fairdeal play FILE --board N --csv`, replays the play position by position in endplay
(`Deal.play`, which keeps the trick in progress and the leader), solves every position with
`endplay.dds.solve_board` (every legal card, tricks for the side to move), turns each card's
figure into declarer's tricks for the board (tricks declarer has won + the side's tricks, or
the remaining tricks less the defence's), and checks every CSV row: the set of legal cards,
each card's figure, its cost (against the best card for the side to move), the card played,
the tricks won so far and the running tricks lost against DD per side. Any difference, or
endplay missing, fails with exit status 1 and names the position and card.

With --random COUNT it also writes COUNT boards of its own (random deals from endplay's
generator, a random strain and declarer, a random legal play of random length: trumps,
partial tricks and unfinished plays) as LIN files and checks them the same way.

With --bench ROUNDS it instead times solving every position of each file's board: endplay
(DDS 2.9, one SolveBoard per position, in this process) against `fairdeal play --csv` (the
whole command, process start included), interleaved, and prints the medians and the
per-round ratio (use a release build of fairdeal for this).

Usage: scripts/play-verify.py FAIRDEAL_BINARY [--random COUNT | --bench ROUNDS] FILE.lin[:BOARD] …
Run with the virtualenv's python (.venv-endplay/bin/python), which scripts/setup creates.
"""

import csv
import io
import os
import random
import subprocess
import sys
import tempfile
import time

try:
    from endplay.dds import solve_board
    from endplay.parsers import lin
    from endplay.dealer import generate_deal
    from endplay.types import Denom, Player
    import endplay.config
except ImportError as e:  # loud: the check must never pass without its oracle
    sys.exit(f"play-verify: endplay is not installed ({e}); run scripts/setup")

endplay.config.use_unicode = False

SEATS = "NESW"
SUITS = "SHDC"


def card_text(card):
    """endplay card → `SA`-style text."""
    return str(card)[0] + str(card)[1:].replace("10", "T")


def side(seat_letter):
    return 0 if seat_letter in "NS" else 1


def read_board(path, board_no):
    """(board number, deal, declarer letter, denom, play) of a real record, read by endplay."""
    with open(path, encoding="utf-8", errors="replace") as f:
        boards = lin.load(f)
    board = next((b for b in boards if board_no is None or b.board_num == board_no), None)
    if board is None:
        sys.exit(f"play-verify: {path} has no board {board_no} that endplay reads")
    declarer = SEATS[int(board.contract.declarer)]
    return board.board_num, board.deal, declarer, board.contract.denom, [card_text(c) for c in board.play]


def verify(exe, path, number, deal, declarer, denom, play):
    deal = deal.copy()
    deal.trump = denom
    deal.first = Player.find(SEATS[(SEATS.index(declarer) + 1) % 4])
    args = [exe, "play", path, "--csv"] + (["--board", str(number)] if number else [])
    out = subprocess.run(args, check=True, capture_output=True, text=True).stdout
    rows = list(csv.DictReader(io.StringIO(out)))
    by_position = {}
    for r in rows:
        by_position.setdefault(int(r["position"]), []).append(r)
    won = [0, 0]
    lost = [0, 0]
    checked = 0
    for pos in range(len(play) + 1):
        if pos == 52:
            break
        mover = SEATS[int(deal.curplayer)]
        left = 13 - (won[0] + won[1])
        dside = side(declarer)
        results = {card_text(c): t for c, t in solve_board(deal)}
        figures = {
            c: won[dside] + (t if side(mover) == dside else left - t) for c, t in results.items()
        }
        best = max(figures.values()) if side(mover) == dside else min(figures.values())
        got = by_position.get(pos, [])
        where = f"{path} board {number} position {pos} ({mover} to play)"
        if sorted(r["card"] for r in got) != sorted(figures):
            sys.exit(f"play-verify: {where}: legal cards {sorted(r['card'] for r in got)} != DDS {sorted(figures)}")
        played = play[pos] if pos < len(play) else None
        for r in got:
            c = r["card"]
            want = {
                "to_move": mover,
                "declarer_tricks": str(figures[c]),
                "cost": str(abs(best - figures[c])),
                "played": "1" if c == played else "0",
                "tricks_ns": str(won[0]),
                "tricks_ew": str(won[1]),
                "lost_ns": str(lost[0]),
                "lost_ew": str(lost[1]),
                "trick": str(pos // 4 + 1),
                "card_in_trick": str(pos % 4 + 1),
            }
            for k, v in want.items():
                if r[k] != v:
                    sys.exit(f"play-verify: {where}, card {c}: {k} = {r[k]}, DDS says {v}")
            checked += 1
        if played is None:
            break
        lost[side(mover)] += abs(best - figures[played])
        before = len(deal.curtrick)
        deal.play(played)
        if before == 3:  # the trick is complete: its winner leads next
            won[side(SEATS[int(deal.first)])] += 1
    print(f"play-verify: {path} board {number}: {checked} card figures at {len(by_position)} positions equal DDS's "
          f"(lost against DD: NS {lost[0]}, EW {lost[1]})")


def bench(exe, path, board, rounds):
    number, deal0, declarer, denom, play = board
    ours, theirs, ratios = [], [], []
    for _ in range(rounds):
        t = time.perf_counter()
        deal = deal0.copy()
        deal.trump = denom
        deal.first = Player.find(SEATS[(SEATS.index(declarer) + 1) % 4])
        positions = 0
        for card in play + [None]:
            if len(deal.curtrick) == 0 and sum(len(deal[p]) for p in Player) == 0:
                break
            solve_board(deal)
            positions += 1
            if card is None:
                break
            deal.play(card)
        dds = time.perf_counter() - t
        t = time.perf_counter()
        subprocess.run([exe, "play", path, "--csv"], check=True, capture_output=True)
        fd = time.perf_counter() - t
        theirs.append(dds)
        ours.append(fd)
        ratios.append(fd / dds)
    med = lambda xs: sorted(xs)[len(xs) // 2]
    print(f"play-bench: {path} board {number}: {positions} positions; endplay/DDS {med(theirs) * 1000:.0f} ms, "
          f"fairdeal play {med(ours) * 1000:.0f} ms (median of {rounds}); ratio fairdeal/DDS median {med(ratios):.2f} "
          f"(rounds {', '.join(f'{r:.2f}' for r in ratios)})")


LIN_SEATS = "SWNE"  # md order; dealer digits 1-4


def random_lin(rng):
    """A LIN board: a random deal, a one-bid auction by a random declarer in a random
    strain (passed out by the others), and a random legal play of random length."""
    deal = generate_deal()
    declarer = rng.choice(SEATS)
    denom = rng.choice("SHDCN")
    hands = []
    for seat in LIN_SEATS:
        holdings = str(deal[Player.find(seat)]).split(".")
        hands.append("".join(s + h for s, h in zip(SUITS, holdings)))
    text = f"md|{LIN_SEATS.index(declarer) + 1}{','.join(hands)}|sv|o|ah|Board 1|"
    text += f"mb|{rng.randint(1, 7)}{denom}|mb|p|mb|p|mb|p|"
    d = deal.copy()
    trump = {"S": Denom.spades, "H": Denom.hearts, "D": Denom.diamonds, "C": Denom.clubs, "N": Denom.nt}[denom]
    d.trump = trump
    d.first = Player.find(SEATS[(SEATS.index(declarer) + 1) % 4])
    play = []
    for _ in range(rng.choice([52, rng.randint(0, 52)])):
        legal = [card_text(c) for c, _ in solve_board(d)]
        card = rng.choice(legal)
        text += f"pc|{card}|"
        play.append(card)
        d.play(card)
    return text + "\n", deal, declarer, trump, play


def main():
    args = sys.argv[1:]
    if len(args) < 2:
        sys.exit(__doc__)
    exe = args.pop(0)
    count = 0
    if args and args[0] == "--random":
        count = int(args[1])
        args = args[2:]
    if args and args[0] == "--bench":
        rounds = int(args[1])
        for spec in args[2:]:
            path, _, board = spec.partition(":")
            bench(exe, path, read_board(path, int(board) if board else None), rounds)
        return
    for spec in args:
        path, _, board = spec.partition(":")
        verify(exe, path, *read_board(path, int(board) if board else None))
    rng = random.Random(18)
    with tempfile.TemporaryDirectory() as tmp:
        for i in range(count):
            path = os.path.join(tmp, f"random-{i + 1}.lin")
            text, deal, declarer, trump, play = random_lin(rng)
            with open(path, "w") as f:
                f.write(text)
            verify(exe, path, 1, deal, declarer, trump, play)


if __name__ == "__main__":
    main()
