// The table's clocks as the gateway serves them (ClockOut), and as they stood
// at each step of a replay. Pure functions: the table redraws the numbers from
// the gateway's deadline and the wall time, so nothing drifts with a local timer.
import type { FeedCommit, Schemas } from "./api/client";

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

/**
 * The clocks after commit `step`, folded from the event feed as the platform
 * folds them (libs/kernel clock.py): the clock starts at the commit with the
 * `platform.clock` event; between two commits the seats that had to act lose
 * the time between their stamps; a mover whose clock ran gets its increment (a
 * per-move clock starts afresh). Who had to act after an earlier commit is read
 * as the next commit's mover, exact where one seat acts at a time; `toAct` is
 * who must act after `step` (the replayed view's `to_act`). Null: no clock.
 */
export function clockAtStep(commits: FeedCommit[], step: number, toAct: number[], seats: number): ClockOut | null {
  let settings = null as (Settings & { preset: string }) | null;
  let remaining: number[] = [];
  let running: number[] = [];
  let since = 0;
  const retired = new Set<number>();
  let ended = false;
  const upTo = commits.filter((c) => c.seq <= step);
  for (const [i, commit] of upTo.entries()) {
    for (const event of commit.events) {
      if (event.type === "platform.clock") settings = event.settings as Settings & { preset: string };
      if (event.type === "platform.retired") retired.add(Number(event.seat));
      if (event.type === "platform.ended") ended = true;
    }
    if (!settings || commit.at == null) continue;
    const next = upTo[i + 1] ?? null;
    const mustAct = next ? (next.seat === null ? [] : [next.seat]) : toAct;
    const after = ended ? [] : mustAct.filter((s) => !retired.has(s));
    if (!remaining.length) {
      const initial = settings.initial_ms;
      remaining = Array.from({ length: seats }, () => initial);
    } else {
      const elapsed = Math.max(0, commit.at - since);
      for (const seat of running) remaining[seat] = Math.max(0, remaining[seat] - elapsed);
      const mover = commit.seat;
      if (mover !== null && running.includes(mover) && remaining[mover] > 0)
        remaining[mover] =
          settings.kind === "per_move" ? settings.initial_ms : remaining[mover] + settings.increment_ms;
    }
    running = after;
    since = Math.max(since, commit.at);
  }
  if (!settings || !remaining.length) return null;
  return {
    preset: settings.preset,
    kind: settings.kind,
    initial_ms: settings.initial_ms,
    increment_ms: settings.increment_ms,
    remaining_ms: remaining,
    running,
    as_of: since,
  };
}
