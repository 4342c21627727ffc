"""Motion at the table: a play flies in (Web Animations that
document.getAnimations() sees), a tap during a flight is taken at once, with
prefers-reduced-motion nothing travels, and on Fast each computer move stays
in sight at least 250 ms before the next."""

from __future__ import annotations

import itertools
from typing import Any

import pytest
from table_features import choose
from web_table import (
    SCREENS,
    is_over,
    moves,
    new_hand,
    open_page,
    open_screen,
    play_until,
    screen_id,
    select_by_hint,
    take_turn,
    wait_moves_beyond,
    wait_my_turn_or_over,
)

#: Every Web Animation the page starts, with whether its keyframes move anything.
RECORD_ANIMATIONS = """
window.__animations = [];
const animate = Element.prototype.animate;
Element.prototype.animate = function (keyframes, options) {
  const frames = Array.isArray(keyframes) ? keyframes : [keyframes];
  window.__animations.push({
    moves: frames.some(f => f.transform && f.transform !== 'none'),
    fades: frames.some(f => f.opacity !== undefined),
    target: this.className || this.tagName,
  });
  return animate.call(this, keyframes, options);
};
"""


def test_a_play_flies_in_and_a_tap_during_the_flight_is_taken_at_once(table: Any) -> None:
    page = table.page
    open_page(page, table.site.url)
    wait_my_turn_or_over(page)
    # Your own play: right after it lands on the table, its cards are still flying there.
    before = moves(page)
    if page.is_enabled("[data-action=hint]"):
        select_by_hint(page)
        page.click("[data-action=play]")
        page.wait_for_function(
            """n => Number(document.querySelector('[data-app]').dataset.moves) > n
                   && document.getAnimations().length > 0""",
            arg=before,
        )
        played = page.eval_on_selector_all(
            '[data-seat="0"] [data-played] [data-card]', "els => els.length"
        )
        assert played > 0
    else:
        take_turn(page)
    # A computer seat plays into your turn: while its cards fly, a tap selects at once.
    for _ in range(40):
        wait_my_turn_or_over(page)
        if is_over(page):
            break
        result = page.evaluate(
            """async () => {
              // Wait (a frame at a time) for your turn while a play is still in flight.
              for (let i = 0; i < 600; i++) {
                const mine = document.querySelector('[data-seat="0"][data-turn]');
                const flying = document.getAnimations().filter(a => a.playState === 'running');
                const card = document.querySelector(
                  '[data-hand]:not(.locked) [data-card]:not([aria-pressed=true])');
                if (mine && card && flying.length) {
                  const r = card.getBoundingClientRect();
                  const at = {clientX: r.x + r.width / 2, clientY: r.y + r.height / 2,
                              bubbles: true, pointerId: 7, pointerType: 'touch', isPrimary: true};
                  card.dispatchEvent(new PointerEvent('pointerdown', at));
                  card.dispatchEvent(new PointerEvent('pointerup', at));
                  return {tried: true, selected: card.getAttribute('aria-pressed') === 'true',
                          stillFlying: flying.some(a => a.playState === 'running')};
                }
                if (!mine && document.querySelector('[data-result]:not([hidden])')) break;
                if (mine && !flying.length) break;
                await new Promise(r => requestAnimationFrame(r));
              }
              return {tried: false};
            }"""
        )
        if result["tried"]:
            assert result == {"tried": True, "selected": True, "stillFlying": True}, result
            return
        take_turn(page)
    raise AssertionError("no computer play landed right before your turn")


def test_with_reduced_motion_nothing_travels_only_fades(open_table: Any) -> None:
    moving = open_table()
    moving.page.add_init_script(RECORD_ANIMATIONS)
    still = open_table(reduced_motion="reduce")
    still.page.add_init_script(RECORD_ANIMATIONS)
    for browsing in (moving, still):
        page = browsing.page
        open_page(page, browsing.site.url)
        for _ in range(3):
            wait_my_turn_or_over(page)
            if is_over(page):
                break
            take_turn(page)
        wait_my_turn_or_over(page)
    travelled = moving.page.evaluate("window.__animations")
    assert any(a["moves"] for a in travelled), travelled  # the control: plays do fly
    faded = still.page.evaluate("window.__animations")
    assert faded, "with reduced motion a play still fades in"
    assert not [a for a in faded if a["moves"]], faded
    assert all(a["fades"] for a in faded), faded


