#!/usr/bin/env python3
"""Shortest tsume (check-only mate) lengths by cshogi's df-pn, for
comparison with `gunbai mate shogi` (tests/mate_cshogi.rs).

Reads one SFEN per line on stdin, prints `SFEN<TAB>LENGTH` (plies) or
`SFEN<TAB>-` when there is no mate within MAX plies (first argument,
default 7). The shortest length is the first depth limit (1, 3, 5, ...)
at which cshogi's DfPn proves a mate. Also prints cshogi's main line.
"""
import sys

import cshogi

MAX = int(sys.argv[1]) if len(sys.argv) > 1 else 7

for line in sys.stdin:
    sfen = line.strip()
    if not sfen:
        continue
    board = cshogi.Board(sfen)
    found = "-"
    pv = ""
    for depth in range(1, MAX + 1, 2):
        dfpn = cshogi.DfPn(depth, 2_000_000)
        if dfpn.search(board):
            found = str(depth)
            pv = " ".join(cshogi.move_to_usi(m) for m in dfpn.get_pv(board))
            break
    print(f"{sfen}\t{found}\t{pv}", flush=True)
