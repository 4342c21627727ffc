"""The table fits: a full hand stays inside the screen and every card keeps a
tappable strip, on a phone held either way and on a laptop."""

from __future__ import annotations

import json
from itertools import pairwise
from typing import Any

import pytest
from table_features import choose, record_todays_daily
from web_table import (
    SCREENS,
    card_boxes,
    is_over,
    menu_click,
    open_page,
    open_screen,
    play_until,
    screen_id,
    selected,
    status,
    take_turn,
    wait_my_turn_or_over,
    wait_offline_ready,
    wait_ready,
    wait_still,
)

VIEWPORTS = {
    "phone-portrait": {"width": 390, "height": 844},
    "phone-landscape": {"width": 844, "height": 390},
    "laptop": {"width": 1366, "height": 768},
}
#: A finger needs a strip at least this wide (CSS px) to hit one card and not its neighbour.
MIN_STRIP_PX = 18


def hit_cards(page: Any, boxes: list[dict[str, Any]]) -> list[str | None]:
    """The card under the middle of each box (None where no card is)."""
    hits: list[str | None] = page.evaluate(
        """boxes => boxes.map(b => {
            const hit = document.elementFromPoint(b.x + b.width / 2, b.y + b.height / 2);
            const card = hit && hit.closest('[data-card]');
            return card ? card.dataset.card : null;
        })""",
        boxes,
    )
    return hits


@pytest.mark.parametrize("name", list(VIEWPORTS))
def test_full_hand_fits_and_every_card_is_tappable(open_table: Any, name: str) -> None:
    viewport = VIEWPORTS[name]
    browsing = open_table(viewport=viewport)
    page = browsing.page
    open_page(page, browsing.site.url)
    wait_still(page)  # the deal comes in card by card
    boxes = card_boxes(page)
    assert len(boxes) == 16
    for box in boxes:
        assert box["x"] >= 0 and box["y"] >= 0, box
        assert box["x"] + box["width"] <= viewport["width"] + 0.5, box
        assert box["y"] + box["height"] <= viewport["height"] + 0.5, box
        assert box["width"] >= MIN_STRIP_PX, box
    # What is under the middle of each strip is that card: nothing covers it.
    assert hit_cards(page, boxes) == [box["code"] for box in boxes]
    # The buttons and the status line are on screen too.
    for selector in (
        "[data-action=play]",
        "[data-action=pass]",
        "[data-action=hint]",
        ".bar [data-action=new]",
        "[data-status]",
    ):
        box = page.locator(selector).bounding_box()
        assert box is not None, selector
        assert box["x"] >= 0 and box["x"] + box["width"] <= viewport["width"] + 0.5, selector
        assert box["y"] >= 0 and box["y"] + box["height"] <= viewport["height"] + 0.5, selector
    for seat in range(3):
        assert page.locator(f'[data-seat="{seat}"] [data-count]').is_visible()
    # A real tap on a card selects it, on every layout.
    wait_my_turn_or_over(page)
    if page.is_enabled("[data-action=hint]") or page.is_enabled("[data-action=pass]"):
        first = boxes[0]
        page.mouse.click(first["x"] + first["width"] / 2, first["y"] + first["height"] / 2)
        assert selected(page) == [first["code"]]


def hand_rows(boxes: list[dict[str, Any]]) -> list[list[dict[str, Any]]]:
    """The hand's cards by the row they lie in, top row first, each row in hand order."""
    rows: list[list[dict[str, Any]]] = []
    for box in boxes:
        if rows and abs(rows[-1][0]["y"] - box["y"]) < 1:
            rows[-1].append(box)
        else:
            rows.append([box])
    return rows


