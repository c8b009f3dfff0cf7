// The table's clocks as the gateway serves them (ClockOut: a live game's, or a
// replay step's as the archive folded them). Pure functions: the table redraws the
// numbers from the gateway's deadline and the wall time, so nothing drifts with a local timer.
import type { Schemas } from "./api/client";

export type ClockOut = Schemas["ClockOut"];
type Settings = { kind: string; initial_ms: number; increment_ms: number };

/** Each seat's time left at `now` (Unix ms): the running ones count down to their deadline. */
export function remainingAt(clock: ClockOut, now: number): number[] {
  return clock.remaining_ms.map((left, seat) => {
    if (!clock.running.includes(seat)) return left;
    // The deadline seat's end is the gateway's own number; the others' follow from `as_of`.
    const end = seat === clock.deadline_seat && clock.deadline != null ? clock.deadline : clock.as_of + left;
    return Math.max(0, end - now);
  });
}

/** 4:05, 1:02:03, or 1d 02:03:04 for a daily clock; whole seconds, rounded up while running. */
export function formatMs(ms: number): string {
  const total = Math.ceil(Math.max(0, ms) / 1000);
  const days = Math.floor(total / 86400);
  const hours = Math.floor((total % 86400) / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = String(total % 60).padStart(2, "0");
  if (days) return `${days}d ${String(hours).padStart(2, "0")}:${String(minutes).padStart(2, "0")}:${seconds}`;
  if (hours) return `${hours}:${String(minutes).padStart(2, "0")}:${seconds}`;
  return `${minutes}:${seconds}`;
}

/** What the clock preset means, in words: "blitz: 3 min + 2 s a move". */
export function sayPreset(name: string, settings: Settings | null | undefined): string {
  if (!settings) return name === "none" ? "no clock" : name;
  const time = formatMs(settings.initial_ms);
  if (settings.kind === "per_move") return `${name}: ${time} for each move`;
  return `${name}: ${time}${settings.increment_ms ? ` + ${settings.increment_ms / 1000} s a move` : ""}`;
}
