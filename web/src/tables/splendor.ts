// Splendor and Splendor Pokémon: a gem supply, three (or five) rows of cards
// with their cost, bonus and points, the nobles, and each player's tableau.
// On the board: gems to take, a card to buy (or "Reserve a card…", then one),
// a deck's top to reserve, a noble to choose, and my tokens to give back.
import type { Command, Schemas } from "../api/client";
import { h } from "../dom";
import { cardName } from "../words/splendor";
import { type Ctx, type GameTable, me, spot } from "./table";

type View = Schemas["SplendorView"] | Schemas["SplendorPokemonView"];
type CardView = Schemas["SplendorCardView"] | Schemas["SplendorPokemonCardView"];
type Cards = Schemas["SplendorCards"] | Schemas["SplendorPokemonCards"];
type C = Ctx<View, Cards>;

const gems = (counts: Record<string, number | undefined>, cls = "gem") =>
  Object.entries(counts)
    .filter(([, n]) => (n ?? 0) > 0)
    .map(([colour, n]) => h("span", { class: `${cls} g-${colour}`, title: `${n} ${colour}` }, n));

function card(ctx: C, c: CardView): HTMLElement {
  const name = "name" in c ? c.name : null;
  const label = `${name ?? `level ${c.level} card`}: ${c.points} points, ${c.bonus} bonus`;
  const el = h(
    "div",
    { class: `sp-card g-edge-${c.bonus}`, title: label },
    h(
      "div",
      { class: "sp-top" },
      h("b", {}, c.points || ""),
      h("span", { class: `gem g-${c.bonus}` }, c.bonus_count > 1 ? c.bonus_count : ""),
    ),
    name ? h("div", { class: "sp-name" }, name) : null,
    h("div", { class: "sp-cost" }, gems(c.cost as Record<string, number>, "pip")),
  );
  return spot(ctx, `card:${c.id}`, el, `card ${label}`);
}

/** My tokens; over the limit, each colour is clicked once per token to give back. */
function myTokens(ctx: C, tokens: Record<string, number>): HTMLElement[] {
  const given = ctx.moves?.selection ?? [];
  return Object.entries(tokens)
    .filter(([, n]) => n > 0)
    .map(([colour, n]) => {
      const back = given.filter((k) => k === `return:${colour}`).length;
      const el = h("span", { class: `gem g-${colour}`, title: `${n} ${colour}` }, back ? `${n} (−${back})` : n);
      return spot(ctx, `return:${colour}`, el, `give back a ${colour} token of ${el.textContent}`);
    });
}

function player(ctx: C, p: View["players"][number]): HTMLElement {
  const mine = p.seat === me(ctx.seat);
  return h(
    "section",
    { class: `sp-player${mine ? " mine" : ""}`, "aria-label": `seat ${p.seat + 1}` },
    h("h3", {}, mine && ctx.seat !== null ? "You" : `Seat ${p.seat + 1}`, ` · ${p.points} points`),
    h(
      "div",
      {},
      "Tokens ",
      mine ? myTokens(ctx, p.tokens as Record<string, number>) : gems(p.tokens as Record<string, number>),
    ),
    h("div", {}, "Bonuses ", gems(p.bonus as Record<string, number>, "pip")),
    h(
      "div",
      { class: "sp-reserved" },
      p.reserved.length ? "Reserved " : "",
      // Another seat's card reserved from a deck top is hidden: its back, no cost to show.
      p.reserved.map((c) => (c && !c.hidden ? card(ctx, c as CardView) : h("div", { class: "sp-card back" }, "?"))),
    ),
    p.nobles.length ? h("div", {}, `Nobles: ${p.nobles.length}`) : null,
  );
}

export const splendor: GameTable<View, Cards> = {
  keysOf: (c: Command) => {
    switch (c.type) {
      case "take_different":
        return (c.colors as string[]).map((colour) => `token:${colour}`);
      case "take_same":
        return [`token:${c.color}`, `token:${c.color}`];
      case "buy":
        return [`card:${c.card}`];
      case "reserve":
        return ["reserve", `card:${c.card}`];
      case "reserve_top":
        return [`deck:${c.level}`];
      case "choose_noble":
        return [`noble:${c.noble}`];
      case "return_tokens":
        // One click on my token of each colour for each token given back.
        return (c.tokens as string[]).map((colour) => `return:${colour}`);
      default:
        return [];
    }
  },
  say: (c, cards) => {
    const card = (id: unknown) => cardName(cards, Number(id));
    switch (c.type) {
      case "take_different":
        return `take ${(c.colors as string[]).join(", ")}`;
      case "take_same":
        return `take two ${c.color}`;
      case "buy":
        return `buy ${card(c.card)}${c.wild_for ? ` (wild tokens for ${(c.wild_for as string[]).join(", ")})` : ""}`;
      case "reserve":
        return `reserve ${card(c.card)}`;
      case "reserve_top":
        return `reserve the top of deck ${c.level}`;
      case "return_tokens":
        return `give back ${(c.tokens as string[]).join(", ")}`;
      case "choose_noble": {
        const noble = "nobles" in cards ? cards.nobles[String(c.noble)] : undefined;
        const asks = Object.entries(noble?.requires ?? {}).map(([colour, n]) => `${n} ${colour}`);
        return `choose the noble of ${asks.join(", ")}`;
      }
      case "evolve":
        return `evolve ${card(c.card).replace(/ \(.*/, "")} into ${card(c.into)}`;
      case "skip_evolve":
        return "do not evolve";
      default:
        return null;
    }
  },
  draw: (ctx) => {
    const v = ctx.view;
    const supply = Object.entries(v.supply as Record<string, number>).map(([colour, n]) =>
      spot(
        ctx,
        `token:${colour}`,
        h("div", { class: `gem big g-${colour}`, title: `${n} ${colour}` }, n),
        `take ${colour}`,
      ),
    );
    const nobles = v.nobles.map((n) =>
      spot(
        ctx,
        `noble:${n.id}`,
        h(
          "div",
          { class: "sp-noble", title: `noble: ${n.points} points` },
          h("b", {}, n.points),
          h("div", {}, gems(n.requires as Record<string, number>, "pip")),
        ),
        `noble ${n.id}`,
      ),
    );
    const rows = v.rows.map((row) =>
      h(
        "div",
        { class: "sp-row" },
        spot(
          ctx,
          `deck:${row.name}`,
          h("div", { class: "sp-deck", title: `deck ${row.name}` }, h("b", {}, row.name), h("small", {}, row.deck)),
          `reserve the top of deck ${row.name}`,
        ),
        row.market.map((c) => card(ctx, c as CardView)),
      ),
    );
    // Reserving starts here, then a card (a card alone buys it).
    const reserveChoice = spot(ctx, "reserve", h("div", { class: "sp-reserve" }, "Reserve a card…"), "reserve a card");
    return h(
      "div",
      { class: "splendor" },
      h("div", { class: "sp-supply", role: "group", "aria-label": "gem supply" }, supply),
      h("div", { class: "sp-nobles", role: "group", "aria-label": "nobles" }, nobles),
      h("div", { class: "sp-rows" }, [...rows].reverse()),
      reserveChoice,
      h(
        "div",
        { class: "sp-players" },
        v.players.map((p) => player(ctx, p)),
      ),
    );
  },
};
