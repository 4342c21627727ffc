"""Build steps that run inside the shipped Pyodide (under Node, see pyodide_node.py).

This file is copied into Pyodide's file system and imported there, so it works
with Pyodide's CPython (3.14) as well as with the CPython that runs build.py
(which only lints, type-checks and unit-tests it).

At the top it imports only modules that Pyodide's own start has loaded
already (sys, json, types, typing, __future__): measuring which standard-library
modules the site needs (`loaded_stdlib_files`) must not count modules that only
this file uses. The
compile helpers import what they need when they run, after the measurement.
"""

from __future__ import annotations

import json
import sys
from types import CodeType
from typing import Any

#: Pyodide mounts its standard library as this zip (python314.zip for 3.14).
STDLIB_ZIP = f"/lib/python{sys.version_info[0]}{sys.version_info[1]}.zip"
PRESETS = ("standard", "classic16", "compact15", "club")
#: Hard thinks up to 0.8 s per decision: a few per hand reach all of its code.
HARD_DECISIONS_PER_HAND = 3
#: A hand ends well before this many requests; a bound, so a bug cannot loop forever.
MAX_REQUESTS_PER_HAND = 300


# ------------------------------------------------------------------ measuring


def loaded_stdlib_files() -> list[str]:
    """The standard library's files (paths inside its zip) of every module loaded so far."""
    prefix = STDLIB_ZIP + "/"
    files = set()
    for module in list(sys.modules.values()):
        spec = getattr(module, "__spec__", None)
        origin = getattr(spec, "origin", None)
        if isinstance(origin, str) and origin.startswith(prefix):
            files.add(origin[len(prefix) :])
    return sorted(files)


def exercise_service() -> int:
    """Drive paodekuai.service through everything the page asks of it; returns the requests made.

    A hand of each preset (Hard bots for the first decisions, then Medium),
    the person's judge/play/pass/timeout, a replay, a coach review, loading a
    save, a deal code, and refused requests (the error paths import modules too).
    """
    from paodekuai.service import handle  # noqa: PLC0415 (the wheel is unpacked at run time)

    count = 0

    def ask(request: dict[str, Any]) -> dict[str, Any]:
        nonlocal count
        count += 1
        reply: dict[str, Any] = json.loads(handle(json.dumps({"id": count, **request})))
        return reply

    ask({"type": "hello"})
    for number, preset in enumerate(PRESETS):
        reply = ask({"type": "new_game", "preset": preset, "seed": 11 + number, "level": "easy"})
        snapshot = reply["result"]
        hard_left = HARD_DECISIONS_PER_HAND
        for turn in range(MAX_REQUESTS_PER_HAND):
            if snapshot["view"]["over"]:
                break
            you = snapshot["you"]
            if you is None:
                level = "hard" if hard_left > 0 else "medium"
                hard_left -= 1
                reply = ask({"type": "bot_turn", "level": level})
            elif turn % 5 == 4:
                reply = ask({"type": "timeout"})
            else:
                hints = you["hints"]
                ask({"type": "judge", "cards": hints[0] if hints else []})
                reply = ask({"type": "play", "cards": hints[0]} if hints else {"type": "pass"})
            if not reply["ok"]:
                raise RuntimeError(f"the engine refused a legal step: {reply}")
            snapshot = reply["result"]
        game = snapshot["game"]
        replayed = ask({"type": "replay", "game": game})["result"]
        if replayed["decisions"]:
            ask({"type": "review", "game": game, "step": replayed["decisions"][0]})
        ask({"type": "load", "game": game, "level": "medium"})
        ask({"type": "from_code", "code": snapshot["deal_code"], "level": "easy"})
    for refused in (
        {"type": "from_code", "code": "nonsense", "level": "easy"},
        {"type": "load", "game": {"format": "x"}, "level": "easy"},
        {"type": "play", "cards": ["XX"]},
        {"type": "no_such_request"},
    ):
        ask(refused)
    handle("{not json")
    handle("[]")
    # The service's last resort for a bug formats the exception: reach that code too.
    import traceback  # noqa: PLC0415

    traceback.format_exception_only(ValueError, ValueError("x"))
    return count


def import_all(names: list[str]) -> list[str]:
    """Import each module; the failures, as 'name: error' lines."""
    import importlib  # noqa: PLC0415

    failures = []
    for name in names:
        try:
            importlib.import_module(name)
        except Exception as exc:
            failures.append(f"{name}: {type(exc).__name__}: {exc}")
    return failures


# ------------------------------------------------------------------ compiling


def _varint(out: bytearray, value: int) -> None:
    while value >= 64:
        out.append(0x40 | (value & 0x3F))
        value >>= 6
    out.append(value)


def _svarint(out: bytearray, value: int) -> None:
    _varint(out, (-value << 1) | 1 if value < 0 else value << 1)


