"""What a first visit downloads: at most 0.80 of what bare Pyodide's boot does.

Counted as GitHub Pages sends the files (site_build.transfer): the service
worker ends a first visit holding every file of the deploy.
"""

from __future__ import annotations

import zipfile
from pathlib import Path

import pytest

from site_build.site import built_site, read_build_info
from site_build.transfer import bare_pyodide_bytes, site_bytes

#: The goal: the site's first visit against the npm package's Pyodide as it comes.
MAX_RATIO = 0.80
#: The wheel's metadata names the package; the project's README does not ride along.
MAX_METADATA_BYTES = 4_000


@pytest.fixture(scope="module")
def dist() -> Path:
    return built_site()


def test_a_first_visit_downloads_at_most_four_fifths_of_bare_pyodide(dist: Path) -> None:
    ours, bare = sum(site_bytes(dist).values()), sum(bare_pyodide_bytes().values())
    assert ours / bare <= MAX_RATIO, f"{ours / 1e6:.2f} MB against bare {bare / 1e6:.2f} MB"


def test_the_engine_wheel_carries_no_long_readme(dist: Path) -> None:
    wheel = dist / "pyodide" / str(read_build_info(dist)["engineWheel"])
    with zipfile.ZipFile(wheel) as archive:
        metadata = next(i for i in archive.infolist() if i.filename.endswith("/METADATA"))
        assert metadata.file_size <= MAX_METADATA_BYTES
