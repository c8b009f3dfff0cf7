// Potion Explosion's events in words: potions by their printed name and points,
// tracks, burners and stacks numbered from 1. The reader remembers what the log
// has said so far (the dispenser's tracks, each seat's burners and brewed
// potions), so "track 2, place 5" reads as the marble's colour.
import type { Schemas } from "../api/client";
import { and, type Book, count, seat, several } from "./say";

type E = Schemas["PotionExplosionEvent"];
type Cards = Schemas["PotionExplosionCards"];
interface Memory {
  cards: Cards;
  tracks: string[][]; // bottom (0) to top, as the events number them
  burners: (number | null)[][]; // per seat, per slot: a tile id
  brewed: number[][]; // per seat: the completed tiles, in the order the events index them
}

/** "a Wisdom potion (5 points)". */
export function potionName(cards: Cards, tile: number | null | undefined, points = true): string {
  const facts = tile === null || tile === undefined ? undefined : cards.tiles[String(tile)];
  if (!facts) return "a potion";
  const name = cards.types[facts.type]?.name ?? facts.type;
  return `${/^[AEIOU]/.test(name) ? "an" : "a"} ${name} potion${points ? ` (${count(facts.points, "point")})` : ""}`;
}

const on = (m: Memory, who: number, slot: number) => {
  const tile = m.burners[who]?.[slot];
  return `${potionName(m.cards, tile, false).replace(/^an? /, "the ")} on burner ${slot + 1}`;
};

/** The marbles `removals` take out of the remembered tracks, by colour (the gap closes each time). */
function remove(m: Memory, removals: readonly (readonly number[])[]): string[][] {
  return removals.map(([track, pos, n]) => m.tracks[track]?.splice(pos, n) ?? []);
}

const marbles = (colours: readonly string[]) => several(colours, "marble");

const ENDS = {
  clock: "the last skill token of the game clock was taken",
  stacks: "the potion stacks ran out",
  rounds: "the game reached its last round",
};

export const potion: Book<E, Cards, Memory> = {
  start: (cards) => ({ cards, tracks: [], burners: [], brewed: [] }),
  say: {
    started: (e, m) => {
      m.tracks = e.tracks.map((t) => [...t]);
      m.burners = Array.from({ length: e.players }, () => [null, null]);
      m.brewed = Array.from({ length: e.players }, () => []);
      const types = e.types.map((t) => m.cards.types[t]?.name ?? t);
      return `A game of ${e.players} with the potions ${and(types)}; ${count(e.clock, "skill token")} on the game clock`;
    },
    drafted: (e, m) => {
      if (m.burners[e.seat]) m.burners[e.seat][e.slot] = e.tile;
      return `${seat(e.seat)} chose ${potionName(m.cards, e.tile)} for burner ${e.slot + 1}`;
    },
    turn_began: (e) => `Round ${e.round}: ${seat(e.seat)}'s turn`,
    dispensed: (e, m) => {
      const [first = [], ...rest] = remove(m, e.removals);
      const tracks = [...new Set(e.removals.map(([t]) => t + 1))];
      const from = ` from track${tracks.length > 1 ? "s" : ""} ${and(tracks.map(String))}`;
      const all = marbles([first, ...rest].flat());
      const exploded = rest.flat().length ? `, and ${marbles(rest.flat())} exploded` : "";
      switch (e.source) {
        case "help":
          return `${seat(e.seat)} used a Little Help (−2 points) to take ${all}${from}`;
        case "effect":
          return `${seat(e.seat)} took ${all}${from} by the potion's effect`;
        case "discard":
          return `${seat(e.seat)} put ${all}${from} back into the reservoir`;
        case "tiebreak":
          return `${seat(e.seat)} took ${marbles(first)}${from} for the tie-break${exploded}`;
        default:
          return `${seat(e.seat)} took ${marbles(first)}${from}${exploded}`;
      }
    },
    refilled: (e, m) => {
      for (const [track, colour] of e.marbles) m.tracks[track]?.push(colour);
      return `The dispenser is refilled with ${marbles(e.marbles.map(([, colour]) => colour))}`;
    },
    placed: (e, m) => `${seat(e.seat)} put a ${e.colour} marble into ${on(m, e.seat, e.slot)}`,
    completed: (e, m) => {
      m.brewed[e.seat]?.push(e.tile);
      if (m.burners[e.seat]) m.burners[e.seat][e.slot] = null;
      return `${seat(e.seat)} brewed ${potionName(m.cards, e.tile)}`;
    },
    stashed: (e) => `${seat(e.seat)} put a ${e.colour} marble into the pool`,
    unstashed: (e) => `${seat(e.seat)} took a ${e.colour} marble back from the pool`,
    drunk: (e, m) => {
      const tile = m.brewed[e.seat]?.[e.potion];
      const facts = tile === undefined ? undefined : m.cards.tiles[String(tile)];
      const effect = facts ? m.cards.types[facts.type]?.effect : undefined;
      return `${seat(e.seat)} drank ${potionName(m.cards, tile, false)}${effect ? `: ${effect}` : ""}`;
    },
    reused: (e, m) =>
      `${seat(e.seat)} used ${potionName(m.cards, m.brewed[e.seat]?.[e.potion], false)} again (Sands of Time)`,
    stolen: (e) => `${seat(e.seat)} took every marble of ${seat(e.opponent)}'s pool (Blind Love)`,
    transmuted: (e, m) =>
      `${seat(e.seat)} put a ${e.colour} marble of the pool into a ${e.hole} hole of ${on(m, e.seat, e.slot)} (Prismatic Joy)`,
    effect_finished: (e) => `${seat(e.seat)} finished the potion's effect`,
    turn_ended: (e) => `${seat(e.seat)} ended the turn`,
    burner_filled: (e, m) => {
      if (m.burners[e.seat]) m.burners[e.seat][e.slot] = e.tile;
      const next = e.revealed === null ? "now empty" : `now showing ${potionName(m.cards, e.revealed)}`;
      return `${seat(e.seat)} set ${potionName(m.cards, e.tile)} from stack ${e.stack + 1} on burner ${e.slot + 1}; stack ${e.stack + 1} is ${next}`;
    },
    skill_awarded: (e, m) => {
      const why =
        e.reason === "variety"
          ? "five different potions"
          : `three ${m.cards.types[e.reason]?.name ?? e.reason} potions`;
      return `${seat(e.seat)} earned a skill token (4 points) for ${why}${e.clock ? ", from the game clock" : ""}`;
    },
    game_ended: (e) => {
      const tie = e.tiebreak.length ? `; ${and(e.tiebreak.map(seat))} are tied and each take a marble` : "";
      return `The game ends: ${ENDS[e.reason]}${tie}`;
    },
  },
};
