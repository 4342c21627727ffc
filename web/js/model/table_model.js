//# allFunctionsCalledOnLoad
// From the controller's state to what the table shows, as plain data with the
// words already in the player's language. No DOM here and no rules: legality,
// hints, greyed cards, the counter and the scores all come from the engine.

import { cardShort } from "../game/cards.js";
import { cardModel } from "./card_model.js";
import { LANGUAGES, say, translate, translatorFor } from "../i18n/i18n.js";
import { dialogsModel, presetNamed } from "./dialogs_model.js";
import { scoringLine } from "../i18n/how_to_play.js";
import { seatName, sideIndex, sideOf, tableDirection } from "./seating.js";
import { cannotBeat, selectionPlayable } from "../game/turn_facts.js";
import { dailyDateOfHand, isPractice } from "../after_hand/daily_record.js";

const SEATS = [0, 1, 2];

/**
 * What lies on the table: each seat's latest action in the current trick and,
 * when a trick has just ended (nobody has led since), that trick with its
 * winner, to be swept away toward it. At the end of the hand the last trick
 * stays: the winning play is in it. Where each trick begins is the engine's
 * (`view.trick_start`, and each action's own `trick_start`).
 */
export function trickPlays(view) {
  const history = view.history ?? [];
  const plays = (from, to) => {
    const actions = [null, null, null];
    for (let i = from; i < to; i += 1) actions[history[i].seat] = { cards: history[i].cards, combo: history[i].combo ?? null };
    return actions;
  };
  const start = view.trick_start ?? 0;
  if (start >= history.length && history.length > 0 && !view.over) {
    const from = history[history.length - 1].trick_start ?? start; // (a saved preview may lack it: nothing swept)
    // The trick was taken by its last play: every action after it was a pass.
    const winner = history.slice(from).findLast((entry) => entry.cards !== null)?.seat ?? null;
    return { current: [null, null, null], ended: { plays: plays(from, start), winner, at: history.length } };
  }
  return { current: plays(start, history.length), ended: null };
}

function bootModel(state, t) {
  const boot = state.boot;
  if (state.engine === "ready") return { visible: false };
  const compact = state.snapshot !== null; // a saved table is on screen: don't cover it
  if (state.engine === "error") {
    const headlines = { "boot-timeout": "engineHung", "download-failed": "engineDownloadFailed" };
    const headline = t(headlines[boot.error?.reason] ?? "engineFailed");
    const detail = boot.error?.detail ? t("engineDetail", { detail: boot.error.detail }) : "";
    return { visible: true, compact: false, error: true, text: headline, detail, percent: null, retry: t("retry") };
  }
  let text = t("bootWaiting");
  let percent = null;
  if (boot.phase === "download" && boot.total > 0) {
    percent = Math.floor((100 * boot.loaded) / boot.total);
    text = t("bootDownloading", {
      loaded: (boot.loaded / 1e6).toFixed(1),
      total: (boot.total / 1e6).toFixed(1),
      percent,
    });
  } else if (boot.phase === "start") {
    text = t("bootStarting");
    percent = 100;
  } else if (boot.phase === "deal") {
    text = state.snapshot ? t("bootRestoring") : t("bootDealing");
    percent = 100;
  }
  return { visible: true, compact, error: false, text, detail: "", percent, retry: null };
}

/**
 * The status line. On the person's turn its words are the engine's, from the
 * same Snapshot as the buttons: the prompt (`you.prompt`: what to beat, whether
 * a pass is allowed, the ♠3 of a first play, the last card rule) until a card
 * is selected, then the judgement of the selection.
 */
