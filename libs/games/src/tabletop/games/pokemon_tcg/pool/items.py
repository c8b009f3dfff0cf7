"""Item cards in the pool, each written from its printed text."""

from __future__ import annotations

from functools import cache

from .. import vocabulary as v
from ..cards import Card, catalog
from ..effects import Ctx
from ..main_phase import evolved, when_played
from ..registry import trainer
from ..state import Mon, State, card_of, first_turn_of_player, is_active
from . import trainer_rules as rules

# -------------------------------------------------------------- Items
trainer(  # Potion: heal 30 damage from 1 of your Pokémon.
    "sv1-188",
    (v.ask_own_damaged("target"), v.heal_picked(30, "target")),
    playable=rules.has_damaged,
)
trainer(  # Switch: switch your Active Pokémon with 1 of your Benched Pokémon.
    "sv1-194", (v.ask_own_bench("to"), v.switch_to_picked("to")), playable=rules.has_bench
)
trainer(  # Nest Ball: a Basic Pokémon from your deck onto your Bench; shuffle.
    "sv1-181",
    (v.ask_deck_to_bench("search_basic", v.is_basic, 1), v.bench_picked(), v.shuffle_deck()),
    playable=rules.bench_has_room,
)
trainer(  # Pokémon Catcher: flip; heads: switch in 1 of the opponent's Benched Pokémon.
    "sv1-187",
    (v.flip_coins(1), v.if_heads(v.ask_opponent_bench("to")), v.gust_picked("to")),
    playable=rules.opponent_has_bench,
)
trainer(  # Energy Retrieval: up to 2 basic Energy from your discard pile into your hand.
    "sv1-171",
    (v.ask_discard("retrieve_energy", rules.basic_energy, 2), v.picked_to_hand("discard", "found")),
    playable=rules.in_discard(rules.basic_energy),
)
trainer(  # Energy Search: a basic Energy from your deck, revealed, into your hand; shuffle.
    "sv1-172",
    (
        v.ask_deck("search_basic_energy", rules.basic_energy, 1),
        v.picked_to_hand("deck", "found", revealed=True),
        v.shuffle_deck(),
    ),
    playable=rules.deck_not_empty,
)
trainer(  # Energy Switch: move a basic Energy from 1 of your Pokémon to another.
    "sv1-173",
    (
        v.ask_attached_energy("energy_to_move", "own"),
        v.ask_other_own_pokemon("move_energy_to", "energy"),
        v.move_picked_energy(),
    ),
    playable=rules.energy_can_move,
)
trainer(  # Picnic Basket: heal 30 damage from each Pokémon (both yours and your opponent's).
    "sv1-184", (v.heal_everyone(30),), playable=rules.anyone_damaged
)
trainer(  # Crushing Hammer: flip; heads: discard an Energy from 1 of the opponent's Pokémon.
    "sv1-168",
    (
        v.flip_coins(1),
        v.if_heads(v.ask_attached_energy("energy_to_discard", "opponent")),
        v.discard_picked_attached(),
    ),
    playable=rules.opponent_has_energy,
)
trainer(  # Pal Pad: shuffle up to 2 Supporter cards from your discard pile into your deck.
    "sv1-182",
    (v.ask_discard("pal_pad", rules.supporter, 2), v.picked_to_deck("discard"), v.shuffle_deck()),
    playable=rules.in_discard(rules.supporter),
)
trainer(  # Poké Ball: flip; heads: a Pokémon from your deck, revealed, into your hand; shuffle.
    "sv1-185",
    (
        v.flip_coins(1),
        v.if_heads(v.ask_deck("search_pokemon", rules.pokemon, 1)),
        v.picked_to_hand("deck", "found", revealed=True),
        v.if_heads_shuffle(),
    ),
    playable=rules.deck_not_empty,
)


# ------------------------------------------------- Ultra Ball, Rare Candy
def _two_other_cards(s: State, seat: int, _: int) -> bool:
    return len(s.sides[seat].hand) >= 3 and bool(s.sides[seat].deck)


def _any_card(_: Card) -> bool:
    return True


trainer(  # Ultra Ball: discard 2 other cards; a Pokémon from your deck, revealed, to your hand.
    "sv1-196",
    (
        v.ask_hand("ultra_ball_discard", _any_card, most=2, need=2),
        v.discard_picked_from_hand(),
        v.ask_deck("search_pokemon", rules.pokemon, 1),
        v.picked_to_hand("deck", "found", revealed=True),
        v.shuffle_deck(),
    ),
    playable=_two_other_cards,
)


@cache
def _basics_below(stage1_name: str) -> frozenset[str]:
    """The Basic Pokémon names a Stage 1 of this name evolves from (in the data)."""
    return frozenset(
        c.evolves_from for c in catalog().values() if c.name == stage1_name and c.evolves_from
    )


