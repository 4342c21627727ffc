//# allFunctionsCalledOnLoad
// From the controller's state to what the panels after the hand show: the
// replay with the coach, the Statistics panel and the update prompt. Plain
// data, words already in the player's language (like table_model.js, which
// draws the table). No DOM and no rules here: the steps, the hands, the plays'
// names, the ratings and the settlement are all the engine's.

import { cardLabel, cardShort } from "../game/cards.js";
import { TALLY_JOIN, say, translatorFor } from "../i18n/i18n.js";
import { statsRows } from "../after_hand/stats.js";
import { isCounted, unratedVerdict } from "../after_hand/last_hand.js";
import { dailyResult, dailySummary, isPractice } from "../after_hand/daily_record.js";
import { runningPoints } from "../after_hand/recent_hands.js";
import { cardModel, playModel, signed } from "./table_model.js";
import { seatName, seatsLeftToRight, settingDirection } from "./seating.js";
/** A short mark per verdict for the row of decisions (the word is in its label). */
const VERDICT_MARKS = Object.freeze({
  best: "★",
  good: "✓",
  inaccuracy: "?!",
  mistake: "✗",
  forced: "·",
  timedOut: "◷", // a clock face from Geometric Shapes: ⏱ needs an emoji font, which many Linux desktops lack
  pending: "…",
  failed: "–",
});
/**
 * The marks the key under the row of decisions explains, in this order (those the row shows):
 * "…" too while a decision waits for its rating (a row of "…" told a new player nothing).
 */
const LEGEND_ORDER = Object.freeze(["best", "good", "inaccuracy", "mistake", "forced", "timedOut", "pending", "failed"]);
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
  "dailyButton",
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

/** Points lost, with one decimal; none at all is "0" (a best play lost nothing, not "0.0"). */
function lossText(loss) {
  const text = loss.toFixed(1);
  return text === "0.0" || text === "-0.0" ? "0" : text;
}

/** A play in words: the engine's name of the combination, else its cards; null is a pass. */
function playText(t, cards, combo) {
  if (cards === null) return t("coachPass");
  if (combo?.text) return t.message(combo.text);
  return cards.map((code) => cardLabel(t, code)).join(" ");
}

/** The coach's option of `step` drawn on the replay table instead of your play, or null. */
function shownOption(record, replayState, step) {
  const chosen = replayState.option;
  if (!chosen || chosen.step !== step) return null;
  return record.reviews[step]?.options?.[chosen.index] ?? null;
}

function coachDetail(t, record, replayState, step) {
  const unrated = unratedVerdict(record.replay, step);
  if (unrated === "timedOut") {
    return { state: "rated", verdict: "timedOut", verdictText: t("verdict_timedOut"), text: t("coachTimedOutStep"), why: "", rows: [], loss: "", options: [] };
  }
  const review = record.reviews[step];
  if (!review) {
    if (unrated === "forced") {
      return { state: "rated", verdict: "forced", verdictText: t("verdict_forced"), text: t("coachForcedStep"), why: "", rows: [], loss: "", options: [] };
    }
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
    // Inaccuracies and mistakes: the search's one line of why.
    why: review.why ? t.message(review.why) : "",
    rows: [mine],
    loss: "",
    options: [],
  };
  if (review.options.length === 0) return detail; // forced: nothing to compare
  const best = review.options.find((option) => option.best) ?? review.options[0];
  // The engine's loss is the best option's expected total minus that of the play made.
  mine.expected = points(best.expected - review.loss);
  detail.rows.push({ label: t("coachBest"), play: playText(t, best.cards, best.combo), expected: points(best.expected) });
  detail.loss = t("coachLoss", { loss: lossText(review.loss) });
  const shown = shownOption(record, replayState, step);
  // Every option with its cards: two plays of the same name differ by what they carry.
  detail.options = review.options.map((option, index) => ({
    index,
    play: playText(t, option.cards, option.combo),
    cards: (option.cards ?? []).map((code) => cardModel(t, code)),
    expected: points(option.expected),
    played: option.played === true,
    best: option.best === true,
    marks: [option.played ? t("coachMarkPlayed") : "", option.best ? t("coachMarkBest") : ""].filter(Boolean).join(" · "),
    shown: option === shown || (shown === null && option.played === true),
    label: t("coachShowOption", { play: playText(t, option.cards, option.combo), expected: points(option.expected) }),
  }));
  detail.optionsTitle = t("coachOptions");
  return detail;
}

