// Leaderboards (public) and my games (from the archive), each game linked to
// its table (running) or its replay (finished).
import { api } from "../api/client";
import { h, mount } from "../dom";
import { go } from "../router";

export async function leaderboards(root: HTMLElement, chosen?: string): Promise<void> {
  const catalog = await api.catalog();
  const game = chosen ?? catalog.games[0].id;
  const rows = await api.leaderboard(game);
  const pick = h(
    "select",
    { id: "board-game", name: "board-game" },
    catalog.games.map((g) => h("option", { value: g.id, selected: g.id === game }, g.title)),
  );
  pick.addEventListener("change", () => go(`#/leaderboards/${(pick as HTMLSelectElement).value}`));
  mount(
    root,
    h(
      "main",
      {},
      h("h1", {}, "Leaderboards"),
      h("label", { for: "board-game" }, "Game "),
      pick,
      rows.length
        ? h(
            "table",
            { class: "grid" },
            h(
              "thead",
              {},
              h(
                "tr",
                {},
                ["Place", "Player", "Rating", "Games"].map((t) => h("th", { scope: "col" }, t)),
              ),
            ),
            h(
              "tbody",
              {},
              rows.map((r, i) =>
                h(
                  "tr",
                  {},
                  h("td", {}, r.rank ?? i + 1),
                  h("td", {}, r.player_id),
                  h("td", {}, r.ordinal.toFixed(1)),
                  h("td", {}, r.games),
                ),
              ),
            ),
          )
        : h("p", {}, "No rated games yet."),
    ),
  );
}

export async function myGames(root: HTMLElement): Promise<void> {
  const games = await api.myGames();
  mount(
    root,
    h(
      "main",
      {},
      h("h1", {}, "My games"),
      games.length
        ? h(
            "table",
            { class: "grid" },
            h(
              "thead",
              {},
              h(
                "tr",
                {},
                ["Game", "Started", "Status", ""].map((t) => h("th", { scope: "col" }, t)),
              ),
            ),
            h(
              "tbody",
              {},
              games.map((g) =>
                h(
                  "tr",
                  {},
                  h("td", {}, g.game),
                  h("td", {}, g.created_at ? new Date(g.created_at).toLocaleString() : ""),
                  h("td", {}, g.finished_at ? "finished" : "running"),
                  h(
                    "td",
                    {},
                    h("a", { href: `#/play/${g.game_id}` }, "Table"),
                    " · ",
                    h("a", { href: `#/replay/${g.game_id}?step=1` }, "Replay"),
                  ),
                ),
              ),
            ),
          )
        : h("p", {}, "No games yet."),
    ),
  );
}