@pytest.mark.parametrize("name", ["phone-portrait", "laptop"])
def test_at_every_size_of_the_hand_its_cards_lie_in_order_each_with_its_own_strip(
    open_table: Any, name: str
) -> None:
    """The hand lays its cards out anew as it shrinks (a flex row, cards.css): every card's
    strip reaches exactly to its neighbour, none stale, none covered."""
    viewport = VIEWPORTS[name]
    browsing = open_table(viewport=viewport)
    page = browsing.page
    open_page(page, f"{browsing.site.url}#deal=A0738433")
    sizes: set[int] = set()
    for _ in range(40):
        wait_my_turn_or_over(page)
        if is_over(page):
            break
        wait_still(page)
        boxes = card_boxes(page)
        sizes.add(len(boxes))
        rows = hand_rows(boxes)
        assert [box["code"] for row in rows for box in row] == [box["code"] for box in boxes]
        assert len(rows) <= 2
        for row in rows:
            for box, following in pairwise(row):
                assert box["width"] >= MIN_STRIP_PX, (len(boxes), box)
                assert following["x"] == pytest.approx(box["x"] + box["width"], abs=0.6), (
                    len(boxes),
                    box,
                    following,
                )
            assert row[0]["x"] >= 0 and row[-1]["x"] + row[-1]["width"] <= viewport["width"] + 0.5
        assert hit_cards(page, boxes) == [box["code"] for box in boxes], len(boxes)
        take_turn(page)
    assert max(sizes) == 16 and min(sizes) <= 6, sorted(sizes)


#: What a card's corner shows for each suit letter of its code, and in which colour.
SUIT_SYMBOLS = {"S": "\u2660", "H": "\u2665", "D": "\u2666", "C": "\u2663"}
RED_SUITS = {"H", "D"}


def test_every_card_shows_its_rank_and_suit_symbol_in_the_suit_colour(open_table: Any) -> None:
    browsing = open_table(viewport=VIEWPORTS["phone-portrait"])
    page = browsing.page
    open_page(page, browsing.site.url)
    wait_still(page)
    faces = page.eval_on_selector_all(
        "[data-hand] [data-card]",
        """els => els.map(e => {
            const pip = e.querySelector('.pip');
            const big = e.querySelector('.big');
            const box = pip.getBoundingClientRect();
            return {
                code: e.dataset.card,
                rank: e.querySelector('.rank').textContent,
                pip: pip.textContent.replace('\\uFE0E', ''),
                big: big.textContent.replace('\\uFE0E', ''),
                red: getComputedStyle(pip).color === 'rgb(196, 22, 28)',
                seen: box.width > 0 && box.height > 0,
            };
        })""",
    )
    assert len(faces) == 16
    for face in faces:
        rank, suit = face["code"][:-1], face["code"][-1]
        assert face["rank"] == rank, face
        assert face["pip"] == face["big"] == SUIT_SYMBOLS[suit], face
        assert face["red"] == (suit in RED_SUITS), face
        assert face["seen"], face


def test_on_a_laptop_the_row_in_front_of_you_stays_clear_of_the_counter_rail(
    open_table: Any,
) -> None:
    """Your play and, at the end, your cards left lie in that row: under the rail of
    unseen cards they covered its figures."""
    browsing = open_table(viewport=VIEWPORTS["laptop"])
    page = browsing.page
    open_page(page, browsing.site.url)
    wait_still(page)
    row = page.locator('[data-seat="0"] .me-front').bounding_box()
    rail = page.locator("[data-counter]").bounding_box()
    assert row is not None and rail is not None
    assert row["x"] + row["width"] <= rail["x"], (row, rail)


PHONES_PORTRAIT = {
    "390x844": {"width": 390, "height": 844},
    "360x640": {"width": 360, "height": 640},
}


@pytest.fixture(params=list(PHONES_PORTRAIT))
def portrait(open_table: Any, request: Any) -> Any:
    """The table's browser context on each portrait phone."""
    return open_table(viewport=PHONES_PORTRAIT[request.param])