function coachModel(t, state, record, step) {
  const replayState = state.replay;
  const decisions = record.replay.decisions;
  // Played by the club timer: never yours, whatever review an older page may have kept.
  const verdictOf = (decision) =>
    (unratedVerdict(record.replay, decision) === "timedOut" ? "timedOut" : null) ??
    record.reviews[decision]?.verdict ??
    unratedVerdict(record.replay, decision) ??
    (replayState.failed?.[decision] ? "failed" : "pending");
  const chips = decisions.map((decision, index) => {
    const verdict = verdictOf(decision);
    return {
      step: decision,
      n: index + 1,
      verdict,
      mark: VERDICT_MARKS[verdict],
      current: decision === step,
      label: t("coachChip", { n: index + 1, verdict: t(`verdict_${verdict}`) }),
    };
  });
  // Only your decisions with a choice count: a forced one, or one the timer played, is in no tally.
  const rated = decisions
    .filter((decision) => unratedVerdict(record.replay, decision) === null)
    .map((decision) => record.reviews[decision])
    .filter((review) => review && isCounted(review));
  const unsettled = chips.filter((chip) => chip.verdict === "pending").length;
  const progress = state.reviewProgress?.handId === record.handId ? state.reviewProgress : null;
  let progressText = "";
  if (progress && !progress.paused) {
    progressText = t("coachRating", { n: Math.min(progress.done + 1, progress.total), total: progress.total });
  } else if (unsettled > 0) {
    progressText = t("coachWaiting");
  }
  // Nothing to rate (no decision, or every one forced): no invitation to pick a rated one.
  const nothingToRate = chips.every((chip) => chip.verdict === "forced" || chip.verdict === "timedOut"); // true for no decision too
  let summary = "";
  let tallies = null; // the summary's tallies, each kept on one line, when it is a count
  if (decisions.length === 0) {
    summary = t("coachNoDecisions");
  } else if (nothingToRate) {
    summary = t(chips.some((chip) => chip.verdict === "forced") ? "coachAllForced" : "coachAllTimedOut");
  } else if (rated.length > 0) {
    const lost = rated.reduce((sum, review) => sum + review.loss, 0);
    const count = (verdict) => rated.filter((review) => review.verdict === verdict).length;
    tallies = [
      t(unsettled > 0 ? "coachSoFar" : "coachLost", { lost: lossText(lost) }),
      t("coachMistakes", { n: count("mistake") }),
      t("coachInaccuracies", { n: count("inaccuracy") }),
      t("coachGood", { good: count("best") + count("good"), rated: rated.length }),
    ];
    summary = tallies.join(TALLY_JOIN);
  }
  return {
    title: t("coachTitle"),
    progress: progressText,
    pending: unsettled,
    summary,
    tallies,
    chips,
    // A key to the marks: "★ Best", "· Forced"… (a row of bare marks told a new player nothing).
    legend: LEGEND_ORDER.filter((verdict) => chips.some((chip) => chip.verdict === verdict)).map(
      (verdict) => ({ verdict, mark: VERDICT_MARKS[verdict], word: t(`verdict_${verdict}`) }),
    ),
    detail: decisions.includes(step)
      ? coachDetail(t, record, replayState, step)
      : { state: "none", text: nothingToRate ? "" : t("coachPick") },
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
  const replayState = state.replay;
  const record = state.lastHand;
  if (!replayState || !record) return null;
  const direction = record.direction ?? settingDirection(state.settings); // as its seats sat
  const name = (seat) => seatName(t, seat, direction);
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
  // The play still standing (the trick's latest play, the one to beat) is drawn as clearly
  // as the latest action: dimmed with the plays it beat, it did not stand out.
  let standing = -1;
  for (let i = from; i < history.length; i += 1) if (history[i].cards !== null) standing = i;
  for (let i = from; i < history.length; i += 1) {
    plays[history[i].seat] = { ...history[i], current: i === step - 1, standing: i === standing };
  }
  // The coach's option chosen for this step stands in for your play: your hand before the
  // step without the option's cards, the option in front of you.
  const option = shownOption(record, replayState, step);
  const hands = current.hands.slice();
  if (option) {
    const gone = new Set(option.cards ?? []);
    hands[0] = data.steps[step - 1].hands[0].filter((code) => !gone.has(code));
    plays[0] = { seat: 0, cards: option.cards, combo: option.combo, current: true, option: true };
  }
  const next = data.steps[step + 1]?.seat ?? null;
  // The next action begins a trick (the engine's trick_start): the seat to move leads, and
  // after a trick's last pass it is the seat whose play won it (drawn still in front of it).
  const leads = data.steps[step + 1]?.trick_start === step;
  const turnText = leads ? t(step > 0 ? "replayWonToLead" : "replayToLead") : t("replayToPlay");
  const over = step === last && data.settlement;
  let caption;
  if (step === 0) {
    const faceUp = data.face_up ?? null; // (a hand kept before replays said it: none)
    if (faceUp) {
      const what = t(faceUp.seat === 0 ? "faceUpYou" : "faceUpSeat", { card: cardShort(faceUp.card), name: name(faceUp.seat) });
      caption = t("replayDealFaceUp", { what });
    } else {
      caption = next === null ? t("replayDeal") : t("replayDealLeads", { name: name(next) });
    }
  } else {
    const who = name(current.seat);
    caption =
      current.cards === null
        ? t("replayPasses", { name: who })
        : t("replayPlays", { name: who, play: playText(t, current.cards, current.combo) });
    if (option) {
      caption = option.cards
        ? t("replayInstead", { play: playText(t, option.cards, option.combo), played: caption })
        : t("replayInsteadPass", { played: caption });
    }
  }
  if (over) {
    const winner = data.settlement.winner;
    caption = [caption, winner === 0 ? t("replayYouWin") : t("replaySeatWins", { name: name(winner) })].join(t("sentenceJoin"));
  }
  return {
    ...base,
    ready: true,
    step,
    last,
    // what the last tap in the coach showed, to bring into sight once: {part, n} or null
    reveal: replayState.reveal ?? null,
    stepText: step === 0 ? t("replayStepDeal", { total: last }) : t("replayStep", { n: step, total: last }),
    caption,
    nav: { back: step > 0, forward: step < last },
    // Top to bottom as at the table: the seat on the left, the one on the right, then you.
    seats: seatsLeftToRight(direction).map((seat) => {
      const hand = hands[seat];
      const play = plays[seat];
      return {
        seat,
        name: name(seat),
        count: hand.length === 1 ? t("oneCardLeft") : t("cardsLeft", { n: hand.length }),
        turn: next === seat,
        turnText: next === seat ? turnText : "",
        acting: play?.current === true,
        cards: hand.map((code) => cardModel(t, code)),
        play: play ? { ...playModel(t, play), current: play.current, standing: play.standing === true, option: play.option === true } : null,
      };
    }),
    coach: coachModel(t, state, record, step),
    settlement: over ? settlementModel(t, data.settlement, name) : null,
  };
}

/** The charts' drawing box (SVG user units; the SVG scales to the panel's width). */
const CHART = Object.freeze({ width: 320, height: 90, pad: 6 });
/** Points shown in the running-points chart, and daily deals in the daily chart. */
const CHART_HANDS = 30;
const CHART_DAYS = 14;

/** y of `value` in a chart whose values run from `low` to `high` (0 always inside). */
function scaleY(value, low, high) {
  // Every value 0 (a tie with Hard): the zero line runs through the middle, not along the top.
  if (high === low) return CHART.height / 2;
  return CHART.pad + ((high - value) / (high - low)) * (CHART.height - 2 * CHART.pad);
}

/**
 * Room at the left for the zero line's "0" and at the right for the last total's figure
 * (SVG user units): figures beside the drawing, never over the line they read.
 */
const LABEL_LEFT = 14;
const LABEL_RIGHT = 30;
/** Where a chart's drawing starts: past the "0" and the drawing box's own margin. */
const PLOT_LEFT = LABEL_LEFT + CHART.pad;

/**
 * A chart's scale in figures on it: "0" at the left end of the zero line, and, with `last`,
 * that point's value just right of it (a line and no figure read as a shape, not as points).
 */
function chartLabels(zeroY, last = null) {
  const middle = (y) => Math.min(CHART.height - 2, Math.max(9, y + 3.5)); // a 10-unit figure centred on y
  const labels = [{ x: 1, y: middle(zeroY), text: "0", anchor: "start" }];
  if (last && last.value !== 0) labels.push({ x: last.x + 5, y: middle(last.y), text: signed(last.value), anchor: "start" });
  return labels;
}

function pointsChart(state, t) {
  const values = runningPoints(state.recent ?? { hands: [] }).slice(-CHART_HANDS);
  const n = values.length;
  // None and one hand have their own wording (not "the last 1 hands").
  const title = t(n === 0 ? "chartPointsTitleNone" : n === 1 ? "chartPointsTitleOne" : "chartPointsTitle", { n });
  const base = { key: "points", title, width: CHART.width, height: CHART.height, values };
  // A line needs two points: before that the chart is its words alone.
  if (n === 0) {
    const text = t("chartPointsEmpty");
    return { ...base, drawn: false, text, label: text, line: "", zeroY: CHART.height / 2, bars: [], labels: [] };
  }
  const low = Math.min(0, ...values);
  const high = Math.max(0, ...values);
  const step = n > 1 ? (CHART.width - PLOT_LEFT - CHART.pad - LABEL_RIGHT) / (n - 1) : 0;
  const x = (i) => (n > 1 ? PLOT_LEFT + i * step : CHART.width / 2);
  const line = values.map((v, i) => `${x(i).toFixed(1)},${scaleY(v, low, high).toFixed(1)}`).join(" ");
  const text = t(n === 1 ? "chartPointsTextOne" : "chartPointsText", {
    n,
    first: signed(values[0]),
    last: signed(values[n - 1]),
    low: signed(Math.min(...values)),
    high: signed(Math.max(...values)),
  });
  // The latest total as a dot: a single hand is a dot, not an invisible line.
  const dot = { x: x(n - 1), y: scaleY(values[n - 1], low, high) };
  const zeroY = scaleY(0, low, high);
  const labels = chartLabels(zeroY, { ...dot, value: values[n - 1] });
  return { ...base, drawn: n > 1, text, label: text, line, dot, zeroY, zeroFrom: LABEL_LEFT, bars: [], labels };
}

/**
 * A date kept on one line: Chinese text breaks anywhere, and broke "2026-12-07" after
 * "2026-". A word joiner (U+2060, unseen) on each side of a hyphen, in the words shown
 * only: the chart's accessible name (`label`) keeps the plain date.
 */
function unbroken(date) {
  return date.replaceAll("-", "\u2060-\u2060");
}

function dailyChart(summary, t) {
  const recent = summary.recent.slice(-CHART_DAYS);
  const diffs = recent.map((day) => day.you - day.hard);
  const base = { key: "daily", title: t("chartDailyTitle"), width: CHART.width, height: CHART.height, values: diffs, line: "" };
  const low = Math.min(0, ...diffs);
  const high = Math.max(0, ...diffs);
  const zeroY = scaleY(0, low, high);
  const slot = (CHART.width - PLOT_LEFT - CHART.pad) / CHART_DAYS;
  const bars = recent.map((day, i) => {
    const y = scaleY(diffs[i], low, high);
    return {
      x: PLOT_LEFT + i * slot + slot * 0.15,
      y: Math.min(y, zeroY),
      w: slot * 0.7,
      h: Math.max(1, Math.abs(zeroY - y)),
      tone: diffs[i] > 0 ? "good" : diffs[i] < 0 ? "bad" : "even",
      label: `${day.date}: ${signed(day.you)} · ${t("level_hard")} ${signed(day.hard)}`,
    };
  });
  const words = (date) => {
    const list = recent.map((day, i) => t("chartDailyItem", { date: date(day.date), diff: signed(diffs[i]) })).join(t("listJoin"));
    return t(recent.length === 1 ? "chartDailyTextOne" : "chartDailyText", { n: recent.length, list });
  };
  return {
    ...base,
    drawn: true,
    text: words(unbroken),
    label: words((date) => date),
    zeroY,
    zeroFrom: LABEL_LEFT,
    bars,
    labels: chartLabels(zeroY),
  };
}

/** The daily deals' line and the two charts of Statistics. */
function chartsModel(state, t) {
  const summary = dailySummary(state.daily?.record ?? { results: {} }, state.daily?.today ?? "");
  return {
    daily: {
      title: t("statsDailyTitle"),
      streak: t(summary.streak === 1 ? "statsDailyStreakOne" : "statsDailyStreak", { n: summary.streak }),
      record: summary.played ? t("statsDailyRecord", summary) : t("statsDailyEmpty"),
      streakDays: summary.streak,
    },
    // No daily deal played yet: the daily line above says so, and there is nothing to draw.
    charts: summary.recent.length > 0 ? [pointsChart(state, t), dailyChart(summary, t)] : [pointsChart(state, t)],
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
    ...chartsModel(state, t),
  };
}

/** The line Copy puts on the clipboard: the day's result {you, hard} of `date`, in t's language. */
export function dailyShareLine(t, date, result) {
  return t("dailyShare", { date, you: signed(result.you), hard: signed(result.hard) });
}

/**
 * The daily deal's block under the result: the day's result (this hand's, or the first
 * one's when this hand is practice), Hard's on the same deal, the share line of the day.
 */
function dailyModel(state, t) {
  const shown = state.daily?.shown;
  const view = state.snapshot?.view;
  if (!shown || !view?.over || shown.handId !== state.handId) return null;
  const record = state.daily.record;
  const result = dailyResult(record, shown.date);
  if (!result) return null;
  const practice = isPractice(record, shown.date, shown.handId);
  const diff = result.hard === null ? null : result.you - result.hard;
  let verdict = "";
  if (diff !== null) {
    verdict = diff > 0 ? t("dailyBeatHard", { n: diff }) : diff === 0 ? t("dailyTiedHard") : t("dailyLostHard", { n: -diff });
  }
  return {
    practice,
    title: t(practice ? "dailyPracticeTitle" : "dailyTitle", { date: shown.date }),
    youLabel: t(practice ? "dailyRecordedTotal" : "dailyYouTotal"),
    you: signed(result.you),
    hardLabel: t("dailyHardTotal"),
    hard: result.hard === null ? null : signed(result.hard),
    thinking: result.hard === null ? t("dailyHardThinking") : "",
    verdict,
    share: result.hard === null ? "" : dailyShareLine(t, shown.date, result),
    // Copied: said on the button (and to a screen reader in full); a line to copy by hand is shown.
    copy: shown.copy?.key === "dailyCopied" ? t("dailyCopiedShort") : t("dailyCopy"),
    copied: shown.copy ? say(t, shown.copy) : "",
    copiedQuiet: shown.copy?.key === "dailyCopied",
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
    daily: dailyModel(state, t),
    update: state.update
      ? { applying: state.update.phase === "applying", text: state.update.phase === "applying" ? t("updateApplying") : t("updateReady") }
      : null,
  };
}
