"""Hostile input, class by class (Hardening II): every one raises a Python
exception with a clear message; none crashes the interpreter or runs
unbounded."""

import _thread
import subprocess
import sys
import threading
import time

import gunbai
import pytest
from conftest import REPO

FEN = gunbai.start_fen("shogi")


def test_unknown_variant_names_the_nearest():
    with pytest.raises(gunbai.UnknownVariantError) as e:
        gunbai.legal_moves("shgi", FEN, [])
    assert "shogi" in str(e.value) and e.value.kind == "unknown_variant"
    assert isinstance(e.value, ValueError)


def test_bad_position_and_move_text():
    with pytest.raises(gunbai.PositionError) as e:
        gunbai.legal_moves("shogi", "lnsgkgsnl/9/9 b", [])
    assert e.value.diagnostics
    with pytest.raises(gunbai.MoveError):
        gunbai.legal_moves("shogi", FEN, ["e5-e9"])
    with pytest.raises(gunbai.MoveError):
        gunbai.Board("shogi").push("zz")
    with pytest.raises(gunbai.MoveError):
        gunbai.is_capture("shogi", FEN, [], "")


def test_huge_and_deep_text():
    with pytest.raises(gunbai.LimitError):
        gunbai.legal_moves("shogi", "9/" * 600_000, [])
    with pytest.raises(gunbai.LimitError):
        gunbai.get_san("shogi", FEN, "7g7f" * 1000)
    with pytest.raises(gunbai.RulesError) as e:
        gunbai.load_variant_config("#" * (5 << 20))
    assert "limit" in str(e.value)
    # Deep nesting: a condition 100,000 parentheses deep, and TOML arrays.
    deep = '[variant]\nid = "deep"\n[victory]\nloses_when = "' + "(" * 100_000 + "true" + ")" * 100_000 + '"\n'
    with pytest.raises(gunbai.RulesError):
        gunbai.load_variant_config(deep)
    with pytest.raises(gunbai.RulesError):
        gunbai.load_variant_config("x = " + "[" * 100_000)
    with pytest.raises(gunbai.LimitError):
        gunbai.set_option("chu." + "x" * 5000, "true")


def test_huge_move_lists():
    with pytest.raises(gunbai.LimitError):
        gunbai.legal_moves("shogi", FEN, ["7g7f"] * (gunbai.MAX_PLIES + 1))
    board = gunbai.Board("chu")
    with pytest.raises(gunbai.LimitError):
        gunbai.Board("shogi", moves=["7g7f"] * 20_000)
    # A legal shuffle never exceeds the board's stack limit silently.
    assert board.push("f4-f5") == "f4-f5"


def test_huge_depths_and_limits():
    b = gunbai.Board("shogi")
    with pytest.raises(gunbai.LimitError):
        b.perft(gunbai.MAX_PERFT_DEPTH + 1)
    with pytest.raises(gunbai.LimitError):
        gunbai.perft("shogi", FEN, [], 10**6)
    with pytest.raises(OverflowError):
        b.perft(10**30)
    with pytest.raises(OverflowError):
        b.perft(-1)
    with pytest.raises(gunbai.LimitError):
        b.perft(1, convention="nonsense")
    with pytest.raises(gunbai.LimitError):
        gunbai.Engine(b, hash_mb=10**6)
    with pytest.raises(gunbai.LimitError):
        gunbai.Engine(b, hash_mb=0)
    e = gunbai.Engine(b, hash_mb=1)
    with pytest.raises(gunbai.LimitError):
        e.search(b, depth=1000)
    for t in [-1.0, float("inf"), float("nan"), 1e12]:
        with pytest.raises(gunbai.LimitError):
            e.search(b, time=t)
        with pytest.raises(gunbai.LimitError):
            b.mate(time=t)
    with pytest.raises(gunbai.LimitError):
        b.mate(max_plies=100_000)
    with pytest.raises(gunbai.LimitError):
        b.mate(hash_mb=10**7)
    # Huge node limits are limits, not allocations: depth 1 ends first.
    assert e.search(b, depth=1, nodes=2**63).depth == 1