def test_a_selected_card_of_the_lower_row_never_covers_the_rank_and_suit_above_it(
    portrait: Any,
) -> None:
    browsing = portrait
    page = browsing.page
    open_page(page, browsing.site.url)
    wait_my_turn_or_over(page)
    wait_still(page)
    boxes = card_boxes(page)
    tops = sorted({round(box["y"]) for box in boxes})
    assert len(tops) == 2, tops  # sixteen cards lie in two rows on a portrait phone
    for box in boxes:
        if round(box["y"]) == tops[1]:
            page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] - 8)
    assert len(selected(page)) == sum(round(box["y"]) == tops[1] for box in boxes)
    wait_still(page)
    # In every card of the upper row, what is under its rank and its suit is that card.
    covered = page.evaluate(
        """top => [...document.querySelectorAll('[data-hand] [data-card]')]
            .filter(card => Math.round(card.getBoundingClientRect().y) === top)
            .flatMap(card => ['.rank', '.pip'].map(part => {
                const r = card.querySelector(part).getBoundingClientRect();
                const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height * 0.8);
                return hit?.closest('[data-card]') === card ? null : card.dataset.card + part;
            }))
            .filter(Boolean)""",
        tops[0],
    )
    assert covered == []
    # The whole rank corner (rank and suit) of every upper card is clear of the risen lower
    # cards, their gold ring (2 px round the face) included: it rose into the corner by a pixel
    # or two, the ring over the suit.
    over = page.evaluate(
        """top => {
          const cards = [...document.querySelectorAll('[data-hand] [data-card]')];
          const upper = cards.filter(c => Math.round(c.getBoundingClientRect().y) === top);
          const lower = cards.filter(c => !upper.includes(c));
          return upper.flatMap(card => {
            const corner = card.querySelector('.index').getBoundingClientRect();
            return lower.filter(low => {
              const face = low.querySelector('.face').getBoundingClientRect();
              const across = face.left - 2 < corner.right && corner.left < face.right + 2;
              return across && face.top - 2 < corner.bottom;
            }).map(low => `${card.dataset.card} under ${low.dataset.card}`);
          });
        }""",
        tops[0],
    )
    assert over == []


def test_on_a_portrait_phone_the_bar_shows_no_cut_title_and_a_notice_leaves_the_seats_clear(
    portrait: Any,
) -> None:
    browsing = portrait
    page = browsing.page
    # A link the table cannot use: a notice says so over the new deal.
    page.goto(browsing.site.url + "#deal=S123456")
    wait_ready(page)
    page.wait_for_selector("[data-notice]")
    # The bar's name is shown whole or not at all ("Pao De …" reads as a defect).
    title = page.evaluate(
        """() => { const t = document.querySelector('.bar-title');
                   const r = t.getBoundingClientRect();
                   const shown = r.width > 1 && r.height > 1;
                   return {shown, cut: t.scrollWidth > t.clientWidth}; }"""
    )
    assert not (title["shown"] and title["cut"]), title
    notice = page.locator("[data-notice]").bounding_box()
    assert notice is not None
    for seat in (1, 2):
        head = page.locator(f'[data-seat="{seat}"] .seat-head').bounding_box()
        assert head is not None
        below = notice["y"] >= head["y"] + head["height"]
        assert below or notice["y"] + notice["height"] <= head["y"], (seat, notice, head)


def test_on_a_laptop_no_button_of_the_bar_wraps_its_words_and_the_name_is_never_cut(
    open_table: Any,
) -> None:
    browsing = open_table(viewport=VIEWPORTS["laptop"])
    # A long session (its total in three figures) and a daily deal (the longest code).
    session = {"totals": [-112, 60, 52], "hands": 40, "counted": []}
    browsing.context.add_init_script(
        f"localStorage.setItem('paodekuai.session', {json.dumps(json.dumps(session))});"
    )
    page = browsing.page
    page.goto(browsing.site.url + "#daily=2026-12-01")
    wait_ready(page)
    page.wait_for_function(
        "() => document.querySelector('[data-deal-code]').textContent.trim().length === 10"
    )
    lines = page.evaluate(
        """() => [...document.querySelectorAll('.bar button')]
            .filter(b => b.checkVisibility())
            .map(b => { const r = document.createRange(); r.selectNodeContents(b);
                        return [b.textContent.trim(), r.getClientRects().length]; })
            .filter(([text]) => text)"""
    )
    assert lines and all(n == 1 for _, n in lines), lines
    title = page.evaluate(
        "() => { const t = document.querySelector('.bar-title');"
        " return t.scrollWidth > t.clientWidth; }"
    )
    assert not title


