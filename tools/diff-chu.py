#!/usr/bin/env python3
"""Differential perft test of gunbai's Chu shogi against shogiops.

shogiops (lishogi's rules library, GPL) is only *run*, as the external
program tools/oracle/oracle.mjs; see tools/README.md.  Not part of CI.

    python3 tools/diff-chu.py [--count 200] [--seed 1] [--depth 2]
        [--gunbai target/release/gunbai] [--option k=v ...]
        [--positions FILE] [--jobs 2]

For every position (random positions from the oracle plus the start
position, or the SFENs of --positions FILE) the final-depth perft counts of
the oracle and of `gunbai perft chu ... --convention shogiops` are compared.
On a mismatch both sides are divided and the differing root moves are
reported; the first move that both sides have but count differently is
played (by the oracle) and divided again, down to depth 1.  Mismatching
SFENs and the localized moves go to target/diff-chu-report.txt.
Exit status: 0 when all positions agree, 1 on a mismatch, 2 on a setup error.
"""

import argparse
import concurrent.futures
import os
import re
import subprocess
import sys
import time

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
ORACLE_DIR = os.path.join(REPO, "tools", "oracle")
ORACLE = os.path.join(ORACLE_DIR, "oracle.mjs")
DEFAULT_REPORT = os.path.join(REPO, "target", "diff-chu-report.txt")

USI_RE = re.compile(r"^\d{1,2}[a-p](?:\d{1,2}[a-p])?\d{1,2}[a-p]\+?$")
DIVIDE_LINE_RE = re.compile(r"^(\S+)\t(\d+)$")


class SetupError(Exception):
    pass


class ToolError(Exception):
    """A gunbai or oracle run failed (non-zero exit, bad output, timeout)."""


