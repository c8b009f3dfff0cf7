// The table header's clocks and resign button, and the result's reason in words.
import type { GameOut } from "../api/client";
import { type ClockOut, formatMs, remainingAt } from "../clock";
import { h } from "../dom";
import { sayOutcome } from "../words";

const who = (seat: number, mine: number | null) => (seat === mine ? "you" : `seat ${seat + 1}`);

/**
 * Each seat's clock; `tickClocks` then counts the running ones down in place
 * (the page is not redrawn for it). `live` false (a replay): the times as of
 * the step, nothing ticks.
 */
export function clockFace(clock: ClockOut | null | undefined, mine: number | null, live: boolean): HTMLElement | null {
  if (!clock) return null;
  const left = live ? remainingAt(clock, Date.now()) : clock.remaining_ms;
  return h(
    "ul",
    { class: "clocks", "aria-label": `clocks (${clock.preset})`, "data-preset": clock.preset },
    left.map((ms, seat) => {
      const running = clock.running.includes(seat);
      return h(
        "li",
        { "data-clock-seat": seat, "data-running": String(running), "data-ms": ms, "data-mine": seat === mine },
        `Seat ${seat + 1}${seat === mine ? " (you)" : ""}: `,
        h("span", { class: "time", role: "timer" }, formatMs(ms)),
        running ? h("span", { class: "visually-hidden" }, " (running)") : null,
      );
    }),
  );
}

/** The running seats' times now, from the gateway's deadline and the wall clock. */
export function tickClocks(root: HTMLElement, clock: ClockOut | null | undefined): void {
  if (!clock?.running.length) return;
  const left = remainingAt(clock, Date.now());
  for (const item of root.querySelectorAll<HTMLElement>("[data-clock-seat]")) {
    const seat = Number(item.dataset.clockSeat);
    if (!clock.running.includes(seat)) continue;
    item.dataset.ms = String(left[seat]);
    const time = item.querySelector(".time");
    if (time) time.textContent = formatMs(left[seat]);
  }
}

/** Resign, then a confirmation in place of the button. */
export function resignControl(
  confirming: boolean,
  ask: (confirming: boolean) => void,
  resign: () => void,
): HTMLElement {
  if (!confirming) return h("button", { id: "resign", class: "secondary", onclick: () => ask(true) }, "Resign");
  return h(
    "div",
    { class: "confirm", role: "group", "aria-label": "confirm resignation" },
    h("span", {}, "Resign this game?"),
    h("button", { id: "resign-confirm", class: "danger", onclick: resign }, "Yes, resign"),
    h("button", { id: "resign-cancel", class: "secondary", onclick: () => ask(false) }, "Keep playing"),
  );
}

/** How the game ended, for the result: the platform's reasons and the game's own, in words. */
export function sayReason(game: GameOut): string {
  const outcome = game.outcome;
  if (!outcome?.reason) return "";
  const seats = (list: number[] | undefined) => (list ?? []).map((s) => who(s, game.seat)).join(", ");
  switch (outcome.reason) {
    case "resign":
      return `Ended by resignation: ${seats(outcome.resigned)} resigned.`;
    case "timeout":
      return `Ended on time: ${seats(outcome.timed_out)} ran out of time.`;
    case "abandoned":
      return "The game was abandoned.";
    case "commit_cap":
      return "The game reached its limit of moves.";
    default:
      return sayOutcome(game.game, outcome.reason);
  }
}
