"""Reading and playing the table through its stable test hooks (README: Test hooks)."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

#: Booting Pyodide takes a few seconds; CI machines are slower and busier.
READY_TIMEOUT_MS = 120_000
TURN_TIMEOUT_MS = 60_000

#: Conditions and reads in the page, each a JavaScript function of no argument (the
#: benchmark's driver puts them in the page once and calls them by name).
HAND_OVER = "() => document.querySelector('[data-result]:not([hidden])') !== null"
HINT_ENABLED = "() => !document.querySelector('[data-action=hint]').disabled"
PLAY_ENABLED = "() => !document.querySelector('[data-action=play]').disabled"
MOVES = "() => Number(document.querySelector('[data-app]').dataset.moves)"

MY_TURN_OR_OVER = f"""() => {{
  const over = ({HAND_OVER})();
  const mine = document.querySelector('[data-seat="0"][data-turn]');
  const ready = document.documentElement.dataset.engine === 'ready';
  const hint = document.querySelector('[data-action=hint]');
  const pass = document.querySelector('[data-action=pass]');
  // (the table drawn whole: every card's face in, data-faces-due gone)
  const drawn = !document.querySelector('[data-faces-due]');
  return drawn && (over || (ready && mine && (!hint.disabled || !pass.disabled)));
}}"""


def wait_ready(page: Any, timeout: int = READY_TIMEOUT_MS) -> None:
    page.wait_for_selector("html[data-engine=ready]", state="attached", timeout=timeout)


#: The code of a deal link (`#deal=CODE`) in a URL.
DEAL_LINK = re.compile(r"#deal=([A-Z][0-9]+)$")


def open_page(page: Any, url: str, timeout: int = READY_TIMEOUT_MS) -> None:
    """Open the table; for a deal link, wait until that deal is the one on the table. Going
    to a link from the same page is a hash change, not a load: the engine is ready before
    the linked hand is dealt, and mid-hand the table asks first (yes, as a person would)."""
    page.goto(url)
    wait_ready(page, timeout)
    link = DEAL_LINK.search(url)
    if link:
        page.wait_for_function(
            """code => document.querySelector('[data-confirm=new-hand][open]')
                || document.querySelector('[data-deal-code]')?.textContent === code""",
            arg=link.group(1),
            timeout=timeout,
        )
        if page.is_visible("[data-confirm=new-hand]"):
            page.click("[data-confirm=new-hand] [data-action=confirm]")
        page.wait_for_function(
            "code => document.querySelector('[data-deal-code]')?.textContent === code",
            arg=link.group(1),
            timeout=timeout,
        )


#: The four screens a layout is checked on, as (width, height): a portrait phone, a
#: landscape phone, a small portrait phone and a laptop.
SCREENS = ((390, 844), (844, 390), (360, 640), (1366, 768))


def screen_id(size: tuple[int, int]) -> str:
    """A screen's test id, e.g. 390x844."""
    return f"{size[0]}x{size[1]}"


def open_screen(open_table: Any, viewport: tuple[int, int], fragment: str = "") -> Any:
    """A fresh table on a screen of `viewport` (width, height), opened at the site's address
    and `fragment` (e.g. "#deal=A0738433"); its Browsing (`.page`, `.site`)."""
    width, height = viewport
    browsing = open_table(viewport={"width": width, "height": height})
    open_page(browsing.page, f"{browsing.site.url}{fragment}")
    return browsing


def hand(page: Any) -> list[str]:
    codes: list[str] = page.eval_on_selector_all(
        "[data-hand] [data-card]", "els => els.map(e => e.dataset.card)"
    )
    return codes


def selected(page: Any) -> list[str]:
    codes: list[str] = page.eval_on_selector_all(
        "[data-hand] [data-card][aria-pressed=true]", "els => els.map(e => e.dataset.card)"
    )
    return codes


def counts(page: Any) -> list[int]:
    return [
        int(page.text_content(f'[data-seat="{seat}"] [data-count]') or "-1") for seat in range(3)
    ]


