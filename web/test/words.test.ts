// The phrase books, run by `npm test` (node:test over the esbuild output). The
// events and catalogs are typed by the gateway's contract, so a drifted field
// fails the build here too. With WORDS_LOGS set (tests/web/test_words.py does),
// every commit of whole games played by the engines reads with no fallback.
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import test from "node:test";
import type { Schemas } from "../src/api/client";
import { Narrator, sayOutcome, sentence } from "../src/words";

type S = Schemas;
const read = (game: string, cards: unknown, events: object[][], viewer: number | null = 0) => {
  const narrator = new Narrator(game, cards, viewer);
  const said = events.map((commit) => sentence(narrator.read(commit)));
  assert.deepEqual([...narrator.missed], [], "every event has its phrase");
  return said;
};

const schottenCards: S["SchottenTottenCards"] = {
  game: "schotten-totten",
  colours: ["red"],
  cards: {
    "2": { kind: "clan", id: 2, name: "red-3", colour: "red", value: 3 },
    "61": { kind: "tactic", id: 61, name: "strategist", family: "ruse", values: null, effect: "move a card" },
  },
};

test("Schotten Totten: printed cards, stones 1–9, a hidden draw as a card of its deck", () => {
  const played: S["SchottenTottenCardPlayed"] = { type: "card_played", v: 1, seat: 1, card: 2, stone: 8 };
  const drawn: S["SchottenTottenCardDrawn"] = { type: "card_drawn", v: 1, seat: 1, deck: "clan", card: null };
  const ended: S["SchottenTottenTurnEnded"] = { type: "turn_ended", v: 1, seat: 1 };
  const moved: S["SchottenTottenStrategistPlayed"] = {
    type: "strategist_played",
    v: 1,
    seat: 0,
    card: 2,
    from_stone: 0,
    to_stone: null,
  };
  assert.deepEqual(read("schotten-totten", schottenCards, [[played], [drawn, ended], [ended], [moved]]), [
    "Seat 2 played Red 3 at stone 9.",
    "Seat 2 drew a clan card.", // "ended the turn" is left out beside a move...
    "Seat 2 ended the turn.", // ...and said when it is all the step did
    "Seat 1 played the Strategist: Red 3 from stone 1 to the discard pile.",
  ]);
});

const gem = (id: number, level: string, bonus: string, points: number): S["GemCard"] => ({
  id,
  level,
  bonus,
  points,
  bonus_count: 1,
  cost: {},
});
const splendorCards: S["SplendorCards"] = {
  game: "splendor",
  colours: ["white", "blue", "green", "red", "black", "gold"],
  levels: ["1", "2", "3"],
  cards: { "16": gem(16, "2", "blue", 2), "14": gem(14, "1", "red", 0) },
  nobles: { "5": { id: 5, points: 3, requires: { white: 3, blue: 3, black: 3 } } },
};

test("Splendor: a card by level, colour and points, the payment, the noble by what it asks", () => {
  const bought: S["SplendorCardBought"] = {
    type: "card_bought",
    v: 1,
    seat: 0,
    card: 16,
    paid: ["red", "red", "red", "black", "black"],
    refill: 14,
  };
  const noble: S["SplendorNobleVisited"] = { type: "noble_visited", v: 1, seat: 0, noble: 5 };
  const blind: S["SplendorCardReserved"] = {
    type: "card_reserved",
    v: 1,
    seat: 1,
    card: null,
    level: 1,
    from_deck: true,
    wild: true,
    refill: null,
  };
  const [buy, reserve] = read("splendor", splendorCards, [
    [bought, noble, { type: "turn_ended", v: 1, seat: 0 }],
    [blind],
  ]);
  assert.equal(
    buy,
    "Seat 1 bought a level-2 blue card (2 points) paying 3 red and 2 black gems; a level-1 red card took its place. " +
      "A noble (3 white, 3 blue, 3 black) visited Seat 1: 3 points.",
  );
  assert.equal(reserve, "Seat 2 reserved a face-down level-1 card from the level-1 deck and took a gold gem.");
});

