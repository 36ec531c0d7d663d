"""Every function of the module on Chu, Ko, Taikyoku and shogi (with
drops), each answer compared with the gunbai command's (move lists, perft,
results, diagnostics) or with the sources."""

import pathlib
import threading

import gunbai
import pytest
from conftest import cli, cli_moves

VARIANTS = ["chu", "ko", "taikyoku", "shogi"]
MATED = "4k4/4G4/4P4/9/9/9/9/9/4K4 w - 1"  # White's king mated: no legal move


def test_variants_are_the_bundled_rule_files():
    _, out, _ = cli("validate", "--list")
    bundled = out.split()
    # Then the loaded ones (other tests load some).
    assert gunbai.variants()[: len(bundled)] == bundled


@pytest.mark.parametrize("variant", VARIANTS)
def test_start_moves_equal_the_cli(variant):
    fen = gunbai.start_fen(variant)
    ours = gunbai.legal_moves(variant, fen, [])
    assert ours == cli_moves(variant)
    assert [str(m) for m in gunbai.Board(variant).legal_moves()] == ours
    assert [str(m) for m in gunbai.Board(variant)] == ours


@pytest.mark.parametrize("variant", VARIANTS)
def test_moves_after_a_line_equal_the_cli(variant):
    fen = gunbai.start_fen(variant)
    first = gunbai.legal_moves(variant, fen, [])
    line = [first[-1]]
    line.append(gunbai.legal_moves(variant, fen, line)[0])
    ours = gunbai.legal_moves(variant, fen, line)
    assert ours == cli_moves(variant, "--moves", " ".join(line))
    _, out, _ = cli("show", variant, "--moves", " ".join(line))
    position = [l for l in out.splitlines() if l.startswith("position: ")][0][len("position: "):]
    assert gunbai.get_fen(variant, fen, line) == position
    assert gunbai.Board(variant, moves=line).fen == position
    # A position text read back answers the same.
    assert gunbai.legal_moves(variant, position, []) == ours


@pytest.mark.parametrize("variant,depth", [("chu", 2), ("ko", 2), ("taikyoku", 1), ("shogi", 3)])
def test_perft_equals_the_cli(variant, depth):
    _, out, _ = cli("perft", variant, str(depth))
    expected = int(out.split()[-1])
    assert gunbai.perft(variant, gunbai.start_fen(variant), [], depth) == expected
    assert gunbai.Board(variant).perft(depth) == expected


def test_perft_split_at_the_root_equals_the_cli():
    # Depth 4 counts root move by root move (so Ctrl-C can stop it).
    _, out, _ = cli("perft", "minishogi", "4")
    assert gunbai.Board("minishogi").perft(4) == int(out.split()[-1])


def _shogiops_game(variant, plies):
    """The first game of shogiops' notation fixture (tests/data/notation):
    per move its USI, Western numeric, Western and Japanese text."""
    path = pathlib.Path(__file__).resolve().parents[3] / "tests" / "data" / "notation" / f"{variant}.tsv"
    rows = []
    for line in path.read_text(encoding="utf-8").splitlines()[1:]:
        if line.startswith("#"):
            break
        rows.append(line.split("\t"))
    return rows[:plies]


@pytest.mark.parametrize("variant", ["shogi", "chu"])
def test_every_notation_name_writes_what_shogiops_writes(variant):
    # The openings of shogiops' games, where lishogi's Chu rules and
    # gunbai's defaults agree.
    rows = _shogiops_game(variant, 30)
    fen = gunbai.start_fen(variant)
    usi = [r[0] for r in rows]
    for column, notation in [(1, "western-numeric"), (2, "western"), (3, "japanese")]:
        assert gunbai.get_san_moves(variant, fen, usi, notation=notation) == [r[column] for r in rows]
    # And each text reads back as the same move.
    assert gunbai.get_san_moves(variant, fen, [r[3] for r in rows], notation="usi") == usi


def test_sfen_and_usi_on_shogi():
    fen = gunbai.start_fen("shogi")
    assert gunbai.get_san("shogi", fen, "7g7f") == "c3-c4"
    assert gunbai.get_san("shogi", fen, "c3-c4", notation="usi") == "7g7f"
    assert gunbai.get_san_moves("shogi", fen, ["7g7f", "3c3d"], notation="usi") == ["7g7f", "3c3d"]
    sfen = gunbai.get_fen("shogi", fen, ["7g7f"], sfen=True)
    assert sfen == "lnsgkgsnl/1r5b1/ppppppppp/9/9/2P6/PP1PPPPPP/1B5R1/LNSGKGSNL w - 1"
    assert gunbai.legal_moves("shogi", sfen, []) == gunbai.legal_moves("shogi", fen, ["7g7f"])
    assert gunbai.validate_fen(sfen, "shogi") == gunbai.FEN_OK
    assert gunbai.validate_fen("not a position", "shogi") == gunbai.FEN_INVALID
    with pytest.raises(gunbai.UnsupportedError):
        gunbai.get_fen("taikyoku", gunbai.start_fen("taikyoku"), [], sfen=True)


