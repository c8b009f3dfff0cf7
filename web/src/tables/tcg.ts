// Pokémon TCG: each side's Active Pokémon and Bench (HP, damage, attached
// Energy and Tool), the conditions on the Active, prizes, deck, hand and discard.
// On the board: cards from the hand (a Basic, a trainer, Energy or an evolution
// onto its Pokémon), the Active's attacks, and retreating to a benched Pokémon.
import type { Command, Schemas } from "../api/client";
import { h } from "../dom";
import { type Names, name, names, option } from "../words/tcg";
import { type Ctx, type GameTable, me, spot } from "./table";

type View = Schemas["PokemonTcgView"];
type Cards = Schemas["PokemonTcgCards"];
type C = Ctx<View, Cards>;
type Mon = Schemas["PokemonTcgMonView"];

/** A card instance's printed card: instances number each seat's 60-card deck in order. */
export function printed(v: View, instance: number): string | undefined {
  return v.decks[Math.floor(instance / 60)]?.[instance % 60];
}

function facts(ctx: C, cardId: string | undefined) {
  return cardId ? ctx.cards.cards[cardId] : undefined;
}

function mon(ctx: C, m: Mon, active: boolean, conditions: string[], poison: number): HTMLElement {
  const f = facts(ctx, m.card_id);
  const hp = f && "hp" in f ? (f.hp as number) : 0;
  const left = Math.max(hp - m.damage, 0);
  const el = h(
    "div",
    { class: `tcg-mon${active ? " active" : ""}`, title: f?.name ?? m.card_id },
    h("div", { class: "tcg-name" }, f?.name ?? m.card_id, h("small", {}, ` HP ${left}/${hp}`)),
    h("div", { class: "tcg-hp" }, h("div", { class: "tcg-hp-bar", style: `width:${hp ? (100 * left) / hp : 0}%` })),
    m.damage ? h("div", { class: "tcg-damage" }, `${m.damage} damage`) : null,
    m.energy.length
      ? h(
          "div",
          { class: "tcg-energy" },
          m.energy.map((e) =>
            h("span", { class: "energy", title: String(facts(ctx, printed(ctx.view, Number(e)))?.name ?? e) }, "⚡"),
          ),
        )
      : null,
    m.tool !== null && m.tool !== undefined
      ? h("div", {}, `Tool: ${facts(ctx, printed(ctx.view, Number(m.tool)))?.name ?? m.tool}`)
      : null,
    active && conditions.length
      ? h("div", { class: "tcg-conditions" }, conditions.join(", "), poison ? ` (poison ${poison})` : "")
      : null,
  );
  return spot(ctx, `mon:${m.card}`, el, `${f?.name ?? "Pokémon"}`);
}

/** A board element named by what it shows (its visible text), as speech input needs. */
function named(ctx: C, key: string, el: HTMLElement, verb: string): HTMLElement {
  return spot(ctx, key, el, `${verb} ${el.textContent ?? ""}`.trim());
}

/**
 * My Active Pokémon's moves beside it (never inside it: a board element holds no
 * other): its attacks, "Retreat…" (then the benched Pokémon to promote), and,
 * once retreating, the Energy to discard for the cost.
 */
function activeMoves(ctx: C, active: Mon): HTMLElement | null {
  const f = facts(ctx, active.card_id);
  const attacks = f && "attacks" in f ? f.attacks : [];
  const retreating = ctx.moves?.selection.includes("retreat") ?? false;
  return h(
    "div",
    { class: "tcg-moves", role: "group", "aria-label": "Active Pokémon's moves" },
    attacks.map((a, i) =>
      named(
        ctx,
        `attack:${i}`,
        h(
          "div",
          { class: "tcg-attack", title: a.text || a.name },
          h("b", {}, a.name),
          ` ${a.damage ? `${a.damage}${a.modifier}` : ""} `,
          h("small", {}, a.cost),
        ),
        "attack:",
      ),
    ),
    ctx.moves?.playable().has("retreat") || retreating
      ? named(ctx, "retreat", h("div", { class: "tcg-attack" }, "Retreat…"), "")
      : null,
    retreating
      ? active.energy.map((e) =>
          named(
            ctx,
            `energy:${e}`,
            h("div", { class: "tcg-card k-energy" }, String(facts(ctx, printed(ctx.view, Number(e)))?.name ?? e)),
            "discard",
          ),
        )
      : null,
  );
}

