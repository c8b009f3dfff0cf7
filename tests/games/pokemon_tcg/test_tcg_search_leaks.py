"""A search of a hidden pile looks the same to the opponent whatever the pile
holds (issue #14, point 8): Nest Ball asks "which Basic Pokémon" whether or not
the deck holds one, and a search never ends by itself when its matches run out
(the searcher says "done"), so neither tells the opponent what the deck holds.

Each case plays the same commands in two positions the opponent cannot tell
apart: the same deck lists, hands and board, but the matching card in the deck
in one and among the prizes in the other (or one match against two). The
opponent's redacted events and views must be equal after every command.
"""

from __future__ import annotations

import pytest

from tabletop.games.pokemon_tcg import GAME
from tabletop.games.pokemon_tcg.commands import Choose, PlayTrainer, UseAbility
from tabletop.games.pokemon_tcg.state import State
from tabletop.kernel import Command, replace

from .helpers import Table

OPPONENT = 1


def _into_prizes(s: State, instance: int) -> State:
    """`instance` swapped with the first prize card: the same cards, another place."""
    side = s.sides[0]
    prize = side.prizes[0]
    deck = tuple(prize if i == instance else i for i in side.deck)
    prizes = (instance, *side.prizes[1:])
    return replace(s, sides=(replace(side, deck=deck, prizes=prizes), s.sides[1]))


def _opponent_sees_the_same(worlds: tuple[State, State], commands: list) -> None:
    a, b = worlds
    assert GAME.view(a, OPPONENT) == GAME.view(b, OPPONENT)
    for n, make in enumerate(commands):
        cmd: Command = make(a)
        events_a, events_b = GAME.decide(a, cmd, _rng()), GAME.decide(b, cmd, _rng())
        seen_a = [GAME.redact(e, OPPONENT) for e in events_a]
        seen_b = [GAME.redact(e, OPPONENT) for e in events_b]
        assert seen_a == seen_b, f"command {n} ({cmd!r}) tells the opponent what the deck holds"
        a, b = GAME.fold(a, events_a), GAME.fold(b, events_b)
        assert GAME.view(a, OPPONENT) == GAME.view(b, OPPONENT), f"after command {n}"


def _rng():  # type: ignore[no-untyped-def]
    import random

    return random.Random(3)


def _done(s: State) -> Command:
    return Choose(seat=0, option=None)


def test_nest_ball_with_and_without_a_basic_in_the_deck() -> None:
    t = Table()
    (nest,) = t.cards_of(0, "sv1-181")
    (basic,) = t.cards_of(0, "sv1-146")  # the only Basic Pokémon in the deck
    s = t.state(actives=(t.mon(0, "sv1-146"), t.mon(1, "sv1-146")), hands=((nest,), ()))
    without = _into_prizes(s, basic)
    played = GAME.fold(without, GAME.decide(without, PlayTrainer(seat=0, card=nest), _rng()))
    # The search asks even with nothing to find; the searcher can only say "done".
    assert played.prompt is not None and played.prompt.options == ()
    assert GAME.legal_commands(played, 0) == [Choose(seat=0, option=None)]
    _opponent_sees_the_same((s, without), [lambda _: PlayTrainer(seat=0, card=nest), _done])


def test_a_search_does_not_end_by_itself_when_its_matches_run_out() -> None:
    """Tandem Unit ("up to 2 Basic Lightning Pokémon"): one match or two, the
    searcher who took one must still say "done"."""
    t = Table()
    miraidon = t.mon(0, "sv1-81")
    first, second = t.cards_of(0, "sv1-74", "sv1-73")
    s = t.state(actives=(miraidon, t.mon(1, "sv1-146")))
    one_match = _into_prizes(s, second)
    _opponent_sees_the_same(
        (s, one_match),
        [
            lambda _: UseAbility(seat=0, pokemon=miraidon.card),
            lambda _: Choose(seat=0, option=first),
            _done,
        ],
    )


SEARCHES = [
    # (searching card in the hand, a card it finds, extra cards in play)
    pytest.param("sv1-175", "sv1-108", id="jacq-evolution"),
    pytest.param("sv1-186", "sv1-180", id="pokegear-supporter-in-top-7"),
    pytest.param("sv1-181", "sv1-84", id="nest-ball-basic"),
]


@pytest.mark.parametrize(("searcher", "match"), SEARCHES)
def test_declining_a_search_looks_the_same_whatever_the_deck_holds(
    searcher: str, match: str
) -> None:
    t = Table()
    (trainer,) = t.cards_of(0, searcher)
    (found,) = t.cards_of(0, match)
    s = t.state(actives=(t.mon(0, "sv1-146"), t.mon(1, "sv1-146")), hands=((trainer,), ()), turn=3)
    _opponent_sees_the_same(
        (s, _into_prizes(s, found)), [lambda _: PlayTrainer(seat=0, card=trainer), _done]
    )


def test_electric_generator_with_and_without_lightning_energy_on_top() -> None:
    t = Table()
    (generator,) = t.cards_of(0, "sv1-170")
    (energy,) = t.cards_of(0, "sve-4")  # the only Basic Lightning Energy in the top 5
    benched = t.mon(0, "sv1-74")
    s = t.state(
        actives=(t.mon(0, "sv1-146"), t.mon(1, "sv1-146")),
        benches=((benched,), ()),
        hands=((generator,), ()),
    )
    target = lambda _: Choose(seat=0, option=benched.card)  # noqa: E731
    _opponent_sees_the_same(
        (s, _into_prizes(s, energy)),
        [lambda _: PlayTrainer(seat=0, card=generator), target, _done, target, _done],
    )


def _extra_draws_open(s: State) -> State:
    """The mulligan extra draws' first prompt (how many) open for seat 0."""
    import random

    from tabletop.games.pokemon_tcg.effects import run
    from tabletop.games.pokemon_tcg.evolve import evolve
    from tabletop.games.pokemon_tcg.setup import EXTRA_DRAWS
    from tabletop.kernel import EventBuilder

    b = EventBuilder(s, random.Random(0), evolve)
    run(b, EXTRA_DRAWS, 0, -1, (("most", 2),))
    return b.state


def test_mulligan_extra_draws_ask_to_bench_whether_or_not_a_basic_was_drawn() -> None:
    """ "...may draw up to that many cards; Basic Pokémon drawn so may be put on
    the Bench": the cards drawn are hidden, so the bench question must be asked
    (with the options hidden) whatever was drawn."""
    t = Table()
    (basic,) = t.cards_of(0, "sv1-146")  # the top card of the deck
    s = _extra_draws_open(t.state(actives=(t.mon(0, "sv1-146"), t.mon(1, "sv1-146"))))
    assert s.prompt is not None and s.prompt.kind == "extra_draws"
    _opponent_sees_the_same(
        (s, _into_prizes(s, basic)), [lambda _: Choose(seat=0, option=2), _done]
    )
    drew = GAME.apply(s, Choose(seat=0, option=2))
    assert drew.prompt is not None and drew.prompt.options == (basic,)
    assert GAME.view(drew, OPPONENT)["prompt"]["options"] is None