#: When each action appeared on the table (data-moves), and whose it was.
RECORD_MOVES = """
window.__moves = [];
new MutationObserver(() => {
  const app = document.querySelector('[data-app]');
  const n = Number(app?.dataset.moves ?? 0);
  const last = window.__moves.at(-1);
  if (!last || last.n !== n) {
    const save = JSON.parse(localStorage.getItem('paodekuai.save') || 'null');
    const entry = save?.view?.history?.[n - 1];
    window.__moves.push({n, at: performance.now(), seat: entry ? entry.seat : null});
  }
}).observe(document, {subtree: true, attributes: true, attributeFilter: ['data-moves']});
"""


def computer_move_gaps(page: Any) -> list[int]:
    """How long (ms) each computer move stayed in sight before the next action came."""
    seen = page.evaluate("window.__moves")
    return [
        round(b["at"] - a["at"])
        for a, b in itertools.pairwise(seen)
        if a["n"] >= 1 and b["seat"] in (1, 2) and b["n"] == a["n"] + 1
    ]


def test_on_fast_each_computer_move_stays_in_sight_before_the_next(table: Any) -> None:
    page = table.page
    page.add_init_script(RECORD_MOVES)
    open_page(page, table.site.url)  # the tests' settings: speed Fast
    # Some deals end in a few actions (a hand played out in two leads): deal again until
    # enough computer moves have followed one another.
    for _ in range(5):
        play_until(page, stop=lambda p: moves(p) >= 12, max_turns=40)
        if not is_over(page):
            wait_moves_beyond(page, moves(page) - 1)
            break
        if len(computer_move_gaps(page)) >= 3:
            break
        new_hand(page)
    gaps = computer_move_gaps(page)
    assert len(gaps) >= 3, page.evaluate("window.__moves")
    assert min(gaps) >= 250, gaps


#: Frame by frame from the deal's first flight to its last, each dealt card's box (where the
#: flight has it) that meets the status line's, and how many frames had cards in flight: in
#: `window.__deal` once the last card is in.
WATCH_THE_DEAL = """() => {
  const status = document.querySelector('[data-status]');
  const meets = (a, b) =>
    a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
  const crossings = [];
  let frames = 0;
  let started = false;
  const watch = () => {
    // (the deal moves the hand as one fan, or each card: either way its cards fly)
    const running = (node) => node.getAnimations().some(a => a.playState === 'running');
    const handFlies = running(document.querySelector('[data-hand]'));
    const flying = [...document.querySelectorAll('[data-hand] [data-card]')].filter(card =>
      handFlies || running(card));
    if (flying.length) {
      started = true;
      frames += 1;
      const line = status.getBoundingClientRect();
      for (const card of flying) {
        const box = card.getBoundingClientRect();
        if (meets(box, line)) {
          crossings.push([card.dataset.card, box.top, box.bottom, line.top, line.bottom]);
        }
      }
    } else if (started) {
      window.__deal = {frames, crossings};
      return;
    }
    requestAnimationFrame(watch);
  };
  requestAnimationFrame(watch);
}"""


@pytest.mark.parametrize("viewport", SCREENS, ids=screen_id)
def test_the_dealt_cards_fly_clear_of_the_status_line(
    open_table: Any, viewport: tuple[int, int]
) -> None:
    page = open_screen(open_table, viewport).page
    choose(page, "speed", "normal")  # the longer flights: more frames to look at
    wait_my_turn_or_over(page)
    wait_hand_still(page)
    page.evaluate(WATCH_THE_DEAL)
    new_hand(page)
    page.wait_for_function("() => window.__deal !== undefined")
    seen = page.evaluate("window.__deal")
    assert seen["frames"] >= 5, seen
    assert seen["crossings"] == [], seen


def wait_hand_still(page: Any) -> None:
    """Wait until your hand has no animation running (the first hand's growth is over)."""
    page.wait_for_function(
        "() => document.querySelector('[data-hand]').getAnimations().length === 0"
    )


