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
