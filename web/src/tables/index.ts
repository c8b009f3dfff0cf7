import type { Command } from "../api/client";
import { potion } from "./potion";
import { schotten } from "./schotten";
import { splendor } from "./splendor";
import type { GameTable } from "./table";
import { tcg } from "./tcg";

// Each table is typed by its own view; here they are looked up by game id.
// biome-ignore lint/suspicious/noExplicitAny: the game id picks the view type at run time
export const TABLES: Record<string, GameTable<any, any>> = {
  "schotten-totten": schotten,
  splendor,
  "splendor-pokemon": splendor,
  "potion-explosion": potion,
  "pokemon-tcg": tcg,
};

/** A command in words: the game's own phrase, else its type and fields. */
export function sayCommand(game: string, command: Command, cards: unknown, view: unknown): string {
  const said = TABLES[game]?.say?.(command, cards, view);
  if (said) return said;
  const { type, seat: _seat, v: _v, ...rest } = command;
  const fields = Object.entries(rest).map(([k, v]) => `${k} ${JSON.stringify(v)}`);
  return [type.replaceAll("_", " "), ...fields].join(" · ");
}