#: Where each of the bar's buttons stands, by its action, once the page's markup is in.
RECORD_BAR_AT_LOAD = """
document.addEventListener('DOMContentLoaded', () => {
  window.__barAtLoad = Object.fromEntries([...document.querySelectorAll('.bar [data-action]')]
    .map(b => [b.dataset.action, Math.round(b.getBoundingClientRect().left)]));
});
"""


def test_on_a_laptop_the_bars_buttons_stay_put_while_the_page_gets_ready(
    open_table: Any,
) -> None:
    """The deal's code comes once the engine has dealt and the offline mark once the site is
    cached: neither moves a button of the bar under the pointer."""
    browsing = open_table(viewport=VIEWPORTS["laptop"])
    browsing.context.add_init_script(RECORD_BAR_AT_LOAD)
    page = browsing.page
    open_page(page, browsing.site.url)
    wait_offline_ready(page)
    at_load = page.evaluate("window.__barAtLoad")
    now = page.evaluate(
        """() => Object.fromEntries([...document.querySelectorAll('.bar [data-action]')]
            .map(b => [b.dataset.action, Math.round(b.getBoundingClientRect().left)]))"""
    )
    assert page.text_content("[data-deal-code]")
    assert at_load["copy-link"] > 0, at_load
    assert now == at_load


def test_on_a_portrait_phone_both_seats_last_card_flags_stay_in_their_own_halves(
    portrait: Any,
) -> None:
    browsing = portrait
    page = browsing.page
    viewport = page.viewport_size
    open_page(page, browsing.site.url)
    wait_my_turn_or_over(page)
    # Both computer seats on their last card: each flag as the table draws it then.
    flags = page.evaluate(
        """() => [1, 2].map(seat => {
            const flag = document.querySelector(`[data-seat="${seat}"] [data-flag]`);
            flag.textContent = 'Last card!';
            flag.classList.add('warning');
            const r = flag.getBoundingClientRect();
            return {left: r.left, right: r.right};
        })"""
    )
    middle = viewport["width"] / 2
    assert flags[0]["right"] <= middle and flags[1]["left"] >= middle, flags


ALL_SIZES = {**VIEWPORTS, "small-phone-portrait": PHONES_PORTRAIT["360x640"]}


@pytest.mark.parametrize("name", list(ALL_SIZES))
def test_the_table_keeps_its_place_while_the_status_and_the_seats_flags_change(
    open_table: Any, name: str
) -> None:
    """A status of one line or three, a reason Pass is locked, a seat's "Thinking…": none
    of them moves the felt, the seats' plays or your hand while a hand is played."""
    browsing = open_table(viewport=ALL_SIZES[name])
    page = browsing.page
    open_page(page, browsing.site.url + "#deal=A0738433")  # a hand of long and short statuses
    wait_my_turn_or_over(page)
    # On a portrait phone the deal link's notice takes a row over the felt while it shows
    # (on purpose): the felt's place is the one without it, once your move has taken it away.
    if page.is_visible("[data-notice]"):
        take_turn(page)
        wait_my_turn_or_over(page)
        page.wait_for_selector("[data-notice]", state="hidden")
    page.evaluate(
        """() => {
            window.__sizes = [];
            const felt = document.querySelector('[data-felt]');
            const hand = document.querySelector('[data-hand]');
            new ResizeObserver(() => {
                // the end of the hand may move things (the cards left turned up)
                if (document.querySelector('[data-result]:not([hidden])')) return;
                const f = felt.getBoundingClientRect();
                const top = hand.getBoundingClientRect().top;
                window.__sizes.push([f.top, f.height, top].map(Math.round).join(' '));
            }).observe(felt);
        }"""
    )
    statuses = set()
    for _ in range(8):
        wait_my_turn_or_over(page)
        if is_over(page):
            break
        statuses.add(status(page))
        take_turn(page)
    sizes = page.evaluate("() => window.__sizes")
    assert len(statuses) >= 2, statuses  # the status did change
    # ResizeObserver reports once when observing starts: that size, and no other.
    assert len(set(sizes)) == 1, sizes


