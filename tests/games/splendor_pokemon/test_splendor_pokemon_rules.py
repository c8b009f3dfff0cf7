"""Splendor Pokémon's rules, including the rulebook's two worked examples."""

from __future__ import annotations

import random

import pytest

from tabletop.games import get_game
from tabletop.games._gems import ACTION, CHOOSE, EMPTY, OVER, RETURN, GemsCode
from tabletop.games.splendor_pokemon import PokemonCode
from tabletop.games.splendor_pokemon.data import CARDS, EVOLVE_REQUIREMENT
from tabletop.games.splendor_pokemon.state import evolutions as _evolutions
from tabletop.kernel import IllegalCommand

from ..splendor.gems_checks import with_player

GAME = get_game("splendor-pokemon")
BLACK, PINK, YELLOW, BLUE, RED, MASTER = range(6)


def card(name: str, cost: tuple[int, ...] | None = None) -> int:
    return next(
        c for c in range(len(CARDS)) if CARDS.name[c] == name and cost in (None, CARDS.cost[c])
    )


BULBASAUR = card("Bulbasaur", (0, 0, 4, 0, 0))
POLIWAG = card("Poliwag", (0, 0, 0, 0, 3))
SNORLAX = card("Snorlax")
WEEPINBELL = card("Weepinbell", (2, 3, 2, 0, 0))
IVYSAUR = card("Ivysaur", (0, 0, 6, 0, 0))
EEVEE = card("Eevee")


def new(players: int = 2, seed: int = 0):
    return GAME.new(players, seed=seed)


def act(s, **data):
    data.setdefault("seat", s.seat)
    return GAME.apply(s, data)


def refused(s, code: str, **data) -> None:
    data.setdefault("seat", s.seat)
    with pytest.raises(IllegalCommand) as info:
        GAME.decide(s, GAME.parse_command(data), None)
    assert info.value.code == code, info.value


def put_face_up(s, c: int, slot: int = 0):
    """`c` into a market slot of its row, swapping whatever card was there
    back into `c`'s old place (deck or market), so every card stays once."""
    row = CARDS.row[c]
    old = s.market[row][slot]
    market = [list(r) for r in s.market]
    decks = [list(d) for d in s.decks]
    for r in range(len(market)):
        market[r] = [old if x == c else x for x in market[r]]
        decks[r] = [old if x == c else x for x in decks[r]]
    market[row][slot] = c
    return s._replace(market=tuple(map(tuple, market)), decks=tuple(map(tuple, decks)))


def jihee(s):
    """The rulebook's player: Bulbasaur, Poliwag and Snorlax in front of her
    (1 yellow bonus, 3 pink bonuses), taken out of the decks and market."""
    mine = (BULBASAUR, POLIWAG, SNORLAX)
    market = tuple(tuple(EMPTY if c in mine else c for c in row) for row in s.market)
    decks = tuple(tuple(c for c in d if c not in mine) for d in s.decks)
    s = s._replace(market=market, decks=decks)
    return with_player(s, 0, cards=mine, bonus=(0, 3, 1, 0, 0), points=1)


# ------------------------------------------------------------------ setup
@pytest.mark.parametrize(("players", "balls"), [(2, 4), (3, 5), (4, 7)])
def test_setup(players: int, balls: int) -> None:
    s = new(players)
    assert s.supply == (balls,) * 5 + (5,)
    assert [len(row) for row in s.market] == [4, 4, 4, 1, 1]
    assert [len(d) for d in s.decks] == [31, 26, 11, 4, 4]
    assert s.nobles == ()
    assert [r["name"] for r in GAME.view(s, 0)["rows"]] == ["1", "2", "3", "rare", "legendary"]


# ------------------------------------------------------- worked examples
def test_worked_example_weepinbells_discounted_price() -> None:
    """Jihee pays 1 Quick Ball (yellow) and 2 Hyper Balls (black) for Weepinbell."""
    s = put_face_up(jihee(new()), WEEPINBELL)
    s = with_player(s, 0, tokens=(2, 0, 1, 0, 0, 0))
    s = s._replace(supply=(2, 4, 3, 4, 4, 5))
    events = GAME.decide(
        s, GAME.parse_command({"type": "buy", "seat": 0, "card": WEEPINBELL}), None
    )
    assert events[0].paid == ("black", "black", "yellow")
    s = GAME.fold(s, events)
    assert s.players[0].tokens == (0,) * 6 and WEEPINBELL in s.players[0].cards