function statusModel(state, t, view, myTurn, name, you, passReasonShown) {
  const flash = state.flash;
  // A tap on a locked Pass: its reason line says why (in red), the status keeps the prompt.
  if (flash && !(flash.passReason && passReasonShown)) {
    // A flash about a seat ({name}) is named here, where the seating setting is known.
    const text = Number.isInteger(flash.seat) ? t(flash.message.key, { name: name(flash.seat) }) : say(t, flash.message);
    return { text, tone: flash.tone };
  }
  if (!view) return { text: "", tone: "info" };
  // Another tab plays the hand: this one's prompt would be for a hand it no longer moves.
  if (state.stopped) return { text: t("stoppedHere"), tone: "bad" };
  if (view.over) {
    const winner = view.winner;
    return { text: handEnd(t, view, name), tone: winner === 0 ? "good" : "info" };
  }
  if (myTurn) {
    // Auto-play: its bar says it is on; this line says what happens to this turn.
    if (state.autoPlay) return { text: t("autoTurn"), tone: "info" };
    // The setting "pass automatically": the pass comes after a pause, and this line says it is
    // coming (the prompt "pass" under buttons that cannot be tapped read as stuck).
    if (state.settings?.autoPass === "on" && cannotBeat(you)) return { text: t("autoPassTurn"), tone: "info" };
    // The judgement of the cards selected; a late one's forerunner (other cards) is not shown:
    // it could contradict the buttons, which already answer for the cards now selected.
    if (state.selection.length > 0 && state.judgement && !(state.judgementStale && state.judgementLate)) {
      const said = t.message(state.judgement.message);
      // Cards Hint raised say which hint they are: the best the search found, or one of the
      // others a later press cycles through (said as confidently, they read as advice).
      const pick = state.judgement.legal && !state.judgementStale ? state.hintPick : null;
      const mark = pick && (pick.best ? t("hintBestMark") : t("hintNthMark", { n: pick.n, total: pick.total }));
      return { text: mark ? `${mark} · ${said}` : said, tone: state.judgement.legal ? "good" : "bad" };
    }
    if (you?.prompt) return { text: t.message(you.prompt), tone: "info" };
    return { text: t("yourTurn"), tone: "info" }; // a saved table, before the engine is up
  }
  return { text: t("waitingFor", { name: name(view.to_move) }), tone: "info" };
}

/**
 * Who won the hand, said as a win; or, when a bomb cost the winner more than the hand paid
 * (a winner's total below zero), plainly as going out first: a cheer over a loss reads as a
 * sheet gone wrong.
 */
function handEnd(t, view, name) {
  const winner = view.winner;
  const behind = (view.settlement?.total?.[winner] ?? 0) < 0;
  if (winner === 0) return t(behind ? "youOutFirst" : "youWin");
  return t(behind ? "seatOutFirst" : "seatWins", { name: name(winner) });
}

function resultModel(state, t, view, name, direction) {
  if (!view?.over || !view.settlement) return null;
  const s = view.settlement;
  return {
    title: handEnd(t, view, name),
    headings: [t("resultSeat"), t("resultCardsLeft"), t("resultShutOut"), t("resultBombs"), t("resultTotal"), t("resultSession")],
    rows: SEATS.map((seat) => ({
      seat,
      name: name(seat),
      winner: view.winner === seat,
      cardsLeft: String(s.cards_left?.[seat] ?? ""),
      shutOut: s.shut_out?.[seat] ? t("yes") : t("no"),
      bombs: signed(s.bombs?.[seat] ?? 0),
      total: signed(s.total[seat]),
      session: signed(state.session.totals[sideIndex(seat, direction)]),
    })),
    // The preset's scoring on a line of its own (the footer keeps line breaks: dialogs.css).
    footer: [scoringLine(presetNamed(state, view.rules), t.lang), t("resultHands", { n: state.session.hands })].filter(Boolean).join("\n"),
  };
}

export function signed(n) {
  return n > 0 ? `+${n}` : String(n);
}

export { cardModel }; // the panels' models take it from here too

/** A seat's play (or pass) as drawn, at the table and in the replay. */
export function playModel(t, play) {
  return {
    pass: play.cards === null,
    passText: t("passed"),
    cards: (play.cards ?? []).map((code) => cardModel(t, code)),
    text: play.combo?.text ? t.message(play.combo.text) : "",
  };
}

