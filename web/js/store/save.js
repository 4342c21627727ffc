// The saved hand: an envelope around the last Snapshot's `game` and `view`.
// The main thread owns it (localStorage); a worker that starts gets `game` back
// through the `load` request. This module only builds and checks the envelope:
// whether the game inside is a possible position is the engine's call (bad_save).

import { isCardCode } from "../game/cards.js";
import { parseJson } from "./storage.js";

export const SAVE_KEY = "paodekuai.save";
export const SAVE_APP = "paodekuai";
/** Bump when the envelope's shape changes: older saves are then refused, not misread. */
export const SAVE_FORMAT = 1;

const LEVELS = new Set(["easy", "medium", "hard"]);

/** A new id for a hand, so its result is added to the session score exactly once. */
export function newHandId() {
  const bytes = new Uint8Array(8);
  globalThis.crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

/** The envelope to store after an action. */
export function makeSave({ snapshot, handId, level, preset }) {
  return {
    app: SAVE_APP,
    format: SAVE_FORMAT,
    savedAt: Date.now(),
    handId,
    level,
    preset,
    dealCode: snapshot.deal_code ?? null,
    game: snapshot.game,
    view: snapshot.view,
  };
}

const isObject = (value) => value !== null && typeof value === "object" && !Array.isArray(value);
const isSeat = (value) => Number.isInteger(value) && value >= 0 && value <= 2;

/**
 * Why a View cannot be drawn, or null when it can. Only the shape the table
 * needs is checked here; the engine re-derives everything from `game` anyway.
 */
export function viewProblem(view) {
  if (!isObject(view)) return "view is not an object";
  if (!Array.isArray(view.hand) || !view.hand.every(isCardCode)) return "hand";
  if (!Array.isArray(view.counts) || view.counts.length !== 3) return "counts";
  if (!view.counts.every((n) => Number.isInteger(n) && n >= 0 && n <= 20)) return "counts";
  if (view.counts[0] !== view.hand.length) return "hand size";
  if (!isSeat(view.to_move) && view.to_move !== null) return "to_move";
  if (!Array.isArray(view.history)) return "history";
  for (const entry of view.history) {
    if (!isObject(entry) || !isSeat(entry.seat)) return "history entry";
    if (entry.cards !== null && !(Array.isArray(entry.cards) && entry.cards.every(isCardCode))) {
      return "history cards";
    }
  }
  if (typeof view.over !== "boolean") return "over";
  if (view.unseen != null && !Array.isArray(view.unseen)) return "unseen";
  if (view.last_card != null && !Array.isArray(view.last_card)) return "last_card";
  if (view.over && view.settlement != null) {
    const totals = view.settlement.total;
    if (!Array.isArray(totals) || totals.length !== 3 || !totals.every(Number.isInteger)) {
      return "settlement";
    }
  }
  return null;
}

/**
 * Read stored text into {status}: "none" (nothing saved), "ok" with {save},
 * or "refused" with {reason: "unreadable" | "old_version", detail}.
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
  if (!LEVELS.has(save.level)) return { status: "refused", reason: "unreadable", detail: "level" };
  if (!isObject(save.game)) return { status: "refused", reason: "unreadable", detail: "game" };
  const problem = viewProblem(save.view);
  if (problem) return { status: "refused", reason: "unreadable", detail: problem };
  if (save.dealCode !== null && typeof save.dealCode !== "string") {
    return { status: "refused", reason: "unreadable", detail: "dealCode" };
  }
  return { status: "ok", save };
}

/** The Snapshot-like object a save can draw before the engine is up (no `you`: input stays locked). */
export function snapshotFromSave(save) {
  return { game: save.game, deal_code: save.dealCode, view: save.view, you: null, event: null };
}