#: Frame by frame while a new deal's hand grows in: how many of its cards show no face yet;
#: in `window.__faces` once the growth has ended.
WATCH_THE_FACES = """() => {
  const hand = document.querySelector('[data-hand]');
  const frames = [];
  const watch = () => {
    const growing = hand.getAnimations().some(a => a.playState === 'running');
    const cards = [...hand.querySelectorAll('[data-card]')];
    const faceless = cards.filter(card => !card.querySelector('.face .rank')).length;
    if (growing) {
      frames.push({faceless, cards: cards.length});
    } else if (frames.length) {
      window.__faces = {frames, faceless, due: document.querySelector('[data-faces-due]') !== null};
      return;
    }
    requestAnimationFrame(watch);
  };
  requestAnimationFrame(watch);
}"""


def test_a_new_hands_cards_have_their_faces_in_every_frame_of_its_growth(
    open_table: Any,
) -> None:
    """A deal's faces come a frame after its cards (the frame of the deal is lighter): the
    hand is unseen in the frame that draws it and grows in from the next, with its faces, so
    in every frame of its growth (counted in frames, not time: a loaded machine skips none)
    every card has its rank and suit."""
    page = open_screen(open_table, (390, 844)).page  # at normal speed, the default
    wait_my_turn_or_over(page)
    wait_hand_still(page)  # the page's first hand grows in too: watch the new one's growth
    page.evaluate(WATCH_THE_FACES)
    new_hand(page)
    page.wait_for_function("() => window.__faces !== undefined")
    seen = page.evaluate("window.__faces")
    frames = seen["frames"]
    assert frames and all(f["cards"] >= 15 for f in frames), seen
    assert [f for f in frames if f["faceless"] > 0] == [], seen
    assert seen["faceless"] == 0 and not seen["due"], seen
    # Each face is its own card's: the rank and suit its label says.
    faces = page.eval_on_selector_all(
        "[data-hand] [data-card]",
        "els => els.map(e => [e.dataset.card, e.querySelector('.face .rank').textContent,"
        " [...e.querySelector('.face').classList].find(c => c.startsWith('suit-'))])",
    )
    for code, rank, suit in faces:
        assert code == f"{rank}{suit.removeprefix('suit-')}", (code, rank, suit)


#: Frame by frame from the page's start: every card of a play that can be seen (its play not
#: waiting unseen for its flight, `.arriving`) and whether it shows its own rank and suit.
WATCH_THE_PLAYS = """
window.__plays = {frames: 0, seen: 0, faceless: [], wrong: [], stop: false};
const watchPlays = () => {
  const w = window.__plays;
  if (w.stop) return;
  w.frames += 1;
  for (const card of document.querySelectorAll('[data-seat-play]:not(.arriving) [data-card]')) {
    w.seen += 1;
    const rank = card.querySelector('.face .rank');
    if (!rank) { w.faceless.push(card.dataset.card); continue; }
    const suit = [...card.querySelector('.face').classList].find(c => c.startsWith('suit-'));
    if (rank.textContent + suit.slice(5) !== card.dataset.card) w.wrong.push(card.dataset.card);
  }
  requestAnimationFrame(watchPlays);
};
requestAnimationFrame(watchPlays);
"""


def watch_the_plane_deal(
    open_table: Any, watcher: str, found: str, until: int = 9
) -> dict[str, Any]:
    """Deal A0738433 (East opens with a ten-card plane) played to its `until`th move at
    390x844 with `watcher` (a script that watches every frame from the page's start) running;
    what it found (`found`, its window global, told to stop)."""
    browsing = open_table(viewport={"width": 390, "height": 844})
    page = browsing.page
    page.add_init_script(watcher)
    open_page(page, f"{browsing.site.url}#deal=A0738433")
    play_until(page, lambda p: moves(p) >= until or is_over(p))
    seen: dict[str, Any] = page.evaluate(
        f"() => {{ const w = window.{found}; w.stop = true; return {{...w, last: null}}; }}"
    )
    return seen


def test_every_card_of_a_play_shows_its_face_in_every_frame_it_is_seen(
    open_table: Any,
) -> None:
    """A new play's faces come with its flight, a frame after its cards are drawn unseen (the
    frame of a computer's long play is lighter): no frame shows a played card without its
    face, and each face is its own card's. Deal A0738433 opens with East's ten-card plane."""
    seen = watch_the_plane_deal(open_table, WATCH_THE_PLAYS, "__plays")
    assert seen["frames"] > 30 and seen["seen"] > 100, seen  # plays were watched, frame by frame
    assert seen["faceless"] == [] and seen["wrong"] == [], seen


