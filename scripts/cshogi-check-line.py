#!/usr/bin/env python3
"""Claimed tsume lines checked by cshogi's df-pn, for comparison with
`gunbai mate shogi --check-line` (tests/mate_cshogi.rs).

Reads one SFEN per line on stdin. For each that cshogi mates within MAX
plies (first argument, default 7), prints two cases as JSON lines:

- "sound": cshogi's own shortest mating line, claimed at its length;
- "wrong" (when one exists): a first check after which some reply is
  mated within the claim less two plies and another is not, played as
  that check, the mated reply and cshogi's mate after it, claimed at the
  position's shortest length.

Each case carries what an independent check of the line finds: at every
defender's ply, up to the first with an escape, the number of other legal
replies, those cshogi's DfPn mates within the plies the claim leaves
(the claim less the plies played) and the sorted replies it does not
(the escapes); then, without an escape, whether the line ends in mate
(the defender has no legal move).
"""
import json
import sys

import cshogi

MAX = int(sys.argv[1]) if len(sys.argv) > 1 else 7
NODES = 2_000_000


def shortest(board, limit):
    """cshogi's shortest mate within `limit` plies: (length, line) or None."""
    for depth in range(1, limit + 1, 2):
        dfpn = cshogi.DfPn(depth, NODES)
        if dfpn.search(board):
            return depth, [cshogi.move_to_usi(m) for m in dfpn.get_pv(board)]
    return None


def mated_within(board, plies):
    return plies >= 1 and cshogi.DfPn(plies, NODES).search(board)


def check(sfen, claim, line):
    board = cshogi.Board(sfen)
    plies = []
    escaped = False
    for i, usi in enumerate(line):
        ply = i + 1
        move = board.move_from_usi(usi)
        if ply % 2 == 0:
            others = [m for m in board.legal_moves if m != move]
            escapes, mated = [], 0
            for m in others:
                board.push(m)
                if mated_within(board, claim - ply):
                    mated += 1
                else:
                    escapes.append(cshogi.move_to_usi(m))
                board.pop()
            plies.append({"ply": ply, "alternatives": len(others), "mated": mated, "escapes": sorted(escapes)})
            if escapes:
                escaped = True
                break
        board.push(move)
    ends = None if escaped else board.is_game_over()
    return {"plies": plies, "ends_in_mate": ends}


def wrong(sfen, claim):
    board = cshogi.Board(sfen)
    for first in list(board.legal_moves):
        board.push(first)
        if not board.is_check():
            board.pop()
            continue
        mated, escape = None, False
        for reply in list(board.legal_moves):
            board.push(reply)
            found = shortest(board, claim - 2)
            board.pop()
            if found and mated is None:
                mated = (reply, found[1])
            escape = escape or not found
        board.pop()
        if mated and escape:
            return [cshogi.move_to_usi(first), cshogi.move_to_usi(mated[0])] + mated[1]
    return None


for text in sys.stdin:
    sfen = text.strip()
    if not sfen:
        continue
    found = shortest(cshogi.Board(sfen), MAX)
    if not found:
        continue
    claim, line = found
    cases = [("sound", line)]
    bad = wrong(sfen, claim) if claim >= 3 else None
    if bad:
        cases.append(("wrong", bad))
    for kind, moves in cases:
        case = {"sfen": sfen, "kind": kind, "claim": claim, "line": moves}
        case.update(check(sfen, claim, moves))
        print(json.dumps(case), flush=True)
