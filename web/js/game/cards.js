//# allFunctionsCalledOnLoad
// Card codes as the engine writes them ("10H", "AS", "2S"): rank then suit.
// Only reading and labelling here; every rule question goes to the engine.

const CODE_PATTERN = /^(10|[2-9JQKA])([SHDC])$/;

/** {rank, suit} of a well-formed code, else null. */
export function parseCard(code) {
  const match = CODE_PATTERN.exec(String(code));
  return match ? { rank: match[1], suit: match[2] } : null;
}

export function isCardCode(code) {
  return parseCard(code) !== null;
}

export function rankOf(code) {
  return parseCard(code)?.rank ?? null;
}

/** Codes of `hand` that share the rank of `code` (for double-tap "select all of this rank"). */
export function sameRank(hand, code) {
  const rank = rankOf(code);
  return hand.filter((other) => rankOf(other) === rank);
}

/** Ranks a screen reader should hear as words ("Queen", not "Q"). */
const NAMED_RANKS = new Set(["J", "Q", "K", "A"]);

/** A readable label such as "Queen of hearts" / "红桃Q", for screen readers and titles. */
export function cardLabel(t, code) {
  const card = parseCard(code);
  if (!card) return String(code);
  const rank = NAMED_RANKS.has(card.rank) ? t(`rankName_${card.rank}`) : card.rank;
  return t("cardLabel", { rank, suit: t(`suit_${card.suit}`) });
}

export const SUIT_SYMBOLS = Object.freeze({ S: "♠", H: "♥", D: "♦", C: "♣" });

/** The short form players write, suit symbol then rank: "♥7". */
export function cardShort(code) {
  const card = parseCard(code);
  return card ? `${SUIT_SYMBOLS[card.suit]}${card.rank}` : String(code);
}
