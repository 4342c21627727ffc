"""Settings: rules and difficulty apply from the next hand (and say so),
every choice survives a reload; the Settings and How to play dialogs fit a
phone held either way and a laptop; How to play follows the chosen rules."""

from __future__ import annotations

from typing import Any

from table_features import (
    CODE_LETTER,
    close_panel,
    deal_with_preset,
    open_settings,
    read_save,
    read_settings,
)
from web_table import (
    menu_click,
    new_hand,
    notice,
    open_mid_hand,
    open_page,
    status,
    take_turn,
    wait_my_turn_or_over,
)

from paodekuai.rules import RULES

VIEWPORTS = (
    {"width": 390, "height": 844},
    {"width": 844, "height": 390},
    {"width": 360, "height": 640},
    {"width": 1366, "height": 768},
)


def test_rules_and_difficulty_wait_for_the_next_hand_and_settings_survive_a_reload(
    table: Any,
) -> None:
    page = table.page
    open_page(page, table.site.url)
    code = page.text_content("[data-deal-code]") or ""
    assert code.startswith(CODE_LETTER["standard"])
    open_settings(page)
    assert "next hand" in (page.text_content("[data-panel=settings]") or "")
    page.select_option("[data-setting=preset]", "classic16")
    assert "next hand" in notice(page)
    page.select_option("[data-setting=level]", "hard")
    page.select_option("[data-setting=speed]", "normal")
    page.select_option("[data-setting=sound]", "on")
    close_panel(page)
    stored = read_settings(page)
    assert {name: stored[name] for name in ("preset", "level", "speed", "sound")} == {
        "preset": "classic16",
        "level": "hard",
        "speed": "normal",
        "sound": "on",
    }
    # The hand on the table keeps its rules and its opponents (with sound on now).
    assert page.text_content("[data-deal-code]") == code
    wait_my_turn_or_over(page)
    take_turn(page)
    saved = read_save(page)
    assert saved["game"]["rules"] == "standard" and saved["level"] == "easy"

    page.reload()
    open_page(page, table.site.url)
    assert page.text_content("[data-deal-code]") == code  # the same hand resumes
    open_settings(page)
    chosen = {"preset": "classic16", "level": "hard", "speed": "normal", "sound": "on"}
    for setting, value in chosen.items():
        assert page.eval_on_selector(f"[data-setting={setting}]", "s => s.value") == value, setting
    assert "Standard 16, Easy" in (page.text_content("[data-settings-hand]") or "")
    close_panel(page)
    new_hand(page)
    page.wait_for_function(
        "letter => document.querySelector('[data-deal-code]').textContent.startsWith(letter)",
        arg=CODE_LETTER["classic16"],
    )
    saved = read_save(page)
    assert saved["game"]["rules"] == "classic16" and saved["level"] == "hard"


def test_a_setting_for_the_next_hand_is_said_without_hiding_the_turns_prompt(table: Any) -> None:
    page = table.page
    open_mid_hand(page, table.site.url)
    # A second change for the next hand names both: the rules and the difficulty.
    notes = {
        "en": (
            "New rules apply from the next hand",
            "The new rules and difficulty apply from the next hand",
        ),
        # (the difficulty chosen in English still waits for the next hand: both, at once)
        "zh": ("新规则和新难度从下一局开始", "新规则和新难度从下一局开始"),
    }
    for language, (rules_note, level_note) in notes.items():
        if language == "zh":
            menu_click(page, "language")
            page.wait_for_function(
                "() => /[\u4e00-\u9fff]/.test(document.querySelector('[data-status]').textContent)"
            )
        wait_my_turn_or_over(page)
        prompt = status(page)
        open_settings(page)
        page.select_option("[data-setting=preset]", "compact15" if language == "en" else "club")
        assert notice(page) == rules_note
        page.select_option("[data-setting=level]", "medium" if language == "en" else "hard")
        assert notice(page) == level_note
        close_panel(page)
        # The turn's prompt stays in the status line, through How to play too.
        assert status(page) == prompt
        assert notice(page) == level_note
        menu_click(page, "help")
        page.wait_for_selector("[data-panel=help][open]")
        close_panel(page)
        assert status(page) == prompt

    # Each choice put back to the hand on the table's: the notice says only what still waits,
    # then nothing (a Standard 16 hand at the Easy level is on the table).
    open_settings(page)
    page.select_option("[data-setting=preset]", "standard")
    assert notice(page) == "新难度从下一局开始"
    page.select_option("[data-setting=level]", "easy")
    assert notice(page) == ""
    close_panel(page)


def inside(box: dict[str, float] | None, viewport: dict[str, int]) -> bool:
    return bool(
        box
        and box["x"] >= 0
        and box["y"] >= 0
        and box["x"] + box["width"] <= viewport["width"] + 0.5
        and box["y"] + box["height"] <= viewport["height"] + 0.5
    )


def reachable(page: Any, selector: str) -> bool:
    """The middle of the element is that element (or inside it): nothing covers it."""
    return bool(
        page.eval_on_selector(
            selector,
            """el => { const r = el.getBoundingClientRect();
                       const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
                       return hit === el || el.contains(hit); }""",
        )
    )