def test_many_loaded_variants():
    # In a process of its own: the registry keeps what is loaded.
    code = f"""
import gunbai, re
text = open({str(REPO / "tests" / "data" / "toy" / "tiny.toml")!r}).read()
def named(i):
    return re.sub(r'^id = "tiny"', f'id = "t{{i}}"', text, count=1, flags=re.M)
for i in range(gunbai.MAX_LOADED):
    assert gunbai.load_variant_config(named(i)) == f"t{{i}}"
assert gunbai.load_variant_config(named(0)) == "t0"  # replacing is not loading more
try:
    gunbai.load_variant_config(named(gunbai.MAX_LOADED))
except gunbai.LimitError as e:
    print("refused:", e)
"""
    p = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300)
    assert p.returncode == 0, p.stderr
    assert "refused: 1000 variants are loaded already" in p.stdout


def test_wrong_types():
    with pytest.raises(TypeError):
        gunbai.legal_moves(1, FEN, [])
    with pytest.raises(TypeError):
        gunbai.legal_moves("shogi", None, [])
    with pytest.raises(TypeError):
        gunbai.legal_moves("shogi", FEN, "7g7f")  # a str is not a list
    with pytest.raises(TypeError):
        gunbai.legal_moves("shogi", FEN, [7])
    with pytest.raises(TypeError):
        gunbai.legal_moves("shogi", FEN, None)
    with pytest.raises(TypeError):
        gunbai.legal_moves("shogi", b"fen", [])
    with pytest.raises(TypeError):
        gunbai.Board("shogi").push(3.5)
    with pytest.raises(TypeError):
        gunbai.Board("shogi").perft("2")
    with pytest.raises(TypeError):
        gunbai.Engine("shogi")
    with pytest.raises(TypeError):
        gunbai.load_variant_config(None)


def test_text_that_is_not_unicode():
    # A lone surrogate cannot be UTF-8: refused before gunbai sees it.
    with pytest.raises(UnicodeEncodeError):
        gunbai.legal_moves("shogi", "\ud800", [])
    with pytest.raises(UnicodeEncodeError):
        gunbai.load_variant_config('[variant]\nid = "\udcff"\n')
    with pytest.raises(UnicodeEncodeError):
        gunbai.Board("shogi").push("7g\udc807f")
    # Odd but valid Unicode is an ordinary error.
    with pytest.raises(gunbai.MoveError):
        gunbai.Board("shogi").push("７ｇ７ｆ")


def test_other_options_and_arguments():
    with pytest.raises(gunbai.UnsupportedError):
        gunbai.legal_moves("shogi", FEN, [], True)
    with pytest.raises(gunbai.LimitError):
        gunbai.get_san("shogi", FEN, "7g7f", notation="hodges")
    with pytest.raises(gunbai.LimitError):
        gunbai.Board("shogi").piece_at("z99")
    with pytest.raises(gunbai.LimitError):
        gunbai.Board("shogi").hand("red")
    with pytest.raises(gunbai.OptionError):
        gunbai.set_option("chu.bare_king_rule", "maybe")


def test_a_move_of_another_position_is_refused():
    b = gunbai.Board("shogi")
    m = b.legal_moves()[0]
    b.push(m)
    with pytest.raises(gunbai.MoveError):
        b.push(m)  # the same move is not legal for the other side


def _interrupt_after(seconds):
    threading.Timer(seconds, _thread.interrupt_main).start()


def test_ctrl_c_stops_a_long_perft():
    start = time.process_time(), time.monotonic()
    _interrupt_after(0.5)
    with pytest.raises(KeyboardInterrupt):
        gunbai.Board("chu").perft(8)
    assert time.monotonic() - start[1] < 60


def test_ctrl_c_stops_a_long_search():
    b = gunbai.Board("chu")
    _interrupt_after(0.5)
    with pytest.raises(KeyboardInterrupt):
        gunbai.Engine(b, hash_mb=4).search(b, time=3600.0)


def test_perft_releases_the_gil():
    # Another thread counts perft calls back to back for half a second
    # while this one ticks. Holding the GIL, a call would let this thread
    # in only between calls (a tick or two each); releasing it, this
    # thread ticks about once a millisecond throughout. The comparison is
    # against the number of calls, so it does not depend on the speed of
    # the machine.
    calls = 0
    started = threading.Event()

    def count():
        nonlocal calls
        started.set()
        end = time.monotonic() + 0.5
        while calls < 3 or time.monotonic() < end:
            gunbai.Board("chu").perft(4)
            calls += 1

    t = threading.Thread(target=count)
    t.start()
    started.wait()
    ticks = 0
    while t.is_alive():
        ticks += 1
        time.sleep(0.001)
    t.join()
    assert ticks > 5 * calls, (ticks, calls)
