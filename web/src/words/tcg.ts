// The Pokémon TCG's events in words: every card instance by its printed name
// (instances number each seat's 60-card deck in order; the decks come from
// `game_started` or the view), attacks by name, damage in HP. A card this seat
// may not see stays "a card".
import type { Schemas } from "../api/client";
import { and, type Book, capital, count, renumber, seat, tally } from "./say";

type E = Schemas["PokemonTcgEvent"];
type Cards = Schemas["PokemonTcgCards"];
type Zone = Schemas["PokemonTcgCardsMoved"]["source"];
/** What naming a card instance needs: the catalog and the decks (instance → card id). */
export interface Names {
  cards: Cards;
  decks: readonly (readonly string[])[];
}
interface Memory extends Names {
  viewer: number | null;
  prompts: Map<number, string>; // the open prompt's kind, per seat
}

const owner = (instance: number) => Math.floor(instance / 60);
const facts = (m: Names, instance: number | null | undefined) =>
  instance === null || instance === undefined || instance < 0
    ? undefined
    : m.cards.cards[m.decks[owner(instance)]?.[instance % 60] ?? ""];

/** The card's printed name, or "a card" when this seat may not see which. */
export const name = (m: Names, instance: number | null | undefined): string => facts(m, instance)?.name ?? "a card";
/** "Seat 2's Houndstone". */
const whose = (m: Names, instance: number) => `${seat(owner(instance))}'s ${name(m, instance)}`;
/** "Pawniard, Crushing Hammer ×2 and Basic Darkness Energy ×4". */
export const names = (m: Names, list: readonly number[]) =>
  and(tally(list.map((i) => name(m, i))).map(([card, n]) => (n > 1 ? `${card} ×${n}` : card)));
const cardCount = (n: number) => (n === 1 ? "a card" : `${n} cards`);

const ZONES: Record<Zone, string> = {
  hand: "the hand",
  deck: "the deck",
  deck_bottom: "the bottom of the deck",
  discard: "the discard pile",
  prizes: "the Prize cards",
  energy: "the attached Energy",
};

// What the commonest prompts ask for; the others by their kind's words ("energy to discard").
const KINDS: Record<string, string> = {
  promote: "a new Active Pokémon",
  new_active: "a new Active Pokémon",
  search_basic: "Basic Pokémon from the deck",
  search_pokemon: "Pokémon from the deck",
  search_any: "cards from the deck",
  bench_drawn_basics: "Basic Pokémon drawn to put on the Bench",
  own_bench: "a Benched Pokémon",
  opponent_bench: "one of the opponent's Benched Pokémon",
  extra_draws: "how many extra cards to draw",
  special_condition: "a Special Condition",
};

// What a prompt's option means when it is not a card instance.
const CONDITIONS = ["Asleep", "Burned", "Confused", "Paralyzed", "Poisoned"];
export function option(m: Names, kind: string | undefined, picked: number): string {
  if (kind === "extra_draws") return `to draw ${count(picked, "card")}`;
  if (kind === "special_condition") return CONDITIONS[picked] ?? `option ${picked + 1}`;
  if (kind === "defender_attack") return `the Defending Pokémon's attack ${picked + 1}`;
  if (kind === "copy_attack") {
    const attack = facts(m, Math.floor(picked / 4))?.attacks[picked % 4];
    return `${whose(m, Math.floor(picked / 4))}'s ${attack?.name ?? "attack"}`;
  }
  return name(m, picked);
}

function moved(m: Memory, e: Schemas["PokemonTcgCardsMoved"]): string {
  const who = seat(e.seat);
  const what = e.cards ? names(m, e.cards) : cardCount(e.count);
  if (e.source === "prizes" && e.dest === "hand")
    return `${who} took ${e.count === 1 ? "a Prize card" : `${e.count} Prize cards`}${e.cards ? ` (${what})` : ""}`;
  if (e.source === "deck" && e.dest === "hand") return `${who} drew ${what}`;
  if (e.dest === "energy" && e.target !== null && e.target !== undefined)
    return `${who} attached ${what} to ${name(m, e.target)} from ${ZONES[e.source]}`;
  if (e.source === "energy" && e.origin !== null && e.origin !== undefined)
    return `${who} moved ${what} from ${name(m, e.origin)} to ${ZONES[e.dest]}`;
  return `${who} moved ${what} from ${ZONES[e.source]} to ${ZONES[e.dest]}${e.revealed ? ", shown to both" : ""}`;
}

