"""The style sheets' selectors that cost every drawing of the table."""

from __future__ import annotations

import re

from site_build.paths import WEB

STYLE_SHEETS = sorted((WEB / "css").glob("*.css"))
COMMENT = re.compile(r"/\*.*?\*/", re.DOTALL)


def test_there_are_style_sheets_to_read() -> None:
    assert len(STYLE_SHEETS) >= 4, STYLE_SHEETS


def test_no_selector_uses_has() -> None:
    """Chromium keeps one invalidation set for all of a page's :has() rules: with one on the
    page's root, a text drawn anywhere in the table restyled every button the rules name
    (the hand's sixteen cards among them), in every drawing. In a DevTools trace of a hand
    at 4x, style took 1318 ms with three :has() rules and 1027 ms with the renderer's marks
    in their place (`data-notice-up`, `data-auto-up`, `.row-end`)."""
    found = [
        (sheet.name, line.strip())
        for sheet in STYLE_SHEETS
        for line in COMMENT.sub("", sheet.read_text(encoding="utf-8")).splitlines()
        if ":has(" in line
    ]
    assert found == []


KEYFRAME_STEPS = r"(from|to|[\d.]+%)(, *(from|to|[\d.]+%))*"


def selectors(sheet: str) -> list[str]:
    """Every selector of a style sheet's rules (a rule's list split at its top-level commas)."""
    found = []
    for raw in re.findall(r"([^{};]+)\{", COMMENT.sub("", sheet)):
        prelude = " ".join(raw.split())
        if prelude.startswith("@") or re.fullmatch(KEYFRAME_STEPS, prelude):
            continue
        depth, start = 0, 0
        for i, char in enumerate(prelude + ","):
            depth += {"(": 1, ")": -1}.get(char, 0)
            if char == "," and depth == 0:
                found.append(prelude[start:i].strip())
                start = i + 1
    return found


def last_compound(selector: str) -> tuple[str, bool]:
    """A selector's rightmost compound, and whether a combinator comes before it."""
    depth, cut = 0, -1
    for i, char in enumerate(selector):
        depth += {"(": 1, ")": -1}.get(char, 0)
        if depth == 0 and char in " >+~":
            cut = i
    return selector[cut + 1 :], cut >= 0


def names_nothing(compound: str) -> bool:
    """Whether a compound selector names no class, id, attribute or tag: it matches any
    element. (The arguments of :not(), :nth-child() and the like name nothing it matches.)"""
    rest = re.sub(r":(not|nth-[\w-]+|lang|dir)\([^()]*\)|::?[\w-]+", "", compound.replace("*", ""))
    return not rest


def test_the_selector_reader_finds_every_kind_of_rule() -> None:
    sheet = (
        "/* a, b */ .a > *, :is(.b .c, .d) > :is(.e, .f) { x: 1 }"
        " @media (x) { .g::before { y: 2 } } @keyframes k { from { } 50% { } }"
    )
    assert selectors(sheet) == [".a > *", ":is(.b .c, .d) > :is(.e, .f)", ".g::before"]
    assert last_compound(".a > *") == ("*", True)
    assert last_compound(":is(.b .c, .d) > :is(.e, .f)") == (":is(.e, .f)", True)
    assert last_compound(".g::before") == (".g::before", False)
    assert [names_nothing(c) for c in ("*", ":not(.y)", ":nth-child(2)", "*::after")] == [True] * 4
    assert [names_nothing(c) for c in (":is(.e, .f)", "p:first-child", ".g::before")] == [False] * 3


def test_no_selector_ends_in_any_element_below_a_condition() -> None:
    """A selector whose last part names no class, id, attribute or tag (`.me[data-turn] .box
    > *`, `.x :not(.y)`) makes Chromium restyle everything under the element whose class or
    attribute changed, whatever it holds: with one under your seat's data-turn, each turn
    that came or went restyled your seat and its hand, some 150 elements (and a computer
    seat's fan and play, the attribute being the same), in a task of 50-67 ms at 4x. With
    the box's two lines named, such a task restyles 30-50 elements."""
    found = []
    for sheet in STYLE_SHEETS:
        for selector in selectors(sheet.read_text(encoding="utf-8")):
            last, below = last_compound(selector)
            if below and names_nothing(last):
                found.append((sheet.name, selector))
    assert found == []
