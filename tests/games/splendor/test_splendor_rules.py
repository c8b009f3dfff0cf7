"""Splendor's rules, one behaviour per test, in the rulebook's order."""

from __future__ import annotations

import pytest

from tabletop.games import get_game
from tabletop.games._gems import ACTION, CHOOSE, EMPTY, OVER, RETURN, GemsCode
from tabletop.games.splendor import SplendorCode
from tabletop.kernel import IllegalCommand

from .gems_checks import with_player

GAME = get_game("splendor")
W, U, G, R, K, GOLD = range(6)  # white, blue, green, red, black, gold


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


# ------------------------------------------------------------------ setup
@pytest.mark.parametrize(("players", "gems"), [(2, 4), (3, 5), (4, 7)])
def test_setup_tokens_nobles_and_market(players: int, gems: int) -> None:
    s = new(players)
    assert s.supply == (gems,) * 5 + (5,)
    assert len(s.nobles) == players + 1
    assert [len(row) for row in s.market] == [4, 4, 4]
    assert [len(d) for d in s.decks] == [36, 26, 16]
    assert GAME.to_act(s) == [0]


# ------------------------------------------------------------- gem actions
def test_take_three_different() -> None:
    s = act(new(), type="take_different", colors=["white", "blue", "red"])
    assert s.players[0].tokens == (1, 1, 0, 1, 0, 0)
    assert s.supply == (3, 3, 4, 3, 4, 5)
    assert GAME.to_act(s) == [1]


def test_take_three_must_be_three_different() -> None:
    s = new()
    refused(s, GemsCode.TAKE_COUNT, type="take_different", colors=["white", "blue"])
    refused(s, GemsCode.COLORS_NOT_DIFFERENT, type="take_different", colors=["red", "red", "blue"])
    refused(s, GemsCode.UNKNOWN_COLOR, type="take_different", colors=["red", "pink", "blue"])


def test_fewer_than_three_colours_left_take_as_many_as_remain() -> None:
    s = new()._replace(supply=(0, 0, 0, 2, 1, 5))
    refused(s, GemsCode.TAKE_COUNT, type="take_different", colors=["red"])
    refused(s, GemsCode.TOKEN_UNAVAILABLE, type="take_different", colors=["red", "white"])
    s = act(s, type="take_different", colors=["red", "black"])
    assert s.players[0].tokens[R] == 1 and s.players[0].tokens[K] == 1


def test_take_two_of_a_colour_needs_four_in_supply() -> None:
    s = act(new(), type="take_same", color="green")
    assert s.players[0].tokens[G] == 2 and s.supply[G] == 2
    refused(s, GemsCode.TAKE_TWO_NEEDS_FOUR, type="take_same", color="green")


def test_gold_is_never_taken_by_a_gem_action() -> None:
    s = new()
    refused(s, GemsCode.WILD_NOT_TAKEABLE, type="take_same", color="gold")
    refused(s, GemsCode.WILD_NOT_TAKEABLE, type="take_different", colors=["gold", "red", "blue"])
    assert all(
        "gold" not in getattr(c, "colors", ()) and getattr(c, "color", "") != "gold"
        for c in GAME.legal_commands(s, 0)
    )


# --------------------------------------------------------------- reserving
def test_reserve_face_up_takes_gold_and_refills_from_the_same_level() -> None:
    s = new()
    card, top = s.market[1][2], s.decks[1][0]
    s = act(s, type="reserve", card=card)
    assert s.players[0].reserved == (card,) and s.players[0].tokens[GOLD] == 1
    assert s.supply[GOLD] == 4
    assert s.market[1][2] == top and len(s.decks[1]) == 25


def test_reserve_without_gold_left() -> None:
    s = new()._replace(supply=(4, 4, 4, 4, 4, 0))
    s = act(s, type="reserve", card=s.market[0][0])
    assert s.players[0].tokens[GOLD] == 0 and len(s.players[0].reserved) == 1


def test_fourth_reservation_is_refused() -> None:
    s = with_player(new(), 0, reserved=(80, 81, 82))
    refused(s, GemsCode.RESERVE_LIMIT, type="reserve", card=s.market[0][0])
    refused(s, GemsCode.RESERVE_LIMIT, type="reserve_top", level=1)
    assert not any(c.type.startswith("reserve") for c in GAME.legal_commands(s, 0))


