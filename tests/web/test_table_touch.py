"""Touch at the table: every button a finger wide on the four reference
screens, raised cards covering no card and no status text, a card rising as
the finger touches it, a finger sliding across the hand toggling each card it
passes, and a double-tap that selects a rank only when the same card is tapped
twice."""

from __future__ import annotations

import itertools
from typing import Any

from table_features import close_panel, open_settings
from web_table import (
    card_boxes,
    hand,
    is_over,
    menu_click,
    open_page,
    play_until,
    selected,
    wait_my_turn_or_over,
    wait_offline_ready,
    wait_selected,
    wait_still,
)

from paodekuai import Game

SIZES = (
    {"width": 390, "height": 844},
    {"width": 844, "height": 390},
    {"width": 360, "height": 640},
    {"width": 1366, "height": 768},
)
#: WCAG 2.5.5 and Apple's HIG: 44x44 CSS px (half a pixel for rounding).
FINGER_PX = 43.5

#: Every visible button and drop-down but the hand's cards (their strips are measured
#: apart), too small.
SMALL_BUTTONS = """() => [...document.querySelectorAll('button, select')]
  .filter(b => !b.closest('[data-hand]') && b.checkVisibility({visibilityProperty: true}))
  .map(b => { const r = b.getBoundingClientRect();
              return {button: b.dataset.action || b.dataset.reviewStep || b.dataset.setting
                        || b.textContent.trim(),
                      width: Math.round(r.width), height: Math.round(r.height)}; })
  .filter(b => b.width < MIN || b.height < MIN)""".replace("MIN", str(FINGER_PX))

#: A deal where your hand holds three 7s and three jacks (found with the engine).
TRIO_DEAL = "A0000059"


def small_buttons(page: Any) -> list[dict[str, Any]]:
    found: list[dict[str, Any]] = page.evaluate(SMALL_BUTTONS)
    return found


def test_every_button_is_a_finger_wide_at_all_four_sizes(table: Any) -> None:
    page = table.page
    open_page(page, table.site.url)
    wait_my_turn_or_over(page)
    for size in SIZES:
        page.set_viewport_size(size)
        assert small_buttons(page) == [], (size, "table")
        if page.is_visible("[data-action=menu]"):
            page.click("[data-action=menu]")
            page.wait_for_selector("[data-menu] [data-action=settings]", state="visible")
            assert small_buttons(page) == [], (size, "menu")
            page.keyboard.press("Escape")
            page.wait_for_selector("[data-menu] [data-action=settings]", state="hidden")
        open_settings(page)
        assert small_buttons(page) == [], (size, "settings")
        close_panel(page)
        menu_click(page, "help")
        page.wait_for_selector("[data-panel=help][open] [data-help-section]")
        assert small_buttons(page) == [], (size, "help")
        close_panel(page)
    page.set_viewport_size(SIZES[-1])
    play_until(page, max_turns=80)
    assert is_over(page)
    for size in SIZES:
        page.set_viewport_size(size)
        assert small_buttons(page) == [], (size, "result")
    page.click("[data-result] [data-action=replay]")
    page.wait_for_selector("[data-replay]:not([hidden])[data-step]")
    for size in SIZES:
        page.set_viewport_size(size)
        assert small_buttons(page) == [], (size, "replay")
    page.click("[data-action=replay-close]")
    menu_click(page, "stats")
    page.wait_for_selector("[data-stats]:not([hidden])")
    for size in SIZES:
        page.set_viewport_size(size)
        assert small_buttons(page) == [], (size, "statistics")


