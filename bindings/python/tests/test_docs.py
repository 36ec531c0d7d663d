"""The Python examples of docs/python.md and README.md run as written."""

import re

import pytest
from conftest import REPO

PAGES = ["docs/python.md", "README.md", "bindings/python/README.md"]


def blocks(page):
    return re.findall(r"^```python\n(.*?)^```", (REPO / page).read_text(), re.S | re.M)


@pytest.mark.parametrize("page", PAGES)
def test_python_examples_run(page, capsys):
    found = blocks(page)
    assert found, f"{page} has no python example"
    for code in found:
        exec(compile(code, page, "exec"), {})
