// Schotten Totten: nine boundary stones between two clans; cards are played to
// a side of a stone, three make a formation, a stone is claimed by the better one.
import type { Command, Schemas } from "../api/client";
import { h } from "../dom";
import { cardName } from "../words/schotten";
import { type Ctx, type GameTable, me, spot } from "./table";

type View = Schemas["SchottenTottenView"];
type Cards = Schemas["SchottenTottenCards"];
type C = Ctx<View, Cards>;

function card(ctx: C, id: number): HTMLElement {
  const facts = ctx.cards.cards[String(id)];
  if (!facts) return h("div", { class: "st-card back" }, "?");
  if (facts.kind === "clan") {
    const label = `${facts.colour} ${facts.value}`;
    return h(
      "div",
      { class: `st-card clan c-${facts.colour}`, title: label },
      h("b", {}, facts.value),
      " ",
      h("small", {}, facts.colour),
    );
  }
  return h("div", { class: "st-card tactic", title: facts.name }, h("b", {}, "T"), " ", h("small", {}, facts.name));
}

function stone(ctx: C, st: View["stones"][number]): HTMLElement {
  const mine = me(ctx.seat);
  const other = 1 - mine;
  const owner = st.owner === null ? "" : st.owner === mine ? " mine" : " theirs";
  const side = (seat: number) =>
    h(
      "div",
      { class: `st-side s${seat === mine ? "me" : "them"}` },
      st.sides[seat].map((id) => card(ctx, id)),
    );
  const stoneEl = spot(
    ctx,
    `stone:${st.stone}`,
    h(
      "div",
      { class: `st-stone${owner}`, title: `stone ${st.stone + 1}` },
      h("span", {}, st.stone + 1),
      st.modes.length ? h("small", {}, st.modes.join(", ")) : null,
      st.owner !== null ? h("small", {}, st.owner === mine ? "yours" : "theirs") : null,
    ),
    `play to stone ${st.stone + 1}`,
  );
  const claim = spot(ctx, `claim:${st.stone}`, h("div", { class: "st-claim" }), `claim stone ${st.stone + 1}`);
  if (ctx.moves?.playable().has(`claim:${st.stone}`)) claim.textContent = "claim";
  return h("div", { class: "st-column", "data-stone": st.stone }, side(other), stoneEl, claim, side(mine));
}

export const schotten: GameTable<View, Cards> = {
  keysOf: (c: Command) => {
    if (c.type === "play_card") return [`card:${c.card}`, `stone:${c.stone}`];
    if (c.type === "claim") return [`claim:${c.stone}`];
    return [];
  },
  say: (c, cards) => {
    if (c.type === "play_card") return `play ${cardName(cards, Number(c.card))} at stone ${Number(c.stone) + 1}`;
    if (c.type === "claim") return `claim stone ${Number(c.stone) + 1}`;
    return null;
  },
  draw: (ctx) => {
    const v = ctx.view;
    const mine = me(ctx.seat);
    // The name holds the card's visible text ("7 red"), as speech input needs.
    const hand = (v.hand ?? []).map((id) => {
      const shown = card(ctx, id);
      return spot(ctx, `card:${id}`, shown, `card ${shown.textContent}`);
    });
    return h(
      "div",
      { class: "schotten" },
      h(
        "p",
        { class: "facts" },
        `Round ${v.round} of ${v.rounds} · deck ${v.deck_size}`,
        v.tactics_deck_size ? ` · tactics ${v.tactics_deck_size}` : "",
        ` · opponent holds ${v.hand_sizes[1 - mine]} cards · score ${v.scores[mine]}–${v.scores[1 - mine]}`,
      ),
      h(
        "div",
        { class: "st-stones" },
        v.stones.map((st) => stone(ctx, st)),
      ),
      h("h3", {}, ctx.seat === null ? "Hands are hidden" : "Your hand"),
      h("div", { class: "hand" }, hand),
    );
  },
};
