"""Refusals carry real codes (issue #14, point 9): each rule a command breaks
answers its own stable code (errors.TCGCode), never the kernel's catch-all
`illegal_move`, and every code is documented."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from tabletop.games.pokemon_tcg import GAME
from tabletop.games.pokemon_tcg.codes import TCGCode
from tabletop.games.pokemon_tcg.commands import (
    AttachEnergy,
    Choose,
    EndTurn,
    Evolve,
    FinishSetup,
    PlayBasic,
    PlayTrainer,
    Retreat,
    UseAbility,
    UseAttack,
    UseStadium,
)
from tabletop.games.pokemon_tcg.state import ASLEEP, SETUP, State
from tabletop.kernel import Code, IllegalCommand, random_playout, replace

from .helpers import Table

DOC = Path(__file__).parents[3] / "docs" / "games" / "pokemon-tcg.md"
F, G = "sve-6", "sve-1"


def _refused(s: State, command: object) -> str:
    with pytest.raises(IllegalCommand) as info:
        GAME.decide(s, command, random.Random(0))  # type: ignore[arg-type]
    return info.value.code


def _position() -> tuple[State, dict[str, int]]:
    t = Table()
    mankey = t.mon(0, "sv1-107", energy=[F])
    benched = t.mon(0, "sv1-146")
    hand = t.cards_of(0, "sv1-108", "sv1-84", F, "sv1-180", "sv1-188", "sv1-197")
    s = t.state(
        actives=(mankey, t.mon(1, "sv1-146")), benches=((benched,), ()), hands=(hand, ()), turn=3
    )
    names = ("primeape", "ralts", "energy", "nemona", "potion", "band")
    return s, {
        "mankey": mankey.card,
        "benched": benched.card,
        **dict(zip(names, hand, strict=True)),
    }


def _cases() -> list:
    s, c = _position()
    used = replace(s, used=0b11111)
    full = replace(s, sides=(replace(s.sides[0], bench=s.sides[0].bench * 5), s.sides[1]))
    asleep = replace(s, sides=(replace(s.sides[0], rotation=ASLEEP), s.sides[1]))
    active = s.sides[0].active
    assert active is not None
    no_energy = replace(
        s, sides=(replace(s.sides[0], active=replace(active, energy=())), s.sides[1])
    )
    setting_up = replace(s, phase=SETUP, sides=(replace(s.sides[0], ready=False), s.sides[1]))
    prompt_open = GAME.apply(s, PlayTrainer(seat=0, card=c["nemona"]))  # draws: no prompt
    return [
        ("not_in_hand", s, PlayBasic(seat=0, card=70), TCGCode.NOT_IN_HAND),
        ("wrong_card_kind", s, PlayBasic(seat=0, card=c["energy"]), TCGCode.WRONG_CARD_KIND),
        ("bench_full", full, PlayBasic(seat=0, card=c["ralts"]), TCGCode.BENCH_FULL),
        ("not_in_play", s, AttachEnergy(seat=0, card=c["energy"], target=99), TCGCode.NOT_IN_PLAY),
        (
            "not_an_evolution",
            s,
            Evolve(seat=0, card=c["primeape"], target=c["benched"]),
            TCGCode.NOT_AN_EVOLUTION,
        ),
        (
            "too_early_to_evolve",
            replace(s, turn=2),
            Evolve(seat=0, card=c["primeape"], target=c["mankey"]),
            TCGCode.TOO_EARLY_TO_EVOLVE,
        ),
        (
            "energy_attached",
            used,
            AttachEnergy(seat=0, card=c["energy"], target=c["mankey"]),
            TCGCode.ENERGY_ATTACHED,
        ),
        ("supporter_played", used, PlayTrainer(seat=0, card=c["nemona"]), TCGCode.SUPPORTER_PLAYED),
        ("first_turn", replace(s, turn=1), UseAttack(seat=0, attack=0), TCGCode.FIRST_TURN),
        ("would_do_nothing", s, PlayTrainer(seat=0, card=c["potion"]), TCGCode.WOULD_DO_NOTHING),
        ("tool_target", s, PlayTrainer(seat=0, card=c["band"]), TCGCode.TOOL_TARGET),
        (
            "no_target",
            s,
            PlayTrainer(seat=0, card=c["nemona"], target=c["mankey"]),
            TCGCode.NO_TARGET,
        ),
        ("no_ability", s, UseAbility(seat=0, pokemon=c["mankey"]), TCGCode.NO_ABILITY),
        ("no_stadium", s, UseStadium(seat=0), TCGCode.NO_STADIUM),
        (
            "retreated",
            used,
            Retreat(seat=0, to=c["benched"], discard=(s.sides[0].active.energy)),  # type: ignore[union-attr]
            TCGCode.RETREATED,
        ),
        (
            "condition",
            asleep,
            Retreat(seat=0, to=c["benched"], discard=(s.sides[0].active.energy)),  # type: ignore[union-attr]
            TCGCode.CONDITION,
        ),
        ("retreat_target", s, Retreat(seat=0, to=c["mankey"], discard=()), TCGCode.RETREAT_TARGET),
        ("retreat_cost", s, Retreat(seat=0, to=c["benched"], discard=()), TCGCode.RETREAT_COST),
        ("no_such_attack", s, UseAttack(seat=0, attack=1), TCGCode.NO_SUCH_ATTACK),
        ("not_enough_energy", no_energy, UseAttack(seat=0, attack=0), TCGCode.NOT_ENOUGH_ENERGY),
        ("no_choice", s, Choose(seat=0, option=None), TCGCode.NO_CHOICE),
        ("not_main_phase", setting_up, EndTurn(seat=0), TCGCode.NOT_MAIN_PHASE),
        ("setup_over", s, FinishSetup(seat=0), TCGCode.SETUP_OVER),
        ("not_in_hand_after_play", prompt_open, PlayTrainer(seat=0, card=c["nemona"]), None),
    ]


@pytest.mark.parametrize(
    ("state", "command", "code"),
    [pytest.param(s, cmd, code, id=name) for name, s, cmd, code in _cases()],
)
def test_each_broken_rule_has_its_code(state: State, command: object, code: str | None) -> None:
    got = _refused(state, command)
    assert got != Code.ILLEGAL_MOVE
    if code is not None:
        assert got == code


def test_prompt_refusals() -> None:
    t = Table()
    (nest,) = t.cards_of(0, "sv1-181")
    t.cards_of(0, "sv1-146")
    s = t.state(actives=(t.mon(0, "sv1-146"), t.mon(1, "sv1-146")), hands=((nest,), ()))
    s = GAME.apply(s, PlayTrainer(seat=0, card=nest))
    assert _refused(s, EndTurn(seat=0)) == TCGCode.CHOICE_PENDING
    assert _refused(s, Choose(seat=0, option=119)) == TCGCode.NOT_AN_OPTION
    t = Table()
    ultra, *rest = t.cards_of(0, "sv1-196", "sv1-188", "sv1-180")
    s = t.state(actives=(t.mon(0, "sv1-146"), t.mon(1, "sv1-146")), hands=((ultra, *rest), ()))
    s = GAME.apply(s, PlayTrainer(seat=0, card=ultra))  # discard 2 other cards first
    assert _refused(s, Choose(seat=0, option=None)) == TCGCode.CHOOSE_MORE


def test_random_play_never_refuses_with_illegal_move() -> None:
    """Commands legal at some step, replayed at later steps, are refused with
    the game's codes (or the kernel's), never with `illegal_move`."""
    codes: set[str] = set()
    for seed in range(3):
        _, steps = random_playout(GAME, 2, seed)
        seen: list = []
        for n, step in enumerate(steps):
            if n % 5:
                continue
            for cmd in seen[-40:]:
                try:
                    GAME.decide(step.before, cmd, random.Random(0))
                except IllegalCommand as exc:
                    codes.add(exc.code)
            for seat in (0, 1):
                seen += GAME.legal_commands(step.before, seat)[:6]
    known = {c.value for c in TCGCode} | {c.value for c in Code}
    assert Code.ILLEGAL_MOVE not in codes and codes <= known
    assert len(codes & {c.value for c in TCGCode}) >= 5, codes


def test_every_code_is_documented() -> None:
    doc = DOC.read_text(encoding="utf-8")
    missing = [c.value for c in TCGCode if f"`{c.value}`" not in doc]
    assert not missing, f"undocumented refusal codes: {missing}"