#: For each computer seat: its name's text box and the boxes of its fan's backs.
NAME_AND_BACKS = """() => [1, 2].map(seat => {
  const root = document.querySelector(`[data-seat="${seat}"]`);
  const range = document.createRange();
  range.selectNodeContents(root.querySelector('[data-seat-name]'));
  const box = r => [r.left, r.top, r.right, r.bottom];
  return {name: box(range.getBoundingClientRect()),
          backs: [...root.querySelectorAll('.back')].map(el => box(el.getBoundingClientRect()))};
})"""


@pytest.mark.parametrize("name", list(ALL_SIZES))
def test_a_full_fan_of_backs_never_covers_its_seats_name(open_table: Any, name: str) -> None:
    browsing = open_table(viewport=ALL_SIZES[name])
    page = browsing.page
    open_page(page, browsing.site.url)
    wait_my_turn_or_over(page)
    for seat in page.evaluate(NAME_AND_BACKS):
        assert seat["backs"], seat  # a fan is drawn
        (left, top, right, bottom) = seat["name"]
        for back in seat["backs"]:
            across = min(right, back[2]) - max(left, back[0])
            down = min(bottom, back[3]) - max(top, back[1])
            assert across <= 0.5 or down <= 0.5, (name, seat)


#: The boxes a notice must leave in sight: each seat's place for its play and every card
#: in it, each opponent's name and fan, and your status line.
IN_SIGHT = """() => [...document.querySelectorAll(
    '[data-seat-play], [data-played] [data-card], [data-seat-name], .fan, [data-flag],'
    + ' [data-status]')]
  .map(el => { const r = el.getBoundingClientRect();
               return [el.dataset.card || el.className || el.tagName,
                       r.left, r.top, r.right, r.bottom]; })
  .filter(([, l, t, r, b]) => r > l && b > t)"""


@pytest.mark.parametrize("viewport", SCREENS, ids=screen_id)
def test_a_notice_mid_hand_covers_no_play_on_the_felt(
    open_table: Any, viewport: tuple[int, int]
) -> None:
    page = open_screen(open_table, viewport, "#deal=A0738433").page
    # The computer seats at their normal pace: on Fast a loaded machine's wait for the notice
    # outlasted the trick, and your turn again hides your play (the seat to move shows none).
    choose(page, "speed", "normal")
    # Your play just laid on the felt (where a short screen's notice used to sit), and then a
    # link the table refuses: its notice comes while your play lies there.
    for _ in range(10):
        wait_my_turn_or_over(page)
        if take_turn(page) == "play":
            break
    page.evaluate("() => { location.hash = '#deal=ZZZ'; }")
    page.wait_for_function(
        "() => document.querySelector('[data-notice]').textContent.includes('could not be used')"
    )
    page.wait_for_timeout(300)  # the play's flight is over; the next seat waits longer to move
    assert page.locator('[data-seat="0"] [data-played] [data-card]').count() > 0
    box = page.locator("[data-notice]").bounding_box()
    assert box is not None
    notice = (box["x"], box["y"], box["x"] + box["width"], box["y"] + box["height"])
    boxes = page.evaluate(IN_SIGHT)
    assert any(name for name, *_ in boxes if len(name) <= 3)  # cards are on the felt
    # Where the felt has room for it (every screen but a short portrait one, whose felt
    # has none), it leaves the strip of cards not yet seen readable too.
    if viewport != (360, 640):
        strip = page.locator("[data-counter]").bounding_box()
        assert strip is not None
        left, top = strip["x"], strip["y"]
        boxes.append(["counter", left, top, left + strip["width"], top + strip["height"]])
    for name, left, top, right, bottom in boxes:
        apart = (
            right <= notice[0] or left >= notice[2] or bottom <= notice[1] or top >= notice[3]
        )
        assert apart, (viewport, name, (left, top, right, bottom), notice)


