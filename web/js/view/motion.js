//# allFunctionsCalledOnLoad
// The table's motion, with the Web Animations API (so document.getAnimations()
// sees every one). Motion is decoration: the DOM is already in its final state
// when an animation starts, and nothing waits for one to end; a tap during a
// flight is taken at once. The speed setting scales every duration; with
// prefers-reduced-motion nothing travels, things only fade.

/** Durations at normal speed, in ms. */
const MS = Object.freeze({
  fly: 240, // a play from the hand or the seat to the table
  flyStagger: 18, // each card of a play leaves this much after the one before
  prompt: 160, // your prompt, fading in as the play it answers lands
  hold: 420, // a finished trick stays in sight before it goes
  sweep: 260, // ... and slides toward its winner (SWEEP_REACH of the way) as it fades
  deal: 340, // the new hand, growing in its place
  moment: 650, // bomb, plane, last card
  stamp: 1400, // the shut-out banner
  flip: 300, // the losers' cards turned face up
  flipStagger: 25,
  sheet: 280, // the result sliding up
});
/** Fast plays every motion in this share of the time. */
const FAST = 0.6;
const EASE_OUT = "cubic-bezier(0.2, 0.75, 0.3, 1)";

/** How far toward its winner a finished trick slides while it fades: a drift that says
 * where it goes, never a flight across the table (over another seat's name, the buttons). */
const SWEEP_REACH = 0.5;

function centre(rect) {
  return { x: rect.left + rect.width / 2, y: rect.top + rect.height / 2 };
}

