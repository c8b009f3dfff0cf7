// Guest sign-in, then the lobby: pick a game from the catalog, the players,
// an option set, the bots' level and the clock, queue, and go to the table once matched.
import { ApiError, api, type CatalogGame, type Schemas, session } from "../api/client";
import { sayPreset } from "../clock";
import { h, mount } from "../dom";
import { go } from "../router";

export function signIn(root: HTMLElement): void {
  const name = h("input", {
    id: "name",
    name: "name",
    required: true,
    maxlength: 32,
    value: session.name,
    autocomplete: "nickname",
  }) as HTMLInputElement;
  const form = h(
    "form",
    { class: "card", "aria-label": "sign in" },
    h("h2", {}, "Play as a guest"),
    h("label", { for: "name" }, "Display name"),
    name,
    h("button", { type: "submit" }, "Sign in"),
  );
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const token = await api.signIn();
    session.save(token.token, token.player_id, name.value.trim() || "Guest");
    go("#/");
  });
  mount(root, h("main", {}, h("h1", {}, "Tabletop"), form));
}

const field = (label: string, id: string, control: HTMLElement) =>
  h("div", { class: "field" }, h("label", { for: id }, label), control);

function select(id: string, values: [string, string][], chosen?: string): HTMLSelectElement {
  return h(
    "select",
    { id, name: id },
    values.map(([v, text]) => h("option", { value: v, selected: v === chosen }, text)),
  ) as HTMLSelectElement;
}

export async function lobby(root: HTMLElement): Promise<void> {
  const catalog = await api.catalog();
  const status = h("p", { role: "status", id: "queue-status" });
  const gameSel = select(
    "game",
    catalog.games.map((g) => [g.id, g.title] as [string, string]),
  );
  const details = h("div", {});
  let current: CatalogGame = catalog.games[0];
  let playersSel = select("players", []);
  let optionsSel = select("options", []);
  let levelSel = select("level", []);
  let clockSel = select("clock", []);
  // Any options the game's schema (options_schema) allows, as JSON; the queue validates them.
  const custom = h("textarea", {
    id: "custom-options",
    name: "custom-options",
    rows: 2,
    cols: 40,
    placeholder: "{}",
  }) as HTMLTextAreaElement;
  const fill = () => {
    current = catalog.games.find((g) => g.id === gameSel.value) ?? catalog.games[0];
    const counts = Array.from({ length: current.max_players - current.min_players + 1 }, (_, i) =>
      String(current.min_players + i),
    );
    playersSel = select(
      "players",
      counts.map((n) => [n, n]),
    );
    optionsSel = select(
      "options",
      current.option_sets.map((o, i) => [
        String(i),
        Object.keys(o).length
          ? Object.entries(o)
              .map(([k, v]) => `${k}: ${JSON.stringify(v)}`)
              .join(", ")
          : "standard",
      ]),
    );
    levelSel = select(
      "level",
      current.bot_levels.map((l) => [l, l]),
      current.default_bot_level,
    );
    // The catalog's clock presets ("none": no clock), each in words.
    clockSel = select(
      "clock",
      Object.entries(current.clocks).map(([name, settings]) => [name, sayPreset(name, settings)] as [string, string]),
      clockSel.value || "none",
    );
    mount(
      details,
      field("Players", "players", playersSel),
      field("Options", "options", optionsSel),
      field("Bot level", "level", levelSel),
      field("Options as JSON (overrides the option set)", "custom-options", custom),
      field("Clock", "clock", clockSel),
    );
  };
  gameSel.addEventListener("change", fill);
  fill();
  const play = h(
    "form",
    { class: "card", "aria-label": "new game" },
    h("h2", {}, "New game"),
    field("Game", "game", gameSel),
    details,
    h("button", { type: "submit", id: "play" }, "Play against bots"),
    status,
  );
  const chosenOptions = (): Record<string, unknown> => {
    const set = current.option_sets[Number(optionsSel.value)] ?? {};
    return custom.value.trim() ? { ...set, ...JSON.parse(custom.value) } : set;
  };
  const queue = async () => {
    // The catalog names games at run time; the queue checks the id and options itself.
    let ticket = await api.join({
      game: current.id,
      players: Number(playersSel.value),
      options: chosenOptions(),
      bot_difficulty: levelSel.value,
      clock: clockSel.value === "none" ? null : clockSel.value,
    } as Schemas["QueueIn"]);
    while (ticket.status === "waiting") {
      status.textContent = "Waiting for players (bots fill empty seats)…";
      await new Promise((r) => setTimeout(r, 250));
      ticket = await api.ticket();
    }
    if (ticket.status === "matched" && ticket.game_id) go(`#/play/${ticket.game_id}`);
    else status.textContent = `Queue: ${ticket.status}`;
  };
  play.addEventListener("submit", async (event) => {
    event.preventDefault();
    status.textContent = "Queueing…";
    try {
      await queue();
    } catch (e) {
      status.textContent = e instanceof ApiError ? `${e.code}: ${e.message}` : String(e);
    }
  });
  const watchId = h("input", { id: "watch-id", name: "watch-id", placeholder: "game id" }) as HTMLInputElement;
  const watch = h(
    "form",
    { class: "card", "aria-label": "watch a game" },
    h("h2", {}, "Watch a game"),
    field("Game id", "watch-id", watchId),
    h("button", { type: "submit" }, "Watch"),
  );
  watch.addEventListener("submit", (event) => {
    event.preventDefault();
    if (watchId.value.trim()) go(`#/play/${watchId.value.trim()}`);
  });
  mount(
    root,
    h("main", {}, h("h1", {}, `Hello, ${session.name || "guest"}`), h("div", { class: "cards" }, play, watch)),
  );
}
