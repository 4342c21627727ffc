"""The protocol's shapes: docs/PROTOCOL.md names every field, and every reply has its shape."""

from __future__ import annotations

import json
import random
import re
import typing
from pathlib import Path
from typing import Any

import pytest

from paodekuai import protocol
from paodekuai.protocol import REQUESTS, ErrorReply, ShapeError, conform
from paodekuai.service import _HANDLERS, Service

DOC = (Path(__file__).resolve().parents[2] / "docs" / "PROTOCOL.md").read_text(encoding="utf-8")

REQUEST_SHAPES = {shape for shape, _ in REQUESTS.values()}
SHAPES = {
    name: value
    for name, value in vars(protocol).items()
    if typing.is_typeddict(value) and value not in REQUEST_SHAPES
}


def _documented_shapes() -> dict[str, set[str]]:
    """Each ``### `Name` `` section of PROTOCOL.md and the fields its table lists."""
    out: dict[str, set[str]] = {}
    for section in re.split(r"^#{2,3} ", DOC, flags=re.MULTILINE)[1:]:
        title = re.match(r"`(\w+)`", section)
        if title is None:
            continue  # a chapter, not a shape
        rows = re.findall(r"^\| `(\w+)` \|", section, flags=re.MULTILINE)
        out[title.group(1)] = set(rows)
    return out


def _documented_requests() -> dict[str, set[str]]:
    table = DOC.split("## Requests", 1)[1].split("\n\n", 2)[1]
    out: dict[str, set[str]] = {}
    for line in table.splitlines()[2:]:
        cells = [c.strip() for c in line.strip("|").split("|")]
        fields = re.sub(r"\([^)]*\)", "", cells[1])  # explanations in brackets are no fields
        out[cells[0].strip("`")] = set(re.findall(r"`(\w+)`", fields))
    return out


def test_every_shape_is_documented_field_by_field() -> None:
    documented = _documented_shapes()
    assert set(documented) == set(SHAPES), "a shape lacks its section, or a section its shape"
    for name, shape in SHAPES.items():
        assert documented[name] == set(typing.get_type_hints(shape)), name


def test_every_request_is_documented_with_its_fields() -> None:
    documented = _documented_requests()
    assert set(documented) == set(REQUESTS) == set(_HANDLERS)
    for kind, (shape, _) in REQUESTS.items():
        fields = set(typing.get_type_hints(shape)) - {"id", "type"}
        assert documented[kind] == fields, kind


def test_a_drifted_doc_would_be_caught() -> None:
    # The checks above compare sets of names; a field missing on either side shows.
    view_fields = _documented_shapes()["View"]
    assert "leader" in view_fields and "alerts" in view_fields
    assert "ranks" in _documented_shapes()["Hello"]


def _ask(service: Service, request: dict[str, Any]) -> dict[str, Any]:
    reply: dict[str, Any] = json.loads(service.handle(json.dumps(request)))
    if reply["ok"]:
        conform(reply["result"], REQUESTS[request["type"]][1])
    else:
        conform(reply, ErrorReply)
    return reply


@pytest.mark.parametrize("preset", ["standard", "classic16", "compact15", "club"])
def test_every_reply_has_its_shape(preset: str) -> None:
    rng = random.Random(preset)
    service = Service()
    _ask(service, {"id": 0, "type": "hello"})
    snap = _ask(
        service, {"id": 1, "type": "new_game", "preset": preset, "seed": 5, "level": "easy"}
    )["result"]
    for i in range(2, 400):
        view = snap["view"]
        if view["over"]:
            break
        if view["to_move"] != 0:
            snap = _ask(service, {"id": i, "type": "bot_turn"})["result"]
            continue
        you = snap["you"]
        _ask(service, {"id": i, "type": "judge", "cards": view["hand"][:2]})
        if not you["hints"] or (you["can_pass"] and rng.random() < 0.3):
            snap = _ask(service, {"id": i, "type": "pass"})["result"]
        elif rng.random() < 0.2:
            snap = _ask(service, {"id": i, "type": "timeout"})["result"]
        else:
            play = rng.choice(you["hints"])
            _ask(service, {"id": i, "type": "judge", "cards": play})
            if not you["can_pass"]:
                assert not _ask(service, {"id": i, "type": "pass"})["ok"]  # an error, shaped
            snap = _ask(service, {"id": i, "type": "play", "cards": play})["result"]
    assert snap["view"]["over"]
    game = snap["game"]
    replay = _ask(service, {"id": 500, "type": "replay", "game": game})["result"]
    for step in replay["decisions"][:2]:
        _ask(service, {"id": 501, "type": "review", "game": game, "step": step})
    _ask(service, {"id": 502, "type": "load", "game": game})
    _ask(service, {"id": 503, "type": "load", "game": {"junk": True}})
    _ask(service, {"id": 504, "type": "from_code", "code": "A1739205", "level": "hard"})
    _ask(service, {"id": 505, "type": "from_code", "code": "nonsense", "level": "hard"})


def test_conform_is_strict_about_json_types() -> None:
    good = {"id": 1, "type": "review", "game": {}, "step": 3}
    assert conform(good, protocol.ReviewRequest) is good
    for bad, says in [
        ({**good, "step": 3.0}, "'step' must be of type int"),
        ({**good, "step": True}, "'step' must be of type int"),
        ({k: v for k, v in good.items() if k != "step"}, "'step' is missing"),
        ({**good, "type": "replay"}, "'type' must be one of 'review'"),
    ]:
        with pytest.raises(ShapeError, match=says):
            conform(bad, protocol.ReviewRequest)
    deep = {"id": 1, "type": "load", "game": None, "level": "easy"}
    conform(deep, protocol.LoadRequest)
    with pytest.raises(ShapeError, match=r"'steps\[0\]\.seat'"):
        conform({"steps": [{"seat": "0"}]}, protocol.Replay)
