"""The main phase's legal commands are exactly the candidates `decide` accepts.

`legal_commands` skips the checks it knows hold (the main phase, the card in hand)
and asks some checks once for many candidates (every Basic, every attack of the
Active): here every candidate of many random positions is put to the full
`why_not_*` checks that `decide` raises, and the two lists must be the same."""

from __future__ import annotations

import random
from itertools import combinations

from tabletop.games.pokemon_tcg import GAME
from tabletop.games.pokemon_tcg.cards import catalog, printed_facts
from tabletop.games.pokemon_tcg.commands import (
    AttachEnergy,
    EndTurn,
    Evolve,
    PlayBasic,
    PlayTrainer,
    Retreat,
    UseAbility,
    UseAttack,
    UseStadium,
)
from tabletop.games.pokemon_tcg.main_phase import (
    why_not_ability,
    why_not_attach,
    why_not_attack,
    why_not_bench,
    why_not_evolve,
    why_not_retreat,
    why_not_stadium,
    why_not_trainer,
)
from tabletop.games.pokemon_tcg.state import MAIN, State
from tabletop.kernel import Command, random_playout


def _accepted(s: State, seat: int) -> set[Command]:
    """Every main-phase command of `seat` the full checks accept, by brute force."""
    side = s.sides[seat]
    mons = [m.card for m in side.mons()]
    out: set[Command] = {EndTurn(seat=seat)}
    for i in side.hand:
        if why_not_bench(s, seat, i) is None:
            out.add(PlayBasic(seat=seat, card=i))
        for t in mons:
            if why_not_evolve(s, seat, i, t) is None:
                out.add(Evolve(seat=seat, card=i, target=t))
            if why_not_attach(s, seat, i, t) is None:
                out.add(AttachEnergy(seat=seat, card=i, target=t))
        for target in [None, *mons]:
            if why_not_trainer(s, seat, i, target) is None:
                out.add(PlayTrainer(seat=seat, card=i, target=target))
    out |= {UseAbility(seat=seat, pokemon=t) for t in mons if why_not_ability(s, seat, t) is None}
    if why_not_stadium(s, seat) is None:
        out.add(UseStadium(seat=seat))
    out |= {UseAttack(seat=seat, attack=i) for i in range(4) if why_not_attack(s, seat, i) is None}
    if side.active is not None:
        for n in range(len(side.active.energy) + 1):
            for paid in combinations(side.active.energy, n):
                for mon in side.bench:
                    if why_not_retreat(s, seat, mon.card, paid) is None:
                        out.add(Retreat(seat=seat, to=mon.card, discard=paid))
    return out


def test_main_phase_commands_are_what_the_checks_accept() -> None:
    checked = 0
    for decks in (None, ("darkness", "colorless"), ("psychic", "fighting"), ("fire", "water")):
        options = {} if decks is None else {"decks": decks}
        for seed in range(3):
            _, steps = random_playout(GAME, 2, seed=seed, **options)
            for step in steps:
                s = step.before
                if s.phase != MAIN or s.prompt is not None or s.winners:
                    continue
                listed = GAME.legal_commands(s, s.current)
                assert len(set(listed)) == len(listed)
                assert set(listed) == _accepted(s, s.current)
                checked += 1
    assert checked > 500


def test_derived_card_facts_and_printed_facts() -> None:
    for card in catalog().values():
        sub = card.subtypes
        assert card.is_basic_pokemon == (card.kind == "pokemon" and "Basic" in sub)
        assert card.stage == (2 if "Stage 2" in sub else 1 if "Stage 1" in sub else 0)
        assert card.is_ex == ("ex" in sub)
        expected = "" if card.kind != "trainer" else sub[0].lower().replace("pokémon tool", "tool")
        assert card.trainer_kind == expected
        facts = printed_facts(card)
        assert "stage" not in facts and "trainer_kind" not in facts
        assert facts["id"] == card.id and facts["subtypes"] == sub


def test_random_moves_agree_with_decide() -> None:
    rng = random.Random(5)
    _, steps = random_playout(GAME, 2, seed=11)
    for step in steps:
        s = step.before
        for seat in GAME.to_act(s):
            for command in GAME.legal_commands(s, seat):
                GAME.decide(s, command, random.Random(rng.random()))  # never refused