/** Just the boot panel's part of the model (see renderer.renderBoot). */
export function buildBootModel(state) {
  return { boot: bootModel(state, translatorFor(state.lang)) };
}

/**
 * What the felt says of the hand, as a card room prints its name on the cloth: the daily
 * deal's date when it is the daily hand, and the hand's rules and level (those of the
 * Snapshot: a setting changed since applies to the next hand).
 */
function plateModel(state, t, snapshot, view) {
  if (!view) return { daily: "", rules: "" };
  const preset = presetNamed(state, view.rules);
  const presetLabel = preset ? t.message(preset.label) : "";
  const level = snapshot.level ? t(`level_${snapshot.level}`) : "";
  const rules = presetLabel && level ? t("plateRules", { preset: presetLabel, level }) : presetLabel;
  const record = state.daily?.record;
  const date = record ? dailyDateOfHand(record, state.handId) : null;
  let daily = "";
  if (date) daily = t(isPractice(record, date, state.handId) ? "dailyPracticeTitle" : "dailyTitle", { date });
  return { daily, rules };
}

/**
 * The line under a seat's fan: a warning first (its last card; at the club, two cards), else
 * "Thinking…" while it moves, else compact 15's face-up card it still holds (`faceUp`, as
 * written short). `tone` styles it.
 */
function seatFlag(t, { warning, alert, thinking, faceUp }) {
  if (warning) return { text: t("lastCard"), tone: "warning" };
  if (alert === 2) return { text: t("twoCards"), tone: "warning" };
  if (thinking) return { text: t("thinking"), tone: "" };
  if (faceUp) return { text: t("faceUpMark", { card: faceUp }), tone: "face-up" };
  return { text: "", tone: "" };
}

/** Up to this many card backs make a seat's fan (a bigger hand shows the same fan). */
const FAN_MAX = 16;

/** The short moment a play makes: a bomb, a plane, a seat down to its last card. */
function momentOf(t, snapshot, view, handId) {
  const event = snapshot?.event;
  if (!view || !event) return null;
  const kind = event.combo?.kind ?? "";
  const at = `${handId}:${view.history?.length ?? 0}`;
  if (kind === "bomb") return { at, kind: "bomb", seat: event.seat, text: t("moment_bomb") };
  if (kind.startsWith("plane")) return { at, kind: "plane", seat: event.seat, text: t("moment_plane") };
  if (event.cards !== null && view.last_card?.[event.seat]) {
    return { at, kind: "lastCard", seat: event.seat, text: t("lastCard") };
  }
  return null;
}

/** What the hand and the buttons both go by: whose turn, whether you may act, the hand shown. */
function turnFacts(state) {
  const snapshot = state.snapshot;
  const view = snapshot?.view ?? null;
  const ready = state.engine === "ready";
  const you = ready ? (snapshot?.you ?? null) : null;
  const myTurn = Boolean(view && !view.over && view.to_move === 0);
  const canAct = ready && !state.busy && you !== null && myTurn && !state.autoPlay;
  // Your cards take taps on your turn, and ahead of it while the others move: the hand
  // controller's word (it knows what a tap would do); a state without it, yours to act.
  const canSelect = state.selectable ?? canAct;
  // A hand that just ended shows its end in beats (hand_controller.js): its cards left, then
  // its result. The seats make room for the cards left at once (`leftAtEnd`), with the last
  // play, not when they turn up a beat later: they move once, not twice.
  const endStage = state.endStage ?? 2;
  const leftAtEnd = view?.over && Array.isArray(snapshot?.reveal) ? snapshot.reveal : null;
  const reveal = endStage >= 1 ? leftAtEnd : null;
  // Your cards left, once turned face up at the felt's foot, are no longer in your hand
  // (a wide screen showed them twice, the hand's peeking out beside the result sheet).
  const handCodes = reveal?.[0]?.length ? [] : (view?.hand ?? []);
  return { snapshot, view, ready, you, myTurn, canAct, canSelect, endStage, leftAtEnd, reveal, handCodes };
}

