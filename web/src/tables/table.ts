// What every game's table shares: the context a board is drawn in, and how
// a board element becomes a move (a key the legal commands name).
import type { Command } from "../api/client";
import type { KeysOf, Moves } from "../moves";

export interface Ctx<V, C> {
  view: V;
  seat: number | null;
  cards: C;
  moves: Moves | null;
  pick: (key: string) => void;
}

export interface GameTable<V, C> {
  keysOf: KeysOf;
  draw: (ctx: Ctx<V, C>) => HTMLElement;
  /** The command in words, for the legal-command list (the view names what it touches). */
  say?: (command: Command, cards: C, view: V) => string | null;
}

/** Mark `el` as the board element of `key`: clickable when a move may use it. */
export function spot<E extends Element>(ctx: Ctx<unknown, unknown>, key: string, el: E, label: string): E {
  el.setAttribute("data-key", key);
  const selected = ctx.moves?.selection.includes(key) ?? false;
  const playable = ctx.moves?.playable().has(key) ?? false;
  if (selected) el.classList.add("selected");
  if (playable || selected) {
    el.classList.add("playable");
    el.setAttribute("role", "button");
    el.setAttribute("tabindex", "0");
    el.setAttribute("aria-label", label);
    if (selected) el.setAttribute("aria-pressed", "true");
    const go = (event: Event) => {
      event.stopPropagation();
      ctx.pick(key);
    };
    el.addEventListener("click", go);
    el.addEventListener("keydown", (event) => {
      const key = (event as KeyboardEvent).key;
      if (key === "Enter" || key === " ") go(event);
    });
  }
  return el;
}

export const me = (seat: number | null): number => seat ?? 0;
