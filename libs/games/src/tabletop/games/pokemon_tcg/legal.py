"""Who acts now, and every legal command of a seat."""

from __future__ import annotations

from tabletop.kernel import Command

from .commands import Choose, ChooseFirst, FinishSetup, PlayBasic, SetActive
from .main_phase import main_commands
from .state import BENCH, CHOOSE_FIRST, MAIN, SETUP, State, card_of


def to_act(s: State) -> list[int]:
    if s.winners:
        return []
    if s.prompt is not None:
        return [s.prompt.seat]
    if s.phase == CHOOSE_FIRST:
        return [s.chooser]
    if s.phase == SETUP:
        return [seat for seat in (0, 1) if not s.sides[seat].ready]
    if s.phase == MAIN:
        return [s.current]
    return []


def _setup_commands(s: State, seat: int) -> list[Command]:
    side = s.sides[seat]
    basics = [i for i in side.hand if card_of(s, i).is_basic_pokemon]
    if side.active is None:
        return [SetActive(seat=seat, card=i) for i in basics]
    out: list[Command] = []
    if len(side.bench) < BENCH:
        out += [PlayBasic(seat=seat, card=i) for i in basics]
    out.append(FinishSetup(seat=seat))
    return out


def legal_commands(s: State, seat: int) -> list[Command]:
    if seat not in to_act(s):
        return []
    if s.prompt is not None:
        p = s.prompt
        out: list[Command] = [Choose(seat=seat, option=o) for o in p.options if o not in p.picked]
        if len(p.picked) >= p.need:
            out.append(Choose(seat=seat, option=None))
        return out
    if s.phase == CHOOSE_FIRST:
        return [ChooseFirst(seat=seat, go_first=True), ChooseFirst(seat=seat, go_first=False)]
    if s.phase == SETUP:
        return _setup_commands(s, seat)
    return main_commands(s, seat)