#: Frame by frame from the page's start: each bomb's or plane's banner that first shows while
#: a play is still waiting unseen for its flight (`.arriving`), and each swept trick's cards
#: (swept where they lay, or ghosts in the effects layer): faceless ones, any that still
#: carry a table hook, and any whose face lies over your buttons or the status line.
WATCH_THE_MOMENTS_AND_SWEEPS = """
window.__moments = {
  frames: 0, banners: 0, early: 0, swept: 0, faceless: 0, hooked: 0, crossed: 0, last: null,
  stop: false,
};
const meets = (a, b) =>
  a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
const watchMoments = () => {
  const w = window.__moments;
  if (w.stop) return;
  w.frames += 1;
  // (a banner is laid out unseen a frame before its play flies, `.arriving` as that play)
  const banner = document.querySelector(
    '.banner-plane:not(.arriving), .banner-bomb:not(.arriving)');
  if (banner && banner !== w.last) {  // the frame a banner first shows
    w.banners += 1;
    if (document.querySelector('[data-seat-play].arriving')) w.early += 1;
  }
  w.last = banner;
  for (const card of document.querySelectorAll(':is(.ghost-play, .swept) .card')) {
    w.swept += 1;
    if (!card.querySelector('.face .rank')) w.faceless += 1;
    if (card.hasAttribute('data-card') || card.hasAttribute('data-played-card')) w.hooked += 1;
    const face = card.querySelector('.face')?.getBoundingClientRect();
    const yours = document.querySelectorAll(
      '[data-action=hint], [data-action=pass], [data-action=play], .status-box');
    const over = (node) => meets(face, node.getBoundingClientRect());
    if (face && [...yours].some(over)) w.crossed += 1;
  }
  requestAnimationFrame(watchMoments);
};
requestAnimationFrame(watchMoments);
"""


def test_a_planes_banner_comes_with_its_cards_and_a_swept_trick_keeps_its_faces(
    open_table: Any,
) -> None:
    """Deal A0738433 opens with East's ten-card plane: its banner shows once the plane's cards
    fly in, never over the empty place while they wait unseen. Each trick swept away shows
    its cards with their faces as it goes, and none of them answers the table's hooks, nor
    passes over your buttons or the status line (the trick you win drifts toward your play's
    place, not down to your hand across them)."""
    seen = watch_the_plane_deal(open_table, WATCH_THE_MOMENTS_AND_SWEEPS, "__moments", until=99)
    assert seen["banners"] > 0 and seen["swept"] > 0, seen  # the plane and a sweep were watched
    assert seen["early"] == 0, seen
    assert seen["faceless"] == 0 and seen["hooked"] == 0, seen
    assert seen["crossed"] == 0, seen


def test_the_banners_words_are_laid_out_unseen_in_each_language_before_any_banner(
    open_table: Any,
) -> None:
    """A banner reads its own size in its play's flight frame: the first of a language found
    its big type's font unread and its text unshaped, the longest frame of the hand (a cold
    first Chinese banner took 40 ms on a phone slowed 4x). The page lays every banner word of
    its language out unseen once it is idle, and again after a change of language; nothing of
    that stays in the effects layer."""
    browsing = open_table(locale="en-US")
    page = browsing.page
    open_page(page, browsing.site.url)
    warm = "() => document.querySelector('[data-effects]').dataset.warm ?? null"
    page.wait_for_function(f"() => ({warm})() === document.documentElement.lang", timeout=10_000)
    assert page.evaluate(warm) == "en"
    assert page.evaluate("() => document.querySelectorAll('[data-effects] .banner').length") == 0
    choose(page, "language", "zh")
    page.wait_for_function(f"() => ({warm})() === 'zh-Hans'", timeout=10_000)
    assert page.evaluate("() => document.querySelectorAll('[data-effects] .banner').length") == 0


