// Potion Explosion: the marble dispenser (five tracks; taking one may make
// same-coloured marbles collide and explode), potions on each player's
// burners filling up with marbles, and the ingredients in hand to place.
import type { Command, Schemas } from "../api/client";
import { h, s } from "../dom";
import { potionName } from "../words/potion";
import { type Ctx, type GameTable, me, spot } from "./table";

type View = Schemas["PotionExplosionView"];
type Cards = Schemas["PotionExplosionCards"];
type C = Ctx<View, Cards>;
type Tile = Schemas["PotionExplosionTileView"];

const R = 14;

function dispenser(ctx: C): SVGElement {
  const tracks = ctx.view.tracks;
  const height = Math.max(...tracks.map((t) => t.length), 1);
  const svg = s("svg", {
    class: "pe-dispenser",
    viewBox: `0 0 ${tracks.length * 2 * (R + 4)} ${height * 2 * (R + 2) + 8}`,
    role: "group",
    "aria-label": "marble dispenser",
  });
  tracks.forEach((track, t) => {
    svg.appendChild(
      s("rect", {
        x: t * 2 * (R + 4) + 2,
        y: 2,
        width: 2 * R + 4,
        height: height * 2 * (R + 2) + 4,
        rx: R,
        class: "pe-track",
      }),
    );
    track.forEach((colour, pos) => {
      // pos 0 is the bottom of the track, nearest the player.
      const cy = (height - pos) * 2 * (R + 2) - R + 4;
      const marble = s(
        "circle",
        { cx: t * 2 * (R + 4) + R + 4, cy, r: R, class: `marble m-${colour}` },
        s("title", {}, `${colour} marble, track ${t + 1}, place ${pos + 1}`),
      );
      svg.appendChild(
        spot(ctx, `marble:${t}:${pos}`, marble, `take the ${colour} marble of track ${t + 1}, place ${pos + 1}`),
      );
    });
  });
  return svg;
}

function tile(ctx: C, t: Tile, key: string | null, filled?: Record<string, number>): HTMLElement {
  const type = ctx.cards.types[t.type]?.name ?? t.type;
  const holes = Object.entries(t.holes as Record<string, number>).flatMap(([colour, n]) =>
    Array.from({ length: n }, (_, i) =>
      h("span", { class: `hole m-${colour}${filled && i < (filled[colour] ?? 0) ? " full" : ""}`, title: colour }),
    ),
  );
  const el = h(
    "div",
    { class: "pe-tile", title: ctx.cards.types[t.type]?.effect ?? "" },
    h("b", {}, type),
    h("small", {}, ` ${t.points} pts`),
    h("div", { class: "pe-holes" }, holes),
  );
  return key ? spot(ctx, key, el, `${type} potion`) : el;
}

const marbles = (counts: Record<string, number>, key: ((colour: string) => string) | null, ctx: C) =>
  Object.entries(counts).flatMap(([colour, n]) =>
    Array.from({ length: n }, () => {
      const el = h("span", { class: `marble-dot m-${colour}`, title: `${colour} marble` });
      return key ? spot(ctx, key(colour), el, `place a ${colour} marble`) : el;
    }),
  );

export const potion: GameTable<View, Cards> = {
  keysOf: (c: Command) => {
    switch (c.type) {
      case "take":
        return [`marble:${c.track}:${c.pos}`];
      case "place":
        return [`hand:${c.colour}`, `burner:${c.slot}`];
      case "draft":
        return [`tile:${c.tile}`];
      case "drink":
        return [`potion:${c.potion}`];
      case "choose_stack":
        return [`stack:${c.stack}`];
      default:
        return [];
    }
  },
  say: (c, cards, view) => {
    const marble = `the marble at track ${Number(c.track) + 1}, place ${Number(c.pos) + 1}`;
    const brewed = (i: unknown) => view.players[Number(c.seat)]?.completed[Number(i)]?.tile.type;
    switch (c.type) {
      case "take":
        return `take ${marble}`;
      case "little_help":
        return `Little Help (−2 points): ${marble}`;
      case "discard":
        return `put back ${marble}`;
      case "place":
        return `place ${c.colour} on burner ${Number(c.slot) + 1}`;
      case "stash":
        return `put ${c.colour} into the pool`;
      case "unstash":
        return `take ${c.colour} back from the pool`;
      case "draft":
        return `choose ${potionName(cards, Number(c.tile))}`;
      case "drink":
      case "reuse":
        return `${c.type} the ${cards.types[brewed(c.potion) ?? ""]?.name ?? "potion"} potion`;
      case "choose_stack":
        return `take the top of stack ${Number(c.stack) + 1}`;
      case "steal":
        return `take seat ${Number(c.opponent) + 1}'s pool`;
      case "finish_effect":
        return "finish the effect";
      case "end_turn":
        return "end the turn";
      default:
        return null;
    }
  },
  draw: (ctx) => {
    const v = ctx.view;
    const mine = me(ctx.seat);
    const players = v.players.map((p, seat) =>
      h(
        "section",
        { class: `pe-player${seat === mine ? " mine" : ""}`, "aria-label": `seat ${seat + 1}` },
        h(
          "h3",
          {},
          seat === mine && ctx.seat !== null ? "You" : `Seat ${seat + 1}`,
          ` · ${p.score} points`,
          v.to_act.includes(seat) ? " · to play" : "",
        ),
        h(
          "div",
          { class: "pe-burners" },
          p.burners.map((b, slot) =>
            spot(
              ctx,
              `burner:${slot}`,
              h(
                "div",
                { class: "pe-burner" },
                b?.tile
                  ? tile(ctx, b.tile, null, b.filled as Record<string, number>)
                  : h("div", { class: "pe-tile empty" }, "empty burner"),
              ),
              `burner ${slot + 1}`,
            ),
          ),
        ),
        h("div", {}, "Pool ", marbles(p.pool as Record<string, number>, null, ctx)),
        h(
          "div",
          { class: "pe-completed" },
          p.completed.length ? "Brewed " : "",
          p.completed.map((done, i) => tile(ctx, done.tile, seat === mine && !done.drunk ? `potion:${i}` : null)),
        ),
        h("small", {}, `little help left ${p.little_help} · skill tokens ${p.skills}`),
      ),
    );
    const hand = v.turn?.hand as Record<string, number> | undefined;
    return h(
      "div",
      { class: "potion" },
      h("p", { class: "facts" }, `Round ${v.round} · skill tokens left ${v.clock}`, v.ending ? " · last round" : ""),
      h(
        "div",
        { class: "pe-top" },
        dispenser(ctx),
        h(
          "div",
          {},
          h("h3", {}, "Potion stacks"),
          h(
            "div",
            { class: "pe-stacks" },
            v.stacks.map((st, i) =>
              spot(
                ctx,
                `stack:${i}`,
                h(
                  "div",
                  { class: "pe-stack" },
                  st.top ? tile(ctx, st.top, null) : "empty",
                  h("small", {}, `${st.size} left`),
                ),
                `stack ${i + 1}`,
              ),
            ),
          ),
          v.offer.length
            ? h(
                "div",
                { class: "pe-offer" },
                "Offer ",
                v.offer.map((t) => tile(ctx, t as Tile, `tile:${(t as Tile).id}`)),
              )
            : null,
          h("h3", {}, "Marbles in hand"),
          h("div", { class: "pe-hand" }, hand ? marbles(hand, (colour) => `hand:${colour}`, ctx) : "none"),
        ),
      ),
      h("div", { class: "pe-players" }, players),
    );
  },
};
