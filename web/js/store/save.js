//# allFunctionsCalledOnLoad
// The saved hand: an envelope around the last Snapshot's `game` and `view`.
// The main thread owns it (localStorage); a worker that starts gets `game` back
// through the `load` request. `game` is the hand; `view` only a preview, drawn
// before the engine is up and replaced by the engine's reply. This module only
// builds and checks the envelope: whether the game inside is a possible
// position is the engine's call (bad_save).

import { isCardCode } from "../game/cards.js";
import { parseJson } from "./storage.js";

export const SAVE_KEY = "paodekuai.save";
export const SAVE_APP = "paodekuai";
/** Bump when the envelope's shape changes: older saves are then refused, not misread. */
export const SAVE_FORMAT = 1;

/** A new id for a hand, so its result is added to the session score exactly once. */
export function newHandId() {
  const bytes = new Uint8Array(8);
  globalThis.crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

/** The envelope to store after an action. */
export function makeSave({ snapshot, handId, level, preset, direction = "left" }) {
  return {
    app: SAVE_APP,
    format: SAVE_FORMAT,
    savedAt: Date.now(),
    handId,
    level,
    preset,
    direction, // the hand's seating (a save without it: the setting's)
    dealCode: snapshot.deal_code ?? null,
    game: snapshot.game,
    view: snapshot.view,
  };
}

const isObject = (value) => value !== null && typeof value === "object" && !Array.isArray(value);
const isSeat = (value) => Number.isInteger(value) && value >= 0 && value <= 2;
const isCount = (value) => Number.isInteger(value) && value >= 0;
const isCards = (value) => Array.isArray(value) && value.every(isCardCode);
const isTriple = (value, check) => Array.isArray(value) && value.length === 3 && value.every(check);
const isBoolean = (value) => typeof value === "boolean";
const isText = (value) => isObject(value) && typeof value.en === "string" && typeof value.zh === "string";
const isCombo = (value) => value == null || (isObject(value) && typeof value.kind === "string" && isText(value.text));
const isPlay = (value) => isObject(value) && isSeat(value.seat) && (value.cards === null || isCards(value.cards)) && isCombo(value.combo);
const isHeld = (value) => isObject(value) && isCardCode(value.card) && isSeat(value.seat);

/**
 * Why a saved View cannot be drawn, or null when it can. The save's view is
 * only a preview (the table drawn before the engine is up; the engine's reply
 * to `load` replaces it), and it comes from storage anyone can edit: every
 * field of the View shape (docs/PROTOCOL.md) is checked, so a malformed one
 * is never handed to the drawing.
 */
export function viewProblem(view) {
  if (!isObject(view)) return "view is not an object";
  if (typeof view.rules !== "string") return "rules";
  if (!isCards(view.hand)) return "hand";
  if (!isTriple(view.counts, (n) => isCount(n) && n <= 20)) return "counts";
  if (view.counts[0] !== view.hand.length) return "hand size";
  if (!isSeat(view.to_move) && view.to_move !== null) return "to_move";
  if (view.standing != null && !isPlay(view.standing)) return "standing";
  if (view.passes != null && !isCount(view.passes)) return "passes";
  if (!Array.isArray(view.history)) return "history";
  if (!view.history.every(isPlay)) return "history entry";
  if (view.trick_start != null && !(isCount(view.trick_start) && view.trick_start <= view.history.length)) {
    return "trick_start";
  }
  if (view.played != null && !isTriple(view.played, isBoolean)) return "played";
  if (view.face_up != null && !isHeld(view.face_up)) return "face_up";
  if (view.known != null && !(Array.isArray(view.known) && view.known.every(isHeld))) return "known";
  if (view.spade3_first != null && !isBoolean(view.spade3_first)) return "spade3_first";
  if (view.last_card != null && !isTriple(view.last_card, isBoolean)) return "last_card";
  const isRankCount = (entry) => Array.isArray(entry) && entry.length === 2 && typeof entry[0] === "string" && isCount(entry[1]);
  if (view.unseen != null && !(Array.isArray(view.unseen) && view.unseen.every(isRankCount))) return "unseen";
  if (!isBoolean(view.over)) return "over";
  if (view.winner != null && !isSeat(view.winner)) return "winner";
  if (view.settlement != null) {
    const s = view.settlement;
    if (!isObject(s) || !isTriple(s.total, Number.isInteger)) return "settlement";
    if (s.cards_left != null && !isTriple(s.cards_left, isCount)) return "settlement";
    if (s.shut_out != null && !isTriple(s.shut_out, isBoolean)) return "settlement";
    if (s.bombs != null && !isTriple(s.bombs, Number.isInteger)) return "settlement";
  }
  if (view.over && view.settlement == null) return "settlement";
  return null;
}

/**
 * Read stored text into {status}: "none" (nothing saved), "ok" with {save,
 * preview}, or "refused" with {reason: "unreadable" | "old_version", detail}.
 * `preview` is the saved view when it can be drawn, else null: a damaged
 * preview only costs the early drawing, the game itself is the engine's to judge.
 */
export function readSave(text) {
  if (text == null || text === "") return { status: "none" };
  const parsed = parseJson(text);
  if (parsed.error) return { status: "refused", reason: "unreadable", detail: "not JSON" };
  const save = parsed.value;
  if (!isObject(save) || save.app !== SAVE_APP) {
    return { status: "refused", reason: "unreadable", detail: "not a Pao De Kuai save" };
  }
  if (save.format !== SAVE_FORMAT) {
    return { status: "refused", reason: "old_version", detail: `format ${save.format}` };
  }
  if (typeof save.handId !== "string" || save.handId.length === 0) {
    return { status: "refused", reason: "unreadable", detail: "handId" };
  }
  // Which levels exist is the engine's to say: `load` refuses one it does not know.
  if (typeof save.level !== "string" || save.level === "") return { status: "refused", reason: "unreadable", detail: "level" };
  if (!isObject(save.game)) return { status: "refused", reason: "unreadable", detail: "game" };
  // The page deals every hand from a seed, so every hand it saves has a deal code.
  if (typeof save.dealCode !== "string" || save.dealCode === "") {
    return { status: "refused", reason: "unreadable", detail: "dealCode" };
  }
  return { status: "ok", save, preview: viewProblem(save.view) === null ? save.view : null };
}

/**
 * Whether the engine's reply to `load` is the deal the save names. A save
 * edited into a hand without a deal (no seed, cards moved between hands) is a
 * position the page never made, whatever the engine makes of it.
 */
export function isSameDeal(dealCode, snapshot) {
  return typeof dealCode === "string" && snapshot?.deal_code === dealCode;
}

/**
 * The Snapshot-like object a save can draw before the engine is up (no `you`:
 * input stays locked); `view` is null when the save's preview was refused.
 */
export function snapshotFromSave(save, preview) {
  return { game: save.game, deal_code: save.dealCode, view: preview, you: null, event: null };
}