def test_worked_example_bulbasaur_evolves_into_ivysaur_with_three_pink_bonuses() -> None:
    s = put_face_up(jihee(new()), IVYSAUR, slot=1)
    top = s.decks[1][0]
    s = act(s, type="take_different", colors=["black", "blue", "red"])
    assert s.step == CHOOSE and GAME.view(s, 0)["step"] == "evolve"
    options = GAME.legal_commands(s, 0)
    assert {(c.type, getattr(c, "card", None), getattr(c, "into", None)) for c in options} == {
        ("evolve", BULBASAUR, IVYSAUR),
        ("skip_evolve", None, None),
    }
    s = act(s, type="evolve", card=BULBASAUR, into=IVYSAUR)
    p = s.players[0]
    assert p.cards == (IVYSAUR, POLIWAG, SNORLAX) and p.under == (BULBASAUR,)
    assert p.bonus == (0, 3, 1, 0, 0)  # Bulbasaur's yellow gone, Ivysaur's yellow in
    assert p.points == 3  # Bulbasaur's 1 point gone, Ivysaur's 3 in
    assert s.market[1][1] == top  # the emptied slot is refilled
    assert s.seat == 1 and s.step == ACTION


# ---------------------------------------------------------------- actions
def test_master_balls_are_not_taken_by_ball_actions() -> None:
    s = new()
    refused(s, GemsCode.WILD_NOT_TAKEABLE, type="take_same", color="master")
    refused(s, GemsCode.WILD_NOT_TAKEABLE, type="take_different", colors=["master", "red", "pink"])


def test_two_kinds_left_take_two_different_or_any_one() -> None:
    s = new()._replace(supply=(0, 0, 0, 2, 1, 5))
    options = sorted(c.colors for c in GAME.legal_commands(s, 0) if c.type == "take_different")
    assert options == [("blue",), ("blue", "red"), ("red",)]
    s = act(s, type="take_different", colors=["red"])
    assert s.players[0].tokens[RED] == 1


def test_rare_and_legendary_cannot_be_reserved() -> None:
    s = new()
    for row in (3, 4):
        refused(s, GemsCode.NOT_RESERVABLE, type="reserve", card=s.market[row][0])
        refused(s, GemsCode.NOT_RESERVABLE, type="reserve_top", level=row + 1)
    reservable = {c.card for c in GAME.legal_commands(s, 0) if c.type == "reserve"}
    assert reservable.isdisjoint({s.market[3][0], s.market[4][0]})


def test_reserve_gives_a_master_ball() -> None:
    s = act(new(), type="reserve_top", level=1)
    assert s.players[0].tokens[MASTER] == 1 and s.supply[MASTER] == 4


def test_rare_cards_cost_master_balls_and_give_two_bonuses() -> None:
    s = put_face_up(new(), EEVEE)  # 3 yellow, 2 red, 1 master ball
    s = with_player(s, 0, tokens=(0, 0, 3, 0, 2, 0))
    s = s._replace(supply=(4, 4, 1, 4, 2, 5))
    refused(s, GemsCode.CANNOT_AFFORD, type="buy", card=EEVEE)
    s = with_player(s, 0, tokens=(0, 0, 3, 0, 1, 2))  # a master ball also stands in for red
    s = s._replace(supply=(4, 4, 1, 4, 3, 3))
    s = act(s, type="buy", card=EEVEE)
    p = s.players[0]
    assert p.tokens == (0,) * 6 and p.bonus[BLACK] == 2 and s.supply[MASTER] == 5