#: For each hand card: its strip, what is under the middle of the strip, and
#: every rectangle of text the status line and the Pass reason draw.
LAYOUT = """() => {
  const rect = (el) => { const r = el.getBoundingClientRect();
    return {left: r.left, top: r.top, right: r.right, bottom: r.bottom}; };
  const cards = [...document.querySelectorAll('[data-hand] [data-card]')].map(el => {
    const strip = rect(el);
    const hit = document.elementFromPoint(
      (strip.left + strip.right) / 2, (strip.top + strip.bottom) / 2);
    return {code: el.dataset.card, strip, face: rect(el.querySelector('.face')),
            hit: hit?.closest('[data-card]')?.dataset.card ?? null};
  });
  const texts = [];
  for (const el of document.querySelectorAll('[data-status], [data-pass-reason]')) {
    if (!el.textContent.trim()) continue;
    const range = document.createRange();
    range.selectNodeContents(el);
    for (const r of range.getClientRects()) {
      texts.push({left: r.left, top: r.top, right: r.right, bottom: r.bottom});
    }
  }
  return {cards, texts};
}"""


def overlaps(a: dict[str, float], b: dict[str, float]) -> bool:
    across = a["left"] < b["right"] - 0.5 and b["left"] < a["right"] - 0.5
    down = a["top"] < b["bottom"] - 0.5 and b["top"] < a["bottom"] - 0.5
    return across and down


def test_raised_cards_cover_no_card_and_no_status_at_all_four_sizes(table: Any) -> None:
    page = table.page
    open_page(page, f"{table.site.url}#deal={TRIO_DEAL}")
    wait_my_turn_or_over(page)
    cards = hand(page)
    assert len(cards) == 16
    # Raise cards across the hand: the first, every fourth, the last (an illegal play:
    # the status line then shows its reason, as long as it gets).
    chosen = [cards[i] for i in (0, 4, 8, 12, 15)]
    for code in chosen:
        page.wait_for_timeout(400)  # not a double-tap
        page.click(f'[data-hand] [data-card="{code}"]')
    wait_selected(page, chosen)
    page.wait_for_selector("[data-status][data-tone=bad]")
    for size in SIZES:
        page.set_viewport_size(size)
        wait_still(page)  # the raise's transition
        layout = page.evaluate(LAYOUT)
        assert layout["texts"], size
        for card in layout["cards"]:
            strip, face = card["strip"], card["face"]
            assert card["hit"] == card["code"], (size, card)
            assert strip["right"] - strip["left"] >= 18, (size, card)  # a strip a finger can hit
            for box in (strip, face):
                assert box["left"] >= -0.5 and box["top"] >= -0.5, (size, card)
                assert box["right"] <= size["width"] + 0.5, (size, card)
                assert box["bottom"] <= size["height"] + 0.5, (size, card)
            for text in layout["texts"]:
                assert not overlaps(face, text), (size, card["code"], text)
        for text in layout["texts"]:
            assert text["left"] >= -0.5 and text["right"] <= size["width"] + 0.5, (size, text)
        font = page.eval_on_selector(
            "[data-status]", "el => parseFloat(getComputedStyle(el).fontSize)"
        )
        assert font >= 15, (size, font)


def slide(page: Any, points: list[tuple[float, float]], touch: bool) -> None:
    """A finger (a real touch, through DevTools) or a mouse pressed and moved through `points`."""
    if not touch:
        page.mouse.move(*points[0])
        page.mouse.down()
        for x, y in points[1:]:
            page.mouse.move(x, y, steps=4)
        page.mouse.up()
        return
    cdp = page.context.new_cdp_session(page)

    def touch_event(kind: str, x: float, y: float) -> None:
        touch_points = [] if kind == "touchEnd" else [{"x": x, "y": y, "id": 1}]
        cdp.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": touch_points})

    touch_event("touchStart", *points[0])
    for (x0, y0), (x1, y1) in itertools.pairwise(points):
        for step in range(1, 5):
            touch_event("touchMove", x0 + (x1 - x0) * step / 4, y0 + (y1 - y0) * step / 4)
    touch_event("touchEnd", *points[-1])
    cdp.detach()


def strip_middle(box: dict[str, Any]) -> tuple[float, float]:
    return (box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)


