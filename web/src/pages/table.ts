// A game's table: the board drawn from my view, moves by clicking the board or
// from the legal-command list, live updates over the WebSocket, the log of
// events in words, and the result once the game is over. A spectator (no seat)
// sees the same page without moves.
import { ApiError, api, type Command, type FeedCommit, type GameOut, watch } from "../api/client";
import { h, mount } from "../dom";
import { Moves } from "../moves";
import { sayCommand, TABLES } from "../tables";
import { Narrator, sentence } from "../words";
import { clockFace, resignControl, sayReason, tickClocks } from "./controls";

const cardsCache = new Map<string, Promise<unknown>>();
export function cardsOf(game: string): Promise<unknown> {
  if (!cardsCache.has(game)) cardsCache.set(game, api.cards(game));
  return cardsCache.get(game) as Promise<unknown>;
}

export function result(game: GameOut): HTMLElement | null {
  if (!game.finished || !game.outcome) return null;
  const { ranks, scores } = game.outcome;
  const reason = sayReason(game);
  const mine = game.seat;
  const verdict =
    mine === null
      ? "Game over"
      : ranks[mine] === 0
        ? ranks.filter((r) => r === 0).length > 1
          ? "A draw"
          : "You won"
        : "You lost";
  return h(
    "section",
    { class: "result", "data-result": verdict, "data-reason": game.outcome.reason ?? "", role: "status" },
    h("h2", {}, verdict),
    h(
      "ol",
      {},
      ranks.map((rank, seat) =>
        h("li", {}, `Seat ${seat + 1}${seat === mine ? " (you)" : ""}: place ${rank + 1}, score ${scores[seat]}`),
      ),
    ),
    reason ? h("p", {}, reason) : null,
  );
}

