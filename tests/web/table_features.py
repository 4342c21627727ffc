"""Helpers for the tests of the table's features: the Settings
dialog, the saved game, the result panel and the engine's own settlement."""

from __future__ import annotations

import datetime
import json
import re
from typing import Any

from web_table import menu_click, new_hand

from paodekuai import Game

SAVE_KEY = "paodekuai.save"
SETTINGS_KEY = "paodekuai.settings"
PRESETS = ("standard", "classic16", "compact15", "club")
#: The deal code's first letter names the preset (docs/DECISIONS.md).
CODE_LETTER = {"standard": "A", "classic16": "B", "compact15": "C", "club": "D"}
HAND_SIZE = {"standard": 16, "classic16": 16, "compact15": 15, "club": 16}
SUIT_SYMBOL = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}


def compact15_deal_held_by(seat: int) -> str:
    """The code of a compact15 deal whose face-up card seat `seat` holds."""
    for seed in range(100_000, 100_200):
        game = Game.deal(seed, "compact15")
        face_up = game.view(0)["face_up"]
        assert face_up is not None
        if face_up["seat"] == seat:
            assert game.deal_code is not None
            return game.deal_code
    raise AssertionError(f"no deal with the face-up card at seat {seat}")


def read_save(page: Any) -> Any:
    return json.loads(page.evaluate("key => localStorage.getItem(key)", SAVE_KEY) or "null")


def read_settings(page: Any) -> Any:
    return json.loads(page.evaluate("key => localStorage.getItem(key)", SETTINGS_KEY) or "null")


def record_todays_daily(page: Any) -> str:
    """Store a result for today's daily deal (UTC), as if it had been played: its deal again
    is practice. Read by the page at its next load. Returns today's date."""
    today = datetime.datetime.now(datetime.UTC).date().isoformat()
    record = {
        "app": "paodekuai-daily",
        "format": 1,
        "current": None,
        "results": {today: {"you": 3, "hard": 1}},
    }
    page.evaluate("r => localStorage.setItem('paodekuai.daily', r)", json.dumps(record))
    return today


def short(code: str) -> str:
    """A card as players write it: "♥7"."""
    return SUIT_SYMBOL[code[-1]] + code[:-1]


def open_settings(page: Any) -> None:
    menu_click(page, "settings")
    page.wait_for_selector("[data-panel=settings][open]")


def close_panel(page: Any) -> None:
    page.click("dialog[open] [data-action=close-panel]")
    page.wait_for_selector("dialog[open]", state="detached")


def choose(page: Any, setting: str, value: str) -> None:
    """Pick a value in the Settings dialog (opened and closed around it)."""
    open_settings(page)
    page.select_option(f"[data-setting={setting}]", value)
    close_panel(page)


def deal_with_preset(page: Any, preset: str) -> None:
    """Choose the rules in Settings, then deal: a new preset applies from the next hand."""
    choose(page, "preset", preset)
    before = page.text_content("[data-deal-code]") or ""
    new_hand(page)
    page.wait_for_function(
        "([letter, before]) => {"
        " const code = document.querySelector('[data-deal-code]').textContent;"
        " return code.startsWith(letter) && code !== before; }",
        arg=[CODE_LETTER[preset], before],
    )


def result_rows(page: Any) -> list[dict[str, str]]:
    """The result panel as the player reads it, one dict per seat (0, 1, 2)."""
    rows: list[list[str]] = page.eval_on_selector_all(
        "[data-result] tbody tr",
        "rows => rows.map(r => [...r.children].map(c => c.textContent.trim()))",
    )
    names = ("name", "cards_left", "shut_out", "bombs", "total", "session")
    return [dict(zip(names, row, strict=True)) for row in rows]


def signed(n: int) -> str:
    return f"+{n}" if n > 0 else str(n)


def engine_settlement(saved: Any) -> dict[str, Any]:
    """The settlement of the saved hand, recomputed by replaying it in CPython."""
    settlement: dict[str, Any] = dict(Game.from_dict(saved["game"]).settlement())
    return settlement


def expected_timeout_play(saved: Any) -> list[str] | None:
    """What the engine plays for the person when the saved position's turn times out."""
    cards: list[str] | None = Game.from_dict(saved["game"]).timeout_action()
    return cards


LATIN_WORD = re.compile(r"[A-Za-z]+")
#: Latin letters a Chinese page may still show: card ranks and key caps (one
#: capital letter), the Esc, Home and End keys, and the game's name in pinyin. (Text
#: marked lang="en" on purpose, the way back to English, is not counted.)
ALLOWED_LATIN = {"Esc", "Home", "End", "Pao", "De", "Kuai"}

VISIBLE_WORDS = """() => {
  const page = document.documentElement.lang;
  const ours = (el) => el.closest('[lang]').lang === page; // not text marked as another language
  const visible = (el) =>
    el && el.checkVisibility({visibilityProperty: true, opacityProperty: false}) && ours(el);
  const out = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement;
    if (!parent || parent.closest('script, style, noscript, svg')) continue;
    const text = node.textContent.trim();
    if (text && visible(parent)) out.push(text);
  }
  for (const el of document.querySelectorAll('[aria-label], [title], [placeholder], [alt]')) {
    if (!visible(el)) continue;
    for (const name of ['aria-label', 'title', 'placeholder', 'alt']) {
      const value = el.getAttribute(name);
      if (value) out.push(value);
    }
  }
  for (const select of document.querySelectorAll('select')) {
    if (!visible(select)) continue;
    for (const option of select.options) if (ours(option)) out.push(option.textContent);
  }
  out.push(document.title);
  return out;
}"""


def english_left(page: Any) -> list[str]:
    """Visible texts and labels of the page that still hold an English word."""
    texts: list[str] = page.evaluate(VISIBLE_WORDS)
    found = []
    for text in texts:
        for word in LATIN_WORD.findall(text):
            if word in ALLOWED_LATIN or re.fullmatch(r"[A-Z]", word):
                continue
            found.append(text)
            break
    return found
