#!/usr/bin/env python3
"""Build, serve and test the Pao De Kuai web site.

    python build.py           build dist/ (the static site)
    python build.py serve     build, then serve dist/ on http://localhost:8000
    python build.py test      install the test tools, build, run every check

Only the standard library is used here, so the three commands work on a fresh
machine with Python 3.11+, Node and npm. The site needs no server logic: dist/
is plain files with relative URLs, so any static host (GitHub Pages project
sites included) can serve it under any sub-path. The work is done by the
package site_build/ beside this file; this is its command line.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

from site_build.checks import test
from site_build.server import serve
from site_build.site import build


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawTextHelpFormatter
    )
    parser.add_argument(
        "--engine-project",
        type=Path,
        help="project whose pyproject.toml builds the paodekuai wheel (default: this repository;"
        " also read from PDK_ENGINE_PROJECT)",
    )
    parser.add_argument(
        "--no-bytecode",
        action="store_true",
        help="skip the build steps inside Pyodide: no engine bytecode, Pyodide's whole"
        " standard library as sources (slower first boot; also PDK_BYTECODE=0)",
    )
    sub = parser.add_subparsers(dest="command")
    serve_parser = sub.add_parser("serve", help="build, then serve dist/")
    serve_parser.add_argument("--port", type=int, default=8000)
    serve_parser.add_argument("--host", default="127.0.0.1")
    sub.add_parser("test", help="install test tools, build, run all checks (extra args: pytest's)")
    # Whatever follows `test` goes to pytest untouched, options included (-m, -k, -x ...).
    args, extra = parser.parse_known_args(argv)
    if extra and args.command != "test":
        parser.error(f"unrecognized arguments: {' '.join(extra)}")

    if args.no_bytecode:
        os.environ["PDK_BYTECODE"] = "0"
    if args.engine_project:
        # An environment variable, so the test run's own builds use it too.
        os.environ["PDK_ENGINE_PROJECT"] = str(args.engine_project.resolve())
    if args.command == "serve":
        serve(args.port, args.host)
        return 0
    if args.command == "test":
        return test(extra)
    build()
    return 0


if __name__ == "__main__":
    sys.exit(main())