def test_drops_checks_captures_and_results_on_shogi():
    # A pawn in hand: drops are moves; a capture and a check.
    sfen = "4k4/9/4p4/9/9/9/9/4R4/4K4 b P 1"
    moves = gunbai.legal_moves("shogi", sfen, [])
    assert moves == cli_moves("shogi", "--sfen", sfen)
    assert any("*" in m for m in moves)
    assert gunbai.is_capture("shogi", sfen, [], "5h5c")
    assert not gunbai.is_capture("shogi", sfen, [], "5h5d")
    board = gunbai.Board("shogi", sfen)
    taken = board.push("5h5c")
    assert taken.captures == [taken.to_square]
    assert board.hand("black") == {"P": 2}
    assert board.in_check()
    assert gunbai.gives_check("shogi", sfen, ["5h5c"]) == board.in_check()
    # Mate: the CLI says black wins; pyffish's value for the side to move.
    _, out, _ = cli("show", "shogi", "--sfen", MATED)
    assert "game over: black wins" in out
    assert gunbai.legal_moves("shogi", MATED, []) == []
    assert gunbai.game_result("shogi", MATED, []) == -gunbai.VALUE_MATE
    assert gunbai.is_immediate_game_end("shogi", MATED, []) == (True, -gunbai.VALUE_MATE)
    assert gunbai.is_optional_game_end("shogi", MATED, []) == (False, 0)
    b = gunbai.Board("shogi", MATED)
    assert b.is_game_over() and b.outcome().winner == "black" and b.outcome().reason == "no_moves"
    assert b.result() == -gunbai.VALUE_MATE
    with pytest.raises(gunbai.GameOverError):
        gunbai.game_result("shogi", gunbai.start_fen("shogi"), [])
    assert gunbai.is_immediate_game_end("shogi", gunbai.start_fen("shogi"), []) == (False, 0)


def test_board_push_pop_copy_and_legs_on_chu():
    b = gunbai.Board("chu")
    start = b.fen
    m = b.push("f4-f5")
    assert m == "f4-f5" and m.legs == [("f5", "land")] and m.from_square == "f4"
    assert b.turn == "white" and b.move_stack == ["f4-f5"]
    c = b.copy()
    assert c.pop() == "f4-f5"
    assert b.move_stack == ["f4-f5"] and c.fen == start
    assert b.pop() == "f4-f5" and b.pop() is None and b.fen == start
    assert "in hand" not in str(b) or str(b)
    assert repr(b).startswith('Board("chu", "')
    # A lion's double move has two landings, and USI for chu.
    lion = [m for m in gunbai.Board("chu", gunbai.get_fen("chu", start, ["f4-f5", "g9-g8"])).legal_moves() if m.landings == 2]
    assert lion and all(len([s for s in m.legs if s[1] == "land"]) == 2 for m in lion)
    assert b.parse_move("7i7h") == "f4-f5"


def test_ko_and_taikyoku_boards():
    for variant in ["ko", "taikyoku"]:
        b = gunbai.Board(variant)
        first = b.legal_moves()[0]
        b.push(first)
        assert b.move_stack == [first.text]
        assert gunbai.legal_moves(variant, gunbai.start_fen(variant), [first.text]) == [str(m) for m in b.legal_moves()]
        assert b.svg().startswith("<svg") and "</svg>" in b.svg(flipped=True, codes=True, last_move=True)


def test_rule_text_diagnostics_equal_validate(tmp_path):
    text = '[variant]\nid = "mine"\nfiles = "nine"\n'
    path = tmp_path / "mine.toml"
    path.write_text(text)
    code, _, err = cli("validate", str(path), check=False)
    assert code == 1
    with pytest.raises(gunbai.RulesError) as e:
        gunbai.load_variant_config(text, str(path))
    ex = e.value
    assert ex.kind == "invalid_rules" and ex.diagnostics
    assert f"{path}:{ex.line}:{ex.column}:" in err
    assert ex.diagnostics[0].message in err


def test_load_variant_config_makes_a_variant():
    text = (gunbai_rules := open(__import__("conftest").REPO / "rules" / "minishogi.toml").read())
    renamed = text.replace('id = "minishogi"', 'id = "myminishogi"', 1)
    assert gunbai.load_variant_config(renamed, "mine.toml") == "myminishogi"
    assert "myminishogi" in gunbai.variants()
    fen = gunbai.start_fen("minishogi")
    assert gunbai.legal_moves("myminishogi", gunbai.start_fen("myminishogi"), []) == gunbai.legal_moves("minishogi", fen, [])
    assert gunbai_rules