#: Frame by frame: the frames where a bomb's or plane's banner, in sight, lies over a card of
#: a play that has landed (no flight running), and the frames where one was in sight at all.
#: Each frame is read as painted: in a task after its frame callbacks (the page's own may move
#: the banner after this one's callback).
WATCH_THE_BANNER_CLEAR = """
window.__clear = {frames: 0, shown: 0, covered: [], stop: false};
const meetsBox = (a, b) =>
  a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
const watchBanner = () => setTimeout(readBanner, 0);
const readBanner = () => {
  const w = window.__clear;
  if (w.stop) return;
  w.frames += 1;
  const banner = document.querySelector('.banner-plane, .banner-bomb');
  if (banner && Number(getComputedStyle(banner).opacity) > 0.2) {
    w.shown += 1;
    const box = banner.getBoundingClientRect();
    for (const card of document.querySelectorAll('[data-played] .card')) {
      // (a computer seat's play flies as one: its group's animation is its cards')
      const landed = [card, card.closest('.played')]
        .every(n => !n || n.getAnimations().length === 0);
      if (landed && meetsBox(box, card.getBoundingClientRect())) {
        w.covered.push(card.dataset.card);
      }
    }
  }
  requestAnimationFrame(watchBanner);
};
requestAnimationFrame(watchBanner);
"""


@pytest.mark.parametrize("size", [(390, 844), (844, 390)], ids=["portrait", "landscape"])
def test_a_planes_banner_never_hides_the_cards_it_celebrates(
    open_table: Any, size: tuple[int, int]
) -> None:
    """Deal A0738433 opens with East's ten-card plane: its banner stands beside the plane, not
    over it, in portrait and in landscape (where the middle of the screen is the plays')."""
    browsing = open_table(viewport={"width": size[0], "height": size[1]})
    page = browsing.page
    page.add_init_script(WATCH_THE_BANNER_CLEAR)
    open_page(page, f"{browsing.site.url}#deal=A0738433")
    play_until(page, lambda p: moves(p) >= 2 or is_over(p))
    page.wait_for_timeout(1500)  # the banner's whole show
    seen = page.evaluate("() => { const w = window.__clear; w.stop = true; return w; }")
    assert seen["shown"] > 3, seen  # the banner was watched
    assert seen["covered"] == [], seen


#: Frame by frame: the frames where your turn has come while a computer seat's play is still
#: in the air (a card or pass mark of its flight not yet three quarters of the way), and in
#: how many of them the status line (your prompt) or the reason you may not pass could already
#: be read (their opacity, with their ancestors'), and in how many a button on for you was lit
#: (and how many frames showed one on for you, lit or not).
WATCH_THE_PROMPT = """
window.__prompt = {frames: 0, flying: 0, read: 0, lit: 0, on: 0, stop: false};
// (a computer seat's play flies as one: its group's animation is its cards')
const inTheAir = (node) => [node, node.closest('.played')].some((n) => n?.getAnimations().some(
  (a) => a.playState === 'running' && (a.effect.getComputedTiming().progress ?? 0) < 0.75));
const seen = (node) => {
  let opacity = 1;
  for (let at = node; at; at = at.parentElement) opacity *= Number(getComputedStyle(at).opacity);
  return opacity > 0.5;
};
const watchPrompt = () => {
  const w = window.__prompt;
  if (w.stop) return;
  w.frames += 1;
  const yours = document.querySelector('[data-seat="0"][data-turn]');
  const flying = [...document.querySelectorAll(
    ':is([data-seat="1"], [data-seat="2"]) [data-played] :is(.card, .pass-mark)')].some(inTheAir);
  if (yours && flying) {
    w.flying += 1;
    const words = document.querySelectorAll('[data-status], [data-pass-reason]:not(:empty)');
    if ([...words].some(seen)) w.read += 1;
    const on = [...document.querySelectorAll('.actions > button:not(:disabled)')];
    if (on.length) w.on += 1;
    if (on.some(seen)) w.lit += 1;
  }
  requestAnimationFrame(watchPrompt);
};
requestAnimationFrame(watchPrompt);
"""


def test_your_prompt_comes_as_the_play_it_answers_lands(open_table: Any) -> None:
    """Deal A0738433 opens with East's ten-card plane, and you answer it: the prompt that asks
    you to beat it (and why you may not pass) is not there to read while its cards still fly
    in, nor at any later turn; your buttons are on at once (a tap is taken) but come on in
    sight with the prompt (lit before it, they said the turn was yours with nothing to say
    what to beat)."""
    seen = watch_the_plane_deal(open_table, WATCH_THE_PROMPT, "__prompt")
    assert seen["frames"] > 30 and seen["flying"] > 3, seen  # turns after a flight were watched
    assert seen["read"] == 0, seen
    assert seen["on"] > 0, seen  # buttons on for you while the play flew in were watched
    assert seen["lit"] == 0, seen
