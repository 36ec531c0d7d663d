#!/usr/bin/env python3
"""Legal moves and perft by pyffish (Fairy-Stockfish's Python binding), in
USI notation, for comparison with gunbai (tests/pyffish_cannonshogi.rs).

Usage: pyffish-moves.py VARIANT FILES RANKS [INI]
INI, if given, is loaded first (pyffish.load_variant_config).

Reads lines `DEPTH<TAB>MOVES` on stdin (MOVES: USI moves from the start
position, separated by spaces; may be empty) and prints, for each, the
position's legal moves in USI, sorted and separated by spaces, then a tab
and the perft counts for depths 1 to DEPTH, separated by spaces.
pyffish writes squares as file letter and rank number from the first
player's side (a1 = USI's NIi, bottom left) and drops as `P@e5`.
"""
import re
import sys

import pyffish

VARIANT = sys.argv[1]
FILES, RANKS = int(sys.argv[2]), int(sys.argv[3])
if len(sys.argv) > 4:
    with open(sys.argv[4], encoding="utf-8") as f:
        pyffish.load_variant_config(f.read())
START = pyffish.start_fen(VARIANT)

SQUARE = re.compile(r"([a-z])(\d+)")


def to_usi(move):
    def square(m):
        f, r = ord(m.group(1)) - ord("a"), int(m.group(2))
        return f"{FILES - f}{chr(ord('a') + RANKS - r)}"

    if "@" in move:
        piece, to = move.split("@")
        return piece.upper() + "*" + SQUARE.sub(square, to)
    return SQUARE.sub(square, move)


USI_SQUARE = re.compile(r"(\d+)([a-z])")


def from_usi(move):
    def square(m):
        f, r = int(m.group(1)), ord(m.group(2)) - ord("a")
        return f"{chr(ord('a') + FILES - f)}{RANKS - r}"

    if "*" in move:
        piece, to = move.split("*")
        return piece + "@" + USI_SQUARE.sub(square, to)
    return USI_SQUARE.sub(square, move)


def perft(moves, depth):
    legal = pyffish.legal_moves(VARIANT, START, moves)
    if depth == 1:
        return len(legal)
    return sum(perft(moves + [m], depth - 1) for m in legal)


for line in sys.stdin:
    depth, _, text = line.rstrip("\n").partition("\t")
    moves = [from_usi(m) for m in text.split()]
    legal = sorted(to_usi(m) for m in pyffish.legal_moves(VARIANT, START, moves))
    counts = [str(len(legal))] + [str(perft(moves, d)) for d in range(2, int(depth) + 1)]
    print(" ".join(legal) + "\t" + " ".join(counts), flush=True)