def test_set_option_equals_the_cli_option():
    names = [o["name"] for o in gunbai.variant_options("chu")]
    assert "bare_king_rule" in names
    with pytest.raises(gunbai.OptionError):
        gunbai.set_option("chu.no_such_option", "true")
    with pytest.raises(gunbai.OptionError):
        gunbai.set_option("no_variant_prefix", "true")
    # A preset is the option `preset` (dobutsu's fsf reading).
    gunbai.load_variant_config(open(__import__("conftest").REPO / "rules" / "dobutsu.toml").read().replace('id = "dobutsu"', 'id = "dobutsu_fsf"', 1))
    gunbai.set_option("dobutsu_fsf.preset", "fsf")
    fen = gunbai.start_fen("dobutsu")
    line = ["b2-b3"] if "b2-b3" in gunbai.legal_moves("dobutsu", fen, []) else [gunbai.legal_moves("dobutsu", fen, [])[0]]
    assert gunbai.legal_moves("dobutsu_fsf", fen, line) == cli_moves("dobutsu", "--preset", "fsf", "--moves", " ".join(line))


def test_piece_diagrams_equal_the_cli(tmp_path):
    out = tmp_path / "lion.svg"
    cli("diagram", "chu", "lion", "--svg", str(out))
    assert gunbai.piece_svg("chu", "lion") == out.read_text()
    _, text, _ = cli("diagram", "shogi", "R")
    assert gunbai.piece_diagram("shogi", "R").strip() in text
    with pytest.raises(gunbai.LimitError):
        gunbai.piece_svg("chu", "no_such_piece")


def test_engine_search_and_mate():
    tsume = gunbai.Board("shogi", "4k4/9/4P4/9/9/9/9/9/4K4 b G2r2b3g4s4n4l17p 1")
    engine = gunbai.Engine(tsume, hash_mb=4)
    r = engine.search(tsume, depth=2)
    assert tsume.parse_move(r.best).usi == "G*5b" and r.mate == 1 and r.pv[0] == r.best
    m = tsume.mate(hash_mb=4)
    assert m.verdict == "mate" and m.plies == 1 and tsume.parse_move(m.line[0]).usi == "G*5b"
    engine.clear()


# docs/mate.md's two claimed lines, White holding the rest of the set;
# cshogi's mate search agrees with both answers (tests/mate_cshogi.rs,
# scripts/cshogi-check-line.py): the first is sound (at ply 2 the other 8
# defences are mated within 3), the second's first check lets the king
# step aside to 2a1b or 2a3b, which cshogi finds no mate against.
TSUME_REST = "7k1/9/4R4/9/9/9/9/9/9 b Gr2b3g4s4n4l18p 1"


def test_check_line_agrees_with_cshogi():
    b = gunbai.Board("shogi", TSUME_REST)
    sound = b.check_line("5c2c+ P*2b G*3b 2a1a 2c2b", hash_mb=4)
    assert (sound.verdict, sound.claimed, sound.at, sound.ends_in_mate) == ("verified", 5, None, True)
    assert [(d.ply, d.alternatives, d.mated, d.escapes) for d in sound.defences] == [(2, 8, 8, []), (4, 0, 0, [])]
    assert len(sound.line) == 5 and "verified" in repr(sound)
    # The same line as a list of texts, and the refuted one.
    wrong = b.check_line(["G*3b", "2a1a", "5c1c+", "R*1b", "3b2b"], nodes=10_000, hash_mb=4)
    assert (wrong.verdict, wrong.at, wrong.walked) == ("refuted", 2, 1)
    (d,) = wrong.defences
    # Native texts of the position before ply 2, read back as USI where
    # they are legal (Black, set up without a king, is given one far off).
    after = gunbai.Board("shogi", "7k1/6G2/4R4/9/9/9/9/9/K8 w r2b3g4s4n4l18p 2")
    assert sorted(after.parse_move(e).usi for e in d.escapes) == ["2a1b", "2a3b"]
    assert (d.ply, d.alternatives, d.mated) == (2, 2, 0)
    assert "refuted at ply 2" in repr(wrong) and "2a1a" not in d.escapes
    # Claimed longer, a cut line is no mate; a quiet first move no check.
    assert b.check_line("5c2c+ P*2b", max_plies=5, hash_mb=4).verdict == "not_mate"
    quiet = b.check_line("5c5d", hash_mb=4)
    assert (quiet.verdict, quiet.at) == ("no_check", 1)
    assert b.check_line("5c5d", any_moves=True, hash_mb=4).verdict == "not_mate"
    # cshogi mates the position in 5; the mate's line, which plays on
    # though Black has no king, checks as sound.
    m = b.mate(hash_mb=4)
    assert (m.verdict, m.plies, len(m.line)) == ("mate", 5, 5)
    assert b.check_line(m.line, hash_mb=4).verdict == "verified"


