//# allFunctionsCalledOnLoad
// What the engine's `you` (docs/PROTOCOL.md: Snapshot) says about the person's
// turn, read in one place for the parts that act on it (the hand controller's
// automatic pass) and the ones that draw it (the table model's primary button).
// Nothing is worked out here: each fact is one the engine sent.

/**
 * Nothing in the hand beats the play to beat, so a pass is the only move: the
 * person follows (not `lead`), the engine lists no legal play (`hints`), and it
 * allows the pass (`can_pass`).
 */
export function cannotBeat(you) {
  return Boolean(you && !you.lead && Array.isArray(you.hints) && you.hints.length === 0 && you.can_pass);
}

/**
 * The selected cards may be played now: the engine judged them legal, or, its judgement of
 * them still on the way, they are one of the plays it listed for this turn (`hints`: every
 * legal play, each with the lowest suits of its ranks, as Hint selects it), so Play works
 * the moment a hint's cards rise.
 *
 * @param {string[]} selection  the selected cards' codes
 * @param {{legal: boolean} | null} judgement  the engine's word on the selection last judged
 * @param {boolean} stale  the selection changed since that judgement was asked for
 * @param {{hints?: string[][]} | null | undefined} you
 */
export function selectionPlayable(selection, judgement, stale, you) {
  if (selection.length === 0) return false;
  if (judgement !== null && !stale) return judgement.legal;
  if (!stale || !Array.isArray(you?.hints)) return false;
  const chosen = [...selection].sort().join(" ");
  return you.hints.some((play) => play.length === selection.length && [...play].sort().join(" ") === chosen);
}
