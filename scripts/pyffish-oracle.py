#!/usr/bin/env python3
"""Fairy-Stockfish's answers through its Python binding (pyffish), for
tests/pyffish_diff.rs. Run in target/py-venv (made by .ci/install-python).

One JSON request per input line, one JSON answer per output line:

  {"variant": "shogi",          # a pyffish variant name
   "ini": "[x:shogi]\\n...",    # optional: variants.ini text loaded first
   "fen": "...",                # optional: the start (default: start_fen)
   "moves": ["b2b3", ...],      # UCI moves played from the start
   "depth": 3}                  # perft depth, 0 for none

answers

  {"legal": [...sorted UCI moves...],
   "perft": [n1, ..., n_depth],  # counted by pushing moves (pyffish has no perft)
   "immediate": [bool, value],   # is_immediate_game_end
   "optional": [bool, value],    # is_optional_game_end
   "result": value or null}      # game_result, asked only when no move is legal

Values are pyffish's, for the side to move (VALUE_MATE = 32000 is a win).
A request that fails gets {"error": "..."}; the script never exits on one.
"""

import json
import sys

try:
    import pyffish
except ImportError as e:
    sys.stderr.write(
        f"error: cannot import pyffish ({e}): run bash .ci/install-python "
        "(it makes target/py-venv with pyffish 0.0.90)\n"
    )
    sys.exit(1)

loaded = set()


def perft(variant, fen, moves, depth):
    """Leaf counts at depths 1..depth, by pushing every legal move."""
    counts = [0] * depth

    def walk(path, d):
        legal = pyffish.legal_moves(variant, fen, moves + path)
        counts[d] += len(legal)
        if d + 1 < depth:
            for m in legal:
                walk(path + [m], d + 1)

    if depth > 0:
        walk([], 0)
    return counts


def answer(req):
    variant = req["variant"]
    ini = req.get("ini")
    if ini and ini not in loaded:
        pyffish.load_variant_config(ini)
        loaded.add(ini)
    fen = req.get("fen") or pyffish.start_fen(variant)
    moves = list(req.get("moves", []))
    legal = sorted(pyffish.legal_moves(variant, fen, moves))
    out = {
        "legal": legal,
        "perft": perft(variant, fen, moves, int(req.get("depth", 0))),
        "immediate": list(pyffish.is_immediate_game_end(variant, fen, moves)),
        "optional": list(pyffish.is_optional_game_end(variant, fen, moves)),
        "result": None if legal else pyffish.game_result(variant, fen, moves),
    }
    return out


def main():
    for line in sys.stdin:
        line = line.strip()
        if not line:
            continue
        try:
            out = answer(json.loads(line))
        except Exception as e:  # an answer, never a crash: the test reports it
            out = {"error": f"{type(e).__name__}: {e}"}
        sys.stdout.write(json.dumps(out) + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    main()