def test_master_balls_may_replace_any_balls_even_held_ones_several_on_one_card() -> None:
    """Rulebook: '마스터볼 토큰은 어떤 토큰이든 대체할 수 있습니다. 카드 하나에 마스터볼
    토큰 여러 개를 사용해 여러 개의 토큰을 대체할 수도 있습니다' (a master ball
    replaces any token; several on one card replace several tokens). Eevee
    costs 3 yellow, 2 red and 1 printed master ball; holding all of that and
    2 more master balls, the trainer may spend them for a yellow and a red."""
    s = put_face_up(new(), EEVEE)
    s = with_player(s, 0, tokens=(0, 0, 3, 0, 2, 3))
    s = s._replace(supply=(4, 4, 1, 4, 2, 2))
    buys = [c.wild_for for c in GAME.legal_commands(s, 0) if c.type == "buy" and c.card == EEVEE]
    assert buys == [
        None,
        ("red",),
        ("red", "red"),
        ("yellow",),
        ("yellow", "red"),
        ("yellow", "yellow"),
    ]
    events = GAME.decide(
        s,
        GAME.parse_command(
            {"type": "buy", "seat": 0, "card": EEVEE, "wild_for": ["yellow", "red"]}
        ),
        None,
    )
    assert events[0].paid == ("yellow", "yellow", "red", "master", "master", "master")
    after = GAME.fold(s, events)
    assert after.players[0].tokens == (0, 0, 1, 0, 1, 0)
    assert after.supply == (4, 4, 3, 4, 3, 5)


def test_the_printed_master_ball_cost_is_not_a_payment_choice() -> None:
    s = put_face_up(new(), EEVEE)
    s = with_player(s, 0, tokens=(0, 0, 3, 0, 2, 2))
    refused(s, GemsCode.BAD_PAYMENT, type="buy", card=EEVEE, wild_for=["master"])
    refused(s, GemsCode.BAD_PAYMENT, type="buy", card=EEVEE, wild_for=["pink"])
    refused(s, GemsCode.CANNOT_AFFORD, type="buy", card=EEVEE, wild_for=["red", "red"])
    paid = act(s, type="buy", card=EEVEE, wild_for=["red"]).players[0].tokens
    assert paid == (0, 0, 0, 0, 1, 0)  # 1 printed + 1 for red


def test_token_limit_comes_before_evolution() -> None:
    s = put_face_up(jihee(new()), IVYSAUR)
    s = with_player(s, 0, tokens=(2, 2, 2, 2, 1, 0))
    s = act(s, type="take_different", colors=["black", "blue", "red"])
    assert s.step == RETURN
    s = act(s, type="return_tokens", tokens=["black", "black"])
    assert s.step == CHOOSE
    s = act(s, type="skip_evolve")
    assert s.seat == 1 and s.players[0].under == ()


# -------------------------------------------------------------- evolution
def test_evolution_refusals() -> None:
    s = put_face_up(jihee(new()), IVYSAUR)
    s = act(s, type="take_different", colors=["black", "blue", "red"])
    other_ivysaur = card("Ivysaur", (0, 4, 0, 1, 4))
    refused(s, PokemonCode.EVOLUTION_UNAVAILABLE, type="evolve", card=BULBASAUR, into=other_ivysaur)
    refused(s, PokemonCode.CANNOT_EVOLVE, type="evolve", card=POLIWAG, into=IVYSAUR)
    refused(s, PokemonCode.CANNOT_EVOLVE, type="evolve", card=SNORLAX, into=IVYSAUR)
    refused(s, PokemonCode.CANNOT_EVOLVE, type="evolve", card=WEEPINBELL, into=IVYSAUR)
    weak = with_player(s, 0, bonus=(0, 2, 1, 0, 0))  # tokens never count, bonuses do
    weak = with_player(weak, 0, tokens=(0, 5, 0, 0, 0, 0))
    refused(weak, PokemonCode.EVOLUTION_REQUIREMENT, type="evolve", card=BULBASAUR, into=IVYSAUR)
    refused(new(), GemsCode.WRONG_STEP, type="evolve", card=BULBASAUR, into=IVYSAUR)


def test_no_evolution_step_without_a_possible_evolution() -> None:
    s = jihee(new())
    ivysaurs = {card("Ivysaur", (0, 0, 6, 0, 0)), card("Ivysaur", (0, 4, 0, 1, 4))}
    s = s._replace(market=tuple(tuple(EMPTY if c in ivysaurs else c for c in r) for r in s.market))
    moved = tuple(c for c in ivysaurs if c not in s.decks[1])
    s = s._replace(decks=(s.decks[0], (*s.decks[1], *moved), *s.decks[2:]))
    s = act(s, type="take_different", colors=["black", "blue", "red"])
    assert s.seat == 1 and s.step == ACTION