def test_blind_reserve_is_hidden_from_opponents_only() -> None:
    s = new()
    top = s.decks[2][0]
    events = GAME.decide(
        s, GAME.parse_command({"type": "reserve_top", "seat": 0, "level": 3}), None
    )
    s = GAME.fold(s, events)
    assert s.players[0].reserved == (top,) and s.market[2] == new().market[2]
    mine = GAME.view(s, 0)["players"][0]["reserved"][0]
    theirs = GAME.view(s, 1)["players"][0]["reserved"][0]
    assert mine["id"] == top
    assert theirs == {"id": None, "level": "3", "hidden": True}
    assert GAME.redact(events[0], 1).card is None
    assert GAME.redact(events[0], 0).card == top
    assert GAME.redact(events[0], None).card is None


def test_empty_deck_cannot_be_reserved_and_leaves_the_slot_empty() -> None:
    s = new()
    s = s._replace(decks=((), s.decks[1], s.decks[2]))
    refused(s, GemsCode.DECK_EMPTY, type="reserve_top", level=1)
    card = s.market[0][1]
    s = act(s, type="reserve", card=card)
    assert s.market[0][1] == EMPTY
    assert GAME.view(s, 1)["rows"][0]["market"][1] is None


# ------------------------------------------------------------------ buying
def test_buy_with_bonuses_tokens_and_gold() -> None:
    s = new()
    card = s.market[0][2]  # costs 1 white, 2 black; gives a blue bonus
    s = with_player(s, 0, tokens=(0, 0, 0, 0, 1, 1), bonus=(1, 0, 0, 0, 0), cards=())
    s = s._replace(supply=(4, 4, 4, 4, 3, 4))
    s = act(s, type="buy", card=card)
    p = s.players[0]
    assert p.tokens == (0,) * 6  # white from the bonus, black token + gold
    assert s.supply == (4, 4, 4, 4, 4, 5)  # spent tokens back in the supply
    assert p.cards == (card,) and p.bonus == (1, 1, 0, 0, 0)


def test_buy_refused_when_unaffordable_or_unavailable() -> None:
    s = new()
    refused(s, GemsCode.CANNOT_AFFORD, type="buy", card=s.market[0][0])
    refused(s, GemsCode.CARD_NOT_AVAILABLE, type="buy", card=s.decks[0][0])
    refused(s, GemsCode.UNKNOWN_CARD, type="buy", card=999)


def test_buy_a_reserved_card() -> None:
    s = new()
    card = s.market[0][3]  # 2 blue, 2 black
    s = act(s, type="reserve", card=card)
    s = act(s, type="take_same", color="white")
    s = with_player(s, 0, tokens=(0, 2, 0, 0, 1, 1))
    s = s._replace(supply=(2, 2, 4, 4, 3, 4))
    s = act(s, type="buy", card=card)
    assert s.players[0].reserved == () and s.players[0].cards == (card,)
    assert s.players[0].tokens == (0,) * 6


def _two_red_card_and_two_red_one_gold():
    """The issue's case: card 20 (2 red, 1 black) face up, where a black
    bonus makes its price 2 red; seat 0 holds 2 red and 1 gold."""
    s = new()
    card = 20
    assert GAME.rules.cards.cost[card] == (0, 0, 0, 2, 1)
    market = [list(row) for row in s.market]
    decks = [list(deck) for deck in s.decks]
    old = market[0][0]
    if card in decks[0]:
        decks[0][decks[0].index(card)] = old
    else:
        market[0][market[0].index(card)] = old
    market[0][0] = card
    s = s._replace(market=tuple(map(tuple, market)), decks=tuple(map(tuple, decks)))
    s = with_player(s, 0, tokens=(0, 0, 0, 2, 0, 1), bonus=(0, 0, 0, 0, 1))
    return s._replace(supply=(4, 4, 4, 2, 4, 4)), card


def test_gold_may_replace_a_gem_of_any_colour_even_one_the_player_holds() -> None:
    """Rulebook: '황금 조커를 사용하면 어떤 색깔의 토큰이든 대체될 수 있습니다' (a gold
    joker can replace a token of any colour). Holding 2 red and 1 gold, the
    player may pay a 2-red card with 1 red + 1 gold and keep a red."""
    s, card = _two_red_card_and_two_red_one_gold()
    after = act(s, type="buy", card=card, wild_for=["red"])
    assert after.players[0].tokens == (0, 0, 0, 1, 0, 0)  # a red kept, the gold spent
    assert after.supply == (4, 4, 4, 3, 4, 5)
    assert after.players[0].cards == (card,)


