//# allFunctionsCalledOnLoad
// Short sounds, synthesized with WebAudio (no audio files to download or cache):
// a card played, a pass, a bomb, a seat down to its last card, your turn, the
// last seconds of the turn timer, a hand won or lost. On unless the player
// mutes them (the bar's button, or Settings). Browsers only let a page make
// sound after the person has touched it, so the audio context is created on the
// first cue after a tap or key press, never before.

/** Each cue is a few notes: frequency (Hz), start and length (s), wave, loudness. */
const CUES = Object.freeze({
  play: [{ f: 540, at: 0, d: 0.07, wave: "triangle", v: 0.2 }],
  pass: [{ f: 260, at: 0, d: 0.09, wave: "sine", v: 0.14 }],
  bomb: [
    { f: 120, at: 0, d: 0.28, wave: "sawtooth", v: 0.18 },
    { f: 80, at: 0.05, d: 0.3, wave: "square", v: 0.1 },
  ],
  last: [
    { f: 988, at: 0, d: 0.08, wave: "square", v: 0.08 },
    { f: 988, at: 0.12, d: 0.08, wave: "square", v: 0.08 },
  ],
  turn: [
    { f: 660, at: 0, d: 0.09, wave: "sine", v: 0.14 },
    { f: 880, at: 0.1, d: 0.12, wave: "sine", v: 0.14 },
  ],
  tick: [{ f: 1050, at: 0, d: 0.04, wave: "square", v: 0.05 }],
  win: [
    { f: 523, at: 0, d: 0.12, wave: "triangle", v: 0.18 },
    { f: 659, at: 0.12, d: 0.12, wave: "triangle", v: 0.18 },
    { f: 784, at: 0.24, d: 0.22, wave: "triangle", v: 0.18 },
  ],
  lose: [
    { f: 392, at: 0, d: 0.14, wave: "triangle", v: 0.16 },
    { f: 311, at: 0.15, d: 0.26, wave: "triangle", v: 0.16 },
  ],
});

export const CUE_NAMES = Object.freeze(Object.keys(CUES));

/**
 * The cues a new Snapshot calls for, in order: the action it reports (a play,
 * a bomb or a pass), a seat it left with one card, then the hand's end, or the
 * person's turn coming up.
 */
export function cuesForSnapshot(snapshot) {
  const view = snapshot?.view;
  if (!view) return [];
  const cues = [];
  const event = snapshot.event;
  if (event) {
    if (event.cards === null) cues.push("pass");
    else cues.push(event.combo?.kind === "bomb" ? "bomb" : "play");
    if (event.cards !== null && !view.over && view.last_card?.[event.seat]) cues.push("last");
  }
  if (view.over) {
    if (event) cues.push(view.winner === 0 ? "win" : "lose"); // only when it just ended, not on a reload
  } else if (view.to_move === 0 && event && event.seat !== 0) {
    cues.push("turn");
  }
  return cues;
}

/**
 * @param {object} options
 * @param {Function|null} options.AudioContextClass  window.AudioContext (null: no sound at all)
 * @param {{hasBeenActive: boolean}|null} options.activation  navigator.userActivation, when the browser has it
 */
export function createSound({ AudioContextClass = null, activation = null } = {}) {
  let enabled = false;
  let context = null;
  let touched = false; // a tap or key press happened (for browsers without userActivation)

  function create() {
    if (context || !AudioContextClass) return context;
    try {
      context = new AudioContextClass();
    } catch {
      AudioContextClass = null; // this browser refuses: stay silent, never break the game
    }
    return context;
  }

  /** The context to play on, once the browser lets the page make sound (after a tap). */
  function audio() {
    const active = activation ? activation.hasBeenActive : touched;
    if (!active) return null;
    const ctx = create();
    if (ctx?.state === "suspended") ctx.resume().catch(() => {});
    return ctx;
  }

  function note(ctx, start, { f, at, d, wave, v }) {
    const osc = ctx.createOscillator();
    const gain = ctx.createGain();
    osc.type = wave;
    osc.frequency.value = f;
    const t0 = start + at;
    gain.gain.setValueAtTime(0.0001, t0);
    gain.gain.exponentialRampToValueAtTime(v, t0 + 0.01);
    gain.gain.exponentialRampToValueAtTime(0.0001, t0 + d);
    osc.connect(gain);
    gain.connect(ctx.destination);
    osc.start(t0);
    osc.stop(t0 + d + 0.02);
  }

  return {
    setEnabled(on) {
      enabled = Boolean(on);
    },
    /**
     * Make the audio context ahead of the first sound, while nothing moves (the page
     * loading): making one is a single task of 60-120 ms on a mid-range phone, which
     * would otherwise fall in the frame of the first card played. Made before a tap,
     * it waits suspended; the first tap resumes it.
     */
    prepare() {
      if (!enabled || context) return;
      const ctx = create();
      if (!ctx) return;
      // The first nodes a context makes cost some milliseconds more than any after
      // (20 ms at 4x, in the frame gap of the first card played): made now, never played.
      try {
        ctx.createOscillator().connect(ctx.createGain());
      } catch {
        // a context that cannot make nodes yet: the first cue pays, nothing breaks
      }
    },
    /** Call on a tap or key press: from then on the browser lets the page make sound. */
    touched() {
      touched = true;
      if (enabled && context?.state === "suspended") context.resume().catch(() => {});
    },
    /** Play the named cues one after another; unknown names and a silent browser are ignored. */
    play(names) {
      if (!enabled) return 0;
      const list = (Array.isArray(names) ? names : [names]).filter((name) => Object.hasOwn(CUES, name));
      if (list.length === 0) return 0;
      const ctx = audio();
      if (!ctx) return 0;
      let start = ctx.currentTime + 0.01;
      let notes = 0;
      for (const name of list) {
        for (const spec of CUES[name]) {
          note(ctx, start, spec);
          notes += 1;
        }
        start += Math.max(...CUES[name].map((spec) => spec.at + spec.d)) + 0.04;
      }
      return notes;
    },
  };
}
