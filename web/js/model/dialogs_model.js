//# allFunctionsCalledOnLoad
// From the table's state to what its dialogs show, in the
// player's language: the Settings dialog, the How to play dialog, the
// question before a new hand abandons this one, the turn timer and the
// auto-play bar. Plain data, no DOM (render_dialogs.js draws it).

import { LANGUAGES, translate } from "../i18n/i18n.js";
import { howToPlay, presetLine } from "../i18n/how_to_play.js";
import { cardModel } from "./card_model.js";
import { seatName, settingDirection, tableDirection } from "./seating.js";
import { dailyResult } from "../after_hand/daily_record.js";

/** Seconds left at which the countdown turns urgent (and ticks, with sound on). */
export const URGENT_SECONDS = 5;

/** The preset summary (from `hello`) a name refers to, or null. */
export function presetNamed(state, name) {
  return state.presets.find((preset) => preset.name === name) ?? null;
}

function choices(t, prefix, values) {
  return values.map((value) => ({ value, label: t(`${prefix}_${value}`) }));
}

/**
 * What the hand on the table is played with, under the choices (they are the next hand's):
 * its rules and difficulty, and its seating when the setting has turned play round since.
 */
function thisHandLine(state, t, rules, level) {
  const params = { rules: t.message(rules.label), level: t(`level_${level}`) };
  const seating = tableDirection(state);
  if (seating === settingDirection(state.settings)) return t("settingsThisHand", params);
  return t("settingsThisHandSeats", { ...params, seat: seatName(t, 1, seating) });
}

function settingsModel(state, t) {
  const view = state.snapshot?.view;
  const rules = view ? presetNamed(state, view.rules) : null;
  const level = state.handLevel ?? state.settings.level;
  return {
    // Each language is named in itself, and marked as such.
    language: {
      value: state.lang,
      options: LANGUAGES.map((lang) => ({ value: lang, label: t(`language_${lang}`), lang: translate(lang, "htmlLang") })),
    },
    speed: { value: state.settings.speed, options: choices(t, "speed", ["normal", "fast"]) },
    sound: { value: state.settings.sound ?? "on", options: choices(t, "sound", ["off", "on"]) },
    direction: { value: settingDirection(state.settings), options: choices(t, "direction", ["left", "right"]) },
    autoPass: { value: state.settings.autoPass ?? "off", options: choices(t, "autoPass", ["off", "on"]) },
    thisHand: rules ? thisHandLine(state, t, rules, level) : "",
    // What the rules chosen are, at a glance: the presets differ in a few facts, said here.
    rulesLine: presetLine(presetNamed(state, state.settings.preset), state.lang),
  };
}

function helpModel(state, t) {
  // How to play explains the rules of the hand on the table (the engine's view names them:
  // a deal link, the daily deal or a change of rules since may differ from the setting);
  // with no hand yet, the rules chosen. When they differ, a note says the next hand
  // is played with the setting's rules.
  const chosen = state.settings.preset;
  const name = state.snapshot?.view?.rules ?? chosen;
  const preset = presetNamed(state, name);
  const label = preset ? t.message(preset.label) : name;
  const { sections } = howToPlay(preset, state.lang); // the engine's summary of the preset (null before `hello`)
  const next = name !== chosen ? presetNamed(state, chosen) : null;
  return {
    preset: name,
    title: t("helpTitle", { rules: label }),
    thisHand: next ? t("helpNextHand", { rules: label, next: t.message(next.label) }) : "",
    // A kind's example is drawn with the table's own cards.
    sections: sections.map((section) => ({
      ...section,
      items: section.items.map((item) => {
        const cards = item.cards.map((code) => cardModel(t, code));
        return { ...item, cards, cardsLabel: cards.map((card) => card.label).join(t("listJoin")) };
      }),
    })),
  };
}

function timerModel(state, t) {
  const timer = state.timer;
  if (!timer || state.autoPlay) return null;
  const n = timer.seconds;
  return {
    seconds: n,
    fraction: timer.total > 0 ? Math.min(1, n / timer.total) : 0,
    paused: timer.paused,
    urgent: n <= URGENT_SECONDS,
    text: t("timerText", { n }),
    label: timer.paused ? t("timerPaused", { n }) : t("timerLabel", { n }),
  };
}

/**
 * The words of the question before a hand in progress is abandoned: for a new deal the
 * general ones; for a deal link, which deal comes; for the daily deal, which day's deal
 * comes and whether it is practice (the date has its result already).
 */
function newHandQuestion(state, t) {
  const asked = state.asked?.daily;
  if (!asked || !state.daily) {
    const code = state.asked?.deal;
    const title = code ? t("confirmDealTitle", { code }) : t("confirmNewTitle");
    return { confirmNewTitle: title, confirmNewText: t("confirmNewText"), confirmNewYes: t("confirmNewYes") };
  }
  const date = asked.date ?? state.daily.today;
  const practice = dailyResult(state.daily.record, date) !== null;
  return {
    confirmNewTitle: t(date === state.daily.today ? "confirmDailyTitle" : "confirmDailyDateTitle", { date }),
    confirmNewText: t(practice ? "confirmDailyAgainText" : "confirmDailyText"),
    confirmNewYes: t("confirmDailyYes"),
  };
}

export function dialogsModel(state, t) {
  return {
    open: state.panel ?? null, // "settings" | "help" | "new-hand" (the question before abandoning a hand) | null
    speed: state.settings.speed,
    texts: {
      settingsButton: t("settingsButton"),
      settingsTitle: t("settingsTitle"),
      helpButton: t("helpButton"),
      languageLabel: t("languageLabel"),
      speedLabel: t("speedLabel"),
      soundLabel: t("soundLabel"),
      directionLabel: t("directionLabel"),
      autoPassLabel: t("autoPassLabel"),
      ...newHandQuestion(state, t),
      confirmNewNo: t("confirmNewNo"),
      settingsNote: t("settingsNote"),
      done: t("done"),
      close: t("close"),
      stopAuto: t("stopAuto"),
    },
    settings: state.panel === "settings" ? settingsModel(state, t) : null, // drawn only open
    help: state.panel === "help" ? helpModel(state, t) : null,
    timer: timerModel(state, t),
    // Auto-play plays the person's turns: once the hand is over there are none, and its bar goes.
    auto: state.autoPlay && !state.snapshot?.view?.over ? { text: t("autoOn") } : null,
  };
}