def test_defender_hand_rest():
    # Standard tsume shogi: TSUME_REST with only Black's gold in hand; the
    # defender takes every other piece of the set (`--defender-hand rest`),
    # and the answers are cshogi's (above): a mate in 5, the line sound.
    b = gunbai.Board("shogi", "7k1/9/4R4/9/9/9/9/9/9 b G 1")
    m = b.mate(hash_mb=4, defender_hand="rest")
    assert (m.verdict, m.plies, len(m.line)) == ("mate", 5, 5)
    start = gunbai.Board("shogi", m.start)
    assert start.hand("white") == gunbai.Board("shogi", TSUME_REST).hand("white")
    assert b.check_line(m.line, hash_mb=4, defender_hand="rest").verdict == "verified"
    line = "5c2c+ P*2b G*3b 2a1a 2c2b"
    assert b.check_line(line, hash_mb=4, defender_hand="rest").verdict == "verified"
    # As given, White's hand is empty: the pawn drop at ply 2 is no move.
    with pytest.raises(gunbai.MoveError, match="ply 2"):
        b.check_line(line, hash_mb=4)
    assert b.mate(hash_mb=4).start is None
    with pytest.raises(ValueError, match="as-given"):
        b.mate(defender_hand="all")
    # A variant without drops has no rest to hold.
    with pytest.raises(gunbai.GunbaiError):
        gunbai.Board("chu").mate(time=1, defender_hand="rest")


def test_check_line_refuses_bad_lines():
    b = gunbai.Board("shogi", TSUME_REST)
    with pytest.raises(ValueError, match="ply 2"):
        b.check_line("G*3b 2a9a")
    with pytest.raises(gunbai.MoveError, match="ply 1"):
        b.check_line(["5c5z"])
    with pytest.raises(gunbai.LimitError):
        b.check_line(" ".join(["5c5d"] * 2048))
    with pytest.raises(gunbai.LimitError):
        b.check_line("5c2c+", max_plies=2048)
    with pytest.raises(gunbai.LimitError):
        b.check_line("5c2c+", hash_mb=0)
    for t in [-1.0, float("nan"), 1e12]:
        with pytest.raises(gunbai.LimitError):
            b.check_line("5c2c+", time=t)
    with pytest.raises(TypeError):
        b.check_line(5)
    with pytest.raises(gunbai.MoveError, match="ply 1"):
        gunbai.Board("shogi", MATED).check_line("5a4a")


def test_engine_stops_from_another_thread():
    b = gunbai.Board("chu")
    engine = gunbai.Engine(b, hash_mb=4)
    threading.Timer(0.3, engine.stop).start()
    r = engine.search(b, time=60.0)  # stopped long before
    assert r.best in [str(m) for m in b.legal_moves()]
    assert r.seconds < 30


def test_a_search_from_a_finished_game_raises():
    b = gunbai.Board("shogi", MATED)
    with pytest.raises(gunbai.GameOverError):
        gunbai.Engine(b, hash_mb=1).search(b, depth=1)


def test_version_and_docstrings():
    assert gunbai.version() == gunbai.__version__
    for name in dir(gunbai):
        if not name.startswith("_") and callable(getattr(gunbai, name)):
            assert getattr(gunbai, name).__doc__, f"{name} has no docstring"


def test_the_stub_names_what_the_module_has():
    import ast

    from conftest import REPO

    tree = ast.parse((REPO / "bindings" / "python" / "gunbai.pyi").read_text())
    stub = set()
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.ClassDef)):
            stub.add(node.name)
        elif isinstance(node, ast.AnnAssign):
            stub.add(node.target.id)
    import types

    # (A wheel installs the extension as gunbai/gunbai*.so under a package
    # that re-exports it: the submodule is not API.)
    public = {
        n for n in dir(gunbai) if not n.startswith("_") and not isinstance(getattr(gunbai, n), types.ModuleType)
    } | {"__version__"}
    assert stub == public
    for cls in ["Board", "Move", "Engine"]:
        node = next(n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == cls)
        members = {f.name for f in node.body if isinstance(f, ast.FunctionDef) and not f.name.startswith("__")}
        assert members == {n for n in dir(getattr(gunbai, cls)) if not n.startswith("_")}, cls
