// Shared fixtures of the table model's tests: a View (docs/PROTOCOL.md) of a
// hand under way and the state the model reads, each with overrides.

import { DEFAULT_SETTINGS, EMPTY_SESSION } from "../../web/js/store/preferences.js";

export function view(overrides = {}) {
  return {
    format: 1,
    rules: "standard",
    seat: 0,
    hand: ["3S", "5D", "9C"],
    counts: [3, 10, 9],
    to_move: 0,
    standing: null,
    passes: 0,
    history: [],
    trick_start: 0,
    played: [true, true, true],
    face_up: null,
    spade3_first: false,
    known: [],
    last_card: [false, false, false],
    alerts: [false, false, false],
    unseen: [],
    over: false,
    winner: null,
    settlement: null,
    ...overrides,
  };
}

export function state(snapshot, overrides = {}) {
  return {
    engine: "ready",
    boot: { phase: "wait", loaded: 0, total: 0, error: null },
    lang: "en",
    settings: { ...DEFAULT_SETTINGS, level: "easy", language: "en" },
    presets: [],
    levels: ["easy", "medium", "hard"],
    snapshot: { game: {}, deal_code: "A1", you: null, event: null, reveal: null, ...snapshot },
    handId: "h1",
    selection: [],
    judgement: null,
    judgementStale: false,
    busy: false,
    flash: null,
    notice: null,
    linkNotice: null,
    session: EMPTY_SESSION,
    offlineReady: false,
    ...overrides,
  };
}
