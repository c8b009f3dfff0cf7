// The replay viewer: any archived game step by step or by scrubbing, from my
// seat, a spectator's or (once it is over) any seat's perspective, each step's
// events in words and clocks (the archive's fold of commits 1..N, exact even
// when seats act at once), and the URL (#/replay/<id>?step=N&as=P) links to that step.
import { ApiError, api, type Feed, type GameOut, type ReplayOut } from "../api/client";
import { h, mount } from "../dom";
import { go } from "../router";
import { TABLES } from "../tables";
import { Narrator } from "../words";
import { clockFace } from "./controls";
import { cardsOf } from "./table";

export async function replay(root: HTMLElement, gameId: string, params: URLSearchParams): Promise<void> {
  const as = params.get("as") ?? "me";
  let shown: ReplayOut;
  try {
    shown = await api.replay(gameId, params.has("step") ? Number(params.get("step")) : undefined, as);
  } catch (e) {
    if (e instanceof ApiError && e.code === "not_a_player" && as === "me")
      return go(`#/replay/${gameId}?${params.has("step") ? `step=${params.get("step")}&` : ""}as=spectator`);
    throw e;
  }
  const feed: Feed = await api.events(gameId);
  const game = feed.game;
  const cards = await cardsOf(game);
  const step = shown.step;
  const at = (n: number, who = as) => `#/replay/${gameId}?step=${n}&as=${who}`;
  // The step's events in words: the narrator reads the log up to the step (it remembers what it needs).
  const narrator = new Narrator(game, cards, feed.seat, shown.view);
  let said: string[] = [];
  for (const commit of feed.commits) {
    if (commit.seq > step) break;
    const phrases = narrator.read(commit.events);
    if (commit.seq === step) said = phrases;
  }
  const seats = Array.from(
    { length: (shown.view as { players?: unknown[]; sides?: unknown[]; scores?: unknown[] }).players?.length ?? 2 },
    (_, i) => i,
  );
  const perspective = h(
    "select",
    { id: "as", name: "as" },
    h("option", { value: "me", selected: as === "me" }, "my seat"),
    h("option", { value: "spectator", selected: as === "spectator" }, "spectator"),
    seats.map((s) => h("option", { value: String(s), selected: as === String(s) }, `seat ${s + 1}`)),
  );
  perspective.addEventListener("change", () => go(at(step, (perspective as HTMLSelectElement).value)));
  const scrub = h("input", {
    type: "range",
    id: "scrub",
    min: 1,
    max: shown.last_seq,
    value: step,
    "aria-label": "step",
  }) as HTMLInputElement;
  scrub.addEventListener("change", () => go(at(Number(scrub.value))));
  const link = new URL(at(step), location.href).href;
  mount(
    root,
    h(
      "main",
      { class: "replay-page" },
      h(
        "header",
        { class: "table-head" },
        h("h1", {}, `Replay · ${game.replaceAll("-", " ")}`),
        h(
          "p",
          { role: "status", "data-step": step, "data-as": as },
          `Step ${step} of ${shown.last_seq}`,
          shown.finished ? " · finished" : " · running",
          shown.seat === null ? " · spectator's view" : ` · seat ${shown.seat + 1}'s view`,
        ),
        h("div", { class: "game-controls" }, clockFace(shown.clock, shown.seat, false)),
      ),
      h(
        "nav",
        { class: "replay-controls", "aria-label": "replay controls" },
        h("button", { id: "first", disabled: step <= 1, onclick: () => go(at(1)) }, "« First"),
        h("button", { id: "prev", disabled: step <= 1, onclick: () => go(at(step - 1)) }, "◀ Back"),
        scrub,
        h("button", { id: "next", disabled: step >= shown.last_seq, onclick: () => go(at(step + 1)) }, "Next ▶"),
        h("button", { id: "last", disabled: step >= shown.last_seq, onclick: () => go(at(shown.last_seq)) }, "Last »"),
        h("label", { for: "as" }, "Perspective"),
        perspective,
        h("a", { href: at(step), id: "share", "data-link": link }, "Link to this step"),
      ),
      h(
        "div",
        { class: "table-body" },
        h(
          "section",
          { class: "board", "aria-label": "board" },
          TABLES[game].draw({ view: shown.view, seat: shown.seat, cards, moves: null, pick: () => {} }),
        ),
        h(
          "aside",
          { class: "side" },
          h("h2", {}, `Step ${step}: what happened`),
          h(
            "ul",
            { class: "log", id: "step-events" },
            said.map((phrase) => h("li", {}, phrase)),
          ),
          h(
            "details",
            {},
            h("summary", {}, "The view as JSON"),
            h("pre", { id: "raw-view" }, JSON.stringify(shown.view, null, 1)),
          ),
        ),
      ),
    ),
  );
}

export type { GameOut };
