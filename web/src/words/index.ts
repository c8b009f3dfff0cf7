// Events in words for the replay viewer and the table's log. Each game has a
// phrase book (one file each) with a phrase for every event kind its contract
// names; a Narrator reads one game's commits in order, remembering what its
// book needs (the TCG's decks, Potion Explosion's tracks), so cards and marbles
// read as their printed names and colours. The platform's own events (clock,
// resignation, timeout, end) are phrased here; an event kind this client does
// not know (a newer gateway) reads as its type and fields, and never breaks the page.
import type { Schemas } from "../api/client";
import { sayPreset } from "../clock";
import { potion } from "./potion";
import { type Book, capital, generic, renumber, seat } from "./say";
import { schotten } from "./schotten";
import { splendor } from "./splendor";
import { sayWin, tcg } from "./tcg";

// biome-ignore lint/suspicious/noExplicitAny: the game id picks the book (and its event type) at run time
const BOOKS: Record<string, Book<any, any, any>> = {
  "schotten-totten": schotten,
  splendor,
  "splendor-pokemon": splendor,
  "potion-explosion": potion,
  "pokemon-tcg": tcg,
};

type Event = { type: string } & Record<string, unknown>;
type Platform = Schemas["PlatformEvent"];

const RETIRED: Record<string, string> = { resign: "resigned", timeout: "ran out of time" };
const ENDED: Record<string, string> = {
  resign: "a resignation ended it",
  timeout: "a clock ran out",
  abandoned: "it was abandoned",
  commit_cap: "it reached its limit of moves",
};

function sayPlatform(event: Platform): string | null {
  switch (event.type) {
    case "platform.clock": {
      const settings = event.settings;
      return `The clock: ${sayPreset(settings?.preset ?? "custom", settings)}`;
    }
    case "platform.retired":
      return `${seat(event.seat ?? 0)} ${RETIRED[event.reason ?? ""] ?? `left the game (${event.reason})`}`;
    case "platform.ended":
      return `The game is over: ${ENDED[event.reason ?? ""] ?? event.reason}`;
    default:
      return null;
  }
}

/** Reads one game's log, commit after commit, in words. */
export class Narrator {
  // biome-ignore lint/suspicious/noExplicitAny: see BOOKS
  private readonly book: Book<any, any, any> | undefined;
  private readonly memory: unknown;
  /** The event kinds read as bare fields so far (no phrase, or one that failed): the tests' witness. */
  readonly missed = new Set<string>();

  /** `viewer`: whose eyes the log was redacted for (null: a spectator's); `view`: any view of the game. */
  constructor(game: string, cards: unknown, viewer: number | null, view: unknown = null) {
    this.book = BOOKS[game];
    this.memory = this.book?.start(cards, viewer, view);
  }

  /** One commit's events in words. Read every commit once, in order: a book remembers what came before. */
  read(events: readonly object[]): string[] {
    const said = (events as Event[]).map((event) => ({ type: event.type, text: this.say(event) }));
    const spoken = said.filter((s): s is { type: string; text: string } => s.text !== null);
    const loud = spoken.filter((s) => !this.book?.quiet?.has(s.type));
    return (loud.length ? loud : spoken).map((s) => s.text);
  }

  private say(event: Event): string | null {
    if (event.type.startsWith("platform.")) {
      const said = sayPlatform(event as Platform);
      if (said) return said;
    }
    const phrase = this.book?.say[event.type];
    if (phrase) {
      try {
        return phrase(event, this.memory);
      } catch (error) {
        // An event this book did not expect: its fields, rather than a broken page.
        console.error(`words: ${event.type}`, error);
      }
    }
    this.missed.add(event.type);
    return generic(event);
  }
}

/** A commit's phrases as one line of the log: a sentence each. */
export const sentence = (phrases: readonly string[]): string => phrases.map((p) => `${p}.`).join(" ");

const POTION_ENDS: Record<string, string> = {
  clock: "the last skill token of the game clock was taken",
  stacks: "the potion stacks ran out",
  rounds: "the game reached its last round",
};
const OUTCOMES: Record<string, string> = { points: "the most points won", "match points": "the most match points won" };

/** The game's own reason for its result ("points", "seat 0 took the last prize"), as a sentence. */
export function sayOutcome(game: string, reason: string): string {
  if (game === "pokemon-tcg") return `${sayWin(reason)}.`;
  const said = (game === "potion-explosion" ? POTION_ENDS[reason] : undefined) ?? OUTCOMES[reason] ?? renumber(reason);
  return `${capital(said)}.`;
}