def test_without_a_payment_choice_gems_pay_first_and_gold_is_kept() -> None:
    s, card = _two_red_card_and_two_red_one_gold()
    events = GAME.decide(s, GAME.parse_command({"type": "buy", "seat": 0, "card": card}), None)
    assert events[0].paid == ("red", "red")
    assert GAME.apply(s, {"type": "buy", "seat": 0, "card": card}).players[0].tokens == (
        (0, 0, 0, 0, 0, 1)
    )


def test_legal_commands_list_each_way_to_pay() -> None:
    s, card = _two_red_card_and_two_red_one_gold()
    buys = [c for c in GAME.legal_commands(s, 0) if c.type == "buy" and c.card == card]
    assert [c.wild_for for c in buys] == [None, ("red",)]  # 2 red; 1 red + 1 gold
    s = with_player(s, 0, tokens=(0, 0, 0, 2, 0, 2))
    buys = [c for c in GAME.legal_commands(s, 0) if c.type == "buy" and c.card == card]
    assert [c.wild_for for c in buys] == [None, ("red",), ("red", "red")]
    s = with_player(s, 0, tokens=(0, 0, 0, 1, 0, 1))  # the gold is needed: one way
    buys = [c for c in GAME.legal_commands(s, 0) if c.type == "buy" and c.card == card]
    assert [c.wild_for for c in buys] == [None]


def test_a_chosen_payment_must_be_possible() -> None:
    s, card = _two_red_card_and_two_red_one_gold()
    # More gold than held; a gold in place of a colour the card does not cost
    # (black is paid by the bonus); gold for gold; not a colour at all.
    refused(s, GemsCode.CANNOT_AFFORD, type="buy", card=card, wild_for=["red", "red"])
    refused(s, GemsCode.BAD_PAYMENT, type="buy", card=card, wild_for=["black"])
    refused(s, GemsCode.BAD_PAYMENT, type="buy", card=card, wild_for=["gold"])
    refused(s, GemsCode.UNKNOWN_COLOR, type="buy", card=card, wild_for=["purple"])
    # Too few gold for what the gems cannot pay: an explicit payment is taken as given.
    s2 = with_player(s, 0, tokens=(0, 0, 0, 1, 0, 0))
    refused(s2, GemsCode.CANNOT_AFFORD, type="buy", card=card, wild_for=[])


def test_one_command_per_payment_the_default_one_without_wild_for() -> None:
    """So that `legal_commands` is exactly what `decide` accepts, the default
    payment is spelled only one way: spelling it out in `wild_for` is refused."""
    s, card = _two_red_card_and_two_red_one_gold()
    refused(s, GemsCode.DEFAULT_PAYMENT, type="buy", card=card, wild_for=[])
    s = with_player(s, 0, tokens=(0, 0, 0, 1, 0, 1))  # the default spends the gold on red
    refused(s, GemsCode.DEFAULT_PAYMENT, type="buy", card=card, wild_for=["red"])
    assert act(s, type="buy", card=card).players[0].tokens == (0,) * 6


# ---------------------------------------------------------- token limit
def test_above_ten_tokens_the_player_chooses_what_to_return() -> None:
    s = with_player(new(), 0, tokens=(2, 2, 2, 2, 1, 0))
    s = s._replace(supply=(2, 2, 2, 2, 3, 5))
    s = act(s, type="take_different", colors=["white", "blue", "black"])
    assert s.step == RETURN and GAME.to_act(s) == [0]
    options = GAME.legal_commands(s, 0)
    assert {c.type for c in options} == {"return_tokens"}
    assert all(len(c.tokens) == 2 for c in options)
    refused(s, GemsCode.WRONG_STEP, type="take_same", color="red")
    refused(s, GemsCode.RETURN_COUNT, type="return_tokens", tokens=["red"])
    refused(s, GemsCode.RETURN_NOT_HELD, type="return_tokens", tokens=["gold", "red"])
    s = act(s, type="return_tokens", tokens=["red", "red"])
    assert s.players[0].tokens == (3, 3, 2, 0, 2, 0) and s.step == ACTION and s.seat == 1