test("Splendor Pokémon: Pokémon by name, balls by colour", () => {
  const card = (id: number, name: string): S["PokemonCard"] => ({ ...gem(id, "1", "pink", 0), name });
  const cards: S["SplendorPokemonCards"] = {
    game: "splendor-pokemon",
    colours: ["black", "pink", "yellow", "blue", "red", "master"],
    levels: ["1", "2", "3", "rare", "legendary"],
    cards: { "3": card(3, "Bulbasaur"), "40": { ...card(40, "Ivysaur"), level: "2", points: 2 } },
  };
  const evolved: S["SplendorPokemonEvolved"] = { type: "evolved", v: 1, seat: 0, card: 3, into: 40, refill: null };
  const taken: S["SplendorPokemonTokensTaken"] = { type: "tokens_taken", v: 1, seat: 1, tokens: ["blue", "blue"] };
  assert.deepEqual(read("splendor-pokemon", cards, [[evolved], [taken]]), [
    "Seat 1 evolved Bulbasaur into Ivysaur (level 2, pink, 2 points).",
    "Seat 2 took 2 blue balls.",
  ]);
});

test("Potion Explosion: the taken marble and the explosion by colour, potions by name", () => {
  const tile: S["PotionTile"] = { id: 0, type: "wisdom", points: 5, holes: { red: 2 }, start: true };
  const cards: S["PotionExplosionCards"] = {
    game: "potion-explosion",
    colours: ["red", "blue", "black", "yellow"],
    types: { wisdom: { id: "wisdom", name: "Wisdom", effect: "take any 1 marble from the dispenser" } },
    tiles: { "0": tile },
  };
  const started: S["PotionExplosionStarted"] = {
    type: "started",
    v: 1,
    players: 2,
    types: ["wisdom"],
    tracks: [["red", "yellow", "blue", "yellow", "yellow", "black"], []],
    reservoir: [1, 1, 1, 1],
    offer: [0],
    stacks: [],
    clock: 4,
    supply: 11,
    max_rounds: 100,
  };
  const said = read("potion-explosion", cards, [
    [started, { type: "drafted", v: 1, seat: 0, tile: 0, slot: 0 }],
    // Blue out of place 3: the three yellows meet and explode (the gap closed first).
    [
      {
        type: "dispensed",
        v: 1,
        seat: 0,
        source: "take",
        removals: [
          [0, 2, 1],
          [0, 1, 3],
        ],
      },
    ],
    [{ type: "placed", v: 1, seat: 0, colour: "red", slot: 0 }],
    [{ type: "game_ended", v: 1, reason: "stacks", tiebreak: [0, 1] }],
  ] satisfies S["PotionExplosionEvent"][][]);
  assert.deepEqual(said.slice(1), [
    "Seat 1 took a blue marble from track 1, and 3 yellow marbles exploded.",
    "Seat 1 put a red marble into the Wisdom potion on burner 1.",
    "The game ends: the potion stacks ran out; Seat 1 and Seat 2 are tied and each take a marble.",
  ]);
  assert.match(said[0], /Seat 1 chose a Wisdom potion \(5 points\) for burner 1\.$/);
});

const mon = (id: string, name: string, attack: string): S["PokemonTcgCard"] => ({
  id,
  name,
  number: 1,
  kind: "pokemon",
  subtypes: ["Basic"],
  hp: 120,
  type: "F",
  evolves_from: null,
  weakness: "",
  resistance: "",
  retreat: 1,
  abilities: [],
  attacks: [{ name: attack, cost: "F", damage: 120, modifier: "", text: "" }],
  text: "",
  energy_type: "",
});

