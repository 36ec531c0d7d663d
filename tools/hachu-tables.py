#!/usr/bin/env python3
"""Writes tests/tables/{sho,wa}_hachu.txt: movement diagrams drawn from the
per-ray ranges of HaChu 0.21's piece tables (facts transcribed below, not
HaChu's code), in the symbols of tests/tables/chu_seed002.txt. Run from the
repository root: python3 tools/hachu-tables.py"""

X, N, I = 99, -1, -3  # unlimited slide; knight jump; step or jump to 2
# Rays in HaChu's order, as (file, rank) steps in the owner's view.
RAYS = [(0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0), (-1, 1)]
KNIGHT = {0: (1, 2), 7: (-1, 2), 3: (1, -2), 4: (-1, -2)}
ARROW = {(0, 1): "↑", (1, 1): "↗", (1, 0): "→", (1, -1): "↘",
         (0, -1): "↓", (-1, -1): "↙", (-1, 0): "←", (-1, 1): "↖"}

SHO = [  # gunbai kind id, HaChu code, ranges F FR R BR B BL L FL
    ("king", "K", [1, 1, 1, 1, 1, 1, 1, 1]),
    ("crown_prince", "CP", [1, 1, 1, 1, 1, 1, 1, 1]),
    ("drunk_elephant", "DE", [1, 1, 1, 1, 0, 1, 1, 1]),
    ("gold", "G", [1, 1, 1, 0, 1, 0, 1, 1]),
    ("silver", "S", [1, 1, 0, 1, 0, 1, 0, 1]),
    ("knight", "N", [N, 0, 0, 0, 0, 0, 0, N]),
    ("lance", "L", [X, 0, 0, 0, 0, 0, 0, 0]),
    ("pawn", "P", [1, 0, 0, 0, 0, 0, 0, 0]),
    ("bishop", "B", [0, X, 0, X, 0, X, 0, X]),
    ("rook", "R", [X, 0, X, 0, X, 0, X, 0]),
    ("dragon_horse", "DH", [1, X, 1, X, 1, X, 1, X]),
    ("dragon_king", "DK", [X, 1, X, 1, X, 1, X, 1]),
]
WA = [
    ("crane_king", "K", [1, 1, 1, 1, 1, 1, 1, 1]),
    ("violent_stag", "VS", [1, 1, 0, 1, 0, 1, 0, 1]),
    ("violent_wolf", "VW", [1, 1, 1, 0, 1, 0, 1, 1]),
    ("flying_goose", "FG", [1, 1, 0, 0, 1, 0, 0, 1]),
    ("flying_cock", "FC", [0, 1, 1, 0, 0, 0, 1, 1]),
    ("swooping_owl", "SO", [1, 0, 0, 1, 0, 1, 0, 0]),
    ("strutting_crow", "SC", [1, 0, 0, 1, 0, 1, 0, 0]),
    ("climbing_monkey", "CM", [1, 1, 0, 0, 1, 0, 0, 1]),
    ("blind_dog", "BD", [0, 1, 1, 0, 1, 0, 1, 1]),
    ("liberated_horse", "LH", [X, 0, 0, 0, 2, 0, 0, 0]),
    ("oxcart", "OC", [X, 0, 0, 0, 0, 0, 0, 0]),
    ("swallows_wings", "SW", [1, 0, X, 0, 1, 0, X, 0]),
    ("flying_falcon", "FF", [1, X, 0, X, 0, X, 0, X]),
    ("cloud_eagle", "CE", [X, 3, 1, 1, X, 1, 1, 3]),
    ("treacherous_fox", "TF", [I, I, 0, I, I, I, 0, I]),
    ("running_rabbit", "RR", [X, 1, 0, 1, 1, 1, 0, 1]),
    ("sparrow_pawn", "P", [1, 0, 0, 0, 0, 0, 0, 0]),
    ("golden_bird", "+P", [1, 1, 1, 0, 1, 0, 1, 1]),
    ("plodding_ox", "PO", [1, 1, 1, 1, 1, 1, 1, 1]),
    ("heavenly_horse", "HH", [N, 0, 0, N, N, 0, 0, N]),
    ("raiding_falcon", "RF", [X, 1, 1, 0, X, 0, 1, 1]),
    ("roaming_boar", "RB", [1, 1, 1, 1, 0, 1, 1, 1]),
    ("gliding_swallow", "GS", [X, 0, X, 0, X, 0, X, 0]),
    ("tenacious_falcon", "TE", [X, X, 1, X, X, X, 1, X]),
]


def grid(ranges, radius):
    cells = {}
    for ray, r in enumerate(ranges):
        dx, dy = RAYS[ray]
        if r == N:
            cells[KNIGHT[ray]] = "■"
        elif r == I:
            cells[(dx, dy)] = "●"
            cells[(2 * dx, 2 * dy)] = "■"
        elif r == 1:
            cells[(dx, dy)] = "●"
        elif r > 1:
            for k in range(1, min(r, radius) + 1):
                cells[(k * dx, k * dy)] = ARROW[(dx, dy)]
    rows = []
    for y in range(radius, -radius - 1, -1):
        rows.append(" ".join("*" if (x, y) == (0, 0) else cells.get((x, y), ".")
                             for x in range(-radius, radius + 1)))
    return "\n".join(rows)


def write(path, title, pieces, radius):
    out = [f"# {path.split('/')[-1]} -- {title} movement diagrams, drawn by",
           "# tools/hachu-tables.py from the per-ray ranges of HaChu 0.21's piece",
           "# table (F FR R BR B BL L FL; 1 a step, k a slide of at most k squares,",
           "# X unlimited, N a shogi knight's jump, I a step or a jump to the second",
           "# square), which agree with the English Wikipedia article's diagrams.",
           f"# Each grid covers {radius} squares around the piece (`*`), forward UP.",
           "# Legend as tests/tables/chu_seed002.txt.", ""]
    for kind, code, ranges in pieces:
        out += [f"piece: {kind}", f"source: hachu {code}", "grid:", grid(ranges, radius), ""]
    with open(path, "w") as f:
        f.write("\n".join(out))


write("tests/tables/sho_hachu.txt", "Sho shogi", SHO, 2)
write("tests/tables/wa_hachu.txt", "Wa shogi", WA, 4)
