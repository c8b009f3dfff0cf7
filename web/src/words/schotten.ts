// Schotten Totten's events in words: cards by their printed colour and value
// (or the tactic card's name), stones numbered 1–9 as the board shows them.
import type { Schemas } from "../api/client";
import { and, type Book, count, seat } from "./say";

type E = Schemas["SchottenTottenEvent"];
type Cards = Schemas["SchottenTottenCards"];
type Deck = "clan" | "tactics";
interface Memory {
  cards: Cards;
  viewer: number | null;
}

// The tactic cards' printed names, by the catalog's name.
const TACTICS: Record<string, string> = {
  joker: "Joker",
  spy: "Spy",
  "shield-bearer": "Shield-Bearer",
  "blind-mans-bluff": "Blind-Man's Bluff",
  "mud-fight": "Mud Fight",
  recruiter: "Recruiter",
  strategist: "Strategist",
  banshee: "Banshee",
  traitor: "Traitor",
};

/** "Red 3", "the Spy"; a card this seat may not see is "a card". */
export function cardName(cards: Cards, id: number | null | undefined): string {
  const facts = id === null || id === undefined ? undefined : cards.cards[String(id)];
  if (!facts) return "a card";
  if (facts.kind === "clan") return `${facts.colour.charAt(0).toUpperCase()}${facts.colour.slice(1)} ${facts.value}`;
  return `the ${TACTICS[facts.name] ?? facts.name.replaceAll("-", " ")}`;
}

const stone = (n: number) => `stone ${n + 1}`;
const ofDeck = (deck: Deck) => (deck === "clan" ? "clan card" : "tactic card");

/** "2 clan cards and a tactic card", for cards drawn face down. */
function hiddenDraws(decks: readonly Deck[]): string {
  const clan = decks.filter((d) => d === "clan").length;
  const tactics = decks.length - clan;
  return and([clan ? count(clan, "clan card") : "", tactics ? count(tactics, "tactic card") : ""].filter(Boolean));
}

export const schotten: Book<E, Cards, Memory> = {
  start: (cards, viewer) => ({ cards, viewer }),
  quiet: new Set(["turn_ended"]),
  say: {
    game_started: (e) =>
      `A game of Schotten Totten${e.variant === "tactics" ? " with the tactic cards" : ""}: ${count(e.rounds, "round")}`,
    round_started: (e, m) => {
      const mine = m.viewer === null ? null : e.hands[m.viewer];
      const hand = mine
        ? `; ${seat(m.viewer as number)}'s hand: ${mine.map((id) => cardName(m.cards, id)).join(", ")}`
        : "";
      return `Round ${e.round}: ${seat(e.starter)} starts, ${count(e.hand_sizes[0], "card")} in each hand${hand}`;
    },
    card_played: (e, m) => {
      const facts = m.cards.cards[String(e.card)];
      const on = facts?.kind === "tactic" && facts.family === "combat_mode" ? "on" : "at";
      return `${seat(e.seat)} played ${cardName(m.cards, e.card)} ${on} ${stone(e.stone)}`;
    },
    passed: (e) => `${seat(e.seat)} passed`,
    stone_claimed: (e) => {
      if (e.how === "early") return `${seat(e.seat)} claimed ${stone(e.stone)} early: no card left can beat it`;
      if (e.how === "exhaustion")
        return `${seat(e.seat)} took ${stone(e.stone)}: neither player could play or claim any more`;
      return `${seat(e.seat)} claimed ${stone(e.stone)}`;
    },
    card_drawn: (e, m) =>
      e.card === null
        ? `${seat(e.seat)} drew a ${ofDeck(e.deck)}`
        : `${seat(e.seat)} drew ${cardName(m.cards, e.card)}`,
    turn_ended: (e) => `${seat(e.seat)} ended the turn`,
    recruiter_played: (e, m) =>
      `${seat(e.seat)} played the Recruiter and drew ${
        e.cards ? and(e.cards.map((id) => cardName(m.cards, id))) : hiddenDraws(e.decks)
      }`,
    cards_returned: (e, m) => {
      if (!e.cards) return `${seat(e.seat)} put ${hiddenDraws(e.decks)} back under the decks`;
      const put = e.cards.map((id, i) => `${cardName(m.cards, id)} under the ${e.decks[i]} deck`);
      return `${seat(e.seat)} put ${and(put)}`;
    },
    strategist_played: (e, m) =>
      `${seat(e.seat)} played the Strategist: ${cardName(m.cards, e.card)} from ${stone(e.from_stone)} ${
        e.to_stone === null ? "to the discard pile" : `to ${stone(e.to_stone)}`
      }`,
    banshee_played: (e, m) =>
      `${seat(e.seat)} played the Banshee: ${seat(1 - e.seat)}'s ${cardName(m.cards, e.card)} at ${stone(e.stone)} is discarded`,
    traitor_played: (e, m) =>
      `${seat(e.seat)} played the Traitor: ${seat(1 - e.seat)}'s ${cardName(m.cards, e.card)} from ${stone(
        e.from_stone,
      )} to ${seat(e.seat)}'s side of ${stone(e.to_stone)}`,
    round_ended: (e) => {
      const score = `points: ${seat(0)} ${e.points[0]}, ${seat(1)} ${e.points[1]}`;
      if (e.winner === null) return `Round ${e.round} ended in a draw (${score})`;
      return `${seat(e.winner)} won round ${e.round} with ${e.reason} (${score})`;
    },
  },
};
