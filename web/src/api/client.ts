// The gateway's HTTP API, typed by src/api/schema.d.ts (generated from
// proto/openapi/gateway.json by `npm run types`: a drifted contract stops the build).
import type { components, paths } from "./schema";

export type Schemas = components["schemas"];
export type GameOut =
  | Schemas["PokemonTcgGameOut"]
  | Schemas["PotionExplosionGameOut"]
  | Schemas["SchottenTottenGameOut"]
  | Schemas["SplendorGameOut"]
  | Schemas["SplendorPokemonGameOut"];
export type Catalog = Schemas["CatalogOut"];
export type CatalogGame = Schemas["CatalogGameOut"];
export type Ticket = Schemas["Ticket"];
export type GameSummary = Schemas["GameSummary"];
export type Rating = Schemas["Rating"];
export type ReplayOut = Schemas["ReplayOut"];
export type Command = { type: string; seat?: number } & Record<string, unknown>;
/** A game's log as my seat may see it: each commit's events, typed by the game's contract. */
export type Feed = Schemas["FeedOut"];
export type FeedCommit = Feed["commits"][number];
type Json<P extends keyof paths, M extends "get" | "post" | "delete"> = paths[P][M] extends {
  responses: { 200: { content: { "application/json": infer T } } };
}
  ? T
  : never;

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

const TOKEN = "tabletop.token";
const PLAYER = "tabletop.player";

export const session = {
  get token(): string | null {
    return localStorage.getItem(TOKEN);
  },
  get player(): string | null {
    return localStorage.getItem(PLAYER);
  },
  save(token: string, player: string, name: string): void {
    localStorage.setItem(TOKEN, token);
    localStorage.setItem(PLAYER, player);
    localStorage.setItem("tabletop.name", name);
  },
  get name(): string {
    return localStorage.getItem("tabletop.name") ?? "";
  },
  clear(): void {
    localStorage.removeItem(TOKEN);
    localStorage.removeItem(PLAYER);
  },
};

// Same origin when served by the gateway; `?api=` points a static build elsewhere.
export const base = new URLSearchParams(location.search).get("api") ?? "";

async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
  const headers: Record<string, string> = {};
  if (session.token) headers.Authorization = `Bearer ${session.token}`;
  if (body !== undefined) headers["Content-Type"] = "application/json";
  const answer = await fetch(base + path, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const data = await answer.json().catch(() => ({ code: "bad_answer", message: answer.statusText }));
  if (!answer.ok) throw new ApiError(answer.status, data.code ?? "error", data.message ?? "");
  return data as T;
}

const q = (params: Record<string, string | number | undefined>): string => {
  const entries = Object.entries(params).filter(([, v]) => v !== undefined) as [string, string][];
  return entries.length ? `?${new URLSearchParams(entries)}` : "";
};

export const api = {
  signIn: () => call<Json<"/v1/auth/guest", "post">>("POST", "/v1/auth/guest"),
  catalog: () => call<Json<"/v1/catalog", "get">>("GET", "/v1/catalog"),
  cards: (game: string) => call<Json<"/v1/catalog/{game}/cards", "get">>("GET", `/v1/catalog/${game}/cards`),
  join: (body: Schemas["QueueIn"]) => call<Ticket>("POST", "/v1/queue", body),
  ticket: () => call<Ticket>("GET", "/v1/queue"),
  leave: () => call<Ticket>("DELETE", "/v1/queue"),
  game: (id: string) => call<GameOut>("GET", `/v1/games/${id}`),
  legal: (id: string) => call<{ seq: number; seat: number; commands: Command[] }>("GET", `/v1/games/${id}/legal`),
  submit: (id: string, command: Command, expected_seq: number) =>
    call<Schemas["CommandOut"]>("POST", `/v1/games/${id}/commands`, { command, expected_seq }),
  resign: (id: string) => call<Schemas["CommandOut"]>("POST", `/v1/games/${id}/resign`),
  events: (id: string, after = 0) =>
    call<Json<"/v1/games/{game_id}/events", "get">>("GET", `/v1/games/${id}/events${q({ after })}`),
  replay: (id: string, at: number | undefined, as: string) =>
    call<ReplayOut>("GET", `/v1/games/${id}/replay${q({ at, as })}`),
  myGames: () => call<GameSummary[]>("GET", "/v1/games?limit=50"),
  leaderboard: (game: string) => call<Rating[]>("GET", `/v1/leaderboards/${game}?limit=20`),
};

/** The live view of one game: the gateway pushes a view after every commit. */
export function watch(id: string, onView: (view: GameOut) => void, onClose: (code: number) => void): WebSocket {
  const origin = base || location.origin;
  const url = `${origin.replace(/^http/, "ws")}/v1/games/${id}/ws${q({ token: session.token ?? "" })}`;
  const socket = new WebSocket(url);
  socket.onmessage = (message) => {
    const data = JSON.parse(message.data);
    if (data && typeof data === "object" && "view" in data) onView(data as GameOut);
  };
  socket.onclose = (event) => onClose(event.code);
  return socket;
}
