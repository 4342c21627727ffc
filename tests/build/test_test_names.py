"""The test files' own rule: pytest imports each test module by its file name (there are
no packages under tests/), so two files of one name in different folders stop the whole
run at collection."""

from __future__ import annotations

import subprocess
import sys
from collections import Counter
from pathlib import Path

TESTS = Path(__file__).resolve().parents[1]


def test_no_two_test_files_share_a_name() -> None:
    names = Counter(path.name for path in TESTS.rglob("test_*.py"))
    assert [name for name, n in names.items() if n > 1] == []


def test_collecting_tests_as_a_whole_finds_every_test_file() -> None:
    """`build.py test` collects `tests` as a whole: a folder pytest does not recurse into by
    default (`build` is one of those) would drop its tests without a word."""
    listed = subprocess.run(
        [sys.executable, "-m", "pytest", "--collect-only", "-q", "-p", "no:cacheprovider", "tests"],
        cwd=TESTS.parent,
        capture_output=True,
        text=True,
        check=False,
    )
    collected = {line.split("::", 1)[0] for line in listed.stdout.splitlines() if "::" in line}
    files = {str(path.relative_to(TESTS.parent)) for path in TESTS.rglob("test_*.py")}
    assert files - collected == set(), listed.stdout[-2000:] + listed.stderr[-2000:]