/** Your hand as render.js draws it (also alone, at a tap: frame.js). */
export function handModel(state, t = translatorFor(state.lang), facts = turnFacts(state)) {
  const { view, you, canSelect, handCodes } = facts;
  const selected = new Set(state.selection);
  const greyed = new Set(you?.greyed ?? []); // part of no legal play now
  const singleBarred = new Set(you?.single_barred ?? []); // the last card rule: not as a single
  const faceUp = view?.face_up ?? null;
  return {
    label: t("handLabel"),
    locked: !canSelect,
    focus: focusedCard(state, handCodes),
    cards: handCodes.map((code) => {
      const card = cardModel(t, code);
      const isFaceUp = faceUp?.seat === 0 && faceUp.card === code;
      const barred = singleBarred.has(code) && !greyed.has(code);
      const notes = [isFaceUp ? t("faceUpCard") : "", barred ? t("singleBarred") : ""].filter(Boolean);
      return {
        ...card,
        label: [card.label, ...notes].join(t("listJoin")),
        selected: selected.has(code),
        greyed: greyed.has(code),
        singleBarred: barred,
        singleBarredText: barred ? t("singleBarred") : "",
        faceUp: isFaceUp,
      };
    }),
  };
}

/** Everything render() draws, from one state. */
export function buildTableModel(state) {
  const t = translatorFor(state.lang);
  const facts = turnFacts(state);
  const { snapshot, view, ready, you, myTurn, canAct, endStage, leftAtEnd, reveal } = facts;
  const direction = tableDirection(state);
  const name = (seat) => seatName(t, seat, direction);
  const table = view ? trickPlays(view) : { current: [null, null, null], ended: null };
  const judged = state.judgement !== null && !state.judgementStale;
  const passRefusal = canAct ? (you?.pass_refusal ?? null) : null; // why Pass is locked now
  // Why Pass is locked: its tooltip always, and a line under the status when the status
  // does not already make it plain. On a lead the prompt says "Your lead", and with cards
  // selected the status judges them: the line would only take the room of their words
  // (a phone's status box holds three lines in all).
  const passReasonShown = Boolean(passRefusal) && passRefusal.code !== "leader_cannot_pass" && !(state.selection.length > 0 && judged);
  // Once the hand is over the engine turns every hand left face up (turnFacts: in beats).
  const faceUp = view?.face_up ?? null;
  // Compact 15's face-up card lies on the felt from the deal until its holder opens; from then
  // on a computer holder's flag names it while it keeps it (the engine's face_up_held).
  const opened = (view?.history?.length ?? 0) > 0;
  const soundOn = state.settings.sound === "on";

  return {
    engine: state.engine,
    bootPath: state.bootPath,
    offline: state.offlineReady,
    moves: view?.history?.length ?? 0,
    stopped: Boolean(state.stopped), // another tab plays the hand: this table is still
    handId: state.handId ?? null,
    lang: t("htmlLang"),
    title: `${t("title")} · ${t("subtitle")}`,
    speed: state.settings.speed,
    boot: bootModel(state, t),
    bar: {
      title: t("title"),
      subtitle: t("subtitle"),
      dealLabel: t("deal"),
      dealCode: snapshot?.deal_code ?? "",
      copyLink: state.linkNotice ? say(t, state.linkNotice) : t("copyLink"),
      sessionLabel: t("session"),
      sessionTotal: signed(state.session.totals[0]),
      languageButton: t("languageButton"),
      languageButtonLabel: t("languageButtonLabel"),
      // The switch speaks the language it switches to; its lang says so (screen readers, the no-English test).
      languageLang: translate(LANGUAGES[(LANGUAGES.indexOf(state.lang) + 1) % LANGUAGES.length], "htmlLang"),
      // A tab that stopped for another one: its New hand takes the hand back (a reload).
      newHand: state.stopped ? t("playHere") : t("newHand"),
      // What comes next once the hand is over; the result sheet's own New hand says it then.
      newHighlighted: Boolean(view?.over) && endStage < 2,
      // Never locked by a move on its way: a tap on New hand is never lost (the reply of a
      // move still in flight is dropped once the new hand is asked for).
      newEnabled: ready,
      difficultyLabel: t("difficulty"),
      level: state.settings.level,
      levels: state.levels.map((level) => ({ value: level, label: t(`level_${level}`) })),
      rulesLabel: t("rules"),
      preset: state.settings.preset,
      presets: state.presets.map((preset) => ({ value: preset.name, label: t.message(preset.label) })),
      settingsEnabled: ready,
      menuOpen: Boolean(state.menuOpen),
      muted: !soundOn,
      labels: { menu: t("menu"), mute: t("mute"), offline: t("offlineReady") },
    },
    seats: SEATS.map((seat) => {
      const live = Boolean(view && !view.over);
      const turn = live && view.to_move === seat;
      // The seat to move: what it did earlier in the trick is behind it (your own "Pass" lay
      // there while the buttons asked you to play).
      const action = turn ? null : table.current[seat];
      const count = view?.counts?.[seat] ?? 0;
      // Lit up for everyone (the engine's `alerts`: one card left, and two at the club), shown with
      // the count, while the hand is played: a warning about the next play goes out with the last.
      const alert = live && view.alerts?.[seat] ? count : null;
      const warning = live && Boolean(view.last_card?.[seat]);
      const thinking = live && turn && seat !== 0;
      // The face-up card a computer seat still holds, named so a player counting cards knows
      // where it is (your own hand marks it on the card).
      const heldFaceUp = live && opened && seat !== 0 && view.face_up_held === true && faceUp?.seat === seat ? cardShort(faceUp.card) : null;
      const spoken = [count === 1 ? t("oneCardLeft") : t("cardsLeft", { n: count })];
      if (turn) spoken.push(t("seatTurn"));
      if (warning) spoken.push(t("seatLastCard"));
      else if (alert === 2) spoken.push(t("seatTwoCards"));
      if (heldFaceUp) spoken.push(t("seatFaceUp", { card: heldFaceUp }));
      const left = reveal?.[seat] ?? [];
      // A loser's cards left, turned face up in front of it, take the place of its last play
      // (a small phone has no room for both, and the hand is over: what it kept is the news).
      const played = action && !left.length ? playModel(t, action) : null;
      return {
        label: view ? t("seatLabel", { name: name(seat), parts: spoken.join(t("listJoin")) }) : name(seat),
        alert,
        seat,
        side: sideOf(seat, direction),
        name: name(seat),
        count: view ? String(count) : "",
        backs: view && !left.length ? Math.min(count, FAN_MAX) : 0, // turned face up at the end: no backs left
        countLabel: count === 1 ? t("oneCardLeft") : t("cardsLeft", { n: count }),
        turn,
        warning,
        thinking,
        flag: seatFlag(t, { warning, alert, thinking, faceUp: heldFaceUp }),
        action: played,
        actionLabel: played ? t("playedLabel", { name: name(seat), play: played.pass ? played.passText : played.text }) : "",
        // Your own cards left are in your hand; at the end they are also laid out in front of you.
        revealRoom: (leftAtEnd?.[seat] ?? []).length > 0,
        reveal: left.length
          ? {
              label: t("revealLabel", { name: name(seat) }),
              caption: t("revealCaption", { n: left.length }),
              cards: left.map((code) => cardModel(t, code)),
            }
          : null,
      };
    }),
    // A trick that has just ended, swept toward its winner (decoration: its plays are no longer on the table).
    sweep: table.ended
      ? {
          at: `${state.handId}:${table.ended.at}`,
          winner: table.ended.winner,
          plays: table.ended.plays.map((play) => (play ? playModel(t, play) : null)),
        }
      : null,
    plate: plateModel(state, t, snapshot, view),
    moment: momentOf(t, snapshot, view, state.handId),
    shutOut: Boolean(view?.over && view.settlement?.shut_out?.some(Boolean)) ? { at: `${state.handId}:over`, text: t("moment_shutOut") } : null,
    // Every word a banner may show in this language (laid out unseen ahead of the first one).
    bannerWords: [t("moment_bomb"), t("moment_plane"), t("lastCard"), t("moment_shutOut")],
    // Compact 15's face-up card says who starts: shown from the deal until its holder opens,
    // then the felt's room is the plays' (your hand keeps the card's mark). Drawn above its
    // holder's play it pushed that play down onto yours on a small phone, and beside your
    // own it squeezed your play into rows. At the end of the hand every card is face up.
    faceUp: faceUp && !view.over && !opened
      ? {
          card: cardModel(t, faceUp.card),
          seat: faceUp.seat,
          title: t("faceUpCard"),
          text: t(faceUp.seat === 0 ? "faceUpYou" : "faceUpSeat", { card: cardShort(faceUp.card), name: name(faceUp.seat) }),
        }
      : null,
    counter: {
      // (no title before there are ranks to count: a label alone over an empty strip at boot)
      title: view ? t("counterTitle") : "",
      ranks: (view?.unseen ?? []).map(([rank, n]) => ({ rank, n, label: t("counterLabel", { rank, n }) })),
    },
    hand: handModel(state, t, facts),
    status: statusModel(state, t, view, myTurn, name, you, passReasonShown),
    buttons: {
      // The button drawn as the main one: Play, or Pass when nothing beats (the only move left).
      primary: canAct && cannotBeat(you) ? "pass" : "play",
      // waiting: a press waits for Hint's search (busy; its spinner comes on after a while)
      // passBest: the search found passing best (Hint said so; its next press gives the plays)
      // ready: the search's answer for this turn is at hand (a press shows it at once)
      hint: {
        text: t("hint"),
        enabled: canAct && (you?.hints?.length ?? 0) > 0,
        waiting: Boolean(state.hintWaiting),
        passBest: canAct && Boolean(state.hintPassBest),
        ready: canAct && Boolean(state.hintReady),
      },
      pass: {
        text: t("pass"),
        enabled: canAct && Boolean(you?.can_pass),
        reason: passRefusal ? t.message(passRefusal.message) : "",
        reasonShown: passReasonShown,
        // red once a tap on Pass (or P) asked why
        reasonTone: passReasonShown && state.flash?.passReason ? "bad" : "info",
      },
      play: {
        text: t("play"),
        enabled: canAct && selectionPlayable(state.selection, state.judgement, state.judgementStale, you),
      },
    },
    notice: state.notice ? say(t, state.notice) : "",
    // A portrait phone gives it a row of its own (never while a hand is in play: see notices.js).
    noticeRow: Boolean(state.noticeRow),
    // The result sheet's words from the hand's last play, so the sheet can be laid out unseen
    // in the beats before it comes up (render.js, renderResult): while that play flies, a
    // light time, and not while the cards left turn up, a few a frame, each frame's work
    // near a frame's length on a slow phone. It comes up with the last beat.
    result: resultModel(state, t, view, name, direction),
    resultUp: endStage >= 2,
    dialogs: dialogsModel(state, t),
  };
}

/** The hand's one tab stop: the card keyboard focus was on, else the one now in its place. */
function focusedCard(state, hand) {
  if (hand.length === 0) return null;
  if (hand.includes(state.focusCard)) return state.focusCard;
  return hand[Math.min(Math.max(state.focusIndex ?? 0, 0), hand.length - 1)];
}
