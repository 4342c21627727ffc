"""Hint: its first press asks the engine for the play the coach's search finds best (in
slices, kept per position in the worker, a spinner on the button when it takes a while),
later presses cycle the engine's order; nothing waits for it: a card or a play made
meanwhile wins, and a game request is answered between two slices of the search. Once
Hint has been used, each later turn's search starts as the turn begins."""

from __future__ import annotations

import json
from typing import Any

from table_features import read_save
from web_table import (
    TURN_TIMEOUT_MS,
    moves,
    open_page,
    selected,
    wait_moves_beyond,
    wait_my_turn_or_over,
)

from paodekuai.service import Service

DEAL = "A0000343"
HINT_RTT = "performance.getEntriesByName('pdk:rtt:hint').length"
WATCH_BUSY = """() => {
  window.__busy = [];
  const button = document.querySelector('[data-action=hint]');
  new MutationObserver(() => window.__busy.push(button.getAttribute('aria-busy')))
    .observe(button, {attributes: true, attributeFilter: ['aria-busy']});
}"""
MEDIUM_SETTINGS = """localStorage.setItem("paodekuai.settings",
  JSON.stringify({speed: "fast", level: "medium"}));"""
#: When each round trip of a hint and of a judgement ended, by type.
RTT_ENDS = """() => Object.fromEntries(['hint', 'judge'].map(type => [type,
  performance.getEntriesByName(`pdk:rtt:${type}`).map(e => e.startTime + e.duration)]))"""
SELECTED_IS = """cards => JSON.stringify([...document.querySelectorAll(
  '[data-hand] [aria-pressed=true]')].map(e => e.dataset.card).sort()) === JSON.stringify(cards)"""


def you_now(page: Any) -> Any:
    """The engine's `you` for the position on the table, computed here in CPython."""
    service = Service()
    request = {"id": 1, "type": "load", "game": read_save(page)["game"]}
    reply = json.loads(service.handle(json.dumps(request)))
    assert reply["ok"], reply
    return reply["result"]["you"]


def same(a: list[str], b: list[str]) -> bool:
    return sorted(a) == sorted(b)


def test_hint_first_asks_the_search_then_cycles_the_engines_order(table: Any) -> None:
    page = table.page
    open_page(page, f"{table.site.url}#deal={DEAL}")
    wait_my_turn_or_over(page)
    you = you_now(page)
    assert len(you["hints"]) >= 3, you

    page.click("[data-action=hint]")
    page.wait_for_selector("[data-action=play]:not([disabled])", timeout=TURN_TIMEOUT_MS)
    first = selected(page)
    asked = page.evaluate(HINT_RTT)
    assert asked >= 1  # the engine was asked (in slices of its search: one request or more)
    assert any(same(first, hint) for hint in you["hints"]), first
    # The next presses: the engine's order with the best play taken out, no more requests.
    rest = [hint for hint in you["hints"] if not same(hint, first)]
    for expected in rest[:2]:
        page.click("[data-action=hint]")
        page.wait_for_function(SELECTED_IS, arg=sorted(expected))
    assert page.evaluate(HINT_RTT) == asked


#: Hint pressed; in the drawing that raises its cards (the first change of a card's selection):
#: whether Play can be pressed, and which cards rose.
HINT_THEN_PLAY_AT_ONCE = """() => new Promise((resolve) => {
  const play = document.querySelector('[data-action=play]');
  const observer = new MutationObserver(() => {
    const up = [...document.querySelectorAll('[data-hand] [aria-pressed=true]')];
    if (!up.length) return;
    observer.disconnect();
    resolve({playable: !play.disabled, cards: up.map((e) => e.dataset.card)});
  });
  observer.observe(document.querySelector('[data-hand]'),
    {subtree: true, attributes: true, attributeFilter: ['aria-pressed']});
  document.querySelector('[data-action=hint]').click();
})"""


def test_play_works_the_moment_hints_cards_rise(table: Any) -> None:
    """Hint's cards are a play the engine listed as legal: Play can be pressed in the very
    drawing that raises them, not a round trip to the engine later, and plays them."""
    page = table.page
    open_page(page, f"{table.site.url}#deal={DEAL}")
    wait_my_turn_or_over(page)
    seen = page.evaluate(HINT_THEN_PLAY_AT_ONCE)
    assert seen["playable"], seen
    before = moves(page)
    page.click("[data-action=play]")
    wait_moves_beyond(page, before)
    played = page.eval_on_selector_all(
        '[data-seat="0"] [data-played] [data-card]', "els => els.map(e => e.dataset.card)"
    )
    assert same(played, seen["cards"]), (played, seen)


#: Hint, then at once (before the worker can answer) the player's own choice, card by card.
HINT_THEN_OWN_CHOICE = """codes => {
  document.querySelector('[data-action=hint]').click();
  for (const code of codes) {
    document.querySelector(`[data-hand] [data-card="${code}"]`).click();
  }
}"""


def hint_then_own_choice(page: Any, url: str) -> list[str]:
    """At the first turn of the deal at `url`: Hint, then at once the last hint's cards tapped
    by the player (every change of Hint's busy mark watched as it happens: polling could miss
    a short one); returns those cards."""
    open_page(page, url)
    wait_my_turn_or_over(page)
    own: list[str] = you_now(page)["hints"][-1]
    page.evaluate(WATCH_BUSY)
    page.evaluate(HINT_THEN_OWN_CHOICE, own)
    return own


