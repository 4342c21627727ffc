//# allFunctionsCalledOnLoad
// Where the seats sit and what they are called. Play goes 0 → 1 → 2; the
// direction setting says on which side of you seat 1 (the seat after you)
// sits. Names follow the side, not the seat number: the seat on your left is
// West, the one on your right East, in every panel. Presentation only: the
// engine's seat numbers and the hooks' data-seat never change. A hand keeps the
// direction it was dealt with (the hand controller's `handDirection`, and the
// last hand's record for its replay); a changed setting seats the next hand.

/** The side the setting seats the player after you on: "left" (the first tables') unless it says "right". */
export function settingDirection(settings) {
  return settings?.direction === "right" ? "right" : "left";
}

/** How the hand on the table sits: its own seating, or the setting's before a hand is dealt. */
export function tableDirection(state) {
  return state.handDirection ?? settingDirection(state.settings);
}

/** "left" | "right" for a computer seat, "me" for seat 0. */
export function sideOf(seat, direction) {
  if (seat === 0) return "me";
  const next = settingDirection({ direction });
  return seat === 1 ? next : next === "left" ? "right" : "left";
}

/** A seat's name in the player's language: You, or the name of its side. */
export function seatName(t, seat, direction) {
  if (seat === 0) return t("seatYou");
  return sideOf(seat, direction) === "left" ? t("seatLeft") : t("seatRight");
}

/** The seats from the left of the table to the right, you last (the replay's rows). */
export function seatsLeftToRight(direction) {
  return [1, 2].sort((a, b) => (sideOf(a, direction) === "left" ? -1 : 1) - (sideOf(b, direction) === "left" ? -1 : 1)).concat(0);
}

/**
 * Where the session keeps a seat's running total: 0 you, 1 the seat on your left, 2 the one
 * on your right. By side, as the names go: a player who turns the direction round between
 * hands (or in one) still reads West's total next to West.
 */
export function sideIndex(seat, direction) {
  if (seat === 0) return 0;
  return sideOf(seat, direction) === "left" ? 1 : 2;
}
