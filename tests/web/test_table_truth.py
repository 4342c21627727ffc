"""A table that never contradicts itself: the status line and the buttons say
the same thing (the prompt of a must-beat follow, "nothing beats: pass" with
Pass as the main button, the ♠3 of a club first lead, no "Your turn" before
the real prompt); a new hand ends auto-play and, mid-hand, asks first and is
counted abandoned; greyed cards are those in no legal play, the last card rule
marked apart; P and X say why when they cannot act; one Chinese word for a
pass; How to play draws each kind of play with the table's cards."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest
import web_table
from table_features import (
    choose,
    close_panel,
    deal_with_preset,
    open_settings,
    read_save,
    read_settings,
)
from web_table import (
    hand,
    is_over,
    menu_click,
    moves,
    new_hand,
    open_page,
    status,
    wait_my_turn_or_over,
)

from paodekuai import Game
from paodekuai.cards import codes_of
from paodekuai.rules import get_rules
from paodekuai.service import Service

HEADINGS = "ths => ths.map(t => t.textContent)"

#: Every text the status line shows, as it changes, with the engine's state at the time.
RECORD_STATUS_SCRIPT = """
window.__statuses = [];
document.addEventListener("DOMContentLoaded", () => {
  const node = document.querySelector("[data-status]");
  new MutationObserver(() => window.__statuses.push(
    [document.documentElement.dataset.engine, node.textContent])
  ).observe(node, {childList: true, characterData: true, subtree: true});
});
"""


# --- deals played out in CPython exactly as the page plays them -----------------------------------


def _call(service: Service, **request: Any) -> Any:
    reply = json.loads(service.handle(json.dumps({"id": 1, **request})))
    assert reply["ok"], reply
    return reply["result"]


def person_turns(code: str) -> list[Any]:
    """The Snapshot at each of the person's turns in the deal `code`, played as the tests play
    it: easy computer seats (the test settings), the person taking the first hint or passing."""
    service = Service()
    snap = _call(service, type="from_code", code=code, level="easy")
    turns = []
    while not snap["view"]["over"]:
        you = snap["you"]
        if you is None:
            snap = _call(service, type="bot_turn", level="easy")
            continue
        turns.append(snap)
        if you["hints"]:
            snap = _call(service, type="play", cards=you["hints"][0])
        else:
            snap = _call(service, type="pass")
    return turns


def take_turn(page: Any) -> str:
    """The person's turn as `person_turns` plays it: the first of the engine's ordered hints
    (tapped card by card: Hint's first press is Hard's search, which may choose otherwise),
    or a pass when there is none. Returns "play" or "pass"."""
    you = _call(Service(), type="load", game=read_save(page)["game"])["you"]
    return web_table.take_turn(page, you["hints"][0] if you["hints"] else None)


def find_deal(wanted: Callable[[list[Any]], bool], preset: str = "standard") -> str:
    """The code of the first deal (from a fixed range) whose turns of the person, played as
    the tests play them, are `wanted`."""
    for seed in range(1000, 3000):
        code = Game.deal(seed, preset).deal_code
        assert code is not None
        if wanted(person_turns(code)):
            return code
    raise AssertionError("no deal in range has the position wanted")


def game_on_the_table(page: Any) -> Game:
    return Game.from_dict(read_save(page)["game"])


def classes(page: Any, selector: str) -> list[str]:
    return (page.get_attribute(selector, "class") or "").split()


def nothing_beats(snap: Any) -> bool:
    you = snap["you"]
    return not you["lead"] and not you["hints"] and you["can_pass"]


def must_beat(snap: Any) -> bool:
    return not snap["you"]["lead"] and not snap["you"]["can_pass"]


# --- the status line and the buttons --------------------------------------------------------------


def test_the_status_line_says_what_the_buttons_say(table: Any) -> None:
    page = table.page
    page.context.add_init_script(RECORD_STATUS_SCRIPT)
    seen: set[str] = set()
    code = find_deal(lambda turns: any(map(nothing_beats, turns)) and any(map(must_beat, turns)))
    open_page(page, f"{table.site.url}#deal={code}")
    for _ in range(80):
        wait_my_turn_or_over(page)
        if is_over(page):
            break
        game = game_on_the_table(page)
        line = status(page)
        hint_on = page.is_enabled("[data-action=hint]")
        pass_on = page.is_enabled("[data-action=pass]")
        if game.standing is None:
            assert line.startswith("Your lead"), line
            assert "primary" in classes(page, "[data-action=play]")
        elif not pass_on:  # must beat: the line may not offer a pass
            seen.add("must beat")
            assert "or pass" not in line and line.startswith("Your turn: beat the "), line
            # The rule is said once, under the line, as the reason Pass is locked.
            reason = page.text_content("[data-pass-reason]") or ""
            assert "You can't pass" in reason and "can't pass" not in line, reason
            assert hint_on
        elif not hint_on:  # nothing beats: the line says so, and Pass is the main button
            seen.add("nothing beats")
            assert line.startswith("You can't beat the "), line
            assert "primary" in classes(page, "[data-action=pass]")
            assert "primary" not in classes(page, "[data-action=play]")
        take_turn(page)
    assert seen == {"must beat", "nothing beats"}, seen
    # The prompt is on the table with the turn: never "Your turn" while the engine is up.
    statuses = page.evaluate("window.__statuses")
    assert statuses, "the status line never changed"
    assert ["ready", "Your turn"] not in statuses


def test_club_first_lead_the_line_and_the_pass_reason_agree_on_spade3(table: Any) -> None:
    page = table.page
    seed = next(s for s in range(1000, 1200) if Game.deal(s, "club").to_move == 0)
    open_page(page, f"{table.site.url}?turn-seconds=300#deal={Game.deal(seed, 'club').deal_code}")
    wait_my_turn_or_over(page)
    assert "3S" in hand(page)
    assert status(page) == "Your lead: the first play must include ♠3."
    # Nothing under the line contradicts it (it once said "play any combination"): on a
    # lead the prompt says why Pass is locked, and Pass's tooltip says it in words.
    assert (page.text_content("[data-pass-reason]") or "").strip() == ""
    title = page.get_attribute("[data-action=pass]", "title")
    assert title == "You lead this trick: you cannot pass."


def test_pass_by_itself_when_nothing_beats_is_a_setting_off_by_default(table: Any) -> None:
    page = table.page
    code = find_deal(lambda turns: any(map(nothing_beats, turns)))
    open_page(page, f"{table.site.url}#deal={code}")
    choose(page, "autoPass", "on")
    assert read_settings(page)["autoPass"] == "on"

    def my_actions() -> list[Any]:
        return [a for a in read_save(page)["view"]["history"] if a["seat"] == 0]

    # Play by Hint only, never Pass: a turn where nothing beats must pass by itself.
    for _ in range(80):
        wait_my_turn_or_over(page)
        if is_over(page):
            break
        if page.is_enabled("[data-action=hint]"):
            take_turn(page)
            continue
        # (read with the save's turn: the pass may have come by itself since the look above)
        saved = read_save(page)["view"]
        if saved["to_move"] != 0:
            continue
        done = sum(1 for a in saved["history"] if a["seat"] == 0)
        page.wait_for_function(
            """n => JSON.parse(localStorage.getItem('paodekuai.save')).view.history
                     .filter(e => e.seat === 0).length > n""",
            arg=done,
            timeout=10_000,  # nobody taps
        )
    passes = [a for a in my_actions() if a["cards"] is None]
    assert passes, "no turn where nothing beats came"
    page.reload()
    open_page(page, table.site.url)
    assert read_settings(page)["autoPass"] == "on"


def test_pass_by_itself_switched_on_at_a_turn_where_nothing_beats_passes_that_turn(
    table: Any,
) -> None:
    page = table.page
    code = find_deal(lambda turns: any(map(nothing_beats, turns)))
    open_page(page, f"{table.site.url}#deal={code}")
    for _ in range(80):
        wait_my_turn_or_over(page)
        assert not is_over(page), "no turn where nothing beats came"
        snap = _call(Service(), type="load", game=read_save(page)["game"])
        if snap["you"] is not None and nothing_beats(snap):
            break
        take_turn(page)
    before = moves(page)
    open_settings(page)
    page.select_option("[data-setting=autoPass]", "on")
    # Nothing is played behind the open dialog, not even the pass just switched on.
    page.wait_for_timeout(2_000)  # three times the pause before a move
    assert moves(page) == before
    close_panel(page)
    # Nobody taps: the turn passes by itself after the short pause later turns wait.
    web_table.wait_moves_beyond(page, before, timeout=5_000)
    mine = [a for a in read_save(page)["view"]["history"] if a["seat"] == 0]
    assert mine[-1]["cards"] is None, mine[-1]


# --- new hand: auto-play ends, and mid-hand it asks first -----------------------------------------


#: The timer and the hand's lock in the first frame of your turn (the New hand's own clock
#: runs from then).
YOUR_TURN_LOOK = """() => new Promise((resolve) => {
  const look = () => {
    const mine = document.querySelector('[data-seat="0"][data-turn]');
    const hint = document.querySelector('[data-action=hint]');
    const pass = document.querySelector('[data-action=pass]');
    if (mine && (!hint.disabled || !pass.disabled)) {
      resolve({
        timer: document.querySelector('[data-timer]').checkVisibility(),
        locked: document.querySelector('[data-hand]').classList.contains('locked'),
      });
    } else {
      requestAnimationFrame(look);
    }
  };
  look();
})"""


def test_a_new_hand_ends_club_auto_play(table: Any) -> None:
    page = table.page
    # Test hook (README): every turn of the person gets 3 seconds instead of 20/15.
    open_page(page, table.site.url + "?turn-seconds=3")
    deal_with_preset(page, "club")
    page.wait_for_selector("[data-auto]:not([hidden])", timeout=90_000)
    # Auto-play plays the hand out.
    page.wait_for_selector("[data-result]:not([hidden])", timeout=120_000)
    page.click("[data-result] [data-action=new]")  # the hand is over: no question asked
    page.wait_for_selector("[data-result]", state="hidden")
    assert page.is_hidden("[data-auto]")
    # Your first turn of the new hand, read in the frame it is drawn: its 3 seconds may run
    # out between two of Playwright's calls on a loaded machine (the table then takes it).
    assert page.evaluate(YOUR_TURN_LOOK) == {"timer": True, "locked": False}


def test_a_tap_on_a_card_ends_auto_play(table: Any) -> None:
    page = table.page
    open_page(page, table.site.url + "?turn-seconds=3")
    deal_with_preset(page, "club")
    page.wait_for_selector("[data-auto]:not([hidden])", timeout=90_000)
    # A real tap: Playwright would wait for the locked hand (aria-disabled) to unlock first.
    page.click("[data-hand] [data-card] >> nth=0", force=True)
    page.wait_for_selector("[data-auto]", state="hidden", timeout=5_000)


def test_new_hand_mid_hand_asks_first_and_counts_the_hand_abandoned(table: Any) -> None:
    page = table.page
    open_page(page, table.site.url)
    wait_my_turn_or_over(page)
    code = page.text_content("[data-deal-code]")
    dialog = "[data-confirm=new-hand]"
    page.click(".bar [data-action=new]")
    page.wait_for_selector(dialog, state="visible")
    assert "abandon" in (page.text_content(dialog) or "").lower()
    page.click(f"{dialog} [data-action=cancel]")
    page.wait_for_selector(dialog, state="hidden")
    assert page.text_content("[data-deal-code]") == code  # nothing changed
    page.wait_for_timeout(300)
    assert page.text_content("[data-deal-code]") == code

    new_hand(page)  # asks, and this time the answer is yes
    page.wait_for_function(
        "code => document.querySelector('[data-deal-code]').textContent !== code", arg=code
    )
    menu_click(page, "stats")
    page.wait_for_selector("[data-stats]:not([hidden])")
    cell = '[data-stats-row="all:all"] [data-stat="abandoned"]'
    assert page.text_content(cell) == "1"
    assert page.text_content('[data-stats-row="level:easy"] [data-stat="abandoned"]') == "1"
    assert page.text_content('[data-stats-row="all:all"] [data-stat="hands"]') == "0"
    headings = page.eval_on_selector_all("[data-stats-table] thead th", HEADINGS)
    assert "Abandoned" in headings
    page.click("[data-action=stats-close]")
    menu_click(page, "language")
    menu_click(page, "stats")
    headings = page.eval_on_selector_all("[data-stats-table] thead th", HEADINGS)
    assert "弃局" in headings


def test_new_hand_is_never_locked_while_the_computer_seats_move(table: Any) -> None:
    """A tap on New hand while a computer seat's move is on its way is not lost: the
    button stays enabled through the hand (Hard seats think long enough to be seen)."""
    page = table.page
    open_page(page, table.site.url)
    choose(page, "level", "hard")
    new_hand(page)
    page.evaluate(
        """() => {
          window.__newLocked = 0;
          const button = document.querySelector('.bar [data-action=new]');
          new MutationObserver(() => { if (button.disabled) window.__newLocked += 1; })
            .observe(button, {attributes: true, attributeFilter: ['disabled']});
        }"""
    )
    turns = 0
    while turns < 4:
        wait_my_turn_or_over(page)
        if is_over(page):
            break
        take_turn(page)
        turns += 1
    assert moves(page) >= 3  # the computer seats have moved meanwhile
    assert page.evaluate("() => window.__newLocked") == 0
    # And a tap while a move is on its way deals (after the question, mid-hand).
    new_hand(page)
    assert read_save(page)["level"] == "hard"


HAND_LOOK = """() => [...document.querySelectorAll('[data-hand] [data-card]')]
  .map(c => Number(getComputedStyle(c).opacity))"""


def test_cards_picked_while_the_computer_seats_move_stay_up_for_your_turn(table: Any) -> None:
    """While the others move your hand takes taps, as in the card apps, and stays in full
    view (a locked Pass's disabled look is for the buttons): a card picked ahead rises at
    once and is still up when your turn comes, where the engine judges it."""
    page = table.page
    # Test hook (README): each engine reply comes 1.5 s late, so the computer seats take
    # their time and a tap lands while one of them is to move. (On this deal the pick, the
    # highest card, is a legal play when the turn comes.)
    open_page(page, table.site.url + "?reply-delay=1500#deal=A0738433")
    for _ in range(40):
        wait_my_turn_or_over(page)
        if is_over(page):
            new_hand(page)
            continue
        web_table.take_turn(page)
        view = read_save(page)["view"]
        if not view["over"] and view["to_move"] != 0:
            break
    else:
        raise AssertionError("no computer seat's turn came")
    code = hand(page)[-1]
    card = f'[data-hand] [data-card="{code}"]'
    assert page.get_attribute(card, "aria-disabled") == "false"
    page.click(card)
    assert web_table.selected(page) == [code]
    assert read_save(page)["view"]["to_move"] != 0, "the pick was not made ahead of the turn"
    assert min(page.evaluate(HAND_LOOK)) == 1

    wait_my_turn_or_over(page)
    if is_over(page):
        return  # a computer seat went out first: nothing to judge (the hand is over)
    game = Game.from_dict(read_save(page)["game"])
    if not game.legal_moves():
        # Nothing beats: the pick goes down, and the line says so (not the pick's judgement).
        assert web_table.selected(page) == []
        assert "can't beat" in status(page)
        return
    assert web_table.selected(page) == [code]
    judged = game.judge([code]).message.en
    page.wait_for_function(
        "text => document.querySelector('[data-status]').textContent.includes(text)",
        arg=judged,
        timeout=10_000,
    )
    legal = game.check([code]) is None
    assert page.is_enabled("[data-action=play]") == legal


# --- greyed cards and the last card rule ----------------------------------------------------------


def test_greyed_cards_are_those_in_no_legal_play_and_the_last_card_rule_is_marked_apart(
    table: Any,
) -> None:
    page = table.page

    def first_bound_turn_misled_by_old_greying(turns: list[Any]) -> bool:
        # At the person's first turn with the next seat (1) on one card, greying the cards the
        # last card rule bars as singles would grey cards of a legal play (the old greying).
        bound = next((snap for snap in turns if snap["view"]["counts"][1] == 1), None)
        if bound is None:
            return False
        game = Game.from_dict(bound["game"])
        return bool(set(game.barred_singles()) - set(game.unplayable()))

    code = find_deal(first_bound_turn_misled_by_old_greying)
    open_page(page, f"{table.site.url}#deal={code}")
    for _ in range(80):
        wait_my_turn_or_over(page)
        assert not is_over(page), "the position of the deal never came"
        if page.text_content('[data-seat="1"] [data-count]') == "1":
            break
        take_turn(page)
    game = game_on_the_table(page)
    plays = game.legal_plays()
    in_a_play = {card[:-1] for play in plays for card in play}  # cards of a rank are alike
    greyed = page.eval_on_selector_all(
        "[data-hand] [data-card].greyed", "els => els.map(e => e.dataset.card)"
    )
    assert greyed == [c for c in game.hand(0) if c[:-1] not in in_a_play]
    marked = page.eval_on_selector_all(
        "[data-hand] [data-card][data-single-barred]", "els => els.map(e => e.dataset.card)"
    )
    singles_matter = game.standing is None or game.standing.kind.value == "single"
    expected = [c for c in game.barred_singles() if c not in greyed] if singles_matter else []
    assert marked == expected
    for card in marked:
        label = page.get_attribute(f'[data-hand] [data-card="{card}"]', "aria-label") or ""
        assert "not as a single" in label
    if marked:
        assert "Next player on one card: a single must be" in status(page)


#: Set up before a tap: the look of the card `code` in the very task its aria-pressed turns
#: "true" (no frame later: a look that fades in would still show the one before), kept in
#: window.__selectedLook.
WATCH_SELECTED_LOOK = """code => {
  window.__selectedLook = null;
  const card = document.querySelector(`[data-hand] [data-card="${code}"]`);
  new MutationObserver((records, observer) => {
    if (card.getAttribute('aria-pressed') !== 'true') return;
    observer.disconnect();
    window.__selectedLook = {
      greyed: card.classList.contains('greyed'),
      filter: getComputedStyle(card).filter,
      edge: getComputedStyle(card.querySelector('.face')).borderTopColor,
    };
  }).observe(card, {attributes: true, attributeFilter: ['aria-pressed']});
}"""


def test_a_greyed_card_once_selected_shows_the_selected_look_at_once(table: Any) -> None:
    page = table.page
    code = find_deal(lambda turns: any(snap["you"]["greyed"] for snap in turns[:3]))
    open_page(page, f"{table.site.url}#deal={code}")
    greyed: list[str] = []
    for _ in range(3):
        wait_my_turn_or_over(page)
        assert not is_over(page)
        greyed = page.eval_on_selector_all(
            "[data-hand] [data-card].greyed", "els => els.map(e => e.dataset.card)"
        )
        if greyed:
            break
        take_turn(page)
    assert greyed, "no greyed card came"
    page.evaluate(WATCH_SELECTED_LOOK, greyed[0])
    page.click(f'[data-hand] [data-card="{greyed[0]}"]')
    look = page.evaluate("() => window.__selectedLook")
    # Still in no legal play, and selected: the gold edge, not the grey filter over it; and
    # from the frame it rises in (no fade from the grey edge #8a8a8a to gold).
    assert look == {"greyed": True, "filter": "none", "edge": "rgb(240, 180, 0)"}, look


# --- P and X say why ------------------------------------------------------------------------------


def test_play_and_pass_keys_say_why_when_they_cannot_act(table: Any) -> None:
    page = table.page
    seed = next(s for s in range(1000, 1200) if Game.deal(s).to_move == 0)
    open_page(page, f"{table.site.url}#deal={Game.deal(seed).deal_code}")
    wait_my_turn_or_over(page)
    assert status(page) == "Your lead: select cards to play."
    page.keyboard.press("x")
    assert status(page) == "You lead this trick: you cannot pass."
    assert page.get_attribute("[data-status]", "data-tone") == "bad"
    page.keyboard.press("p")
    assert status(page) == "Select the cards to play first."
    assert moves(page) == 0


# --- Chinese --------------------------------------------------------------------------------------


def test_chinese_says_bu_chu_for_a_pass_everywhere(open_table: Any) -> None:
    browsing = open_table(locale="zh-CN")
    page = browsing.page
    code = find_deal(lambda turns: any(map(must_beat, turns)))
    open_page(page, f"{browsing.site.url}#deal={code}")
    for _ in range(80):
        wait_my_turn_or_over(page)
        if page.is_disabled("[data-action=pass]") and read_save(page)["view"]["standing"]:
            break
        take_turn(page)
    assert page.text_content("[data-action=pass]") == "不出"
    assert status(page).startswith("请选能压过"), status(page)
    # The rule is said once: under the status line, as the reason Pass is locked.
    assert (page.text_content("[data-pass-reason]") or "").startswith("有牌必压")
    words = page.evaluate("document.body.innerText")
    assert "不要" not in words


# --- How to play ----------------------------------------------------------------------------------


def reads_as(preset: str, cards: list[str]) -> str | None:
    """The kind the engine reads `cards` as, led from a hand that holds them and one card more."""
    deck = codes_of(get_rules(preset).deck_mask)
    ranks = {card[:-1] for card in cards}
    # (no ♠3 in the hands: a first play would then have to include it)
    rest = [card for card in deck if card not in cards and card[:-1] not in ranks and card != "3S"]
    game = Game.from_hands([[*cards, rest[0]], [rest[1]], [rest[2]]], leader=0, rules=preset)
    judgement = game.judge(cards)
    return judgement.combo.kind.value if judgement.legal and judgement.combo else None


def test_how_to_play_draws_each_kind_with_the_tables_cards(table: Any) -> None:
    page = table.page
    open_page(page, table.site.url)
    for preset in ("standard", "classic16", "compact15", "club"):
        # How to play describes the rules of the hand on the table: a hand of each preset.
        deal_with_preset(page, preset)
        menu_click(page, "help")
        page.wait_for_selector("[data-panel=help][open]")
        items = page.eval_on_selector_all(
            "[data-help-section=kinds] li[data-kind]",
            """els => els.map(e => ({
                kind: e.dataset.kind,
                cards: [...e.querySelectorAll('[data-example-card]')]
                    .map(c => c.dataset.exampleCard),
                drawn: [...e.querySelectorAll('.card.small .face .rank')].length,
            }))""",
        )
        kinds = {kind.value for kind in get_rules(preset).kinds}
        assert {item["kind"] for item in items} == kinds, preset
        for item in items:
            assert item["drawn"] == len(item["cards"]) > 0, item
            assert reads_as(preset, item["cards"]) == item["kind"], (preset, item)
        close_panel(page)


def test_copy_link_from_a_phones_menu_says_it_was_copied(open_table: Callable[..., Any]) -> None:
    """On a phone Copy link is a menu item, and the menu closes on the tap: the notice line
    says the link was copied (the item's own "Link copied" is out of sight)."""
    clipboard = ["clipboard-read", "clipboard-write"]
    browsing = open_table({"width": 390, "height": 844}, permissions=clipboard)
    page = browsing.page
    open_page(page, browsing.site.url)
    wait_my_turn_or_over(page)
    menu_click(page, "copy-link")
    page.wait_for_selector("[data-notice]", state="visible", timeout=3000)
    assert (page.text_content("[data-notice]") or "").strip() == "Link copied"
    code = page.text_content("[data-deal-code]")
    assert page.evaluate("navigator.clipboard.readText()").endswith(f"#deal={code}")


def test_a_tap_on_a_locked_pass_says_why(table: Any) -> None:
    """Phones show no tooltip: a tap on Pass when it is locked says why in the status line, as
    X does."""
    page = table.page
    seed = next(s for s in range(1000, 1200) if Game.deal(s).to_move == 0)
    open_page(page, f"{table.site.url}#deal={Game.deal(seed).deal_code}")
    wait_my_turn_or_over(page)
    assert page.is_disabled("[data-action=pass]")
    page.click("[data-action=pass]", force=True)  # (a real click: Playwright waits for no lock)
    assert status(page) == "You lead this trick: you cannot pass."
    assert page.get_attribute("[data-status]", "data-tone") == "bad"


STATUS_WHOLE = """() => {
  const el = document.querySelector('[data-status]');
  return el.scrollHeight <= el.clientHeight + 1;
}"""


def you_must_beat(page: Any) -> bool:
    """Your turn, following, with Pass locked because you can beat."""
    return bool(page.is_disabled("[data-action=pass]")) and status(page).startswith(
        "Your turn: beat the "
    )


def play_to_a_turn_you_must_beat(page: Any) -> None:
    """Play on (dealing again up to twice) to a turn where you can beat, so you must."""
    for _ in range(3):
        web_table.play_until(page, stop=you_must_beat)
        if not is_over(page):
            break
        new_hand(page)
    assert you_must_beat(page)


@pytest.mark.parametrize("viewport", [(390, 844), (360, 640)], ids=web_table.screen_id)
def test_on_a_phone_the_status_is_whole_beside_the_reason_pass_is_locked(
    open_table: Callable[..., Any], viewport: tuple[int, int]
) -> None:
    """Following when you can beat (so you must): the status says what to beat, whole, with
    the reason Pass is locked on the line under it."""
    page = web_table.open_screen(open_table, viewport).page
    play_to_a_turn_you_must_beat(page)
    reason = page.text_content("[data-pass-reason]") or ""
    assert reason.startswith("You can't pass: you can beat it (your "), reason
    assert page.evaluate(STATUS_WHOLE), status(page)


def test_a_tap_on_pass_locked_because_you_can_beat_keeps_the_prompt_and_says_why_once(
    open_table: Callable[..., Any],
) -> None:
    """Following when you can beat: a tap on the locked Pass turns the reason line under the
    status red; the status keeps what to beat, and the sentence is not said twice."""
    page = web_table.open_screen(open_table, (390, 844)).page
    play_to_a_turn_you_must_beat(page)
    prompt = status(page)
    page.click("[data-action=pass]", force=True)  # (a real click: Playwright waits for no lock)
    page.wait_for_selector('[data-pass-reason][data-tone="bad"]', timeout=3000)
    reason = (page.text_content("[data-pass-reason]") or "").strip()
    assert reason.startswith("You can't pass: you can beat it (your "), reason
    assert status(page) == prompt
    assert reason not in status(page)