def test_a_slow_hint_shows_a_spinner_and_never_holds_the_player_up(table: Any) -> None:
    page = table.page
    # Every engine reply comes 400 ms late, as on a slow phone: longer than the spinner's 150 ms.
    own = hint_then_own_choice(page, f"{table.site.url}?reply-delay=400#deal={DEAL}")
    assert same(selected(page), own)
    page.wait_for_function("() => window.__busy.includes('true')", timeout=TURN_TIMEOUT_MS)
    page.wait_for_function("() => window.__busy.at(-1) === null", timeout=TURN_TIMEOUT_MS)
    page.wait_for_selector("[data-action=play]:not([disabled])", timeout=TURN_TIMEOUT_MS)
    assert same(selected(page), own)
    # Play: the player's own choice goes out, not the search's.
    before = moves(page)
    page.click("[data-action=play]")
    wait_moves_beyond(page, before)
    history = read_save(page)["view"]["history"]
    mine = [action["cards"] for action in history if action["seat"] == 0]
    assert same(mine[0], own), (mine, own)


def test_a_game_request_is_answered_between_two_slices_of_hints_search(table: Any) -> None:
    page = table.page
    # Compact 15, Medium opponents: the first decision (a single 6 to beat) takes Hint's
    # search some hundred worlds, several slices of 200 ms.
    page.add_init_script(MEDIUM_SETTINGS)
    own = hint_then_own_choice(page, f"{table.site.url}#deal=C0436201")
    page.wait_for_function("() => window.__busy.includes('true')", timeout=TURN_TIMEOUT_MS)
    page.wait_for_function("() => window.__busy.at(-1) === null", timeout=TURN_TIMEOUT_MS)
    ends = page.evaluate(RTT_ENDS)
    assert len(ends["hint"]) >= 2, ends  # in slices
    # The judgement of the player's card came back before Hint's search was done.
    assert ends["judge"] and min(ends["judge"]) < max(ends["hint"]), ends
    assert same(selected(page), own)


def search_answer(page: Any) -> list[str] | None:
    """Hint's answer for the position on the table (the coach's search, run here in
    CPython on the same seed as in the page): its cards, None for a pass."""
    service = Service()
    game = read_save(page)["game"]
    for request in ({"id": 1, "type": "load", "game": game}, {"id": 2, "type": "hint"}):
        reply = json.loads(service.handle(json.dumps(request)))
        assert reply["ok"], reply
    cards: list[str] | None = reply["result"]["cards"]
    return cards


#: Hint pressed; the cards that rose in the first drawing that raises any, and whether a
#: request to the engine went out in between (the search's answer was already at hand).
HINT_AT_ONCE = """() => new Promise((resolve) => {
  const asked = performance.getEntriesByName('pdk:rtt:hint').length;
  const observer = new MutationObserver(() => {
    const up = [...document.querySelectorAll('[data-hand] [aria-pressed=true]')];
    if (!up.length) return;
    observer.disconnect();
    resolve({cards: up.map((e) => e.dataset.card),
             asked: performance.getEntriesByName('pdk:rtt:hint').length - asked});
  });
  observer.observe(document.querySelector('[data-hand]'),
    {subtree: true, attributes: true, attributeFilter: ['aria-pressed']});
  document.querySelector('[data-action=hint]').click();
})"""


def play_selected(page: Any) -> None:
    before = moves(page)
    page.click("[data-action=play]")
    wait_moves_beyond(page, before)
    wait_my_turn_or_over(page)
    assert not page.is_visible("[data-result]"), "the hand ended before the turns the test needs"


def test_once_hint_is_used_each_turns_search_starts_as_the_turn_begins(table: Any) -> None:
    """A player who never presses Hint costs the phone no search. Once Hint has been
    pressed, each later turn's search starts as the turn begins, in the background, so
    the next first press raises the search's play at once, with no wait for the engine."""
    page = table.page
    page.add_init_script(MEDIUM_SETTINGS)
    open_page(page, f"{table.site.url}#deal={DEAL}")
    wait_my_turn_or_over(page)
    # First turn: the player's own play (the engine's first listed one), no Hint.
    for code in you_now(page)["hints"][0]:
        page.click(f'[data-hand] [data-card="{code}"]')
    play_selected(page)
    page.wait_for_timeout(1500)  # time a look-ahead would have had to start
    assert page.evaluate(HINT_RTT) == 0  # no Hint, no search
    assert page.query_selector("[data-action=hint][data-hint-ready]") is None
    # Second turn: Hint pressed, waited for, played.
    page.click("[data-action=hint]")
    page.wait_for_selector("[data-action=play]:not([disabled])", timeout=TURN_TIMEOUT_MS)
    play_selected(page)
    # Third turn: the search went ahead on its own; a press shows its answer at once.
    assert len(you_now(page)["hints"]) >= 2
    page.wait_for_selector("[data-action=hint][data-hint-ready]", timeout=TURN_TIMEOUT_MS)
    seen = page.evaluate(HINT_AT_ONCE)
    assert seen["asked"] == 0, seen
    best = search_answer(page)
    assert best is not None and same(seen["cards"], best), (seen, best)
