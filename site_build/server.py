"""The development server: dist/ as a static host serves it (tests and benchmarks use it)."""

from __future__ import annotations

import contextlib
import functools
import gzip
import http.server
import threading
from collections.abc import Mapping
from pathlib import Path
from typing import ClassVar

from .paths import DIST
from .shell import log
from .site import build
from .transfer import GZIP_LEVEL, is_compressed_in_transit

#: MIME types the site needs; the wrong one for .wasm makes Pyodide hang silently.
MIME_TYPES: Mapping[str, str] = {
    ".html": "text/html; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".mjs": "text/javascript; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".json": "application/json",
    ".webmanifest": "application/manifest+json",
    ".svg": "image/svg+xml",
    ".wasm": "application/wasm",
    ".zip": "application/zip",
    ".whl": "application/zip",
    ".gz": "application/gzip",
    ".txt": "text/plain; charset=utf-8",
    ".map": "application/json",
    "": "application/octet-stream",
}


@functools.lru_cache(maxsize=64)
def _gzip_bytes(body: bytes) -> bytes:
    return gzip.compress(body, compresslevel=GZIP_LEVEL, mtime=0)


def _gzipped(path: Path, mtime_ns: int) -> bytes:
    """`path` gzipped, computed once per version of the file (mtime_ns is the cache key)."""
    return _gzip_bytes(path.read_bytes())


class SiteHandler(http.server.SimpleHTTPRequestHandler):
    """Static files with the MIME types Pyodide needs, plus optional in-memory extras."""

    protocol_version = "HTTP/1.1"  # keep-alive: the boot fetches several files at once
    extensions_map = dict(MIME_TYPES)  # noqa: RUF012 (the stdlib's own class attribute)
    extra_files: ClassVar[Mapping[str, tuple[bytes, str]]] = {}
    quiet = False
    #: Send compressible types gzipped, as GitHub Pages does (benchmarks of the network).
    compress = False

    def end_headers(self) -> None:
        # Revalidate on every load: the service worker, not the HTTP cache, makes
        # the site work offline, and a rebuilt dist/ must show up on reload.
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def do_GET(self) -> None:
        path = self.path.split("?", 1)[0].split("#", 1)[0]
        gzip_ok = self.compress and "gzip" in self.headers.get("Accept-Encoding", "")
        extra = self.extra_files.get(path)
        if extra is not None:
            body, mime = extra
            if gzip_ok and is_compressed_in_transit(Path(path)):
                self.send_body(_gzip_bytes(body), mime, encoding="gzip")
            else:
                self.send_body(body, mime)
            return
        file = Path(self.translate_path(self.path))
        if gzip_ok and file.is_file() and is_compressed_in_transit(file):
            body = _gzipped(file.resolve(), file.stat().st_mtime_ns)
            self.send_body(body, self.guess_type(str(file)), encoding="gzip")
            return
        super().do_GET()

    def send_body(self, body: bytes, mime: str, encoding: str | None = None) -> None:
        self.send_response(200)
        self.send_header("Content-Type", mime)
        self.send_header("Content-Length", str(len(body)))
        if encoding:
            self.send_header("Content-Encoding", encoding)
            self.send_header("Vary", "Accept-Encoding")
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, format: str, *args: object) -> None:
        if not self.quiet:
            super().log_message(format, *args)

    def handle(self) -> None:
        # A browser that closes a connection early is not an error worth a traceback.
        with contextlib.suppress(BrokenPipeError, ConnectionResetError):
            super().handle()


class SiteServer(http.server.ThreadingHTTPServer):
    daemon_threads = True
    allow_reuse_address = True

    @property
    def url(self) -> str:
        """The served root's URL, ending in a slash."""
        host, port = self.server_address[:2]
        name = host.decode() if isinstance(host, bytes) else host
        return f"http://{name}:{port}/"


def make_server(
    directory: Path = DIST,
    port: int = 8000,
    host: str = "127.0.0.1",
    extra_files: Mapping[str, tuple[bytes, str]] | None = None,
    quiet: bool = False,
    compress: bool = False,
) -> SiteServer:
    """A stdlib HTTP server for dist/ (port 0 picks a free port: see .server_address)."""
    handler_class = type(
        "ConfiguredSiteHandler",
        (SiteHandler,),
        {"extra_files": dict(extra_files or {}), "quiet": quiet, "compress": compress},
    )
    handler = functools.partial(handler_class, directory=str(directory))
    return SiteServer((host, port), handler)


def serve_in_thread(server: SiteServer) -> threading.Thread:
    thread = threading.Thread(target=server.serve_forever, name="site-server", daemon=True)
    thread.start()
    return thread


def serve(port: int, host: str) -> None:
    build()
    server = make_server(DIST, port=port, host=host)
    url_host = "localhost" if host in ("127.0.0.1", "0.0.0.0", "") else host
    log(f"serving {DIST} on http://{url_host}:{server.server_address[1]}/ (Ctrl+C stops)")
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        log("stopped")
    finally:
        server.server_close()
