// From the controller's state to what the panels after the hand show: the
// replay with the coach, the Statistics panel and the update prompt. Plain
// data, words already in the player's language (like table_model.js, which
// draws the table). No DOM and no rules here: the steps, the hands, the plays'
// names, the ratings and the settlement are all the engine's.

import { cardLabel, rankOf } from "../game/cards.js";
import { say, translatorFor } from "../i18n/i18n.js";
import { statsRows } from "../after_hand/stats.js";
import { cardModel, playModel, signed } from "./table_model.js";
import { seatName, seatsLeftToRight } from "./seating.js";
/** A short mark per verdict for the row of decisions (the word is in its label). */
const VERDICT_MARKS = Object.freeze({
  best: "★",
  good: "✓",
  inaccuracy: "?!",
  mistake: "✗",
  forced: "·",
  pending: "…",
  failed: "–",
});
/** UI strings the panels' fixed elements show ([data-panel-text] / [data-panel-label]). */
const FIXED_TEXTS = Object.freeze([
  "replay",
  "replayFirst",
  "replayPrev",
  "replayNext",
  "replayLast",
  "replayCopyLink",
  "replayAgain",
  "coachTitle",
  "panelClose",
  "statsButton",
  "statsTitle",
  "statsReplayLast",
  "statsReset",
  "statsResetConfirm",
  "statsResetYes",
  "statsCancel",
  "updateReady",
  "updateReload",
  "updateLater",
]);

/** Expected points with one decimal and a sign: "+9.4", "-3.0". */
function points(n) {
  const text = n.toFixed(1);
  return n > 0 ? `+${text}` : text === "-0.0" ? "0.0" : text;
}

/** A play in words: the engine's name of the combination, else its cards; null is a pass. */
function playText(t, cards, combo) {
  if (cards === null) return t("coachPass");
  if (combo?.text) return t.message(combo.text);
  return cards.map((code) => cardLabel(t, code)).join(" ");
}

function sameRanks(a, b) {
  if (a === null || b === null) return a === b;
  const ranks = (cards) => cards.map(rankOf).sort().join(",");
  return ranks(a) === ranks(b);
}

function coachDetail(t, record, replayState, step) {
  const review = record.reviews[step];
  if (!review) {
    const failed = replayState.failed?.[step];
    return { state: failed ? "failed" : "pending", text: failed ? t("coachFailedStep") : t("coachPendingStep") };
  }
  const played = record.replay.steps[step];
  const mine = { label: t("coachYourPlay"), play: playText(t, review.played, played.combo), expected: "" };
  const detail = {
    state: "rated",
    verdict: review.verdict,
    verdictText: t(`verdict_${review.verdict}`),
    text: t.message(review.text),
    rows: [mine],
    loss: "",
    options: [],
  };
  if (review.options.length === 0) return detail; // forced: nothing to compare
  const best = review.options[0];
  // The engine's loss is the best option's expected total minus that of the play made.
  mine.expected = points(best.expected - review.loss);
  detail.rows.push({ label: t("coachBest"), play: playText(t, best.cards, best.combo), expected: points(best.expected) });
  detail.loss = t("coachLoss", { loss: review.loss.toFixed(1) });
  detail.options = review.options.map((option) => ({
    play: playText(t, option.cards, option.combo),
    expected: points(option.expected),
    mine: sameRanks(option.cards, review.played),
  }));
  return detail;
}

function coachModel(t, state, record, step) {
  const replayState = state.replay;
  const decisions = record.replay.decisions;
  const chips = decisions.map((decision, index) => {
    const review = record.reviews[decision];
    const verdict = review?.verdict ?? (replayState.failed?.[decision] ? "failed" : "pending");
    return {
      step: decision,
      n: index + 1,
      verdict,
      mark: VERDICT_MARKS[verdict],
      current: decision === step,
      label: t("coachChip", { n: index + 1, verdict: t(`verdict_${verdict}`) }),
    };
  });
  const rated = decisions.map((decision) => record.reviews[decision]).filter(Boolean);
  const unsettled = chips.filter((chip) => chip.verdict === "pending").length;
  const progress = state.reviewProgress?.handId === record.handId ? state.reviewProgress : null;
  let progressText = "";
  if (progress && !progress.paused) {
    progressText = t("coachRating", { n: Math.min(progress.done + 1, progress.total), total: progress.total });
  } else if (unsettled > 0) {
    progressText = t("coachWaiting");
  }
  let summary = "";
  if (decisions.length === 0) {
    summary = t("coachNoDecisions");
  } else if (rated.length > 0) {
    const lost = rated.reduce((sum, review) => sum + review.loss, 0);
    const count = (verdict) => rated.filter((review) => review.verdict === verdict).length;
    summary = t(unsettled > 0 ? "coachSoFar" : "coachSummary", {
      lost: lost.toFixed(1),
      mistakes: count("mistake"),
      inaccuracies: count("inaccuracy"),
      good: count("best") + count("good"),
      rated: rated.length,
    });
  }
  return {
    title: t("coachTitle"),
    progress: progressText,
    pending: unsettled,
    summary,
    chips,
    detail: decisions.includes(step) ? coachDetail(t, record, replayState, step) : { state: "none", text: t("coachPick") },
  };
}

function settlementModel(t, settlement, name) {
  return {
    headings: [t("resultSeat"), t("resultCardsLeft"), t("resultShutOut"), t("resultBombs"), t("resultTotal")],
    rows: [0, 1, 2].map((seat) => ({
      seat,
      name: name(seat),
      winner: settlement.winner === seat,
      cells: [
        String(settlement.cards_left?.[seat] ?? ""),
        settlement.shut_out?.[seat] ? t("yes") : t("no"),
        signed(settlement.bombs?.[seat] ?? 0),
        signed(settlement.total[seat]),
      ],
    })),
  };
}

