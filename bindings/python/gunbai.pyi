"""gunbai: the shogi-family rules interpreter (docs/python.md).

Positions are gunbai's native position text (what `start_fen` and
`get_fen` give) or an SFEN; moves are native text (`e3-e4`, `P*e5`) or
USI, and come back as native text.
"""

from typing import Iterator, Literal, Optional, Sequence, Union

__version__: str

VALUE_MATE: int
VALUE_DRAW: int
FEN_OK: int
FEN_INVALID: int
MAX_TEXT_BYTES: int
MAX_MOVE_BYTES: int
MAX_PLIES: int
MAX_LOADED: int
MAX_PERFT_DEPTH: int
MAX_SEARCH_DEPTH: int
MAX_TABLE_MB: int
MAX_MATE_PLIES: int
MAX_SECONDS: float

class Diagnostic:
    """One finding about a text that was read, with where it is."""

    severity: str
    origin: str
    line: int
    column: int
    end_line: int
    end_column: int
    message: str
    hint: Optional[str]

class GunbaiError(ValueError):
    """Every error gunbai raises for bad input."""

    kind: str
    message: str
    diagnostics: list[Diagnostic]
    line: Optional[int]
    column: Optional[int]
    hint: Optional[str]

class UnknownVariantError(GunbaiError): ...
class RulesError(GunbaiError): ...
class OptionError(GunbaiError): ...
class PositionError(GunbaiError): ...
class MoveError(GunbaiError): ...
class TooManyMovesError(GunbaiError): ...
class UnsupportedError(GunbaiError): ...
class GameOverError(GunbaiError): ...
class LimitError(GunbaiError): ...

def version() -> str:
    """The library's version."""

def variants() -> list[str]:
    """The bundled variants' ids, then those loaded, sorted."""

def start_fen(variant: str) -> str:
    """The start position as native position text."""

def legal_moves(variant: str, fen: str, moves: Sequence[str], chess960: bool = False) -> list[str]:
    """The legal moves after `moves` from `fen`, native text, sorted."""

def get_fen(variant: str, fen: str, moves: Sequence[str], chess960: bool = False, sfen: bool = False) -> str:
    """The position after `moves`: native text, or an SFEN with sfen=True."""

def get_san(variant: str, fen: str, move: str, chess960: bool = False, notation: Optional[str] = None) -> str:
    """`move` as gunbai writes it: native text, or `notation`: "usi", "western",
    "western-numeric", "western-short" or "japanese" (docs/notation.md)."""

def get_san_moves(
    variant: str, fen: str, moves: Sequence[str], chess960: bool = False, notation: Optional[str] = None
) -> list[str]:
    """Each move, played in turn, as `get_san` writes it."""

def gives_check(variant: str, fen: str, moves: Sequence[str], chess960: bool = False) -> bool:
    """Whether the side to move after `moves` is in check."""

def is_capture(variant: str, fen: str, moves: Sequence[str], move: str, chess960: bool = False) -> bool:
    """Whether `move`, after `moves`, removes an enemy piece."""

def game_result(variant: str, fen: str, moves: Sequence[str], chess960: bool = False) -> int:
    """The finished game's value for the side to move; GameOverError if it is not over."""

def is_immediate_game_end(variant: str, fen: str, moves: Sequence[str], chess960: bool = False) -> tuple[bool, int]:
    """(True, value) when the game is over by the rules, else (False, 0)."""

def is_optional_game_end(variant: str, fen: str, moves: Sequence[str], chess960: bool = False) -> tuple[bool, int]:
    """Always (False, 0): gunbai has no claimed ends."""

def validate_fen(fen: str, variant: str, chess960: bool = False) -> int:
    """FEN_OK when `fen` reads as a position of `variant`, else FEN_INVALID."""

def load_variant_config(config: str, origin: str = "rules.toml") -> str:
    """Compiles a rule file's text; returns its id. RulesError lists every diagnostic."""

def set_option(name: str, value: str) -> None:
    """Sets a rule option, "<variant>.<option>" (or "<variant>.preset"), for every later call."""

def variant_options(variant: str) -> list[dict[str, Union[str, list[str]]]]:
    """The rule options: name, value, default, choices, help."""

def perft(variant: str, fen: str, moves: Sequence[str], depth: int, convention: str = "paths") -> int:
    """Leaf count `depth` plies deep; releases the GIL, Ctrl-C stops it."""

def piece_svg(variant: str, piece: str, colour: str = "black") -> str:
    """A piece's moves on an empty board as SVG (`gunbai diagram --svg`)."""