#: The boxes of the notice and of each line the felt prints of the hand (its rules, the
#: daily's date) that is in sight: shown, and not hidden.
NOTICE_AND_PLATE = """() => {
  const box = e => {
    const r = e.getBoundingClientRect();
    return [r.left, r.top, r.right, r.bottom];
  };
  const seen = e => e.checkVisibility({visibilityProperty: true}) && e.textContent.trim() !== '';
  return {notice: box(document.querySelector('[data-notice]')),
          plate: [...document.querySelectorAll('[data-plate-daily], [data-plate-rules]')]
            .filter(seen).map(box)};
}"""


@pytest.mark.parametrize("viewport", SCREENS, ids=screen_id)
def test_a_notice_over_the_felt_leaves_the_tables_printed_words_whole(
    open_table: Any, viewport: tuple[int, int]
) -> None:
    """The daily deal's notice and the words the felt prints of the hand (the daily's date,
    its rules and level) are never drawn one over the other: an edge of the notice over a
    line of print read as a fault. A tall portrait phone gives the notice a row of its own,
    and there the words stay in sight."""
    page = open_screen(open_table, viewport, "#daily=2026-11-02").page
    page.wait_for_function(
        "() => document.querySelector('[data-notice]').textContent.includes('2026-11-02')"
    )
    seen = page.evaluate(NOTICE_AND_PLATE)
    notice = seen["notice"]
    for left, top, right, bottom in seen["plate"]:
        apart = right <= notice[0] or left >= notice[2] or bottom <= notice[1] or top >= notice[3]
        assert apart, (viewport, (left, top, right, bottom), notice)
    if viewport == (390, 844):
        assert len(seen["plate"]) == 2, seen


#: Between each two figures side by side in a row of Statistics, the space between their
#: texts (px), and whether the table fits its panel.
FIGURE_GAPS = """() => {
  const table = document.querySelector('[data-stats-table]');
  const rows = [...table.querySelectorAll('tbody tr')].filter(tr => tr.querySelector('td'));
  const gaps = rows.flatMap(tr => {
    const boxes = [...tr.querySelectorAll('td')].map(td => {
      const range = document.createRange();
      range.selectNodeContents(td);
      return range.getBoundingClientRect();
    });
    return boxes.slice(1).map((box, i) => box.left - boxes[i].right);
  });
  return {gaps, fits: table.scrollWidth <= table.parentElement.clientWidth + 1};
}"""


def test_statistics_on_a_small_phone_keep_each_figure_apart(open_table: Any) -> None:
    browsing = open_table(viewport={"width": 360, "height": 640})
    page = browsing.page
    open_page(page, f"{browsing.site.url}#deal=A0000207")
    play_until(page)
    menu_click(page, "stats")
    page.wait_for_selector("[data-stats]:not([hidden])")
    measured = page.evaluate(FIGURE_GAPS)
    assert measured["fits"], measured
    # Two figures read as one ("1 100%") with four pixels between them (a space is about five).
    assert min(measured["gaps"]) >= 5, measured