def moves(page: Any) -> int:
    """How many actions (plays and passes) the hand has had."""
    return int(page.get_attribute("[data-app]", "data-moves") or "0")


def counter(page: Any) -> dict[str, int]:
    pairs: list[list[str]] = page.eval_on_selector_all(
        "[data-counter-ranks] li",
        "els => els.map(e => [e.dataset.rank, e.querySelector('.counter-n').textContent])",
    )
    return {rank: int(n) for rank, n in pairs}


def is_over(page: Any) -> bool:
    return bool(page.is_visible("[data-result]"))


def status(page: Any) -> str:
    return (page.text_content("[data-status]") or "").strip()


def wait_my_turn_or_over(page: Any, timeout: int = TURN_TIMEOUT_MS) -> None:
    page.wait_for_function(MY_TURN_OR_OVER, timeout=timeout)


def wait_moves_beyond(page: Any, before: int, timeout: int = TURN_TIMEOUT_MS) -> None:
    page.wait_for_function(moves_beyond(before), timeout=timeout)


#: After a press of Hint: its play is selected and judged, or the search found passing best.
HINT_ANSWERED = """() => !document.querySelector('[data-action=play]').disabled
  || document.querySelector('[data-action=hint][data-hint-best=pass]') !== null"""


#: How a helper waits for a condition in the page: wait(page, ready, timeout_ms), `ready` a
#: JavaScript function of no arguments. The benchmark passes its own, which adds no work to
#: the frames it measures.
Wait = Callable[[Any, str, int], None]
#: How a button or card is pressed: (page, selector).
Press = Callable[[Any, str], None]


def click(page: Any, selector: str) -> None:
    page.click(selector)


def wait_for(page: Any, ready: str, timeout: int) -> None:
    page.wait_for_function(ready, timeout=timeout)


#: A condition of one argument: more moves have been made than `before`.
MOVED_BEYOND = f"(before) => ({MOVES})() > before"


def moves_beyond(before: int) -> str:
    """A condition: more moves have been made than `before`."""
    return f"() => ({MOVED_BEYOND})({before})"


def select_by_hint(
    page: Any, wait: Wait = wait_for, press_hint: Callable[[], None] | None = None
) -> None:
    """Press Hint until a play is selected and Play is on: when the search finds passing best,
    the first press only says so and the plays come on the next press."""
    press = press_hint or (lambda: page.click("[data-action=hint]"))
    press()
    wait(page, HINT_ANSWERED, TURN_TIMEOUT_MS)
    if page.is_disabled("[data-action=play]"):
        press()
        wait(page, PLAY_ENABLED, TURN_TIMEOUT_MS)


def take_turn(
    page: Any, cards: list[str] | None = None, wait: Wait = wait_for, press: Press = click
) -> str:
    """Play the first hint (Hard's best play; when that is to pass, the next hint), or `cards`
    tapped one by one when given, or pass when there is no hint; returns "play" or "pass"."""
    before = moves(page)
    if cards:
        for code in cards:
            press(page, f'[data-hand] [data-card="{code}"]')
        wait(page, PLAY_ENABLED, TURN_TIMEOUT_MS)
        press(page, "[data-action=play]")
        done = "play"
    elif page.is_enabled("[data-action=hint]"):
        select_by_hint(page, wait, lambda: press(page, "[data-action=hint]"))
        press(page, "[data-action=play]")
        done = "play"
    else:
        press(page, "[data-action=pass]")
        done = "pass"
    wait(page, moves_beyond(before), TURN_TIMEOUT_MS)
    return done


def play_until(page: Any, stop: Any = None, max_turns: int = 80) -> None:
    """Take turns (Hint + Play, or Pass) until `stop(page)` holds or the hand is over."""
    for _ in range(max_turns):
        wait_my_turn_or_over(page)
        if is_over(page) or (stop is not None and stop(page)):
            return
        take_turn(page)
    raise AssertionError(f"the hand did not finish within {max_turns} turns")


