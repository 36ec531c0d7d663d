"""Random games in pyffish on sections of a variants.ini, for tests/fsf_import.rs.

Usage: pyffish_walk.py INI SEED GAMES PLIES VARIANT...

Loads INI with pyffish.load_variant_config, then plays GAMES random games of
at most PLIES plies in each VARIANT from its start position. For every
position it prints one JSON line: the variant, the moves from the start,
whether the game has ended there (pyffish's immediate game end), the
sorted legal moves (Fairy-Stockfish's UCI: a1a2, a1a2+, a1a2-, P@a2, +P@a2)
and perft counts: depth 1 everywhere, 2 every fifth ply, 3 at the start of
the first game.
An ended node counts no children, as gunbai counts none after an outcome.
"""
import json
import random
import sys

import pyffish as sf


def children(variant, fen):
    ended, _ = sf.is_immediate_game_end(variant, fen, [])
    return [] if ended else sf.legal_moves(variant, fen, [])


def perft(variant, fen, depth):
    if depth == 0:
        return 1
    moves = children(variant, fen)
    if depth == 1:
        return len(moves)
    return sum(perft(variant, sf.get_fen(variant, fen, [m]), depth - 1) for m in moves)


def main():
    path, seed, games, plies = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
    with open(path, encoding="utf-8") as f:
        sf.load_variant_config(f.read())
    rng = random.Random(seed)
    for variant in sys.argv[5:]:
        start = sf.start_fen(variant)
        for game in range(games):
            moves = []
            for ply in range(plies + 1):
                ended, _ = sf.is_immediate_game_end(variant, start, moves)
                legal = [] if ended else sorted(sf.legal_moves(variant, start, moves))
                fen = sf.get_fen(variant, start, moves)
                depths = 3 if ply == 0 and game == 0 else 2 if ply % 5 == 0 else 1
                counts = [perft(variant, fen, d) for d in range(1, depths + 1)] if legal else []
                print(json.dumps({"variant": variant, "game": game, "moves": moves,
                                  "ended": ended, "legal": legal, "perft": counts}), flush=True)
                if not legal:
                    break
                moves = moves + [rng.choice(legal)]


if __name__ == "__main__":
    main()