export const tcg: Book<E, Cards, Memory> = {
  start: (cards, viewer, view) => ({
    cards,
    viewer,
    decks: (view as { decks?: string[][] } | null)?.decks ?? [],
    prompts: new Map(),
  }),
  quiet: new Set(["prompt_closed", "checkup_done"]),
  say: {
    game_started: (e, m) => {
      m.decks = e.decks;
      return `Two decks of ${e.decks[0].length} cards are shuffled`;
    },
    first_chooser_drawn: (e) => `${seat(e.seat)} won the draw and chooses who goes first`,
    first_player_chosen: (e) => `${seat(e.seat)} goes first`,
    hand_dealt: (e, m) => {
      const again = e.mulligans.length
        ? ` after ${count(e.mulligans.length, "mulligan")} (no Basic Pokémon in ${e.mulligans
            .map((hand) => names(m, hand))
            .join("; ")})`
        : "";
      return `${seat(e.seat)} drew 7 cards${again}${e.hand ? `: ${names(m, e.hand)}` : ""}`;
    },
    active_set: (e, m) =>
      `${seat(e.seat)} put ${e.card === null ? "a Pokémon" : name(m, e.card)} face down as the Active Pokémon`,
    basic_benched: (e, m) =>
      `${seat(e.seat)} put ${e.card === null ? "a face-down Pokémon" : name(m, e.card)} on the Bench`,
    setup_finished: (e) => `${seat(e.seat)} finished the setup`,
    setup_revealed: (e, m) => {
      const side = (s: number) =>
        `${seat(s)}'s Active ${name(m, e.actives[s])}${e.benches[s].length ? `, Bench ${names(m, e.benches[s])}` : ""}`;
      const extra = e.extra_draws.some((n) => n > 0)
        ? `; ${e.extra_draws.map((n, s) => (n ? `${seat(s)} may draw up to ${count(n, "extra card")}` : "")).join("")}`
        : "";
      return `The Pokémon are turned face up: ${side(0)}; ${side(1)}; 6 Prize cards each${extra}`;
    },
    turn_started: (e) => `Turn ${e.turn}: ${seat(e.seat)}'s turn`,
    cards_moved: (e, m) => moved(m, e),
    energy_attached: (e, m) => `${seat(e.seat)} attached ${name(m, e.card)} to ${name(m, e.target)}`,
    hand_revealed: (e, m) => `${seat(e.seat)} showed the hand: ${names(m, e.cards) || "no cards"}`,
    deck_shuffled: (e) => `${seat(e.seat)} shuffled the deck`,
    evolved: (e, m) => `${seat(e.seat)} evolved ${name(m, e.target)} into ${name(m, e.card)}`,
    evolved_from_deck: (e, m) => `${seat(e.seat)} evolved ${name(m, e.target)} into ${name(m, e.card)} from the deck`,
    trainer_played: (e, m) => {
      if (e.kind === "tool" && e.target !== null && e.target !== undefined)
        return `${seat(e.seat)} attached the Tool ${name(m, e.card)} to ${name(m, e.target)}`;
      if (e.kind === "stadium") return `${seat(e.seat)} put the Stadium ${name(m, e.card)} into play`;
      return `${seat(e.seat)} played ${name(m, e.card)}`;
    },
    stadium_discarded: (e, m) => `The Stadium ${name(m, e.card)} went to the discard pile`,
    stadium_used: (e) => `${seat(e.seat)} used the Stadium`,
    tools_discarded: (e, m) => `The Tools on ${whose(m, e.target)} were discarded`,
    ability_used: (e, m) => {
      const abilities = facts(m, e.pokemon)?.abilities ?? [];
      return `${whose(m, e.pokemon)} used ${abilities.length === 1 ? abilities[0].name : "its Ability"}`;
    },
    retreated: (e, m) =>
      `${seat(e.seat)} retreated to ${name(m, e.to)}${e.discarded.length ? `, discarding ${names(m, e.discarded)}` : ""}`,
    switched: (e, m) => `${whose(m, e.to)} is now the Active Pokémon`,
    attack_used: (e, m) => {
      const attack = facts(m, e.pokemon)?.attacks[e.attack];
      return `${whose(m, e.pokemon)} used ${attack?.name ?? `attack ${e.attack + 1}`}`;
    },
    coin_flipped: (e) => `${seat(e.seat)} flipped ${e.heads ? "heads" : "tails"}`,
    damaged: (e, m) =>
      e.counters
        ? `${count(e.amount / 10, "damage counter")} on ${whose(m, e.target)}`
        : `${e.amount} damage to ${whose(m, e.target)}`,
    healed: (e, m) => `${whose(m, e.target)} healed ${e.amount} damage`,
    condition_changed: (e) => {
      const state = capital(e.condition);
      const poison = e.condition === "poisoned" && e.amount > 1 ? ` (${count(e.amount, "counter")} a checkup)` : "";
      return e.on
        ? `${seat(e.seat)}'s Active Pokémon is now ${state}${poison}`
        : `${seat(e.seat)}'s Active Pokémon is no longer ${state}`;
    },
    marker_added: (e, m) => {
      const on = e.target >= 0 ? whose(m, e.target) : seat(-1 - e.target);
      return `${on}: ${e.kind.replaceAll("_", " ")} until turn ${e.until}`;
    },
    energy_discarded: (e, m) => `${names(m, e.cards)} discarded from ${whose(m, e.target)}`,
    knocked_out: (e, m) => `${whose(m, e.pokemon)} is Knocked Out`,
    knock_out_effect: (e, m) => `An effect Knocks Out ${whose(m, e.target)}`,
    pokemon_returned: (e, m) => `${whose(m, e.pokemon)} and its cards went back to the hand`,
    pokemon_shuffled_in: (e, m) => `${whose(m, e.pokemon)} and its cards were shuffled into the deck`,
    prompt_opened: (e, m) => {
      m.prompts.set(e.seat, e.kind);
      const kind = KINDS[e.kind] ?? e.kind.replaceAll("_", " ");
      return `${seat(e.seat)} chooses${e.source >= 0 ? ` for ${name(m, e.source)}` : ""}: ${kind}`;
    },
    picked: (e, m) => {
      if (e.option !== null) return `${seat(e.seat)} chose ${option(m, m.prompts.get(e.seat), e.option)}`;
      return e.hidden && m.viewer !== e.seat
        ? `${seat(e.seat)} chose among hidden cards`
        : `${seat(e.seat)} is done choosing`;
    },
    prompt_closed: (e, m) => {
      m.prompts.delete(e.seat);
      return null;
    },
    turn_ended: (e) => `${seat(e.seat)} ended the turn`,
    checkup_done: () => "Pokémon Checkup",
    sudden_death: (e) => `Sudden Death: a new game with 1 Prize card each; ${seat(e.chooser)} chooses who goes first`,
    game_over: (e) => `${and(e.winners.map(seat))} won: ${sayWin(e.reason)}`,
  },
};

/** The engine's reason for a win ("seat 0 took the last prize and the opponent has no Pokémon in play"), seats from 1. */
export function sayWin(reason: string): string {
  const found = /^seat (\d+) (.*)$/i.exec(reason);
  if (!found) return renumber(reason);
  const who = Number(found[1]);
  return and(
    found[2]
      .split(" and ")
      .map((why) =>
        why === "the opponent has no Pokémon in play"
          ? `${seat(1 - who)} has no Pokémon in play`
          : `${seat(who)} ${renumber(why).replace("the last prize", "the last Prize card")}`,
      ),
  );
}
