"""Hidden information: hands (their size shows), deck order and content,
prizes (nobody sees them until taken), face-down setup, deck searches."""

from __future__ import annotations

from tabletop.games.pokemon_tcg import GAME
from tabletop.games.pokemon_tcg.commands import Choose, ChooseFirst, PlayTrainer
from tabletop.games.pokemon_tcg.events import CardsMoved, DeckShuffled
from tabletop.kernel import random_playout

from .helpers import Table, play


def _midgame():  # type: ignore[no-untyped-def]
    _, steps = random_playout(GAME, 2, 11)
    for i, step in enumerate(steps):
        if i == 60:
            return step.before
    raise AssertionError("game too short")


def test_views_show_counts_not_cards() -> None:
    s = _midgame()
    mine = GAME.view(s, 0)["sides"]
    assert mine[0]["hand"] == sorted(s.sides[0].hand)
    assert mine[1]["hand"] is None and mine[1]["hand_size"] == len(s.sides[1].hand)
    for side in mine:
        assert "prizes" not in side and "deck" not in side
    spectator = GAME.view(s, None)["sides"]
    assert spectator[0]["hand"] is None and spectator[1]["hand"] is None


def test_sample_world_redeals_hands_decks_and_prizes() -> None:
    s = _midgame()
    world = GAME.sample_world(s, 0, seed=1)
    assert GAME.view(world, 0) == GAME.view(s, 0)
    assert world.sides[0].hand == s.sides[0].hand  # own hand is known
    assert world.sides[1].hand != s.sides[1].hand
    assert world.sides[0].prizes != s.sides[0].prizes  # own prizes are unknown too
    assert world.sides[1].deck != s.sides[1].deck
    # Same cards overall, only places changed.
    for seat in (0, 1):
        old, new = s.sides[seat], world.sides[seat]
        assert sorted(old.hand + old.deck + old.prizes) == sorted(new.hand + new.deck + new.prizes)


def test_draws_are_redacted_for_the_opponent() -> None:
    event = CardsMoved(seat=0, cards=(5,), count=1, source="deck", dest="hand")
    assert GAME.redact(event, 0).cards == (5,)
    assert GAME.redact(event, 1).cards is None and GAME.redact(event, None).cards is None
    discarded = CardsMoved(seat=0, cards=(5,), count=1, source="hand", dest="discard")
    assert GAME.redact(discarded, 1).cards == (5,)
    shuffled = DeckShuffled(seat=0, order=(1, 2, 3))
    assert GAME.redact(shuffled, 0).order is None


def test_a_deck_search_shows_its_options_only_to_the_searcher() -> None:
    t = Table()
    (nest,) = t.cards_of(0, "sv1-181")
    basics = t.cards_of(0, "sv1-146", "sv1-84")
    s = t.state(actives=(t.mon(0, "sv1-146"), t.mon(1, "sv1-146")), hands=((nest,), ()))
    s = play(s, PlayTrainer(seat=0, card=nest))
    assert s.prompt is not None and s.prompt.options == tuple(sorted(basics))
    assert GAME.view(s, 0)["prompt"]["options"] == sorted(basics)
    theirs = GAME.view(s, 1)["prompt"]
    assert theirs["options"] is None and theirs["kind"] == "search_basic"
    # The opponent's worlds re-ask the search over a re-dealt deck.
    world = GAME.sample_world(s, 1, seed=4)
    assert GAME.view(world, 1) == GAME.view(s, 1)
    assert world.prompt is not None
    assert all(world.cards[i] in ("sv1-146", "sv1-84") for i in world.prompt.options)


def test_cards_seen_entering_a_hand_stay_known() -> None:
    t = Table()
    retrieval, energy = t.cards_of(1, "sv1-171", "sve-6")
    s = t.state(
        actives=(t.mon(0, "sv1-146"), t.mon(1, "sv1-146")),
        hands=((), (retrieval,)),
        turn=4,
        current=1,
    )
    from tabletop.kernel import replace

    s = replace(s, sides=(s.sides[0], replace(s.sides[1], discard=(energy,))))
    s = play(s, PlayTrainer(seat=1, card=retrieval))
    s = play(s, Choose(seat=1, option=energy))
    assert GAME.view(s, 0)["sides"][1]["known_hand"] == [energy]
    for seed in range(5):
        world = GAME.sample_world(s, 0, seed)
        assert energy in world.sides[1].hand  # never re-dealt away
        assert GAME.view(world, 0) == GAME.view(s, 0)


def test_a_choice_in_the_opponents_hand_is_asked_again_in_sampled_worlds() -> None:
    t = Table()
    ball, *rest = t.cards_of(1, "sv1-196", "sv1-188", "sv1-180", "sv1-84")
    s = t.state(
        actives=(t.mon(0, "sv1-146"), t.mon(1, "sv1-146")),
        hands=((), (ball, *rest)),
        turn=4,
        current=1,
    )
    s = play(s, PlayTrainer(seat=1, card=ball))
    assert s.prompt is not None and s.prompt.kind == "ultra_ball_discard"
    assert GAME.view(s, 0)["prompt"]["options"] is None
    for seed in range(5):
        world = GAME.sample_world(s, 0, seed)
        assert GAME.view(world, 0) == GAME.view(s, 0)
        assert world.prompt is not None and set(world.prompt.options) == set(world.sides[1].hand)
        assert GAME.legal_commands(world, 1)  # the opponent can go on in every world


def _hidden_cards(state) -> set[int]:  # type: ignore[no-untyped-def]
    """Cards no player can place: decks, prizes, and hand cards not known to the other."""
    hidden: set[int] = set()
    for side in state.sides:
        hidden |= set(side.deck) - set(side.known_top)
        hidden |= set(side.prizes)
        hidden |= set(side.hand) - set(side.known)
    return hidden


def test_paused_effects_never_hold_hidden_cards() -> None:
    """The invariant sample_world relies on (ADR 0018): a paused effect's
    variables name no card that some player cannot see, but for the one it
    re-deals itself (the cards the mulligan extra draws drew)."""
    checked = 0
    for decks in (("lightning", "psychic"), ("water", "grass"), ("colorless", "fire")):
        for seed in range(3):
            _, steps = random_playout(GAME, 2, seed, decks=decks)
            for step in steps:
                prompt = step.after.prompt
                if prompt is None or prompt.resume is None:
                    continue
                checked += 1
                values = {
                    v
                    for name, value in prompt.resume.vars
                    # Not the extra draws' `count` (a number, not a card) nor the
                    # cards they drew (`drawn`), which sample.py re-deals.
                    if name not in ("count", "drawn")
                    for v in (value if isinstance(value, tuple) else ())
                }
                hidden = _hidden_cards(step.after)
                assert not values & hidden, (prompt.kind, prompt.resume.vars)
    assert checked > 0


def test_during_setup_a_sampled_opponent_hand_holds_a_basic_pokemon() -> None:
    """A dealt hand holds a Basic Pokémon (mulligans): a world where the
    opponent has none to place as its Active would leave it without a legal
    command (found by a tournament's search)."""
    for seed in range(12):
        s = GAME.new(2, seed=seed, decks=("darkness", "colorless"), first_chooser=0)
        s = GAME.apply(s, ChooseFirst(seat=0, go_first=True), seed=seed)
        for seat in (0, 1):
            for world_seed in range(25):
                world = GAME.sample_world(s, seat, world_seed)
                assert GAME.view(world, seat) == GAME.view(s, seat)
                for acting in GAME.to_act(world):
                    assert GAME.legal_commands(world, acting), (seed, seat, world_seed)
