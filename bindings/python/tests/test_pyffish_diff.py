"""Differential test against Fairy-Stockfish's Python binding, pyffish
0.0.90 (PyPI; .ci/install-python puts it in target/py-venv), call by call
through both modules: random games from the start, and on every position
the legal move sets (gunbai's `Board.legal_moves(convention="fsf")`, the
moves Fairy-Stockfish lists, written in pyffish's UCI coordinates) and the
result (pyffish's is_immediate_game_end, is_optional_game_end and, with no
legal move, game_result, as win / draw / loss for the side to move,
against gunbai's `Board.result()` and `gunbai.game_result`), and perft 2
from each start.

The rows are tests/pyffish_diff.rs's, which found the readings that match
(a `fsf` preset for Dobutsu, Sho, Tori, Yari and Micro, the drop letters
and Micro's swapped promotion marks). Expected values are pyffish's.
"""

import pathlib
import random
import re

import gunbai
import pytest

import pyffish  # noqa: E402  (missing: run bash .ci/install-python; never skipped)

REPO = pathlib.Path(__file__).resolve().parents[3]

TORI_DROPS = {"CR": "C", "PT": "P", "LQ": "L", "RQ": "R", "FA": "F", "SW": "S"}
YARI_DROPS = {"P": "P", "YN": "N", "YB": "B", "YR": "R"}
MICRO_DROPS = {"P": "P", "+P": "+P", "B": "B", "+B": "+B", "G": "+R", "+G": "R", "S": "+L", "+S": "L"}

# (gunbai variant, preset, pyffish variant, drop letters, ignore marks, games, plies)
ROWS = [
    ("shogi", None, "shogi", {}, False, 2, 12),
    ("minishogi", None, "minishogi", {}, False, 2, 12),
    ("kyotoshogi", None, "kyotoshogi", {}, False, 2, 12),
    ("euroshogi", None, "euroshogi", {}, False, 2, 12),
    ("judkins", None, "judkins", {}, False, 2, 12),
    ("gorogoro", None, "gorogoro", {}, False, 2, 12),
    ("dobutsu", "fsf", "dobutsu", {}, False, 4, 30),
    ("sho", "fsf", "shoshogi", {}, False, 2, 12),
    ("tori", "fsf", "torishogi", TORI_DROPS, False, 2, 12),
    ("yari", "fsf", "yarishogi", YARI_DROPS, False, 2, 12),
    ("micro", "fsf", "micro", MICRO_DROPS, True, 2, 12),
]


def variant_with_preset(name, preset):
    """The bundled variant, or a copy under another id with the preset set
    (so other tests keep the bundled defaults)."""
    if preset is None:
        return name
    text = (REPO / "rules" / f"{name}.toml").read_text()
    copy = f"{name}_{preset}_pyffish"
    renamed, n = re.subn(rf'^id = "{name}"', f'id = "{copy}"', text, count=1, flags=re.M)
    assert n == 1, f"rules/{name}.toml: no `id = \"{name}\"` line"
    assert gunbai.load_variant_config(renamed, f"{copy}.toml") == copy
    gunbai.set_option(f"{copy}.preset", preset)
    return copy


def to_uci(move, drops, ignore_marks):
    """gunbai's native move in pyffish's UCI form: the same squares, no
    landing marks, `=` left out, drops as `P@e5` with pyffish's letter."""
    native = move.text
    if "*" in native:
        piece, square = native.split("*")
        token = drops.get(piece)
        if token is None:
            assert move.usi, f"no pyffish letter for the drop {native}: add it to the row's drops"
            token = move.usi.split("*")[0].upper()
        return f"{token}@{square}"
    body = native.rstrip("+=-&")
    suffix = native[len(body):]
    cut = re.search(r"[-x]", body[1:])
    out = body[: cut.start() + 1] + body[cut.start() + 2:] if cut else body
    if suffix not in ("", "=") and not ignore_marks:
        out += suffix
    return out


def theirs_normal(m, ignore_marks):
    return m.rstrip("+-") if ignore_marks and "@" not in m else m


def sign(v):
    return (v > 0) - (v < 0)


def their_result(variant, fen, moves, legal):
    end, value = pyffish.is_immediate_game_end(variant, fen, moves)
    if end:
        return sign(value)
    end, value = pyffish.is_optional_game_end(variant, fen, moves)
    if end:
        return sign(value)
    return None if legal else sign(pyffish.game_result(variant, fen, moves))


def pyffish_perft(variant, fen, moves, depth):
    legal = pyffish.legal_moves(variant, fen, moves)
    if depth == 1:
        return len(legal)
    return sum(pyffish_perft(variant, fen, moves + [m], depth - 1) for m in legal)


@pytest.mark.parametrize("row", ROWS, ids=[r[0] for r in ROWS])
def test_agrees_with_pyffish(row):
    name, preset, theirs_name, drops, ignore_marks, games, plies = row
    ours_name = variant_with_preset(name, preset)
    their_fen = pyffish.start_fen(theirs_name)
    our_fen = gunbai.start_fen(ours_name)
    assert gunbai.Board(ours_name).perft(2, convention="fsf") == pyffish_perft(theirs_name, their_fen, [], 2)
    rng = random.Random(len(name) * 1000 + 7)
    compared = 0
    for game in range(games):
        board = gunbai.Board(ours_name)
        played = []
        for _ in range(plies):
            ours = sorted(((to_uci(m, drops, ignore_marks), m) for m in board.legal_moves(convention="fsf")), key=lambda p: p[0])
            raw = pyffish.legal_moves(theirs_name, their_fen, played)
            theirs = sorted((theirs_normal(m, ignore_marks), m) for m in raw)
            where = f"{name} vs pyffish {theirs_name}, game {game}, after {played} ({board.fen})"
            assert [t for t, _ in ours] == [t for t, _ in theirs], f"legal moves differ, {where}"
            our_end = board.result()
            our_end = None if our_end is None else sign(our_end)
            assert our_end == their_result(theirs_name, their_fen, played, raw), f"results differ, {where}"
            if our_end is not None:
                # The stateless call says the same as the board.
                assert sign(gunbai.game_result(ours_name, our_fen, board.move_stack)) == our_end
            compared += 1
            if our_end is not None or not ours:
                break
            i = rng.randrange(len(ours))
            board.push(ours[i][1])
            played.append(theirs[i][1])
    assert compared >= games
