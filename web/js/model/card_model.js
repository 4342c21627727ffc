//# allFunctionsCalledOnLoad
// One card as every drawing of a card takes it (the hand, the table, the replay,
// How to play's examples): its code, rank, suit and spoken label.

import { cardLabel, parseCard } from "../game/cards.js";

// Each card's model is made once per language (a drawing asks for every card on the table,
// and its label is three lookups and a fill): frozen, so every drawing may share it.
const made = new Map();

export function cardModel(t, code) {
  const key = typeof t.lang === "string" ? `${t.lang} ${code}` : null;
  const known = key === null ? undefined : made.get(key);
  if (known) return known;
  const parsed = parseCard(code);
  const card = parsed ?? { rank: "?", suit: "S" };
  const model = Object.freeze({ code, rank: card.rank, suit: card.suit, label: cardLabel(t, code) });
  if (key !== null && parsed) made.set(key, model); // (only the 52 codes there are)
  return model;
}