# ----------------------------------------------------------------- nobles
def _noble_ready(s, nobles):
    """Seat 0 one blue card short of nobles that need 3 white/blue/black."""
    s = s._replace(nobles=nobles)
    blue = next(c for c in s.market[0] if GAME.rules.cards.bonus[c] == U)
    return with_player(s, 0, bonus=(4, 2, 4, 4, 3), tokens=(0,) * 6), blue


def test_one_qualifying_noble_visits_automatically() -> None:
    s, blue = _noble_ready(new(), (0, 5))  # (3,3,0,0,3) qualifies; (0,0,0,4,4) not
    s = act(s, type="buy", card=blue)
    assert s.players[0].nobles == (0,) and s.nobles == (5,) and s.seat == 1


def test_several_qualifying_nobles_the_player_chooses_one() -> None:
    s, blue = _noble_ready(new(), (0, 2, 5))  # 0 and 2 qualify after the purchase
    s = act(s, type="buy", card=blue)
    assert s.step == CHOOSE and GAME.to_act(s) == [0]
    assert sorted(c.noble for c in GAME.legal_commands(s, 0)) == [0, 2]
    refused(s, SplendorCode.NOBLE_NOT_EARNED, type="choose_noble", noble=5)
    refused(s, SplendorCode.UNKNOWN_NOBLE, type="choose_noble", noble=7)
    s = act(s, type="choose_noble", noble=2)
    assert s.players[0].nobles == (2,) and s.nobles == (0, 5) and s.seat == 1
    assert s.players[0].points == 3 + GAME.rules.cards.points[blue]


# ------------------------------------------------------------ end of game
def test_fifteen_points_end_the_game_when_the_round_completes() -> None:
    s = with_player(new(3), 1, points=15)
    s = act(s, type="take_different", colors=["white", "blue", "red"])  # seat 0
    s = act(s, type="take_different", colors=["white", "blue", "red"])  # seat 1 reaches
    assert s.ending and s.step == ACTION and s.seat == 2
    s = act(s, type="take_different", colors=["white", "blue", "green"])
    assert s.step == OVER and GAME.to_act(s) == []
    assert GAME.outcome(s).ranks == (1, 0, 1)
    refused_over = GAME.parse_command({"type": "pass", "seat": 0})
    with pytest.raises(IllegalCommand):
        GAME.decide(s, refused_over, None)


def test_tie_goes_to_fewest_cards_then_is_shared() -> None:
    s = new(3)._replace(step=OVER)
    s = with_player(s, 0, points=15, cards=(0, 1, 2))
    s = with_player(s, 1, points=15, cards=(3, 4))
    s = with_player(s, 2, points=15, cards=(5, 6))
    assert GAME.outcome(s).ranks == (2, 0, 0)
    assert GAME.outcome(s).winners == (1, 2)


def test_pass_only_when_no_action_is_possible() -> None:
    s = new()
    refused(s, GemsCode.PASS_NOT_ALLOWED, type="pass")
    stuck = with_player(s, 0, reserved=(80, 81, 82))
    stuck = stuck._replace(supply=(0, 0, 0, 0, 0, 5))
    assert [c.type for c in GAME.legal_commands(stuck, 0)] == ["pass"]
    stuck = act(stuck, type="pass")
    assert stuck.seat == 1 and stuck.passes == 1


# ---------------------------------------------------------- hidden worlds
def test_sample_world_redeals_decks_and_blind_reserves_from_the_right_level() -> None:
    s = act(new(), type="reserve_top", level=2)
    world = GAME.sample_world(s, 1, seed=5)
    assert GAME.view(world, 1) == GAME.view(s, 1)
    assert world != s
    blind = world.players[0].reserved[0]
    assert GAME.rules.cards.row[blind] == 1
    assert sorted([blind, *world.decks[1]]) == sorted([s.players[0].reserved[0], *s.decks[1]])
    # the owner knows the card: only the decks move
    own = GAME.sample_world(s, 0, seed=5)
    assert own.players[0].reserved == s.players[0].reserved
    assert GAME.sample_world(world, 1, seed=9) == GAME.sample_world(s, 1, seed=9)