def position(page: Any) -> dict[str, Any]:
    """What a player sees of the hand's position: a restored game must show it again."""
    return {
        "hand": hand(page),
        "counts": counts(page),
        "moves": moves(page),
        "deal": page.text_content("[data-deal-code]"),
    }


#: What the bar's menu holds (on wide screens its items stand in the bar itself).
MENU_ACTIONS = ("copy-link", "daily", "stats", "settings", "help", "language")


def menu_click(page: Any, action: str) -> None:
    """Click one of the menu's items as a person would: opening the menu first when it is closed."""
    assert action in MENU_ACTIONS, action
    item = page.locator(f"[data-menu] [data-action={action}]")
    if not item.is_visible():
        page.click("[data-action=menu]")
        item.wait_for(state="visible")
    item.click()


def new_hand(page: Any) -> None:
    """Deal again as a person would: New hand, then confirm when the table asks first (a hand
    not over yet: `[data-confirm="new-hand"]`)."""
    before = page.text_content("[data-deal-code]") or ""
    page.click(".bar [data-action=new]")
    page.wait_for_function(
        """code => document.querySelector('[data-confirm=new-hand][open]')
            || document.querySelector('[data-deal-code]').textContent !== code""",
        arg=before,
    )
    if page.is_visible("[data-confirm=new-hand]"):
        page.click("[data-confirm=new-hand] [data-action=confirm]")
        page.wait_for_selector("[data-confirm=new-hand]", state="hidden")


def wait_selected(page: Any, codes: list[str], timeout: int = 5_000) -> None:
    """The hand's selected cards become exactly `codes` (in hand order)."""
    page.wait_for_function(
        """codes => JSON.stringify([...document.querySelectorAll(
             '[data-hand] [data-card][aria-pressed=true]')].map(e => e.dataset.card))
           === JSON.stringify(codes)""",
        arg=codes,
        timeout=timeout,
    )


def wait_offline_ready(page: Any, timeout: int = 60_000) -> None:
    """The service worker holds the whole site and controls this page."""
    page.wait_for_selector("html[data-offline=ready]", state="attached", timeout=timeout)
    page.wait_for_function("() => navigator.serviceWorker.controller !== null")


#: No motion under way (a deal coming in, a play flying): endless ones (a warning's blink)
#: aside; and every card's face in (data-faces-due gone).
STILL = """() => !document.querySelector('[data-faces-due]')
  && document.getAnimations().every(a =>
    a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity)"""


def wait_still(page: Any, timeout: int = 10_000) -> None:
    """Wait until the table stands still: where things are drawn is where they stay."""
    page.wait_for_function(STILL, timeout=timeout)


def card_boxes(page: Any) -> list[dict[str, Any]]:
    """Each hand card's on-screen box: the strip of it that is visible and tappable."""
    boxes: list[dict[str, Any]] = page.eval_on_selector_all(
        "[data-hand] [data-card]",
        """els => els.map(e => {
            const r = e.getBoundingClientRect();
            return {x: r.x, y: r.y, width: r.width, height: r.height, code: e.dataset.card};
        })""",
    )
    return boxes


def open_mid_hand(page: Any, url: str) -> None:
    """Open the page and wait for the person's turn in a hand not over (a new one if it was)."""
    open_page(page, url)
    wait_my_turn_or_over(page)
    if is_over(page):
        page.click("[data-result] [data-action=new]")
        wait_my_turn_or_over(page)


def play_a_turn(page: Any) -> dict[str, Any]:
    """The person's next move (when the hand is not over); what the table shows after it."""
    wait_my_turn_or_over(page)
    if not is_over(page):
        take_turn(page)
        wait_my_turn_or_over(page)
    return position(page)


def notice(page: Any) -> str:
    """What the notice says now ("" when none is shown)."""
    if not page.is_visible("[data-notice]"):
        return ""
    return (page.text_content("[data-notice]") or "").strip()