def test_the_dialogs_fit_phones_and_laptops_and_help_follows_the_rules(table: Any) -> None:
    page = table.page
    open_page(page, table.site.url)
    for viewport in VIEWPORTS:
        page.set_viewport_size(viewport)
        open_settings(page)
        assert inside(page.locator("[data-panel=settings]").bounding_box(), viewport), viewport
        for control in ("preset", "level", "language", "speed", "sound"):
            selector = f"[data-panel=settings] [data-setting={control}]"
            assert inside(page.locator(selector).bounding_box(), viewport), (viewport, control)
            assert reachable(page, selector), (viewport, control)
        done = "[data-panel=settings] [data-action=close-panel]"
        assert inside(page.locator(done).bounding_box(), viewport) and reachable(page, done)
        # Whole on the screen, Done with it, with no scroll.
        overflow = page.eval_on_selector(
            "[data-panel=settings]", "el => el.scrollHeight - el.clientHeight"
        )
        assert overflow <= 1, (viewport, overflow)
        # Esc closes it, and it opens again.
        page.keyboard.press("Escape")
        page.wait_for_selector("dialog[open]", state="detached")
        # How to play opened from Settings goes back to Settings, by Close or by Esc.
        for leave in ("close", "Escape"):
            open_settings(page)
            page.click("[data-panel=settings] [data-action=help]")
            page.wait_for_selector("[data-panel=help][open] [data-help-section]")
            if leave == "close":
                page.click("[data-panel=help] [data-action=close-panel]")
            else:
                page.keyboard.press("Escape")
            page.wait_for_selector("[data-panel=settings][open]")
            assert not page.is_visible("[data-panel=help]"), (viewport, leave)
            close_panel(page)

        menu_click(page, "help")
        page.wait_for_selector("[data-panel=help][open] [data-help-section]")
        assert inside(page.locator("[data-panel=help]").bounding_box(), viewport), viewport
        close = "[data-panel=help] [data-action=close-panel]"
        assert inside(page.locator(close).bounding_box(), viewport) and reachable(page, close)
        # Close sits beside the title ("How to play: Standard 16"), not on a row of its own.
        title = page.locator("[data-panel=help] h2").bounding_box()
        button = page.locator(close).bounding_box()
        assert button["y"] < title["y"] + title["height"], (viewport, title, button)
        assert title["y"] < button["y"] + button["height"], (viewport, title, button)
        close_panel(page)

    # How to play describes the rules of the hand on the table; rules chosen in Settings
    # apply from the next hand, and until then the dialog says so.
    def help_text() -> str:
        menu_click(page, "help")
        page.wait_for_selector("[data-panel=help][open] [data-help-section]")
        text = page.text_content("[data-panel=help]") or ""
        close_panel(page)
        return text

    standard = help_text()
    assert "Standard 16" in standard and "You must beat if you can" in standard
    assert "Turn timer" not in standard and "Keyboard" in standard
    assert "hand on the table" not in standard  # the hand on the table is of these rules
    open_settings(page)
    page.select_option("[data-setting=preset]", "club")
    close_panel(page)
    pending = help_text()
    # The hand on the table is still a Standard 16 hand: its rules, and the next hand's named.
    assert "Standard 16" in pending and "Turn timer" not in pending
    assert "your next hand is played with Club" in pending
    deal_with_preset(page, "club")
    club = help_text()
    assert "Club" in club and "Turn timer" in club and "20 seconds" in club
    assert "hand on the table" not in club
    deal_with_preset(page, "compact15")
    compact = help_text()
    assert "45 cards" in compact and "face up" in compact and "Bombs may be split" in compact


def test_settings_say_what_each_rules_choice_is_at_a_glance(open_table: Any) -> None:
    """The presets differ in a few facts (hand size, who starts, passing, the clock, the
    scoring): the line under the choices says them for the rules chosen, in either language."""
    for lang, must, may, each in (
        ("en", "you must beat when you can", "you may always pass", "{n} cards each"),
        ("zh", "有大必压", "随时可以不出", "每人 {n} 张"),
    ):
        browsing = open_table(locale="zh-CN" if lang == "zh" else "en-US")
        page = browsing.page
        open_page(page, browsing.site.url)
        for name, rules in RULES.items():
            open_settings(page)
            page.select_option("[data-setting=preset]", name)
            line = page.text_content("[data-settings-rules]") or ""
            assert page.is_visible("[data-settings-rules]")
            assert each.format(n=rules.hand_size) in line, (lang, name, line)
            assert (must if rules.must_beat else may) in line, (lang, name, line)
            assert (must if not rules.must_beat else may) not in line, (lang, name, line)
            if rules.timer is not None:
                assert str(rules.timer.lead) in line and str(rules.timer.follow) in line, line
            close_panel(page)


#: The tops of the Settings dialog and of its rules choice, on the screen.
SETTINGS_TOPS = """() => ['[data-panel=settings]', '[data-setting=preset]'].map(
  s => document.querySelector(s).getBoundingClientRect().top)"""


def test_the_settings_dialog_stays_put_while_the_rules_choice_changes(open_table: Any) -> None:
    """Each preset's line of rules wraps to its own number of lines: the dialog keeps its top,
    and the choice under the finger its place, through them all."""
    for width, height in ((390, 844), (1366, 768)):
        for lang in ("en", "zh"):
            browsing = open_table(
                viewport={"width": width, "height": height},
                locale="zh-CN" if lang == "zh" else "en-US",
            )
            page = browsing.page
            open_page(page, browsing.site.url)
            open_settings(page)
            seen = []
            for name in [*RULES, *reversed(RULES)]:
                page.select_option("[data-setting=preset]", name)
                page.wait_for_timeout(50)  # drawn at the next frame
                seen.append((name, page.evaluate(SETTINGS_TOPS)))
            first = seen[0][1]
            for _, tops in seen:
                assert all(abs(a - b) <= 1 for a, b in zip(tops, first, strict=True)), (
                    width,
                    lang,
                    seen,
                )
            close_panel(page)