def run(cmd, timeout, cwd=None):
    try:
        p = subprocess.run(cmd, cwd=cwd, capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        raise ToolError(f"timed out after {timeout}s: {fmt_cmd(cmd)}")
    except OSError as e:
        raise ToolError(f"cannot run {cmd[0]}: {e}")
    if p.returncode != 0:
        msg = (p.stderr or p.stdout).strip()
        raise ToolError(f"exit {p.returncode}: {fmt_cmd(cmd)}\n{msg}")
    return p.stdout


def fmt_cmd(cmd):
    return " ".join(c if re.fullmatch(r"[\w./=+:-]+", c) else "'" + c + "'" for c in cmd)


def parse_perft(text, depth, who):
    counts = {}
    for line in text.splitlines():
        m = re.match(r"^\s*(\d+)\t(\d+)\s*$", line)
        if m:
            counts[int(m.group(1))] = int(m.group(2))
    if depth not in counts:
        raise ToolError(f"{who}: no line for depth {depth} in output:\n{text.strip()[:2000]}")
    return counts[depth]


def parse_divide(text):
    """{usi: nodes}; lines that are not `<usi>\\t<int>` are ignored.
    Returns (moves, duplicated_usis)."""
    moves, dups = {}, []
    for line in text.splitlines():
        m = DIVIDE_LINE_RE.match(line.strip("\r"))
        if not m or not USI_RE.match(m.group(1)):
            continue
        usi, n = m.group(1), int(m.group(2))
        if usi in moves:
            dups.append(usi)
            moves[usi] += n
        else:
            moves[usi] = n
    return moves, dups


class Tools:
    def __init__(self, args):
        self.node = args.node
        self.gunbai = args.gunbai
        self.options = args.option or []
        self.timeout = args.timeout

    def oracle(self, *argv):
        return run([self.node, ORACLE, *argv], self.timeout)

    def oracle_perft(self, sfen, depth):
        return parse_perft(self.oracle("perft", str(depth), sfen), depth, "oracle")

    def oracle_divide(self, sfen, depth):
        return parse_divide(self.oracle("divide", str(depth), sfen))

    def oracle_play(self, sfen, usi):
        return self.oracle("play", sfen, usi).strip()

    def gunbai_cmd(self, sfen, depth, *extra):
        cmd = [self.gunbai, "perft", "chu", str(depth), "--sfen", sfen, "--convention", "shogiops"]
        for opt in self.options:
            cmd += ["--option", opt]
        return cmd + list(extra)

    def gunbai_perft(self, sfen, depth):
        return parse_perft(run(self.gunbai_cmd(sfen, depth), self.timeout), depth, "gunbai")

    def gunbai_divide(self, sfen, depth):
        return parse_divide(
            run(self.gunbai_cmd(sfen, depth, "--divide", "--notation", "usi"), self.timeout)
        )


def compare_divides(oracle, gunbai):
    """Lines describing the differences, and the first move (sorted by USI)
    present in both with different counts (or None)."""
    lines, first_common = [], None
    for usi in sorted(set(oracle) | set(gunbai)):
        o, g = oracle.get(usi), gunbai.get(usi)
        if o == g:
            continue
        if g is None:
            lines.append(f"only in oracle: {usi}\t{o}")
        elif o is None:
            lines.append(f"only in gunbai: {usi}\t{g}")
        else:
            lines.append(f"count differs:  {usi}\toracle {o}\tgunbai {g}")
            if first_common is None:
                first_common = usi
    return lines, first_common


def localize(tools, sfen, depth, max_levels, max_lines=80):
    """Divide both sides, report differences, and follow the first common
    differing move down. Returns report lines."""
    out, path = [], []
    level = 0
    while True:
        indent = "  " * (level + 1)
        try:
            o_moves, o_dups = tools.oracle_divide(sfen, depth)
            g_moves, g_dups = tools.gunbai_divide(sfen, depth)
        except ToolError as e:
            out.append(f"{indent}divide failed: {e}")
            break
        where = " ".join(path) if path else "(root)"
        out.append(
            f"{indent}after {where}: divide {depth}: oracle {len(o_moves)} moves / "
            f"{sum(o_moves.values())} nodes, gunbai {len(g_moves)} moves / {sum(g_moves.values())} nodes"
        )
        if level:
            out.append(f"{indent}sfen {sfen}")
        for d in g_dups:
            out.append(f"{indent}gunbai printed move twice: {d}")
        for d in o_dups:
            out.append(f"{indent}oracle printed move twice: {d}")
        diffs, first = compare_divides(o_moves, g_moves)
        if not diffs:
            out.append(f"{indent}divides agree (perft and divide of gunbai disagree?)")
            break
        shown = diffs if len(diffs) <= max_lines else diffs[:max_lines]
        out.extend(indent + "  " + d for d in shown)
        if len(diffs) > len(shown):
            out.append(f"{indent}  ... {len(diffs) - len(shown)} more differing moves")
        if depth <= 1 or first is None or level >= max_levels:
            break
        try:
            sfen = tools.oracle_play(sfen, first)
        except ToolError as e:
            out.append(f"{indent}cannot play {first}: {e}")
            break
        path.append(first)
        depth -= 1
        level += 1
    return out


def check_position(tools, sfen, depth, max_levels):
    """Returns (status, report_lines); status is 'ok', 'mismatch' or 'error'."""
    try:
        o = tools.oracle_perft(sfen, depth)
    except ToolError as e:
        return "error", [f"oracle failed on {sfen}: {e}"]
    try:
        g = tools.gunbai_perft(sfen, depth)
    except ToolError as e:
        return "mismatch", [f"gunbai failed on {sfen} (oracle perft {depth} = {o}): {e}"]
    if o == g:
        return "ok", []
    lines = [f"MISMATCH perft {depth}: oracle {o}, gunbai {g} (diff {g - o:+d})", f"  sfen {sfen}"]
    lines += localize(tools, sfen, depth, max_levels)
    return "mismatch", lines


def ensure_oracle(node, npm):
    if not os.path.isdir(os.path.join(ORACLE_DIR, "node_modules", "shogiops")):
        print("diff-chu: installing the oracle (npm ci in tools/oracle)", file=sys.stderr)
        try:
            subprocess.run([npm, "ci", "--no-audit", "--no-fund"], cwd=ORACLE_DIR, check=True, stdout=sys.stderr)
        except (OSError, subprocess.CalledProcessError) as e:
            raise SetupError(f"npm ci in {ORACLE_DIR} failed: {e}")
    try:
        run([node, ORACLE, "start"], 60)
    except ToolError as e:
        raise SetupError(f"oracle does not run: {e}")


def resolve_gunbai(path):
    if os.sep not in path and "/" not in path:
        return path  # a command name on PATH
    if os.path.exists(path):
        return os.path.abspath(path)
    in_repo = os.path.join(REPO, path)
    if os.path.exists(in_repo):
        return in_repo
    raise SetupError(f"gunbai binary not found: {path} (build it with cargo build --release)")


def read_positions(path):
    with open(path) as f:
        return [l.strip() for l in f if l.strip() and not l.lstrip().startswith("#")]


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--count", type=int, default=200, help="random positions to generate (default 200)")
    ap.add_argument("--seed", type=int, default=1, help="seed of the random games (default 1)")
    ap.add_argument("--depth", type=int, default=2, help="perft depth compared (default 2)")
    ap.add_argument("--gunbai", default="target/release/gunbai", help="gunbai binary")
    ap.add_argument("--option", action="append", metavar="NAME=VALUE", help="passed to gunbai as --option (repeatable)")
    ap.add_argument("--positions", metavar="FILE", help="read SFENs (one a line, # comments) instead of generating them")
    ap.add_argument("--no-start", action="store_true", help="do not add the start position")
    ap.add_argument("--jobs", type=int, default=min(2, os.cpu_count() or 1), help="positions checked in parallel")
    ap.add_argument("--timeout", type=float, default=600, help="seconds per tool run")
    ap.add_argument("--max-levels", type=int, default=99, help="how deep to follow a differing move (default: down to depth 1)")
    ap.add_argument("--report", default=DEFAULT_REPORT, help="report file (default target/diff-chu-report.txt)")
    ap.add_argument("--node", default="node")
    ap.add_argument("--npm", default="npm")
    args = ap.parse_args()
    if args.depth < 1:
        ap.error("--depth must be >= 1")
    for opt in args.option or []:
        if "=" not in opt:
            ap.error(f"--option needs NAME=VALUE, got {opt!r}")

    try:
        ensure_oracle(args.node, args.npm)
        args.gunbai = resolve_gunbai(args.gunbai)
        tools = Tools(args)
        if args.positions:
            sfens = read_positions(args.positions)
        else:
            p = subprocess.run(
                [args.node, ORACLE, "random", str(args.count), str(args.seed)],
                capture_output=True, text=True,
            )
            sys.stderr.write(p.stderr)
            if p.returncode != 0:
                raise SetupError(f"oracle random failed (exit {p.returncode})")
            sfens = [l.strip() for l in p.stdout.splitlines() if l.strip()]
        if not args.no_start:
            start = tools.oracle("start").strip()
            if start not in sfens:
                sfens.insert(0, start)
    except (SetupError, ToolError, OSError) as e:
        print(f"diff-chu: {e}", file=sys.stderr)
        return 2

    t0 = time.time()
    results = [None] * len(sfens)
    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, args.jobs)) as ex:
        futs = {ex.submit(check_position, tools, s, args.depth, args.max_levels): i for i, s in enumerate(sfens)}
        done = 0
        for fut in concurrent.futures.as_completed(futs):
            i = futs[fut]
            results[i] = fut.result()
            done += 1
            status, lines = results[i]
            if status == "mismatch":
                print(lines[0], flush=True)
                print("  sfen", sfens[i], flush=True)
            if done % 25 == 0 or done == len(sfens):
                print(f"diff-chu: {done}/{len(sfens)} checked", file=sys.stderr, flush=True)

    mismatches = [(sfens[i], r[1]) for i, r in enumerate(results) if r[0] == "mismatch"]
    errors = [(sfens[i], r[1]) for i, r in enumerate(results) if r[0] == "error"]

    os.makedirs(os.path.dirname(os.path.abspath(args.report)), exist_ok=True)
    with open(args.report, "w") as f:
        f.write("# diff-chu report: gunbai vs shogiops oracle\n")
        f.write(f"# depth {args.depth}, {len(sfens)} positions, "
                f"{'positions ' + args.positions if args.positions else f'count {args.count} seed {args.seed}'}, "
                f"gunbai {args.gunbai}, options {args.option or []}\n")
        f.write(f"# {len(mismatches)} mismatches, {len(errors)} oracle errors, {time.time() - t0:.1f}s\n\n")
        for sfen, lines in mismatches + errors:
            f.write("\n".join(lines) + "\n\n")
        if mismatches:
            f.write("# mismatching SFENs (one a line, for a --positions file):\n")
            for sfen, _ in mismatches:
                f.write(sfen + "\n")

    for sfen, lines in errors:
        print("\n".join(lines), file=sys.stderr)
    print(f"{len(sfens)} positions, {len(mismatches)} mismatches")
    if mismatches or errors:
        print(f"diff-chu: details in {os.path.relpath(args.report)}", file=sys.stderr)
    if errors:
        return 2 if not mismatches else 1
    return 1 if mismatches else 0


if __name__ == "__main__":
    sys.exit(main())
