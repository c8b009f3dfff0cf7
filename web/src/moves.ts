// Moves on the board: each game names the board elements a command touches
// (its keys: "card:5", "stone:3"). Clicking elements builds a selection; the
// commands still possible are the legal ones whose keys contain it. The one
// that matches the selection exactly is submitted (a card alone buys it; a
// longer command starts from its own key, such as "reserve"); otherwise the
// legal-command list shows the candidates to pick from.
import type { Command } from "./api/client";

export type KeysOf = (command: Command) => string[];

export class Moves {
  selection: string[] = [];

  constructor(
    private readonly legal: Command[],
    private readonly keysOf: KeysOf,
  ) {}

  private covers(keys: string[], selection: string[]): boolean {
    const left = [...keys];
    for (const key of selection) {
      const at = left.indexOf(key);
      if (at < 0) return false;
      left.splice(at, 1);
    }
    return true;
  }

  candidates(): Command[] {
    return this.legal.filter((c) => this.covers(this.keysOf(c), this.selection));
  }

  /** Keys a click may add now (the board marks those elements as playable). */
  playable(): Set<string> {
    const found = new Set<string>();
    for (const command of this.candidates()) {
      const left = [...this.keysOf(command)];
      for (const key of this.selection) left.splice(left.indexOf(key), 1);
      for (const key of left) found.add(key);
    }
    return found;
  }

  /** Add a key; answers the command to submit when the selection settles on one. */
  pick(key: string): Command | null {
    if (this.selection.includes(key) && !this.playable().has(key)) {
      this.selection = this.selection.filter((k) => k !== key);
      return null;
    }
    this.selection = [...this.selection, key];
    const candidates = this.candidates();
    if (candidates.length === 0) {
      this.selection = [key];
      return null;
    }
    const exact = candidates.filter((c) => this.keysOf(c).length === this.selection.length);
    return exact.length === 1 ? exact[0] : null;
  }

  clear(): void {
    this.selection = [];
  }
}