def piece_diagram(variant: str, piece: str, colour: str = "black") -> str:
    """A piece's moves as text (`gunbai diagram`)."""

class Move:
    """A legal move of the position it came from; equal to its native text."""

    @property
    def text(self) -> str: ...
    @property
    def usi(self) -> Optional[str]: ...
    @property
    def from_square(self) -> Optional[str]: ...
    @property
    def to_square(self) -> Optional[str]: ...
    @property
    def legs(self) -> list[tuple[str, str]]: ...
    @property
    def captures(self) -> list[str]: ...
    @property
    def promotion(self) -> str: ...
    @property
    def drop(self) -> Optional[str]: ...
    @property
    def is_drop(self) -> bool: ...
    @property
    def landings(self) -> int: ...
    def __eq__(self, other: object) -> bool: ...
    def __hash__(self) -> int: ...

class Outcome:
    """How a game ended."""

    winner: Optional[str]
    reason: str
    condition: Optional[str]
    text: str

class MateResult:
    """What Board.mate found."""

    verdict: str
    plies: Optional[int]
    line: list[str]
    shortest: bool
    nodes: int
    seconds: float
    start: Optional[str]

class LineDefence:
    """One defender's ply of a line Board.check_line checked; moves are
    native texts of the position before the ply."""

    ply: int
    move: str
    left: int
    alternatives: int
    mated: int
    longest: Optional[tuple[str, int, bool]]
    stronger: bool
    escapes: list[str]
    undecided: list[str]
    unchecked: int

class LineResult:
    """What Board.check_line found."""

    verdict: str
    at: Optional[int]
    claimed: int
    walked: int
    ends_in_mate: Optional[bool]
    line: list[str]
    defences: list[LineDefence]
    nodes: int
    seconds: float

class SearchResult:
    """What Engine.search found."""

    best: str
    score: Optional[int]
    mate: Optional[int]
    pv: list[str]
    depth: int
    nodes: int
    seconds: float

class Board:
    """A game of one variant: a position and the moves pushed on it."""

    def __init__(self, variant: str, fen: Optional[str] = None, moves: Optional[Sequence[str]] = None) -> None: ...
    @property
    def variant(self) -> str: ...
    @property
    def fen(self) -> str: ...
    @property
    def sfen(self) -> Optional[str]: ...
    @property
    def turn(self) -> str: ...
    @property
    def move_stack(self) -> list[str]: ...
    def legal_moves(self, convention: str = "paths") -> list[Move]: ...
    def __iter__(self) -> Iterator[Move]: ...
    def parse_move(self, text: str) -> Move: ...
    def is_legal(self, move: Union[Move, str]) -> bool: ...
    def push(self, move: Union[Move, str]) -> Move: ...
    def pop(self) -> Optional[Move]: ...
    def gives_check(self, move: Union[Move, str]) -> bool: ...
    def is_capture(self, move: Union[Move, str]) -> bool: ...
    def in_check(self) -> bool: ...
    def outcome(self) -> Optional[Outcome]: ...
    def is_game_over(self) -> bool: ...
    def result(self) -> Optional[int]: ...
    def piece_at(self, square: str) -> Optional[tuple[str, str]]: ...
    def hand(self, colour: str = "black") -> dict[str, int]: ...
    def copy(self) -> Board: ...
    def __copy__(self) -> Board: ...
    def __deepcopy__(self, memo: object) -> Board: ...
    def perft(self, depth: int, convention: str = "paths") -> int: ...
    def svg(self, flipped: bool = False, codes: bool = False, hit_areas: bool = False, last_move: bool = False) -> str: ...
    def mate(
        self,
        max_plies: int = 255,
        time: float = 60.0,
        nodes: Optional[int] = None,
        hash_mb: int = 64,
        any_moves: bool = False,
        defender_hand: Literal["as-given", "rest"] = "as-given",
    ) -> MateResult: ...
    def check_line(
        self,
        line: Union[str, Sequence[str]],
        max_plies: Optional[int] = None,
        time: float = 60.0,
        nodes: Optional[int] = None,
        hash_mb: int = 64,
        any_moves: bool = False,
        defender_hand: Literal["as-given", "rest"] = "as-given",
    ) -> LineResult: ...

class Engine:
    """A search engine for one variant; search releases the GIL, stop() ends it."""

    def __init__(self, board: Board, hash_mb: int = 16) -> None: ...
    def search(
        self, board: Board, depth: Optional[int] = None, nodes: Optional[int] = None, time: Optional[float] = None
    ) -> SearchResult: ...
    def stop(self) -> None: ...
    def clear(self) -> None: ...