def test_evolve_from_own_blind_reserve() -> None:
    s = jihee(new())
    s = s._replace(decks=((), *s.decks[1:]))  # no refill for the slot
    s = with_player(s, 0, reserved=(IVYSAUR,), blind=(IVYSAUR,))
    s = act(s, type="take_different", colors=["black", "blue", "red"])
    s = act(s, type="evolve", card=BULBASAUR, into=IVYSAUR)
    assert s.players[0].reserved == () and s.players[0].blind == ()
    assert IVYSAUR in s.players[0].cards


# ------------------------------------------------------------ end of game
def test_eighteen_points_end_the_game_at_the_end_of_the_round() -> None:
    s = with_player(new(2), 0, points=18)
    s = act(s, type="take_different", colors=["black", "blue", "red"])
    assert s.ending and s.step == ACTION
    s = act(s, type="take_different", colors=["black", "blue", "red"])
    assert s.step == OVER and GAME.outcome(s).ranks == (0, 1)


def test_tie_breaks_evolutions_then_pokemon_in_front_then_shared() -> None:
    s = new(4)._replace(step=OVER)
    s = with_player(s, 0, points=18, under=(1,), cards=(2, 3))
    s = with_player(s, 1, points=18, under=(), cards=(4, 5, 6, 7))
    s = with_player(s, 2, points=18, under=(8,), cards=(9, 10, 11))
    s = with_player(s, 3, points=18, under=(12,), cards=(13, 14, 15))
    assert GAME.outcome(s).ranks == (2, 3, 0, 0)


def test_sample_world_redeals_every_deck_including_rare_and_legendary() -> None:
    s = new()
    worlds = [GAME.sample_world(s, 0, seed) for seed in range(5)]
    assert all(GAME.view(w, 0) == GAME.view(s, 0) for w in worlds)
    assert len({w.decks[3] for w in worlds}) > 1 and len({w.decks[4] for w in worlds}) > 1


def _requirement_met(p) -> bool:
    return any((req := EVOLVE_REQUIREMENT[c]) and p.bonus[req[0]] >= req[1] for c in p.cards)


def test_a_face_down_reserve_does_not_tell_whether_the_turn_ends() -> None:
    """The opponent cannot see a blind reservation, so the evolution step is
    offered whenever a card in front could evolve — whether or not the
    face-down card is its next stage — and then only `skip_evolve` may be legal."""
    s = jihee(new())
    ivysaurs = {card("Ivysaur", (0, 0, 6, 0, 0)), card("Ivysaur", (0, 4, 0, 1, 4))}
    s = s._replace(market=tuple(tuple(EMPTY if c in ivysaurs else c for c in r) for r in s.market))
    moved = tuple(c for c in ivysaurs if c not in s.decks[1])
    s = s._replace(decks=(s.decks[0], (*s.decks[1], *moved), *s.decks[2:]))
    not_a_stage = s.decks[2][0]
    s = with_player(s, 0, reserved=(not_a_stage,), blind=(not_a_stage,))
    s = act(s, type="take_different", colors=["black", "blue", "red"])
    assert s.seat == 0 and GAME.view(s, 1)["step"] == "evolve"
    assert [c.type for c in GAME.legal_commands(s, 0)] == ["skip_evolve"]
    s = act(s, type="skip_evolve")
    assert s.seat == 1 and s.step == ACTION


def test_the_evolution_check_agrees_with_the_listed_evolutions() -> None:
    """`evolvable` (bit sets, asked after every action) says yes exactly when
    `_evolutions` (the plain loop that lists the choices) finds one, or when a
    face-down reserve could hide a next stage of a card whose requirement is met."""
    rng = random.Random(3)
    both = set()
    for seed in range(12):
        s = new(rng.choice((2, 3, 4)), seed=seed)
        while GAME.to_act(s):
            for p in s.players:
                rich = p._replace(bonus=tuple(b + rng.randint(0, 3) for b in p.bonus))
                for q in (p, rich):
                    expected = bool(_evolutions(q, s.market)) or (
                        bool(q.blind) and _requirement_met(q)
                    )
                    assert GAME.evolvable(q, s.market) == expected
                    both.add(expected)
            s = GAME.apply(s, rng.choice(GAME.legal_commands(s, s.seat)))
    assert both == {True, False}