def _skips_to(stage2: Card, basic_name: str) -> bool:
    """A Stage 2 card whose Stage 1 evolves from `basic_name`."""
    if stage2.stage != 2 or stage2.evolves_from is None:
        return False
    return basic_name in _basics_below(stage2.evolves_from)


def _candy_stage2(s: State, seat: int, basic: int) -> tuple[int, ...]:
    name = card_of(s, basic).name
    return tuple(sorted(i for i in s.sides[seat].hand if _skips_to(card_of(s, i), name)))


def _candy_basic(ctx: Ctx, mon: Mon) -> bool:
    """A Basic Pokémon not put into play this turn, with a Stage 2 for it in hand."""
    s = ctx.state
    return (
        card_of(s, mon.card).stage == 0
        and mon.since < s.turn
        and bool(_candy_stage2(s, ctx.seat, mon.card))
    )


_STAGE_2 = frozenset(i for i, c in catalog().items() if c.stage == 2)  # card ids


def _rare_candy_playable(s: State, seat: int, candy: int) -> bool:
    if first_turn_of_player(s):
        return False
    if _STAGE_2.isdisjoint(map(s.cards.__getitem__, s.sides[seat].hand)):
        return False  # no Stage 2 to skip to: the usual case, asked in C
    return any(
        card_of(s, mon.card).stage == 0 and mon.since < s.turn and _candy_stage2(s, seat, mon.card)
        for mon in s.sides[seat].mons()
    )


def _candy_options(s: State, seat: int, variables: dict) -> tuple[int, ...]:
    basic = variables.get("basic", ())
    return _candy_stage2(s, seat, basic[0]) if basic else ()


def _evolve_with_candy(ctx: Ctx) -> None:
    """The last step: a Stage 2 played this way is "played from the hand to
    evolve", so its own effect (Arboliva's Enriching Oil) may follow."""
    for stage2 in ctx.picks("stage2"):
        ctx.b.emit(evolved(ctx.state, ctx.seat, stage2, ctx.picks("basic")[0]))
        when_played(ctx.b, ctx.seat, stage2)


trainer(  # Rare Candy: evolve a Basic Pokémon straight to Stage 2 with a card from your hand.
    "sv1-191",
    (
        v.ask_own_pokemon("rare_candy_basic", _candy_basic, key="basic"),
        # "If you have a Stage 2 card in your hand": the hand is hidden, so need 0.
        v.hidden_ask("rare_candy_stage2", "hand", _candy_options, most=1, key="stage2"),
        _evolve_with_candy,
    ),
    playable=_rare_candy_playable,
)


def _top_seven_supporters(s: State, seat: int, _: dict) -> tuple[int, ...]:
    return tuple(sorted(i for i in s.sides[seat].deck[:7] if rules.supporter(card_of(s, i))))


trainer(  # Pokégear 3.0: look at the top 7 cards; you may reveal a Supporter there and take it.
    "sv1-186",
    (
        v.hidden_ask("pokegear", "deck", _top_seven_supporters, most=1),
        v.picked_to_hand("deck", "found", revealed=True),
        v.shuffle_deck(),
    ),
    playable=rules.deck_not_empty,
)


def _benched_lightning(ctx: Ctx, mon: Mon) -> bool:
    return card_of(ctx.state, mon.card).type == "L" and not is_active(ctx.state, mon.card)


def _lightning_energy_in_view(s: State, seat: int, variables: dict) -> tuple[int, ...]:
    """Basic Lightning Energy among the top 5 cards looked at, less those already
    attached (they came from there, so what is left of the 5 is the top 5 - n)."""
    seen = s.sides[seat].deck[: 5 - variables.get("attached", 0)]
    return tuple(sorted(i for i in seen if _basic_lightning(card_of(s, i))))


def _basic_lightning(c: Card) -> bool:
    return c.is_basic_energy and c.energy_type == "L"


def _attach_generated(ctx: Ctx) -> None:
    for energy in ctx.picks("found"):
        v.move_cards(ctx, (energy,), "deck", "energy", target=ctx.picks("to")[0])
        ctx.vars["attached"] = ctx.vars.get("attached", 0) + 1
    ctx.vars["found"] = ()


def _has_benched_lightning(s: State, seat: int, _: int) -> bool:
    side = s.sides[seat]
    return bool(side.deck) and any(card_of(s, mon.card).type == "L" for mon in side.bench)


def _generator_round() -> tuple:
    """Which Benched Lightning Pokémon (asked first, so the hidden pick is attached at
    once), then which Energy of the top cards, if any."""
    return (
        v.ask_own_pokemon("electric_generator_target", _benched_lightning, key="to"),
        v.hidden_ask("electric_generator", "deck", _lightning_energy_in_view, most=1),
        _attach_generated,
    )


trainer(  # Electric Generator: look at the top 5 cards; attach up to 2 basic Lightning Energy
    # found there to your Benched Lightning Pokémon in any way you like; shuffle the rest back.
    "sv1-170",
    (*_generator_round(), *_generator_round(), v.shuffle_deck()),
    playable=_has_benched_lightning,
)