function side(ctx: C, seat: number): HTMLElement {
  const sd = ctx.view.sides[seat];
  const mine = seat === me(ctx.seat) && ctx.seat !== null;
  return h(
    "section",
    { class: `tcg-side${mine ? " mine" : ""}`, "aria-label": mine ? "your side" : `seat ${seat + 1}` },
    h(
      "h3",
      {},
      mine ? "You" : `Seat ${seat + 1}`,
      ctx.view.current === seat && ctx.view.phase !== "over" ? " · to play" : "",
    ),
    h(
      "p",
      { class: "facts" },
      `Prizes ${sd.prize_count} · deck ${sd.deck_size} · hand ${sd.hand_size} · discard ${sd.discard.length}`,
    ),
    h(
      "div",
      { class: "tcg-prizes", role: "img", "aria-label": `${sd.prize_count} prize cards` },
      Array.from({ length: sd.prize_count }, () => h("span", { class: "prize" })),
    ),
    h(
      "div",
      { class: "tcg-active" },
      sd.active
        ? mon(ctx, sd.active, true, sd.conditions, sd.poison_counters)
        : h("div", { class: "tcg-mon empty" }, "no Active Pokémon"),
      mine && sd.active ? activeMoves(ctx, sd.active) : null,
    ),
    h(
      "div",
      { class: "tcg-bench", role: "group", "aria-label": "Bench" },
      sd.bench.map((m) => mon(ctx, m, false, [], 0)),
    ),
    mine && sd.hand
      ? h(
          "div",
          { class: "hand" },
          sd.hand.map((i) => {
            const f = facts(ctx, printed(ctx.view, i));
            return spot(
              ctx,
              `hand:${i}`,
              h("div", { class: `tcg-card k-${f?.kind ?? "x"}`, title: f?.name ?? String(i) }, f?.name ?? i),
              f?.name ?? "card",
            );
          }),
        )
      : null,
  );
}

export const tcg: GameTable<View, Cards> = {
  keysOf: (c: Command) => {
    switch (c.type) {
      case "play_basic":
      case "set_active":
        return [`hand:${c.card}`];
      case "attach_energy":
      case "evolve":
        return [`hand:${c.card}`, `mon:${c.target}`];
      case "play_trainer":
        // An Item, Supporter or Stadium alone; a Tool onto its Pokémon.
        return c.target === null || c.target === undefined ? [`hand:${c.card}`] : [`hand:${c.card}`, `mon:${c.target}`];
      case "attack":
        return [`attack:${c.attack}`];
      case "retreat":
        return ["retreat", `mon:${c.to}`, ...(c.discard as number[]).map((e) => `energy:${e}`)];
      default:
        return [];
    }
  },
  say: (c, cards, view) => {
    const at: Names = { cards, decks: view.decks };
    const card = (key: string) => name(at, c[key] as number);
    switch (c.type) {
      case "set_active":
        return `make ${card("card")} the Active Pokémon`;
      case "play_basic":
        return `put ${card("card")} on the Bench`;
      case "evolve":
        return `evolve ${card("target")} into ${card("card")}`;
      case "attach_energy":
        return `attach ${card("card")} to ${card("target")}`;
      case "play_trainer":
        return c.target === null || c.target === undefined
          ? `play ${card("card")}`
          : `attach ${card("card")} to ${card("target")}`;
      case "use_ability":
        return `use the Ability of ${card("pokemon")}`;
      case "retreat": {
        const discard = c.discard as number[];
        return `retreat to ${card("to")}${discard.length ? `, discarding ${names(at, discard)}` : ""}`;
      }
      case "attack": {
        const active = cards.cards[view.sides[Number(c.seat)]?.active?.card_id ?? ""];
        return `attack: ${active?.attacks[Number(c.attack)]?.name ?? Number(c.attack) + 1}`;
      }
      case "choose":
        return c.option === null || c.option === undefined
          ? "done choosing"
          : `choose ${option(at, view.prompt?.kind, Number(c.option))}`;
      default:
        return null;
    }
  },
  draw: (ctx) => {
    const v = ctx.view;
    const mine = me(ctx.seat);
    return h(
      "div",
      { class: "tcg" },
      h(
        "p",
        { class: "facts" },
        `Turn ${v.turn} · ${v.phase}`,
        v.stadium !== null && v.stadium !== undefined
          ? ` · stadium ${facts(ctx, printed(v, Number(v.stadium)))?.name ?? v.stadium}`
          : "",
      ),
      side(ctx, 1 - mine),
      side(ctx, mine),
      v.prompt ? h("p", { class: "tcg-prompt" }, `Choose: ${JSON.stringify(v.prompt)}`) : null,
    );
  },
};
