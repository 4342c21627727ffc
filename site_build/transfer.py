"""The bytes a first visit downloads, counted as GitHub Pages sends them.

GitHub Pages compresses text-like types and WebAssembly with gzip on the fly;
archives (.zip, .whl, our .gz) go as they are. A first visit ends with the
service worker holding every file of the deploy, so it downloads each file
once: the site's first-visit bytes are the sum over dist/. Bare Pyodide (the
npm package loaded as it comes) downloads its core runtime, its whole standard
library and its full lockfile.
"""

from __future__ import annotations

import functools
import gzip
from pathlib import Path

from .paths import PYODIDE_PKG

#: Suffixes sent gzipped (the content types GitHub Pages compresses).
COMPRESSED_SUFFIXES = frozenset(
    {".html", ".js", ".mjs", ".css", ".json", ".webmanifest", ".svg", ".wasm", ".txt", ".map"}
)
#: gzip's default level, as CDNs use on the fly.
GZIP_LEVEL = 6
BARE_PYODIDE_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)


def is_compressed_in_transit(path: Path) -> bool:
    return path.suffix in COMPRESSED_SUFFIXES


@functools.lru_cache(maxsize=256)
def _gzip_size(path: Path, mtime_ns: int, size: int) -> int:
    return len(gzip.compress(path.read_bytes(), compresslevel=GZIP_LEVEL))


def sent_size(path: Path) -> int:
    """Bytes on the wire for `path`: gzipped when the host compresses its type."""
    stat = path.stat()
    if not is_compressed_in_transit(path):
        return stat.st_size
    return _gzip_size(path.resolve(), stat.st_mtime_ns, stat.st_size)


def site_bytes(dist: Path) -> dict[str, int]:
    """Every file of the deploy, by path in dist/, with the bytes it costs a first visit."""
    return {
        path.relative_to(dist).as_posix(): sent_size(path)
        for path in sorted(dist.rglob("*"))
        if path.is_file()
    }


def bare_pyodide_bytes(package: Path = PYODIDE_PKG) -> dict[str, int]:
    """What a page that only boots the npm package's Pyodide downloads."""
    return {name: sent_size(package / name) for name in BARE_PYODIDE_FILES}
