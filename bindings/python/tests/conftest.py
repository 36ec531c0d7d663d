"""Shared helpers: the repository, the gunbai command (target/release/gunbai,
built by `cargo build --release`) whose answers the module must equal."""

import pathlib
import subprocess

import pytest

REPO = pathlib.Path(__file__).resolve().parents[3]
GUNBAI = REPO / "target" / "release" / "gunbai"


def cli(*args, check=True):
    """Runs the gunbai command; returns (exit status, stdout, stderr)."""
    assert GUNBAI.exists(), f"{GUNBAI} is missing: run cargo build --release first"
    p = subprocess.run([str(GUNBAI), "--color", "never", *args], capture_output=True, text=True, timeout=600)
    if check:
        assert p.returncode == 0, f"gunbai {' '.join(args)} failed: {p.stderr}"
    return p.returncode, p.stdout, p.stderr


def cli_moves(variant, *extra):
    """`gunbai moves` as a list (its closing count line left out)."""
    _, out, _ = cli("moves", variant, *extra)
    lines = out.splitlines()
    return [l for l in lines if l and not l[0].isdigit() and "legal move" not in l and ":" not in l]


@pytest.fixture(scope="session")
def gunbai_cli():
    return cli
