// Splendor's and Splendor Pokémon's events in words (one engine, one book):
// cards by their printed facts ("a level-2 blue card (2 points)", "Ivysaur
// (level 2, pink, 1 point)"), tokens by colour, nobles by what they ask.
import type { Schemas } from "../api/client";
import { type Book, count, seat, several } from "./say";

type E = Schemas["SplendorEvent"] | Schemas["SplendorPokemonEvent"];
type Cards = Schemas["SplendorCards"] | Schemas["SplendorPokemonCards"];
interface Memory {
  cards: Cards;
  pokemon: boolean;
}

const points = (n: number) => count(n, "point");

/** The printed card: Splendor's by level, bonus and points; a Pokémon by its name. */
export function cardName(cards: Cards, id: number | null | undefined, level?: number): string {
  const facts = id === null || id === undefined ? undefined : cards.cards[String(id)];
  if (!facts) return level ? `a face-down level-${level} card` : "a face-down card";
  const tier = /^\d+$/.test(facts.level) ? `level ${facts.level}` : facts.level;
  if ("name" in facts)
    return `${facts.name} (${tier}, ${facts.bonus}${facts.points ? `, ${points(facts.points)}` : ""})`;
  return `a level-${facts.level} ${facts.bonus} card${facts.points ? ` (${points(facts.points)})` : ""}`;
}

/** "white, green and black gems", "2 blue gems", "a master ball". */
const tokens = (m: Memory, colours: readonly string[]) => several(colours, m.pokemon ? "ball" : "gem");

const refilled = (m: Memory, refill: number | null | undefined) =>
  refill === null || refill === undefined ? "" : `; ${cardName(m.cards, refill)} took its place`;

export const splendor: Book<E, Cards, Memory> = {
  start: (cards) => ({ cards, pokemon: cards.game === "splendor-pokemon" }),
  quiet: new Set(["turn_ended"]),
  say: {
    game_started: (e) => {
      const shown = e.market.flat().filter((id) => id >= 0).length;
      const nobles = e.nobles?.length ? ` and ${count(e.nobles.length, "noble")}` : "";
      return `A game of ${e.players}: ${shown} cards face up${nobles}`;
    },
    tokens_taken: (e, m) => `${seat(e.seat)} took ${tokens(m, e.tokens)}`,
    card_reserved: (e, m) => {
      const from = e.from_deck ? ` from the level-${e.level} deck` : "";
      const wild = e.wild ? ` and took a ${m.pokemon ? "master ball" : "gold gem"}` : "";
      return `${seat(e.seat)} reserved ${cardName(m.cards, e.card, e.level)}${from}${wild}${refilled(m, e.refill)}`;
    },
    card_bought: (e, m) => {
      const paid = e.paid.length ? ` paying ${tokens(m, e.paid)}` : " with bonuses alone";
      return `${seat(e.seat)} ${m.pokemon ? "caught" : "bought"} ${cardName(m.cards, e.card)}${paid}${refilled(m, e.refill)}`;
    },
    tokens_returned: (e, m) => `${seat(e.seat)} gave back ${tokens(m, e.tokens)}`,
    passed: (e) => `${seat(e.seat)} passed: no action was possible`,
    turn_ended: (e) => `${seat(e.seat)} ended the turn`,
    noble_visited: (e, m) => {
      const noble = "nobles" in m.cards ? m.cards.nobles[String(e.noble)] : undefined;
      if (!noble) return `A noble visited ${seat(e.seat)}`;
      const asks = Object.entries(noble.requires)
        .filter(([, n]) => n > 0)
        .map(([c, n]) => `${n} ${c}`)
        .join(", ");
      return `A noble (${asks}) visited ${seat(e.seat)}: ${points(noble.points)}`;
    },
    evolved: (e, m) => {
      const from = m.cards.cards[String(e.card)];
      return `${seat(e.seat)} evolved ${from && "name" in from ? from.name : "a Pokémon"} into ${cardName(m.cards, e.into)}${refilled(m, e.refill)}`;
    },
  },
};