#: The strip of cards not yet seen: its title's box, the strip's, and each rank's, with
#: whether the rank's figures fit its cell.
COUNTER_BOXES = """() => {
  const box = el => {
    const r = el.getBoundingClientRect();
    return {left: r.left, top: r.top, right: r.right, bottom: r.bottom, height: r.height};
  };
  const titles = [...document.querySelectorAll('[data-counter-title]')]
    .filter(el => el.getBoundingClientRect().width > 0)
    .map(el => ({text: el.textContent, ...box(el)}));
  const ranks = [...document.querySelectorAll('[data-counter-ranks] li')].map(li => ({
    ...box(li), cut: li.scrollWidth > li.clientWidth + 0.5,
  }));
  return {titles, strip: box(document.querySelector('[data-counter]')), ranks};
}"""


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_on_a_landscape_phone_the_strip_of_cards_not_yet_seen_has_its_title(
    open_table: Any, lang: str
) -> None:
    page = open_screen(open_table, (844, 390)).page
    if lang == "zh":
        choose(page, "language", "zh")
    wait_my_turn_or_over(page)
    seen = page.evaluate(COUNTER_BOXES)
    strip, ranks = seen["strip"], seen["ranks"]
    # One title, in a word, on the strip's line, inside the screen.
    assert len(seen["titles"]) == 1, seen["titles"]
    title = seen["titles"][0]
    assert title["text"] == {"en": "Unseen", "zh": "未出现"}[lang], title
    assert title["left"] >= 0 and title["right"] <= 844, title
    assert strip["top"] - 0.5 <= title["top"] and title["bottom"] <= strip["bottom"] + 0.5, seen
    assert title["right"] <= ranks[0]["left"], (title, ranks[0])
    # The strip is no taller than its ranks, and every rank's figures fit its cell.
    assert strip["height"] <= max(rank["height"] for rank in ranks) + 0.5, seen
    assert [rank for rank in ranks if rank["cut"]] == [], ranks


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("viewport", [(390, 844), (360, 640)], ids=screen_id)
def test_on_a_portrait_phone_every_box_of_the_strip_of_cards_not_yet_seen_shows_whole(
    open_table: Any, viewport: tuple[int, int], lang: str
) -> None:
    width = viewport[0]
    page = open_screen(open_table, viewport, "#deal=A0000207").page
    if lang == "zh":
        choose(page, "language", "zh")
    for moment in ("first turn", "end"):
        if moment == "first turn":
            wait_my_turn_or_over(page)
        else:
            play_until(page)
            wait_still(page)
        seen = page.evaluate(COUNTER_BOXES)
        strip, ranks = seen["strip"], seen["ranks"]
        where = (viewport, lang, moment)
        assert len(ranks) == 13, (where, ranks)
        assert strip["left"] >= 0 and strip["right"] <= width, (where, strip)
        for rank in ranks:
            assert strip["left"] - 0.5 <= rank["left"], (where, rank, strip)
            assert rank["right"] <= strip["right"] + 0.5 and rank["right"] <= width, (where, rank)
            assert not rank["cut"], (where, rank)


#: The session score's words, figure and box, and the boxes of the bar's other items shown.
SESSION_IN_BAR = """() => {
  const box = node => { const r = node.getBoundingClientRect();
                        return [r.left, r.top, r.right, r.bottom]; };
  const score = document.querySelector('.bar-session');
  const label = score.querySelector('.session-label');
  const others = [...document.querySelectorAll(
      '.bar > button, .bar .offline-mark, .bar-title')]
    .filter(node => node.getBoundingClientRect().width > 1)
    .map(node => [node.dataset.action || node.className, box(node)]);
  return {label: label.textContent.trim(), labelBox: box(label),
          shown: label.checkVisibility() && label.getBoundingClientRect().width > 1,
          box: box(score), others};
}"""


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("viewport", [(390, 844), (360, 640), (844, 390)], ids=screen_id)
def test_on_a_phone_the_session_score_says_what_it_is(
    open_table: Any, viewport: tuple[int, int], lang: str
) -> None:
    page = open_screen(open_table, viewport).page
    if lang == "zh":
        choose(page, "language", "zh")
    wait_my_turn_or_over(page)
    # The widest total a visit reaches (three figures and a sign), beside the bar's buttons.
    page.evaluate("() => { document.querySelector('[data-session-total]').textContent = '-128'; }")
    seen = page.evaluate(SESSION_IN_BAR)
    assert seen["shown"], seen
    assert seen["label"] == {"en": "Session", "zh": "本次累计"}[lang], seen
    left, top, right, _ = seen["labelBox"]
    assert left >= 0 and right <= viewport[0] and top >= 0, seen
    # The score lies apart from every other item of the bar.
    for name, (o_left, o_top, o_right, o_bottom) in seen["others"]:
        s_left, s_top, s_right, s_bottom = seen["box"]
        apart = s_right <= o_left + 0.5 or s_left >= o_right - 0.5
        apart = apart or s_bottom <= o_top + 0.5 or s_top >= o_bottom - 0.5
        assert apart, (name, seen)


