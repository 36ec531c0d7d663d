#!/usr/bin/env python3
"""Draws tests/tables/tenjiku_reference.txt: every Tenjiku piece's moves as
section 5 of shared/reference/tenjiku-shogi.md states them (sections 4.2,
4.4, 4.5 for the area move, the tetrarchs and the free eagle), in the
legend of tests/tables/chu_seed002.txt, within 3 squares of the piece on an
empty board. The moves are written out below from the reference's text,
not taken from gunbai. Run: python3 tools/tenjiku-tables.py > tests/tables/tenjiku_reference.txt
"""

R = 3
DIRS = {"F": (0, 1), "B": (0, -1), "L": (-1, 0), "R": (1, 0),
        "FL": (-1, 1), "FR": (1, 1), "BL": (-1, -1), "BR": (1, -1)}
ARROW = {(0, 1): "↑", (1, 1): "↗", (1, 0): "→", (1, -1): "↘",
         (0, -1): "↓", (-1, -1): "↙", (-1, 0): "←", (-1, 1): "↖"}
GROUPS = {"ALL8": list(DIRS), "ORTH": ["F", "B", "L", "R"], "DIAG": ["FL", "FR", "BL", "BR"]}
# Drawing priority, highest first: a slide's arrow, the first step of a
# lion-type move, a single step, a jump or later leg.
PRIO = {"arrow": 0, "□": 1, "●": 2, "■": 3}


def dirs(spec):
    out = []
    for w in spec.split():
        out += GROUPS.get(w, [w])
    return [DIRS[d] for d in out]


class Grid:
    def __init__(self):
        self.cells = {}

    def put(self, x, y, sym, kind=None):
        if (x, y) == (0, 0) or max(abs(x), abs(y)) > R:
            return
        kind = kind or sym
        old = self.cells.get((x, y))
        if old is None or PRIO[kind] < PRIO[old[1]]:
            self.cells[(x, y)] = (sym, kind)

    def step(self, spec):
        for dx, dy in dirs(spec):
            self.put(dx, dy, "●")

    def slide(self, spec, limit=R):
        for dx, dy in dirs(spec):
            for k in range(1, limit + 1):
                self.put(dx * k, dy * k, ARROW[(dx, dy)], "arrow")

    def jump(self, offsets):
        for x, y in offsets:
            self.put(x, y, "■")

    def lion(self):
        # chu section 4.1: king steps (first step of a two-step move), and
        # every square at distance 2 (jump, or a second step).
        for x in range(-2, 3):
            for y in range(-2, 3):
                self.put(x, y, "□" if max(abs(x), abs(y)) == 1 else "■")

    def linear_lion(self, spec):
        # chu section 4.2: one step (first step of a lion-type move) and the
        # second square along the line.
        for dx, dy in dirs(spec):
            self.put(dx, dy, "□")
            self.put(2 * dx, 2 * dy, "■")

    def area(self):
        # Section 4.2: every square within three king steps; drawn as a single
        # step next to the piece and as a leap beyond.
        for x in range(-3, 4):
            for y in range(-3, 4):
                self.put(x, y, "●" if max(abs(x), abs(y)) == 1 else "■")

    def text(self):
        rows = []
        for y in range(R, -R - 1, -1):
            rows.append(" ".join("*" if (x, y) == (0, 0) else self.cells.get((x, y), (".",))[0]
                                 for x in range(-R, R + 1)))
        return "\n".join(rows)


def knight(g):
    g.jump([(1, 2), (-1, 2)])


def tetrarchs(g):
    # Section 4.4: the first square is skipped; from the second on a slide
    # F, B and diagonally (the second square drawn as a leap), the 2nd and
    # 3rd squares sideways; igui needs an enemy, so not on an empty board.
    for dx, dy in dirs("F B DIAG"):
        g.put(2 * dx, 2 * dy, "■")
        for k in range(3, R + 1):
            g.put(k * dx, k * dy, ARROW[(dx, dy)], "arrow")
    for dx, dy in dirs("L R"):
        g.put(2 * dx, 0, "■")
        g.put(3 * dx, 0, "■")