def check_slide(page: Any, touch: bool) -> None:
    wait_my_turn_or_over(page)
    assert not is_over(page)
    wait_still(page)
    boxes = card_boxes(page)
    # Three neighbours in one row (on a phone the hand has two).
    row = [box for box in boxes if abs(box["y"] - boxes[-1]["y"]) < 2]
    first, second, third = row[1], row[2], row[3]
    slide(page, [strip_middle(first), strip_middle(second), strip_middle(third)], touch)
    wait_selected(page, [first["code"], second["code"], third["code"]])
    # Sliding back over the last two puts them back: each card passed over toggles once.
    page.wait_for_timeout(400)
    slide(page, [strip_middle(third), strip_middle(second)], touch)
    wait_selected(page, [first["code"]])
    # A plain tap still toggles one card.
    page.wait_for_timeout(400)
    page.mouse.click(*strip_middle(row[0]))
    wait_selected(page, [row[0]["code"], first["code"]])


def test_sliding_a_finger_across_the_hand_toggles_each_card_it_passes(open_table: Any) -> None:
    phone = open_table(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
    open_page(phone.page, f"{phone.site.url}#deal={TRIO_DEAL}")
    check_slide(phone.page, touch=True)
    laptop = open_table()
    open_page(laptop.page, f"{laptop.site.url}#deal={TRIO_DEAL}")
    check_slide(laptop.page, touch=False)


def test_a_finger_sliding_up_from_the_lower_row_takes_no_card_of_the_upper_row(
    open_table: Any,
) -> None:
    """On a phone's two rows, a finger pressed on a card of the lower row and slid straight up
    (the swipe some apps use to play) selects that card only: the card above it, whose strip
    the finger crosses, stays down. A slide along the hand still takes each card it passes."""
    phone = open_table(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
    page = phone.page
    open_page(page, f"{phone.site.url}#deal={TRIO_DEAL}")
    wait_my_turn_or_over(page)
    assert not is_over(page)
    wait_still(page)
    boxes = card_boxes(page)
    lower = [box for box in boxes if abs(box["y"] - boxes[-1]["y"]) < 2]
    upper = [box for box in boxes if box["y"] < lower[0]["y"] - 2]
    assert lower and upper, boxes
    start = lower[2]
    x, y = strip_middle(start)
    above = next(box for box in upper if box["x"] <= x < box["x"] + box["width"])
    slide(page, [(x, y), (x, strip_middle(above)[1]), (x, above["y"] - 30)], touch=True)
    wait_selected(page, [start["code"]])
    page.wait_for_timeout(400)
    assert selected(page) == [start["code"]]


def test_a_card_rises_as_the_finger_touches_it_and_stays_when_lifted(open_table: Any) -> None:
    """As in the mobile card apps, a card is selected when the finger goes down on it (the
    mouse button too), not when it is lifted: the finger sees its card rise under it."""
    phone = open_table(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
    page = phone.page
    open_page(page, f"{phone.site.url}#deal={TRIO_DEAL}")
    wait_my_turn_or_over(page)
    wait_still(page)
    first, second = card_boxes(page)[:2]
    cdp = page.context.new_cdp_session(page)
    x, y = strip_middle(first)
    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x, "y": y}]})
    wait_selected(page, [first["code"]])  # the finger is still down
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    cdp.detach()
    page.wait_for_timeout(400)
    assert selected(page) == [first["code"]]  # lifting it changes nothing
    page.mouse.move(*strip_middle(second))
    page.mouse.down()
    wait_selected(page, [first["code"], second["code"]])  # the button is still down
    page.mouse.up()
    page.wait_for_timeout(400)
    assert selected(page) == [first["code"], second["code"]]


def test_double_tap_selects_the_rank_only_when_the_same_card_is_tapped_twice(table: Any) -> None:
    page = table.page
    open_page(page, f"{table.site.url}#deal={TRIO_DEAL}")
    wait_my_turn_or_over(page)
    sevens = [code for code in hand(page) if code.startswith("7")]
    assert len(sevens) == 3, hand(page)
    wait_still(page)
    # Two different 7s, tapped quickly: a pair picked the usual way, not the three.
    boxes = {box["code"]: box for box in card_boxes(page)}
    page.mouse.click(*strip_middle(boxes[sevens[0]]))
    page.mouse.click(*strip_middle(boxes[sevens[1]]))
    wait_selected(page, sevens[:2])
    page.wait_for_timeout(500)
    assert selected(page) == sevens[:2]
    # The same card twice: every card of its rank.
    jacks = [code for code in hand(page) if code.startswith("J")]
    page.locator(f'[data-hand] [data-card="{jacks[0]}"]').dblclick()
    wait_selected(page, sevens[:2] + jacks)