export function createMotion(win) {
  const query = win.matchMedia?.("(prefers-reduced-motion: reduce)") ?? null;
  let scale = 1;

  const reduced = () => Boolean(query?.matches);
  const ms = (name) => Math.round(MS[name] * scale);

  function animate(node, keyframes, options) {
    if (typeof node?.animate !== "function") return null;
    return node.animate(keyframes, { easing: EASE_OUT, ...options });
  }

  /** Play `keyframes` on decoration that goes when they end (a swept play, a banner). */
  function playThenRemove(node, keyframes, options) {
    const animation = animate(node, keyframes, { fill: "forwards", ...options });
    if (!animation) node.remove();
    else animation.finished.then(() => node.remove(), () => node.remove());
  }

  /** When a play in flight lands (a computer seat's, which flies as one; your last card about then). */
  function landing() {
    return ms("fly") + 40;
  }

  function fadeIn(node, duration, delay = 0) {
    return animate(node, [{ opacity: 0 }, { opacity: 1 }], { duration, delay, fill: "backwards" });
  }

  return {
    reduced,
    setSpeed(speed) {
      scale = speed === "fast" ? FAST : 1;
    },
    /**
     * FLIP: `node` is in its place (`to`); it seems to come from `from`, growing or shrinking
     * to its size. `index`: its place in its play (each card leaves a little after the last).
     */
    flyFrom(node, from, to, index = 0) {
      const delay = index * ms("flyStagger");
      if (reduced() || !from || !to || to.width === 0) return fadeIn(node, ms("fly"), delay);
      const a = centre(from);
      const b = centre(to);
      const size = Math.min(1.8, Math.max(0.35, from.width / to.width));
      return animate(
        node,
        [{ transform: `translate(${a.x - b.x}px, ${a.y - b.y}px) scale(${size})`, opacity: 0.6 }, { transform: "none", opacity: 1 }],
        { duration: ms("fly"), delay, fill: "backwards" },
      );
    },
    /**
     * Words that answer a computer seat's play still in flight (your prompt after its move):
     * they fade in as it lands, its flight starting two frames after it is drawn (render.js).
     */
    afterFlight(node) {
      return fadeIn(node, ms("prompt"), landing());
    },
    /**
     * Buttons that came on with your turn, drawn coming on (from a locked button's opacity)
     * with the prompt: lit while it was not yet there to read, they said the turn was yours
     * before the words said what to beat. They take a tap at once all the same.
     */
    onAfterFlight(buttons) {
      for (const button of buttons) {
        animate(button, [{ opacity: 0.4 }, { opacity: 1 }], { duration: ms("prompt"), delay: landing(), fill: "backwards" });
      }
    },
    /**
     * A new deal: the hand comes in as one fan, growing from its own middle (a flight from the
     * felt crossed the status line, read as the deal comes in). It needs no place read, so it
     * starts as soon as the hand's faces are in (render.js dealHand); and it is one animation,
     * not one per card: each animated card costs a phone a style pass of its own in every
     * frame until it lands.
     */
    deal(hand) {
      if (reduced()) return fadeIn(hand, ms("deal"));
      return animate(hand, [{ transform: "scale(0.4)", opacity: 0 }, { transform: "none", opacity: 1 }], { duration: ms("deal") });
    },
    /**
     * A finished trick: `node` (a play's part left where it lay, or a ghost copy placed there;
     * no hooks either way), in its play's place `from`, stays a moment where the plays were,
     * then slides part of the way toward the winner (`to`) and fades; it is removed after.
     */
    sweep(node, from, to) {
      const hold = ms("hold");
      const duration = hold + ms("sweep");
      let keyframes;
      if (reduced() || !to) {
        keyframes = [{ opacity: 1 }, { opacity: 1, offset: hold / duration }, { opacity: 0 }];
      } else {
        const a = centre(from);
        const b = centre(to);
        keyframes = [
          { transform: "none", opacity: 1 },
          { transform: "none", opacity: 1, offset: hold / duration },
          { transform: `translate(${(b.x - a.x) * SWEEP_REACH}px, ${(b.y - a.y) * SWEEP_REACH}px) scale(0.6)`, opacity: 0 },
        ];
      }
      playThenRemove(node, keyframes, { duration, easing: "ease-in" });
    },
    /**
     * A bomb, a plane, a last card: a short banner over the table, and a jolt of the cards that
     * made it (`cards`, their play), as they land when they are still in flight (`flying`).
     */
    moment(kind, banner, cards, flying = false) {
      const duration = ms("moment");
      let frames;
      if (reduced()) {
        frames = [{ opacity: 0 }, { opacity: 1, offset: 0.2 }, { opacity: 1, offset: 0.75 }, { opacity: 0 }];
      } else if (kind === "plane") {
        frames = [
          { transform: "translateX(-40vw)", opacity: 0 },
          { transform: "translateX(0)", opacity: 1, offset: 0.35 },
          { transform: "translateX(0)", opacity: 1, offset: 0.7 },
          { transform: "translateX(40vw)", opacity: 0 },
        ];
      } else {
        frames = [
          { transform: "scale(0.3)", opacity: 0 },
          { transform: "scale(1.2)", opacity: 1, offset: 0.3 },
          { transform: "scale(1)", opacity: 1, offset: 0.7 },
          { transform: "scale(1.05)", opacity: 0 },
        ];
      }
      playThenRemove(banner, frames, { duration, easing: "ease-out" });
      if (kind === "bomb" && cards && !reduced()) {
        animate(
          cards,
          [
            { transform: "none", filter: "brightness(1)" },
            { transform: "translateX(-5px) rotate(-2deg)", filter: "brightness(1.6)" },
            { transform: "translateX(5px) rotate(2deg)" },
            { transform: "translateX(-3px)" },
            { transform: "none", filter: "brightness(1)" },
          ],
          { duration: Math.round(duration * 0.6), delay: flying ? landing() : 0, easing: "linear" },
        );
      }
    },
    /** A seat down to its last card: its warning swells once. */
    pulse(node) {
      if (reduced()) return fadeIn(node, ms("moment"));
      return animate(node, [{ transform: "scale(1)" }, { transform: "scale(1.35)", offset: 0.4 }, { transform: "scale(1)" }], {
        duration: ms("moment"),
      });
    },
    /** The shut-out banner: stamped on the felt, then gone. */
    stamp(banner) {
      const duration = ms("stamp");
      const frames = reduced()
        ? [{ opacity: 0 }, { opacity: 1, offset: 0.15 }, { opacity: 1, offset: 0.8 }, { opacity: 0 }]
        : [
            { transform: "rotate(-8deg) scale(2.2)", opacity: 0 },
            { transform: "rotate(-8deg) scale(1)", opacity: 1, offset: 0.15 },
            { transform: "rotate(-8deg) scale(1)", opacity: 1, offset: 0.8 },
            { transform: "rotate(-8deg) scale(1)", opacity: 0 },
          ];
      playThenRemove(banner, frames, { duration, easing: "ease-out" });
    },
    /**
     * The end of a hand: each card left turns face up, one after another. `first`: the place
     * of nodes[0] in that order (its turn's wait); `late`: ms since the flips of the cards
     * before it started (a later start shortens the wait, so each card turns when it would).
     */
    flip(nodes, first = 0, late = 0) {
      nodes.forEach((node, index) => {
        const delay = (first + index) * ms("flipStagger") - late;
        if (reduced()) fadeIn(node, ms("flip"), delay);
        else animate(node, [{ transform: "perspective(400px) rotateY(90deg)" }, { transform: "none" }], { duration: ms("flip"), delay, fill: "backwards" });
      });
    },
    /** The result sheet: it comes up at once (the hand's end has had its beats: hand_controller.js). */
    slideUp(node) {
      if (reduced()) return fadeIn(node, ms("sheet"));
      return animate(node, [{ transform: "translateY(100%)" }, { transform: "none" }], { duration: ms("sheet"), fill: "backwards" });
    },
  };
}