PIECES = [
    ("king", "§5: step ALL8; royal", lambda g: g.step("ALL8")),
    ("crown_prince", "§5: step ALL8; royal", lambda g: g.step("ALL8")),
    ("drunk_elephant", "§5: step all but B", lambda g: g.step("F FL FR L R BL BR")),
    ("gold", "§5: step F FL FR L R B", lambda g: g.step("F FL FR L R B")),
    ("tokin", "§5: as gold", lambda g: g.step("F FL FR L R B")),
    ("silver", "§5: step F FL FR BL BR", lambda g: g.step("F FL FR BL BR")),
    ("copper", "§5: step F FL FR B", lambda g: g.step("F FL FR B")),
    ("iron_general", "§5: step F FL FR", lambda g: g.step("F FL FR")),
    ("knight", "§5: jump (±1,+2)", knight),
    ("ferocious_leopard", "§5: step F B FL FR BL BR", lambda g: g.step("F B FL FR BL BR")),
    ("lance", "§5: slide F", lambda g: g.slide("F")),
    ("reverse_chariot", "§5: slide F B", lambda g: g.slide("F B")),
    ("chariot_soldier", "§5: slide F B DIAG; slide L R ≤2", lambda g: (g.slide("F B DIAG"), g.slide("L R", 2))),
    ("blind_tiger", "§5: step all but F", lambda g: g.step("FL FR L R B BL BR")),
    ("phoenix", "§5: step ORTH; jump (±2,±2)", lambda g: (g.step("ORTH"), g.jump([(2, 2), (-2, 2), (2, -2), (-2, -2)]))),
    ("kirin", "§5: step DIAG; jump (0,±2),(±2,0)", lambda g: (g.step("DIAG"), g.jump([(0, 2), (0, -2), (2, 0), (-2, 0)]))),
    ("free_king", "§5: slide ALL8", lambda g: g.slide("ALL8")),
    ("lion", "§5: lion move (chu §4.1)", lambda g: g.lion()),
    ("side_soldier", "§5: slide L R; slide F ≤2; step B", lambda g: (g.slide("L R"), g.slide("F", 2), g.step("B"))),
    ("vertical_soldier", "§5: slide F; slide L R ≤2; step B", lambda g: (g.slide("F"), g.slide("L R", 2), g.step("B"))),
    ("bishop", "§5: slide DIAG", lambda g: g.slide("DIAG")),
    ("dragon_horse", "§5: slide DIAG; step ORTH", lambda g: (g.slide("DIAG"), g.step("ORTH"))),
    ("dragon_king", "§5: slide ORTH; step DIAG", lambda g: (g.slide("ORTH"), g.step("DIAG"))),
    ("water_buffalo", "§5: slide DIAG L R; slide F B ≤2", lambda g: (g.slide("DIAG L R"), g.slide("F B", 2))),
    ("fire_demon", "§5: slide DIAG L R; area move (§4.2)", lambda g: (g.slide("DIAG L R"), g.area())),
    ("free_eagle", "§4.5: slide ALL8; jump (±2,±2) (on its slide lines); lion capture needs an enemy", lambda g: g.slide("ALL8")),
    ("lion_hawk", "§5: lion move + slide DIAG", lambda g: (g.slide("DIAG"), g.lion())),
    ("side_mover", "§5: slide L R; step F B", lambda g: (g.slide("L R"), g.step("F B"))),
    ("vertical_mover", "§5: slide F B; step L R", lambda g: (g.slide("F B"), g.step("L R"))),
    ("rook", "§5: slide ORTH", lambda g: g.slide("ORTH")),
    ("horned_falcon", "§5: slide DIAG L R B; linear lion move F", lambda g: (g.slide("DIAG L R B"), g.linear_lion("F"))),
    ("soaring_eagle", "§5: slide ORTH BL BR; linear lion moves FL FR", lambda g: (g.slide("ORTH BL BR"), g.linear_lion("FL FR"))),
    ("bishop_general", "§5: range jump DIAG (a slide on an empty board)", lambda g: g.slide("DIAG")),
    ("rook_general", "§5: range jump ORTH (a slide on an empty board)", lambda g: g.slide("ORTH")),
    ("great_general", "§5: range jump ALL8 (a slide on an empty board)", lambda g: g.slide("ALL8")),
    ("vice_general", "§5: range jump DIAG; area move (§4.2)", lambda g: (g.slide("DIAG"), g.area())),
    ("pawn", "§5: step F", lambda g: g.step("F")),
    ("dog", "§5: step F BL BR", lambda g: g.step("F BL BR")),
    ("white_horse", "§5: slide F B FL FR", lambda g: g.slide("F B FL FR")),
    ("whale", "§5: slide F B BL BR", lambda g: g.slide("F B BL BR")),
    ("flying_stag", "§5: slide F B; step DIAG L R", lambda g: (g.slide("F B"), g.step("DIAG L R"))),
    ("flying_ox", "§5: slide F B DIAG", lambda g: g.slide("F B DIAG")),
    ("free_boar", "§5: slide L R DIAG", lambda g: g.slide("L R DIAG")),
    ("heavenly_tetrarchs", "§4.4: skip the first square; slide F B DIAG from the 2nd; L R to the 2nd or 3rd", tetrarchs),
    ("multi_general", "§5: slide F BL BR", lambda g: g.slide("F BL BR")),
]

print("""# tenjiku_reference.txt -- Tenjiku shogi movement diagrams, drawn by
# tools/tenjiku-tables.py from section 5 of shared/reference/tenjiku-shogi.md
# (4.2 area move, 4.4 heavenly tetrarchs, 4.5 free eagle), at the options'
# defaults. Checked against rules/tenjiku.toml by tests/family_diagrams.rs.
#
# FORMAT: one block per kind; `piece:` id, `source:`, `move:` the
# reference's words, `grid:` then 7 lines of 7 cells: the area within 3
# squares of the piece (`*`) on an empty board, the owner's forward
# direction UP. Legend as tests/tables/chu_seed002.txt: an arrow a slide in
# that direction (drawn on each square it reaches), `●` a step, `□` the
# first step of a lion-type move, `■` a jump or a later step. A range jump
# has nothing to jump on an empty board and is drawn as a slide; the area
# move is drawn as a step next to the piece and `■` beyond.
""")
for pid, move, draw in PIECES:
    g = Grid()
    draw(g)
    print(f"piece: {pid}\nsource: reference\nmove: {move}\ngrid:\n{g.text()}\n")