test("Pokémon TCG: instances by printed name, the attack by name, a hidden draw as a card", () => {
  const cards: S["PokemonTcgCards"] = {
    game: "pokemon-tcg",
    types: {},
    cards: { "a-1": mon("a-1", "Houndoom", "Bite"), "b-1": mon("b-1", "Houndstone", "Rock Throw") },
  };
  const decks: [string[], string[]] = [Array(60).fill("a-1"), Array(60).fill("b-1")];
  const prize: S["PokemonTcgCardsMoved"] = {
    type: "cards_moved",
    v: 1,
    seat: 1,
    cards: null,
    count: 1,
    source: "prizes",
    dest: "hand",
    target: null,
    origin: null,
    revealed: false,
  };
  const said = read("pokemon-tcg", cards, [
    [{ type: "game_started", v: 1, decks }],
    [
      { type: "attack_used", v: 1, seat: 1, pokemon: 60, attack: 0 },
      { type: "damaged", v: 1, target: 0, amount: 120, counters: false },
      { type: "knocked_out", v: 1, seat: 0, pokemon: 0, by_attack: true, by_damage: true },
      prize,
      { ...prize, seat: 0, source: "deck" },
      { type: "game_over", v: 1, winners: [1], reason: "seat 1 took the last prize" },
    ],
  ] satisfies S["PokemonTcgEvent"][][]);
  assert.equal(
    said[1],
    "Seat 2's Houndstone used Rock Throw. 120 damage to Seat 1's Houndoom. Seat 1's Houndoom is Knocked Out. " +
      "Seat 2 took a Prize card. Seat 1 drew a card. Seat 2 won: Seat 2 took the last Prize card.",
  );
  assert.equal(sayOutcome("pokemon-tcg", "seat 0 took the last prize"), "Seat 1 took the last Prize card.");
});

test("the platform's events and reasons read as sentences", () => {
  const narrator = new Narrator("splendor", splendorCards, null);
  assert.deepEqual(narrator.read([{ type: "platform.retired", seat: 0, reason: "resign" }]), ["Seat 1 resigned"]);
  assert.deepEqual(narrator.read([{ type: "platform.ended", reason: "timeout", ranks: [1, 0] }]), [
    "The game is over: a clock ran out",
  ]);
  assert.equal(sayOutcome("splendor", "points"), "The most points won.");
  assert.equal(sayOutcome("potion-explosion", "clock"), "The last skill token of the game clock was taken.");
});

test("an event kind the client does not know, or one it cannot read, still reads as its fields", () => {
  const narrator = new Narrator("schotten-totten", schottenCards, 0);
  assert.deepEqual(narrator.read([{ type: "stone_swapped", seat: 0, stone: 3 }]), ["Seat 1: stone swapped — stone 3"]);
  const broken = narrator.read([{ type: "round_started", round: 2 }]); // no hands: the phrase throws
  assert.match(broken[0], /^round started — round 2$/);
  assert.deepEqual([...narrator.missed], ["stone_swapped", "round_started"]);
});

// Whole games from the engines (tests/web/test_words.py writes them): every commit reads,
// with no fallback, no raw id and no hidden card named.
const RAW = /undefined|null|NaN|\[object|\b(card|pokemon|tile|noble|target) \d/;
const logs = process.env.WORDS_LOGS;
test("every event of whole games reads, as each seat and a spectator see them", { skip: !logs }, () => {
  const files = readdirSync(logs as string).filter((f) => f.endsWith(".json"));
  assert.ok(files.length > 0, `no logs in ${logs}`);
  for (const file of files) {
    const log = JSON.parse(readFileSync(`${logs}/${file}`, "utf8"));
    const narrator = new Narrator(log.game, log.cards, log.seat);
    for (const commit of log.commits) {
      const said = narrator.read(commit.events);
      assert.ok(said.length > 0, `${file} step ${commit.seq}: nothing said`);
      for (const phrase of said) {
        assert.doesNotMatch(phrase, RAW, `${file} step ${commit.seq}`);
        for (const [, n] of phrase.matchAll(/\b(?:Seat|stone) (\d+)/g)) assert.ok(Number(n) >= 1, phrase);
        if (log.game === "schotten-totten" && log.seat === null)
          assert.doesNotMatch(phrase, /drew (?!(?:an?|\d+) (?:clan|tactic) card)/);
      }
    }
    assert.deepEqual([...narrator.missed], [], `${file}: events read as bare fields`);
  }
});
