//# allFunctionsCalledOnLoad
// The player's settings and the session's running score, as plain data.
// Later settings (animation speed, sound, timer...) are added to DEFAULTS and
// CHOICES; everything unknown or invalid in storage falls back to a default.

import { parseJson } from "./storage.js";

export const SETTINGS_KEY = "paodekuai.settings";
export const SESSION_KEY = "paodekuai.session";

const CHOICES = Object.freeze({
  level: null, // any level the engine lists in `hello`; settings_keeper.adopt checks it against that list
  preset: null, // any name the engine lists in `hello`; checked against that list
  language: null, // checked by i18n.pickLanguage
  speed: ["normal", "fast"],
  sound: ["off", "on"],
  // Which side of the table plays after you: the seat on your left (West) or on
  // your right (the Chinese apps' 下家). Presentation only: seat numbers never change.
  // A hand keeps the seating it was dealt with; a change seats the next hand.
  direction: ["left", "right"],
  // When nothing in the hand beats the play to beat, pass without waiting for a tap
  // (as the club apps offer). Off unless the player turns it on.
  autoPass: ["off", "on"],
});

export const DEFAULT_SETTINGS = Object.freeze({
  level: "medium",
  preset: "standard",
  language: null,
  speed: "normal",
  // Short synthesized cues. On unless the player switched them off; the browser
  // lets them sound only once the person has tapped or pressed a key.
  sound: "on",
  soundChosen: false, // the player chose `sound` (an older save's "off" was only the old default)
  direction: "left",
  autoPass: "off",
});

/** How long a computer seat visibly "thinks" before its request goes out, per speed: on Fast a person still follows each move. */
export const BOT_DELAY_MS = Object.freeze({ normal: 650, fast: 280 });

/**
 * Before a computer seat holding Compact 15's face-up card leads with it, per speed: the card
 * lies on the felt by its holder from the deal until that lead, long enough to be read.
 */
export const FACE_UP_DELAY_MS = Object.freeze({ normal: 2200, fast: 1200 });

/**
 * The end of a hand comes in beats, per speed: once the last play has landed, the cards
 * left turn face up after the first pause, and the result comes up after the second.
 */
export const END_BEATS_MS = Object.freeze({ normal: [300, 400], fast: [180, 260] });

export function readSettings(text) {
  const { value } = parseJson(text);
  const settings = { ...DEFAULT_SETTINGS };
  if (value && typeof value === "object") {
    for (const [name, allowed] of Object.entries(CHOICES)) {
      const candidate = value[name];
      if (typeof candidate !== "string") continue;
      if (allowed === null || allowed.includes(candidate)) settings[name] = candidate;
    }
    if (value.soundChosen === true) settings.soundChosen = true;
    else settings.sound = DEFAULT_SETTINGS.sound;
  }
  return settings;
}

export function withSetting(settings, name, value) {
  const allowed = CHOICES[name];
  if (allowed === undefined) return settings;
  if (allowed !== null && !allowed.includes(value)) return settings;
  if (name === "sound") return { ...settings, sound: value, soundChosen: true };
  return { ...settings, [name]: value };
}

/** Whether `value` is a seating: the side the seat after you sits on. */
export const isDirection = (value) => CHOICES.direction.includes(value);

export const EMPTY_SESSION = Object.freeze({ totals: [0, 0, 0], hands: 0, counted: [] });

export function readSession(text) {
  const { value } = parseJson(text);
  const ok =
    value &&
    Array.isArray(value.totals) &&
    value.totals.length === 3 &&
    value.totals.every(Number.isInteger) &&
    Number.isInteger(value.hands) &&
    Array.isArray(value.counted);
  if (!ok) return EMPTY_SESSION;
  return { totals: value.totals, hands: value.hands, counted: value.counted.slice(-20) };
}

/**
 * The session with a finished hand's totals (by side: you, left, right) added, once per
 * hand id (a reload must not count it twice).
 */
export function addHandToSession(session, handId, totals) {
  if (session.counted.includes(handId)) return session;
  return {
    totals: session.totals.map((sum, seat) => sum + totals[seat]),
    hands: session.hands + 1,
    counted: [...session.counted, handId].slice(-20),
  };
}
