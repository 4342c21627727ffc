"""Playing at the table: boot, a whole hand, Pass and Play refusals, hints,
double-tap, the counter, the last-card warning and deal links."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from web_table import (
    TURN_TIMEOUT_MS,
    counter,
    counts,
    hand,
    is_over,
    menu_click,
    moves,
    new_hand,
    open_page,
    play_until,
    select_by_hint,
    selected,
    status,
    take_turn,
    wait_my_turn_or_over,
)

from site_build.site import read_build_info

RANK_OF = re.compile(r"^(10|[2-9JQKA])[SHDC]$")


def rank(code: str) -> str:
    match = RANK_OF.match(code)
    assert match, code
    return match.group(1)


ENGINE_STATES_RECORDER = """
window.__engineStates = [];
new MutationObserver(() => {
  const state = document.documentElement.dataset.engine;
  if (state && window.__engineStates.at(-1) !== state) window.__engineStates.push(state);
}).observe(document, {subtree: true, childList: true, attributes: true});
"""


def mark_at(page: Any, name: str) -> float:
    at: float = page.evaluate("name => performance.getEntriesByName(name)[0].startTime", name)
    return at


def test_boots_to_ready_and_deals_a_hand(table: Any) -> None:
    page = table.page
    page.add_init_script(ENGINE_STATES_RECORDER)
    open_page(page, table.site.url)
    # The page drew itself and said it was loading before Python was up, then became ready.
    assert page.evaluate("window.__engineStates") == ["loading", "ready"]
    assert mark_at(page, "pdk:first-paint") < mark_at(page, "pdk:engine-ready")
    assert page.get_attribute("html", "data-boot") == "fresh"  # a first visit has no snapshot
    cards = hand(page)
    assert len(cards) == 16
    assert len(set(cards)) == 16
    assert counts(page)[0] == 16
    assert sum(counts(page)) <= 48
    assert re.fullmatch(r"[A-Za-z0-9]+", page.text_content("[data-deal-code]") or "")
    assert page.is_hidden("div[data-boot]")
    assert page.is_hidden("[data-result]")


BOOT_TEXTS_RECORDER = """
window.__bootTexts = [];
new MutationObserver(() => {
  const text = document.querySelector("[data-boot-text]")?.textContent ?? "";
  if (text && window.__bootTexts.at(-1)?.text !== text) {
    const bar = document.querySelector("[data-boot-bar]")?.style.getPropertyValue("--fraction");
    window.__bootTexts.push({text, bar, at: performance.now()});
  }
}).observe(document, {subtree: true, childList: true, characterData: true, attributes: true});
"""


def test_first_visit_shows_the_download_in_megabytes_and_percent_then_the_start(
    table: Any, dist_dir: Path
) -> None:
    page = table.page
    page.add_init_script(BOOT_TEXTS_RECORDER)
    # A first visit comes over a network: at 4 MB/s the download spans many frames
    # (from localhost it can be over before the first one, and the table is drawn
    # once per frame). The emulation reaches the worker's fetches too.
    cdp = table.context.new_cdp_session(page)
    cdp.send("Network.enable")
    cdp.send(
        "Network.emulateNetworkConditions",
        {"offline": False, "latency": 20, "downloadThroughput": 4e6, "uploadThroughput": 1e6},
    )
    open_page(page, table.site.url)
    shown_at: list[dict[str, Any]] = page.evaluate("window.__bootTexts")
    texts = [entry["text"] for entry in shown_at]
    downloading = [re.search(r"([0-9.]+) of ([0-9.]+) MB \(([0-9]+)%\)", text) for text in texts]
    shown = [match for match in downloading if match]
    marks = page.evaluate("performance.getEntriesByType('mark').map(m => [m.name, m.startTime])")
    assert shown, (texts, marks)
    # The total is what this build's worker downloads while Pyodide boots.
    downloads = read_build_info(dist_dir)["bootDownloads"]
    assert isinstance(downloads, dict)
    total_mb = sum(downloads.values()) / 1e6
    assert all(abs(float(m.group(2)) - total_mb) <= 0.051 for m in shown), (texts, total_mb)
    percents = [int(m.group(3)) for m in shown]
    assert percents == sorted(percents), texts
    # After the downloads, the panel says the engine is starting (not 100 % downloading),
    # with the bar full. (The table is drawn once per frame: the download's last
    # percent and the start can arrive within one frame, so 100 % may never be drawn.)
    last_download = max(i for i, m in enumerate(downloading) if m)
    starting = [e for e in shown_at[last_download + 1 :] if "Starting the game engine" in e["text"]]
    assert starting, texts
    assert float(starting[0]["bar"]) == 1, starting
    assert starting[0]["at"] <= mark_at(page, "pdk:engine-ready"), (starting, marks)


def test_whole_hand_by_hint_play_and_pass_to_the_result(table: Any) -> None:
    page = table.page
    open_page(page, table.site.url)
    play_until(page, max_turns=80)
    assert is_over(page)
    totals = [
        int(page.text_content(f'[data-result] [data-total="{seat}"]') or "x") for seat in range(3)
    ]
    assert sum(totals) == 0
    assert any(total != 0 for total in totals)
    winner = [seat for seat, n in enumerate(counts(page)) if n == 0]
    assert len(winner) == 1
    # (The winner's total may still be negative: bomb points are settled apart.)
    winner_row = (page.text_content("[data-result] tr.winner th") or "").strip()
    winner_name = page.text_content(f'[data-seat="{winner[0]}"] [data-seat-name]') or ""
    assert winner_row == winner_name.strip()
    # The session score took the hand once; New hand deals again.
    sessions = [
        int(page.text_content(f'[data-result] [data-session="{seat}"]') or "x") for seat in range(3)
    ]
    assert sessions == totals
    assert page.text_content("[data-session-total]") in (str(totals[0]), f"+{totals[0]}")
    page.click("[data-action=new]")
    page.wait_for_selector("[data-result]", state="hidden")
    page.wait_for_function(
        "() => document.querySelectorAll('[data-hand] [data-card]').length === 16"
    )


def test_pass_is_locked_with_its_reason(table: Any) -> None:
    page = table.page
    open_page(page, table.site.url)

    def pass_locked(p: Any) -> bool:
        # Off a lead (there the prompt itself says "Your lead" and no line is added)
        return bool(p.is_disabled("[data-action=pass]")) and not status(p).startswith("Your lead")

    for _ in range(3):
        play_until(page, stop=pass_locked)
        if not is_over(page):
            break
        # every turn of this hand allowed a pass: deal again and look again
        page.click("[data-action=new]")
        page.wait_for_selector("[data-result]", state="hidden")
    assert page.is_disabled("[data-action=pass]")
    reason = (page.text_content("[data-pass-reason]") or "").strip()
    assert len(reason) > 5, reason
    assert page.get_attribute("[data-action=pass]", "title") == reason


def test_an_illegal_selection_says_why_and_play_stays_off(table: Any) -> None:
    page = table.page
    open_page(page, table.site.url)
    wait_my_turn_or_over(page)
    cards = hand(page)
    low, high = cards[0], cards[-1]
    assert rank(low) != rank(high)
    page.click(f'[data-hand] [data-card="{low}"]')
    page.wait_for_timeout(400)  # the second tap must not read as a double-tap
    page.click(f'[data-hand] [data-card="{high}"]')
    assert selected(page) == [low, high]
    page.wait_for_selector("[data-status][data-tone=bad]")
    assert len(status(page)) > 5
    assert page.is_disabled("[data-action=play]")
    page.click("[data-action=play]", force=True)  # a tap on the locked button changes nothing
    assert selected(page) == [low, high]
    assert len(hand(page)) == 16


def test_hint_selects_a_legal_play_and_double_tap_selects_a_rank(table: Any) -> None:
    page = table.page
    open_page(page, table.site.url + "?reply-delay=300")
    wait_my_turn_or_over(page)
    if page.is_enabled("[data-action=hint]"):
        select_by_hint(page)
        assert selected(page)
        # Play comes on with the hint (a hint is legal); the status says so once the engine's
        # judgement of the raised cards is in, a moment later (the engine is slowed on purpose,
        # so the test does not depend on which comes first).
        page.wait_for_selector("[data-status][data-tone=good]", timeout=TURN_TIMEOUT_MS)
        page.click("[data-action=hint]")  # cycles on (or stays, with a single hint)
        page.wait_for_selector("[data-action=play]:not([disabled])")
        assert selected(page)
    # Double-tap: every card of the rank, whatever was selected before.
    cards = hand(page)
    by_rank: dict[str, list[str]] = {}
    for code in cards:
        by_rank.setdefault(rank(code), []).append(code)
    group = max(by_rank.values(), key=len)
    page.locator(f'[data-hand] [data-card="{group[0]}"]').dblclick()
    assert set(group) <= set(selected(page))


def test_counter_follows_the_plays(table: Any) -> None:
    """The Unseen strip counts what the other two hold. It leaves out only a card laid face
    up for all (compact15's) until it is played; the opener's ♠3 counts though its holder is
    known (tests/engine/test_observation.py). The deal is one where you hold the ♠3 and open
    (A0000021)."""
    page = table.page
    open_page(page, f"{table.site.url}#deal=A0000021")
    for _ in range(3):  # rarely, you go out while both opponents pass: then another hand
        wait_my_turn_or_over(page)
        start = moves(page)
        # What this seat has not seen is exactly what the other two hold.
        seen = counter(page)
        assert sum(seen.values()) == counts(page)[1] + counts(page)[2]
        opponents_held = counts(page)[1] + counts(page)[2]
        for _ in range(20):  # until an opponent has played (they may pass for a while)
            if is_over(page) or counts(page)[1] + counts(page)[2] < opponents_held:
                break
            take_turn(page)
            wait_my_turn_or_over(page)
        if counts(page)[1] + counts(page)[2] < opponents_held:
            break
        new_hand(page)
    assert moves(page) > start
    after = counter(page)
    assert sum(after.values()) == counts(page)[1] + counts(page)[2]
    assert sum(after.values()) < sum(seen.values())
    assert all(after[r] <= seen[r] for r in seen)


def test_last_card_warning_stays_while_a_seat_holds_one_card(table: Any) -> None:
    page = table.page
    open_page(page, table.site.url)

    def someone_on_one_card(p: Any) -> bool:
        return 1 in counts(p)

    for _ in range(6):  # hands where nobody is ever down to one card are rare
        play_until(page, stop=someone_on_one_card)
        # A hand that ended with a loser on one card does not count: the warning is for a
        # hand still played (it goes once the hand is over).
        if someone_on_one_card(page) and not is_over(page):
            break
        page.click("[data-action=new]")
        page.wait_for_selector("[data-result]", state="hidden")
    seats = [seat for seat, n in enumerate(counts(page)) if n == 1]
    assert seats, "no seat was ever down to one card in six hands"
    for seat in range(3):
        warned = page.get_attribute(f'[data-seat="{seat}"]', "data-warning") is not None
        assert warned == (seat in seats)
    flag = page.text_content(f'[data-seat="{seats[0]}"] [data-flag]') or ""
    assert flag.strip()
    # Still there after further moves while that seat keeps its one card. The
    # computer seats go on moving: read the table in one go, not field by field.
    if not is_over(page):
        take_turn(page)
        table_now = page.evaluate(
            """() => ({
                over: !document.querySelector('[data-result]').hidden,
                seats: [0, 1, 2].map((s) => {
                    const node = document.querySelector(`[data-seat="${s}"]`);
                    return {count: Number(node.querySelector('[data-count]').textContent),
                            warned: node.hasAttribute('data-warning')};
                }),
            })"""
        )
        if not table_now["over"]:
            for seat in seats:
                if table_now["seats"][seat]["count"] == 1:
                    assert table_now["seats"][seat]["warned"], table_now


def test_deal_link_replays_the_same_deal(open_table: Any) -> None:
    first = open_table()
    open_page(first.page, first.site.url)
    code = (first.page.text_content("[data-deal-code]") or "").strip()
    cards = hand(first.page)
    second = open_table()
    open_page(second.page, f"{second.site.url}#deal={code}")
    assert (second.page.text_content("[data-deal-code]") or "").strip() == code
    assert hand(second.page) == cards
    assert second.page.is_visible("[data-notice]")
    assert second.page.text_content("[data-notice]") == f"Deal {code} from the link"
    # The hash is consumed: a reload resumes this hand instead of dealing it again.
    assert "#deal" not in second.page.url


def test_a_deal_link_typed_in_lower_case_is_named_as_the_table_names_it(table: Any) -> None:
    page = table.page
    open_page(page, f"{table.site.url}#deal=a0738433")
    assert (page.text_content("[data-deal-code]") or "").strip() == "A0738433"
    assert page.text_content("[data-notice]") == "Deal A0738433 from the link"
    # The same link while the page is open, once this hand is over or after the question.
    page.evaluate("() => { location.hash = 'deal=a0000207'; }")
    page.wait_for_selector("[data-confirm=new-hand][open]")
    page.click("[data-confirm=new-hand] [data-action=confirm]")
    page.wait_for_selector("[data-notice]:has-text('Deal A0000207 from the link')")
    assert (page.text_content("[data-deal-code]") or "").strip() == "A0000207"


def test_language_switch_changes_every_word(table: Any) -> None:
    page = table.page
    open_page(page, table.site.url)
    english = page.text_content("[data-action=play]")
    menu_click(page, "language")
    assert page.get_attribute("html", "lang") == "zh-Hans"
    assert page.text_content("[data-action=play]") == "出牌"
    assert page.text_content("[data-action=play]") != english
    assert page.text_content("[data-action=new]") == "新一局"
    wait_my_turn_or_over(page)
    assert re.search(r"[\u4e00-\u9fff]", status(page)), status(page)
    page.reload()
    open_page(page, table.site.url)
    assert page.get_attribute("html", "lang") == "zh-Hans"
