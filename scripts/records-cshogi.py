#!/usr/bin/env python3
"""Writes random standard-shogi games as KIF and CSA with cshogi (PyPI),
for tests/records.rs: gunbai must read them to cshogi's moves and final
SFEN. Each game N gives cshogi-N.kif, cshogi-N.csa and cshogi-N.expect
(the USI moves on one line, then cshogi's final SFEN).

    target/py-venv/bin/python scripts/records-cshogi.py tests/records/shogi 4
"""
import os
import random
import sys

import cshogi
import cshogi.CSA
import cshogi.KIF

out, games = sys.argv[1], int(sys.argv[2])
rng = random.Random(26)
for n in range(1, games + 1):
    board = cshogi.Board()
    moves = []
    for _ in range(rng.randrange(40, 120)):
        legal = list(board.legal_moves)
        if not legal:
            break
        m = rng.choice(legal)
        moves.append(m)
        board.push(m)
    base = os.path.join(out, f"cshogi-{n}")
    start = cshogi.Board()
    endgame = "%TORYO" if not board.is_game_over() else "%TSUMI"
    kif = cshogi.KIF.Exporter(base + ".kif")
    kif.header(["gunbai-a", "gunbai-b"])
    for m in moves:
        kif.move(m)
    kif.end("resign" if endgame == "%TORYO" else "mate")
    kif.close()
    csa = cshogi.CSA.Exporter(base + ".csa")
    csa.info(start, ["gunbai-a", "gunbai-b"], version="V2.2")
    for m in moves:
        csa.move(m)
    csa.endgame(endgame)
    csa.close()
    with open(base + ".expect", "w") as f:
        f.write(" ".join(cshogi.move_to_usi(m) for m in moves) + "\n")
        f.write(board.sfen() + "\n")