#: The notice's box and the boxes it must leave clear: the counter of cards not yet seen,
#: every button shown, and what IN_SIGHT lists (plays, names, fans, flags, the status).
NOTICE_AND_CLEAR = """() => {
  const box = node => { const r = node.getBoundingClientRect();
                        return [r.left, r.top, r.right, r.bottom]; };
  const clear = [...document.querySelectorAll(
      '[data-counter], button, [data-seat-play], [data-played] [data-card], [data-seat-name],'
      + ' .fan, [data-flag], [data-status]')]
    .filter(node => node.checkVisibility())
    .map(node => [node.dataset.action || node.dataset.card || node.className || node.tagName,
                  ...box(node)])
    .filter(([, l, t, r, b]) => r > l && b > t);
  return {notice: box(document.querySelector('[data-notice]')), clear};
}"""


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("viewport", [(390, 844), (360, 640)], ids=screen_id)
def test_on_a_portrait_phone_the_daily_practice_notice_covers_no_counter_nor_button(
    open_table: Any, viewport: tuple[int, int], lang: str
) -> None:
    """The day's deal played again says it is practice for a few seconds: over nothing a
    player reads or taps (it hid the counter of cards not yet seen for nine seconds)."""
    page = open_screen(open_table, viewport).page
    if lang == "zh":
        choose(page, "language", "zh")
    record_todays_daily(page)
    open_page(page, page.url)
    wait_my_turn_or_over(page)
    menu_click(page, "daily")
    page.click("[data-confirm=new-hand] [data-action=confirm]")
    page.wait_for_selector("[data-notice]", state="visible")
    wait_my_turn_or_over(page)
    wait_still(page)
    seen = page.evaluate(NOTICE_AND_CLEAR)
    assert {"en": "practice", "zh": "练习"}[lang] in (page.text_content("[data-notice]") or "")
    left, top, right, bottom = seen["notice"]
    assert left >= 0 and right <= viewport[0] and top >= 0, seen
    for name, o_left, o_top, o_right, o_bottom in seen["clear"]:
        apart = right <= o_left + 0.5 or left >= o_right - 0.5
        apart = apart or bottom <= o_top + 0.5 or top >= o_bottom - 0.5
        assert apart, (name, (o_left, o_top, o_right, o_bottom), seen["notice"])


#: The open menu: each item's box and whether it is the element hit at its middle, and the
#: alpha of the panel's own background (the table must not show through its items).
MENU_ITEMS = """() => {
  const menu = document.querySelector('[data-menu]');
  const alpha = getComputedStyle(menu).backgroundColor.match(/[\\d.]+/g).map(Number)[3] ?? 1;
  return {alpha, items: [...menu.querySelectorAll('button')].filter(b => b.checkVisibility())
    .map(b => {
      const r = b.getBoundingClientRect();
      const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
      return {action: b.dataset.action, top: r.top, bottom: r.bottom, left: r.left,
              right: r.right, hit: hit !== null && b.contains(hit)};
    })};
}"""


@pytest.mark.parametrize("viewport", [(844, 390), (360, 640)], ids=screen_id)
def test_a_phones_menu_shows_every_item_whole_on_an_opaque_panel(
    open_table: Any, viewport: tuple[int, int]
) -> None:
    width, height = viewport
    page = open_screen(open_table, viewport).page
    page.click("[data-action=menu]")
    page.wait_for_selector("[data-menu] [data-action=settings]", state="visible")
    seen = page.evaluate(MENU_ITEMS)
    assert seen["alpha"] == 1, seen
    assert len(seen["items"]) >= 6, seen
    for item in seen["items"]:
        where = (viewport, item)
        assert item["top"] >= 0 and item["bottom"] <= height, where
        assert item["left"] >= 0 and item["right"] <= width, where
        assert item["hit"], where
