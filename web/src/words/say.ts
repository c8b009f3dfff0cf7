// What every game's phrase book shares: seats and lists as a person says them,
// and the book's type. A book has one phrase per event kind of its game's
// contract (the types generated from the gateway's OpenAPI): a renamed field or
// a new event kind stops the build until it is phrased.

type Event = { type: string };

/** One phrase per event kind, given the event and what the reader remembers; null: nothing to say. */
export type Phrases<E extends Event, M> = {
  [K in E["type"]]: (event: Extract<E, { type: K }>, memory: M) => string | null;
};

export interface Book<E extends Event, C, M> {
  /** The reader's memory before the first event: the game's card catalog, whose eyes, the view at hand. */
  start(cards: C, viewer: number | null, view: unknown): M;
  say: Phrases<E, M>;
  /** Kinds left out of a commit that says something else ("turn ended" after a move). */
  quiet?: ReadonlySet<string>;
}

/** Seats as the page shows them: 1-based. */
export const seat = (n: number): string => `Seat ${n + 1}`;

/** The engines' reasons count seats from 0 ("seat 0 took the last prize"); the page counts from 1. */
export const renumber = (reason: string): string => reason.replace(/\bseat (\d+)/gi, (_, n: string) => seat(Number(n)));

export function and(items: readonly string[]): string {
  if (items.length <= 1) return items[0] ?? "";
  return `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`;
}

/** "1 point", "3 points". */
export const count = (n: number, one: string, many = `${one}s`): string => `${n} ${n === 1 ? one : many}`;

export const capital = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);

/** How often each item occurs, in the order first seen: ["red", "red", "black"] → [["red", 2], ["black", 1]]. */
export function tally(items: readonly string[]): [string, number][] {
  const seen = new Map<string, number>();
  for (const item of items) seen.set(item, (seen.get(item) ?? 0) + 1);
  return [...seen];
}

/** A multiset in words: "a red marble", "red and blue marbles", "3 red and 2 black gems". */
export function several(items: readonly string[], noun: string): string {
  if (items.length === 0) return `no ${noun}s`;
  if (items.length === 1) return `${/^[aeiou]/.test(items[0]) ? "an" : "a"} ${items[0]} ${noun}`;
  const counted = tally(items);
  const ones = counted.every(([, n]) => n === 1);
  return `${and(counted.map(([item, n]) => (ones ? item : `${n} ${item}`)))} ${noun}s`;
}

/** A value of an event this client does not know yet, in words. */
function value(v: unknown): string {
  if (Array.isArray(v)) return v.length > 8 ? `${v.length} items` : v.map(value).join(", ");
  if (v && typeof v === "object") {
    return Object.entries(v as Record<string, unknown>)
      .filter(([, x]) => x !== 0 && x !== null)
      .map(([k, x]) => `${k} ${value(x)}`)
      .join(", ");
  }
  return String(v);
}

const SKIP = new Set(["type", "v", "seat"]);

/** An event no book phrases (a kind newer than this client): its type and fields. */
export function generic(event: Record<string, unknown>): string {
  const who = typeof event.seat === "number" ? `${seat(event.seat)}: ` : "";
  const what = String(event.type ?? "event").replaceAll("_", " ");
  const fields = Object.entries(event)
    .filter(([k, v]) => !SKIP.has(k) && v !== null && v !== undefined && !(Array.isArray(v) && v.length === 0))
    .map(([k, v]) => `${k.replaceAll("_", " ")} ${value(v)}`);
  return `${who}${what}${fields.length ? ` — ${fields.join("; ")}` : ""}`;
}
