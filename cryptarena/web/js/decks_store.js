// Decks saved in this browser (localStorage["ca.decks.<game>"]), shared by the deck builder page and the
// table's set-up: [{name, character, cards: {card: copies}, hexes: [hex, ...], saved: ISO date}].
// The server checks every deck it is brought; nothing here decides what is legal.

const key = (gameId) => `ca.decks.${gameId}`;

/** Whether `d` has the shape of a saved deck (what an import must hold); nothing about its limits. */
export function isDeck(d) {
  return d && typeof d === "object" && typeof d.name === "string" && d.name.trim() && typeof d.character === "string"
    && d.cards && typeof d.cards === "object" && !Array.isArray(d.cards)
    && Object.values(d.cards).every((n) => Number.isInteger(n) && n >= 0)
    && Array.isArray(d.hexes) && d.hexes.every((x) => typeof x === "string");
}

/** The saved decks of a game; a corrupted store reads as none (and is left for the person to see). */
export function loadDecks(gameId) {
  try {
    const data = JSON.parse(localStorage.getItem(key(gameId)) || "[]");
    return Array.isArray(data) ? data.filter(isDeck) : [];
  } catch {
    return [];
  }
}

/** Save (a deck of the same name is replaced); throws on a deck that is not one. */
export function saveDeck(gameId, deck) {
  if (!isDeck(deck)) throw new Error("not a deck: it needs a name, a character, cards {card: copies} and hexes [ids]");
  const decks = loadDecks(gameId).filter((d) => d.name !== deck.name);
  decks.push({ name: deck.name.trim(), character: deck.character, cards: { ...deck.cards }, hexes: [...deck.hexes], saved: new Date().toISOString() });
  localStorage.setItem(key(gameId), JSON.stringify(decks));
  return decks;
}

export function deleteDeck(gameId, name) {
  const decks = loadDecks(gameId).filter((d) => d.name !== name);
  localStorage.setItem(key(gameId), JSON.stringify(decks));
  return decks;
}

/** The small actions that bring this deck at a table's set-up, sent as one message. */
export function deckActions(deck) {
  const actions = [{ type: "build", character: deck.character }];
  for (const [card, copies] of Object.entries(deck.cards)) for (let i = 0; i < copies; i++) actions.push({ type: "add", card });
  for (const hex of deck.hexes) actions.push({ type: "add_hex", hex });
  actions.push({ type: "ready" });
  return actions;
}