export async function table(root: HTMLElement, gameId: string): Promise<() => void> {
  let game = await api.game(gameId);
  const cards = await cardsOf(game.game);
  const title = (await api.catalog()).games.find((g) => g.id === game.game)?.title ?? game.game;
  const board = TABLES[game.game];
  let legal: Command[] = [];
  let moves: Moves | null = null;
  const log: FeedCommit[] = [];
  // Each commit in words, read once as it arrives (the log comes in order).
  const narrator = new Narrator(game.game, cards, game.seat, game.view);
  const said = new Map<number, string>();
  let error = "";
  let busy = false;
  let confirming = false; // the resign button asked for its confirmation

  let legalSeq = -1;
  const seen = new Set<number>();
  // Views come from the WebSocket, from reads after a submit and from the
  // fallback poll, in any order: only a newer one replaces the shown one.
  const accept = (view: GameOut) => {
    if (view.seq >= game.seq) game = view;
  };
  const myTurn = (at: GameOut) => at.seat !== null && !at.finished && at.to_act.includes(at.seat);
  let logRead = 0;
  const refreshLog = async () => {
    // The gateway reads the game's whole log for this: at most once a second while playing.
    if (!game.finished && Date.now() - logRead < 1000) return;
    logRead = Date.now();
    const after = log.length ? log[log.length - 1].seq : 0;
    const feed = await api.events(gameId, after).catch(() => null);
    for (const commit of feed?.commits ?? []) {
      if (!seen.has(commit.seq)) {
        log.push(commit);
        said.set(commit.seq, sentence(narrator.read(commit.events)));
      }
      seen.add(commit.seq);
    }
  };
  // One sync at a time; a call while one runs makes it go round once more.
  let syncing: Promise<void> | null = null;
  let again = false;
  const sync = (): Promise<void> => {
    if (syncing) {
      again = true;
      return syncing;
    }
    syncing = (async () => {
      try {
        await syncRounds();
      } catch (e) {
        // Keep the table alive: the next push or poll syncs again. The error
        // still reaches the page's error handlers (and the browser tests).
        setTimeout(() => {
          throw e;
        });
      } finally {
        syncing = null;
      }
    })();
    return syncing;
  };
  const syncRounds = async () => {
    do {
      again = false;
      const at = game;
      let commands: Command[] = [];
      if (myTurn(at)) {
        const answer = await api.legal(gameId).catch(() => null);
        if (!answer || answer.seq !== at.seq) {
          // The gateway saw another step than the view: read both again.
          if (answer && answer.seq > at.seq) accept(await api.game(gameId));
          else await new Promise((r) => setTimeout(r, 100));
          again = true;
          continue;
        }
        commands = answer.commands;
      }
      if (at !== game) {
        again = true;
        continue;
      }
      legal = commands;
      moves = legal.length ? new Moves(legal, board.keysOf) : null;
      legalSeq = at.seq;
      draw();
      await refreshLog();
      draw();
    } while (again);
  };
  const submit = async (command: Command) => {
    if (busy) return;
    busy = true;
    error = "";
    draw();
    try {
      await api.submit(gameId, command, game.seq);
    } catch (e) {
      error = e instanceof ApiError ? `${e.code}: ${e.message}` : String(e);
    }
    try {
      accept(await api.game(gameId));
    } finally {
      busy = false; // a failed read must not leave the board locked
    }
    await sync();
  };
  const resign = async () => {
    if (busy) return;
    busy = true;
    confirming = false;
    error = "";
    draw();
    try {
      await api.resign(gameId);
    } catch (e) {
      error = e instanceof ApiError ? `${e.code}: ${e.message}` : String(e);
    }
    try {
      accept(await api.game(gameId));
    } finally {
      busy = false;
    }
    await sync();
  };
  const pick = (key: string) => {
    if (!moves || busy) return;
    const command = moves.pick(key);
    if (command) void submit(command);
    else draw();
  };

  function draw(): void {
    const mine = myTurn(game) && legalSeq === game.seq;
    const shown = moves ? moves.candidates() : [];
    const whose = game.finished
      ? ""
      : mine
        ? "Your move"
        : `Waiting for seat ${game.to_act.map((s) => s + 1).join(", ")}`;
    mount(
      root,
      h(
        "main",
        { class: "table-page", "data-busy": String(busy), "data-seq": game.seq },
        h(
          "header",
          { class: "table-head" },
          h("h1", {}, title),
          h(
            "p",
            { role: "status", "data-turn": mine ? "mine" : "theirs" },
            whose,
            game.seat === null ? " · watching" : ` · you are seat ${game.seat + 1}`,
            ` · step ${game.seq}`,
          ),
          h(
            "div",
            { class: "game-controls" },
            clockFace(game.clock, game.seat, true),
            game.seat !== null && !game.finished && !(game.left ?? []).includes(game.seat)
              ? resignControl(
                  confirming,
                  (ask) => {
                    confirming = ask;
                    draw();
                  },
                  () => void resign(),
                )
              : null,
          ),
          h("a", { href: `#/replay/${gameId}?step=${game.seq}` }, "Replay"),
        ),
        result(game),
        h(
          "div",
          { class: "table-body" },
          h(
            "section",
            { class: "board", "aria-label": "board", "data-selection": moves?.selection.join(" ") ?? "" },
            board.draw({ view: game.view, seat: game.seat, cards, moves, pick }),
          ),
          h(
            "aside",
            { class: "side" },
            error ? h("p", { class: "error", role: "alert" }, error) : null,
            mine
              ? h(
                  "section",
                  { "aria-label": "legal commands" },
                  h("h2", {}, moves?.selection.length ? "Complete the move" : "Legal moves"),
                  moves?.selection.length
                    ? h(
                        "button",
                        {
                          class: "secondary",
                          onclick: () => {
                            moves?.clear();
                            draw();
                          },
                        },
                        "Clear selection",
                      )
                    : null,
                  h(
                    "ul",
                    { class: "legal" },
                    shown.map((c) =>
                      h(
                        "li",
                        {},
                        h(
                          "button",
                          {
                            "data-command": c.type,
                            "data-keys": board.keysOf(c).join(" "),
                            onclick: () => void submit(c),
                          },
                          sayCommand(game.game, c, cards, game.view),
                        ),
                      ),
                    ),
                  ),
                )
              : null,
            h(
              "section",
              { "aria-label": "events" },
              h("h2", {}, "Events"),
              h(
                "ol",
                { class: "log", reversed: true },
                [...log]
                  .reverse()
                  .slice(0, 30)
                  .map((commit) =>
                    h(
                      "li",
                      {},
                      h("a", { href: `#/replay/${gameId}?step=${commit.seq}` }, `step ${commit.seq}`),
                      " ",
                      said.get(commit.seq) ?? "",
                    ),
                  ),
              ),
            ),
          ),
        ),
      ),
    );
  }

  draw();
  await sync();
  let socket: WebSocket | null = null;
  const connect = () => {
    socket = watch(
      gameId,
      (view) => {
        accept(view);
        void sync();
      },
      (code) => {
        // 1000: the game is over; anything else: try again shortly.
        if (code !== 1000 && socket) setTimeout(connect, 1000);
      },
    );
  };
  connect();
  // The running clock counts down from the gateway's deadline, redrawn in place.
  const ticking = setInterval(() => tickClocks(root, game.finished ? null : game.clock), 250);
  // Should a push be lost, a slow poll still moves the table on.
  const poll = setInterval(async () => {
    if (busy || game.finished) return;
    const seq = game.seq;
    accept(await api.game(gameId));
    if (game.seq !== seq) void sync();
  }, 3000);
  return () => {
    clearInterval(poll);
    clearInterval(ticking);
    const open = socket;
    socket = null;
    open?.close();
  };
}