function replayModel(state, t) {
  const direction = state.settings?.direction ?? "left";
  const name = (seat) => seatName(t, seat, direction);
  const replayState = state.replay;
  const record = state.lastHand;
  if (!replayState || !record) return null;
  const base = {
    title: t("replayTitle", { code: record.dealCode ?? "—" }),
    link: replayState.link ? say(t, replayState.link) : "",
    again: Boolean(record.dealCode) && state.engine === "ready",
    copy: Boolean(record.dealCode),
  };
  if (replayState.status !== "ready" || !record.replay) {
    const message =
      replayState.status === "error"
        ? t("replayFailed", { reason: say(t, replayState.error) })
        : t("replayLoading");
    return { ...base, ready: false, message };
  }
  const data = record.replay;
  const last = data.steps.length - 1;
  const step = Math.min(record.step, last);
  const current = data.steps[step];
  const history = data.steps.slice(1, step + 1);
  // Each seat's latest action in the trick this step belongs to (as the table shows it);
  // where that trick began is the engine's (the step's `trick_start`).
  const from = current.trick_start;
  const plays = [null, null, null];
  for (let i = from; i < history.length; i += 1) plays[history[i].seat] = { ...history[i], current: i === step - 1 };
  const next = data.steps[step + 1]?.seat ?? null;
  const over = step === last && data.settlement;
  let caption;
  if (step === 0) {
    caption = next === null ? t("replayDeal") : t("replayDealLeads", { name: name(next) });
  } else {
    const who = name(current.seat);
    caption =
      current.cards === null
        ? t("replayPasses", { name: who })
        : t("replayPlays", { name: who, play: playText(t, current.cards, current.combo) });
  }
  if (over) {
    const winner = data.settlement.winner;
    caption = [caption, winner === 0 ? t("youWin") : t("seatWins", { name: name(winner) })].join(t("sentenceJoin"));
  }
  return {
    ...base,
    ready: true,
    step,
    last,
    stepText: step === 0 ? t("replayStepDeal", { total: last }) : t("replayStep", { n: step, total: last }),
    caption,
    nav: { back: step > 0, forward: step < last },
    // Top to bottom as at the table: the seat on the left, the one on the right, then you.
    seats: seatsLeftToRight(direction).map((seat) => {
      const hand = current.hands[seat];
      const play = plays[seat];
      return {
        seat,
        name: name(seat),
        count: hand.length === 1 ? t("oneCardLeft") : t("cardsLeft", { n: hand.length }),
        turn: next === seat,
        turnText: next === seat ? t("replayToPlay") : "",
        acting: play?.current === true,
        cards: hand.map((code) => cardModel(t, code)),
        play: play ? { ...playModel(t, play), current: play.current } : null,
      };
    }),
    coach: coachModel(t, state, record, step),
    settlement: over ? settlementModel(t, data.settlement, name) : null,
  };
}

function statsModel(state, t) {
  if (!state.statsPanel || !state.stats) return null;
  const presetNames = state.presets.map((preset) => preset.name);
  const presetLabel = (name) => {
    const preset = state.presets.find((p) => p.name === name);
    return preset ? t.message(preset.label) : name;
  };
  const rows = statsRows(state.stats, state.levels, presetNames).map((row) => ({
    key: `${row.group}:${row.name}`,
    group: row.group,
    label: row.group === "all" ? t("statsAll") : row.group === "level" ? t(`level_${row.name}`) : presetLabel(row.name),
    cells: {
      hands: String(row.hands),
      wins: String(row.wins),
      winRate: row.hands ? `${Math.round((100 * row.wins) / row.hands)}%` : "—",
      points: signed(row.points),
      shutOutsGiven: String(row.shutOutsGiven),
      shutOutsTaken: String(row.shutOutsTaken),
      abandoned: String(row.abandoned),
    },
  }));
  return {
    headings: [
      { key: "label", text: "" },
      { key: "hands", text: t("statsHands") },
      { key: "wins", text: t("statsWins") },
      { key: "winRate", text: t("statsWinRate") },
      { key: "points", text: t("statsPoints") },
      { key: "shutOutsGiven", text: t("statsShutOutsGiven") },
      { key: "shutOutsTaken", text: t("statsShutOutsTaken") },
      { key: "abandoned", text: t("statsAbandoned") },
    ],
    groups: { level: t("statsByLevel"), preset: t("statsByRules") },
    rows,
    empty: rows[0].cells.hands === "0" && rows[0].cells.abandoned === "0" ? t("statsEmpty") : "",
    confirm: Boolean(state.statsPanel.confirm),
    done: state.statsPanel.done ? t("statsWasResetByYou") : "",
    replayLast: Boolean(state.lastHand),
  };
}

/** Everything render_panels.js draws, from one state. */
export function buildPanelsModel(state) {
  const t = translatorFor(state.lang);
  const view = state.snapshot?.view ?? null;
  const replay = replayModel(state, t);
  const stats = statsModel(state, t);
  return {
    texts: Object.fromEntries(FIXED_TEXTS.map((key) => [key, t(key)])),
    // The result panel's Replay: the finished hand on the table is the one kept.
    resultReplay: Boolean(view?.over && state.lastHand && state.lastHand.handId === state.handId),
    modal: replay !== null || stats !== null,
    replay,
    stats,
    update: state.update
      ? { applying: state.update.phase === "applying", text: state.update.phase === "applying" ? t("updateApplying") : t("updateReady") }
      : null,
  };
}
