"""`legal_commands`: every command `decide` accepts, and nothing else."""

from __future__ import annotations

from itertools import permutations

from tabletop.kernel import Command

from . import commands as cmd
from .cards import (
    BANSHEE,
    COMBAT_MODES,
    ELITE_TROOPS,
    JOKERS,
    RECRUITER,
    STRATEGIST,
    TRAITOR,
)
from .claims import claimable
from .rules import draw_due, may_play_tactic
from .state import CLAIM, PLAY, RECRUIT, STONES, State, has_space


def legal_commands(state: State, seat: int) -> list[Command]:
    if state.over or state.turn != seat:
        return []
    if state.phase == PLAY:
        return _plays(state, seat)
    if state.phase == CLAIM:
        return _claims(state, seat)
    if state.phase == RECRUIT:
        return [
            cmd.ReturnCards(seat=seat, cards=tuple(order))
            for order in permutations(state.recruit, len(state.recruit) - 1)
        ]
    return []


def _plays(state: State, seat: int) -> list[Command]:
    spaces = [s for s in range(STONES) if has_space(state, s, seat)]
    hand = state.hands[seat]
    out: list[Command] = [
        cmd.PlayCard(seat=seat, card=card, stone=stone)
        for card in hand
        if card < 54
        for stone in spaces
    ]
    clan_play = bool(out)
    if state.tactics and may_play_tactic(state, seat):
        out += _tactics(state, seat, spaces)
    if not clan_play:
        out.append(cmd.Pass(seat=seat))
    return out


def _tactics(state: State, seat: int, spaces: list[int]) -> list[Command]:
    out: list[Command] = []
    other = 1 - seat
    unclaimed = [s for s in range(STONES) if state.owner[s] < 0]
    for card in state.hands[seat]:
        if card < 54:
            continue
        if card in ELITE_TROOPS:
            if card in JOKERS and state.joker_used[seat]:
                continue
            out += [cmd.PlayCard(seat=seat, card=card, stone=s) for s in spaces]
        elif card in COMBAT_MODES:
            out += [cmd.PlayCard(seat=seat, card=card, stone=s) for s in unclaimed]
        elif card == RECRUITER:
            total = min(3, len(state.deck) + len(state.tactics_deck))
            lo = max(0, total - len(state.tactics_deck))
            hi = min(total, len(state.deck))
            if total:
                out += [cmd.PlayRecruiter(seat=seat, clan=k) for k in range(lo, hi + 1)]
        elif card == STRATEGIST:
            for s in unclaimed:
                for moved in state.sides[s][seat]:
                    out.append(cmd.PlayStrategist(seat=seat, card=moved, to_stone=None))
                    out += [
                        cmd.PlayStrategist(seat=seat, card=moved, to_stone=t)
                        for t in spaces
                        if t != s
                    ]
        elif card == BANSHEE:
            out += [
                cmd.PlayBanshee(seat=seat, card=target)
                for s in unclaimed
                for target in state.sides[s][other]
            ]
        elif card == TRAITOR:
            out += [
                cmd.PlayTraitor(seat=seat, card=target, to_stone=t)
                for s in unclaimed
                for target in state.sides[s][other]
                if target < 54
                for t in spaces
            ]
    return out


def _claims(state: State, seat: int) -> list[Command]:
    out: list[Command] = [
        cmd.Claim(seat=seat, stone=s)
        for s in range(STONES)
        if state.owner[s] < 0
        and len(state.sides[s][seat]) >= (4 if state.modes[s] & 2 else 3)
        and claimable(state, seat, s)
    ]
    if draw_due(state, seat):
        if state.deck:
            out.append(cmd.EndTurn(seat=seat, deck="clan"))
        if state.tactics_deck:
            out.append(cmd.EndTurn(seat=seat, deck="tactics"))
    else:
        out.append(cmd.EndTurn(seat=seat, deck=None))
    return out
