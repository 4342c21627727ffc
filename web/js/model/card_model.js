// One card as every drawing of a card takes it (the hand, the table, the replay,
// How to play's examples): its code, rank, suit and spoken label.

import { cardLabel, parseCard } from "../game/cards.js";

export function cardModel(t, code) {
  const card = parseCard(code) ?? { rank: "?", suit: "S" };
  return { code, rank: card.rank, suit: card.suit, label: cardLabel(t, code) };
}