#: Location table entry codes (CPython's InternalDocs/code_objects.md, "Location table").
_NO_COLUMNS = 13
_NO_LOCATION = 15
#: An entry covers at most eight code units.
_MAX_RUN = 8


def line_table(code: CodeType) -> bytes:
    """`code`'s location table with line numbers only (no columns, no end lines).

    Columns take about a third of the bytecode's size and serve only the carets
    under a traceback's source line, which the site never shows; line numbers
    (tracebacks, warnings) stay exact.
    """
    runs: list[list[Any]] = []
    for line, *_ in code.co_positions():
        if runs and runs[-1][0] == line and runs[-1][1] < _MAX_RUN:
            runs[-1][1] += 1
        else:
            runs.append([line, 1])
    out = bytearray()
    previous = code.co_firstlineno
    for line, length in runs:
        if line is None:
            out.append(0x80 | (_NO_LOCATION << 3) | (length - 1))
        else:
            out.append(0x80 | (_NO_COLUMNS << 3) | (length - 1))
            _svarint(out, line - previous)
            previous = line
    return bytes(out)


def without_columns(code: CodeType) -> CodeType:
    """`code` and every code object inside it with line-only location tables."""
    consts = tuple(
        without_columns(const) if isinstance(const, CodeType) else const for const in code.co_consts
    )
    return code.replace(co_consts=consts, co_linetable=line_table(code))


def without_docstrings(source: bytes, filename: str) -> Any:
    """The syntax tree of `source` without the docstrings of its module, classes and functions.

    Only what a docstring is: the first statement of a body, a string constant.
    Everything else (asserts, `__debug__`) stays as it was, unlike `-OO`.
    """
    import ast  # noqa: PLC0415

    tree = ast.parse(source, filename)
    bodies = (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)
    for node in ast.walk(tree):
        if not isinstance(node, bodies) or not node.body:
            continue
        first = node.body[0]
        if (
            isinstance(first, ast.Expr)
            and isinstance(first.value, ast.Constant)
            and isinstance(first.value.value, str)
        ):
            node.body[0:1] = [] if len(node.body) > 1 else [ast.copy_location(ast.Pass(), first)]
    return tree


def pyc(source: bytes, filename: str, docstrings: bool = True) -> bytes:
    """An unchecked-hash .pyc of `source`: never compared with a source file's mtime or hash.

    A wheel install keeps no timestamps, and the trimmed standard library ships
    no sources at all; the hash still names the source it came from. Without
    `docstrings`, every `__doc__` of the module is None.
    """
    import importlib.util  # noqa: PLC0415
    import marshal  # noqa: PLC0415

    tree = source if docstrings else without_docstrings(source, filename)
    code = without_columns(compile(tree, filename, "exec", dont_inherit=True))
    flags = 0b01  # hash-based, check_source off (PEP 552)
    return (
        importlib.util.MAGIC_NUMBER
        + flags.to_bytes(4, "little")
        + importlib.util.source_hash(source)
        + marshal.dumps(code)
    )


def write_package_bytecode(wheel_path: str, out_path: str) -> int:
    """A zip of __pycache__/*.pyc for every module of the wheel at `wheel_path`.

    Their names carry this interpreter's cache tag (cpython-314), so other
    Pythons installing the same wheel ignore them.
    """
    import importlib.util  # noqa: PLC0415
    import zipfile  # noqa: PLC0415

    count = 0
    with zipfile.ZipFile(wheel_path) as wheel, zipfile.ZipFile(out_path, "w") as out:
        for name in sorted(wheel.namelist()):
            if not name.endswith(".py"):
                continue
            target = importlib.util.cache_from_source(name)
            out.writestr(zipfile.ZipInfo(target), pyc(wheel.read(name), name))
            count += 1
    return count


def write_stdlib_zip(files: list[str], out_path: str) -> int:
    """The standard library's `files`, compiled without docstrings, in a zip of stored entries.

    No docstrings: nothing in the page reads them (no help(), no pydoc), and they
    are about a sixth of the compressed bytecode.

    Stored, because the build gzips the whole zip for the wire (smaller than
    compressing each entry: the modules share much) and the worker inflates it
    once; zipimport then reads entries without inflating each again.
    """
    import zipfile  # noqa: PLC0415

    with zipfile.ZipFile(STDLIB_ZIP) as stdlib, zipfile.ZipFile(out_path, "w") as out:
        for name in files:
            data = stdlib.read(name)
            if name.endswith(".py"):
                compiled = pyc(data, f"{STDLIB_ZIP}/{name}", docstrings=False)
                out.writestr(zipfile.ZipInfo(name[:-3] + ".pyc", (1980, 1, 1, 0, 0, 0)), compiled)
            else:
                out.writestr(zipfile.ZipInfo(name, (1980, 1, 1, 0, 0, 0)), data)
    return len(files)