def test_a_tap_on_the_felt_puts_every_raised_card_down(open_table: Any) -> None:
    """As in the mobile card apps: cards picked by mistake (a slide too far) all go down with
    one tap on the table's felt, not one tap per card. A tap that closes the open menu does
    only that."""
    phone = open_table(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
    page = phone.page
    open_page(page, f"{phone.site.url}#deal={TRIO_DEAL}")
    wait_my_turn_or_over(page)
    wait_still(page)
    first, second, third = card_boxes(page)[:3]
    for box in (first, second, third):
        page.touchscreen.tap(*strip_middle(box))
        page.wait_for_timeout(400)  # no double-tap
    wait_selected(page, [first["code"], second["code"], third["code"]])
    felt = page.locator("[data-felt]").bounding_box()
    assert felt, "no felt"
    # Low on the felt, clear of the open menu (which lies over the felt's upper part).
    middle = (felt["x"] + felt["width"] / 2, felt["y"] + felt["height"] - 12)
    # With the menu open, the tap closes the menu and leaves the cards up.
    page.click("[data-action=menu]")
    page.wait_for_selector("[data-menu]:popover-open")
    menu = page.locator("[data-menu]").bounding_box()
    assert menu and middle[1] > menu["y"] + menu["height"], (menu, middle)
    page.touchscreen.tap(*middle)
    page.wait_for_selector("[data-menu]:not(:popover-open)", state="attached")
    page.wait_for_timeout(300)
    assert len(selected(page)) == 3
    page.touchscreen.tap(*middle)
    wait_selected(page, [])


#: Where each change to the page since the observer started was made: the closest element
#: with a test hook, or its tag.
RECORD_CHANGES = """() => {
  window.__changed = new Set();
  new MutationObserver((list) => {
    for (const m of list) {
      const node = m.target.nodeType === 1 ? m.target : m.target.parentElement;
      const hooked = node.closest(
        '[data-card],[data-status],[data-pass-reason],[data-action],[data-text]');
      const where = hooked ? hooked.outerHTML.slice(0, 60) : `${node.tagName} ${m.attributeName}`;
      window.__changed.add(where);
    }
  }).observe(document, {subtree: true, attributes: true, childList: true, characterData: true});
}"""


def test_a_tap_on_a_card_changes_only_that_card_the_status_and_the_buttons(table: Any) -> None:
    """A redraw from the same model touches nothing: a tap rewrites no label, no count and no
    text of a closed dialog (each such write is work for the phone's style engine)."""
    page = table.page
    open_page(page, table.site.url)  # no deal link: no notice that fades meanwhile
    wait_my_turn_or_over(page)
    wait_offline_ready(page)  # the page's own news (html[data-offline]) is not the tap's
    wait_still(page)
    page.evaluate(RECORD_CHANGES)
    code = hand(page)[0]
    page.click(f'[data-hand] [data-card="{code}"]')
    wait_selected(page, [code])
    page.wait_for_timeout(500)  # the engine's word on the selection comes back
    changed: list[str] = page.evaluate("() => [...window.__changed]")
    buttons = [f'data-action="{action}"' for action in ("play", "pass", "hint")]
    # (the status box's data-reason: the line under the status gives its room to a judgement)
    allowed = (
        f'data-card="{code}"',
        "data-status",
        "data-pass-reason",
        "DIV data-reason",
        *buttons,
    )
    assert changed and all(any(part in where for part in allowed) for where in changed), changed


def test_the_trio_deal_is_what_the_tests_above_expect() -> None:
    game = Game.from_code(TRIO_DEAL)
    ranks = [code[:-1] for code in game.hand(0)]
    assert ranks.count("7") == 3 and ranks.count("J") == 3
