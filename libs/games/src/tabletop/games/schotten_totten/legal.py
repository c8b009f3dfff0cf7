"""`legal_commands`: every command `decide` accepts, and nothing else."""

from __future__ import annotations

from functools import cache
from itertools import permutations
from operator import itemgetter

from tabletop.kernel import Command

from . import commands as cmd
from .cards import (
    BANSHEE,
    CLAN_COUNT,
    COMBAT_MODES,
    ELITE_TROOPS,
    JOKERS,
    MODE_BLIND,
    MODE_MUD,
    RECRUITER,
    STRATEGIST,
    TRAITOR,
    Deck,
    is_clan,
)
from .claims import possible_cards, takes
from .state import (
    CLAIM,
    OVER,
    PLAY,
    RECRUIT,
    STONES,
    State,
    draw_due,
    may_play_tactic,
    mode_index,
    mode_may_leave,
    mode_stone,
)

# Commands are frozen, so the same instance can be listed again and again:
# building them is the most expensive part of listing them.
_PLAYS = tuple(
    tuple(
        tuple(cmd.PlayCard(seat=seat, card=card, stone=s) for s in range(STONES))
        for card in range(64)
    )
    for seat in (0, 1)
)  # _PLAYS[seat][card][stone]


def _play(seat: int, card: int, stone: int) -> Command:
    return _PLAYS[seat][card][stone]


_CLAIMS = tuple(tuple(cmd.Claim(seat=seat, stone=s) for s in range(STONES)) for seat in (0, 1))
_END_TURNS: tuple[dict[Deck | None, Command], ...] = tuple(
    {deck: cmd.EndTurn(seat=seat, deck=deck) for deck in ("clan", "tactics", None)}
    for seat in (0, 1)
)


@cache
def _pass(seat: int) -> Command:
    return cmd.Pass(seat=seat)


@cache
def _strategist(seat: int, card: int, to_stone: int | None) -> Command:
    return cmd.PlayStrategist(seat=seat, card=card, to_stone=to_stone)


@cache
def _banshee(seat: int, card: int) -> Command:
    return cmd.PlayBanshee(seat=seat, card=card)


@cache
def _traitor(seat: int, card: int, to_stone: int) -> Command:
    return cmd.PlayTraitor(seat=seat, card=card, to_stone=to_stone)


def to_act(state: State) -> list[int]:
    if state.over or state.phase == OVER:
        return []
    return [state.turn]


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


# Which stones are open or complete for a seat: a loop over the nine stones
# for every command listed, so the usual table (no combat mode) asks only the
# side's length, and the owner after it (most stones fail or pass on it).
def _spaces(state: State, seat: int) -> list[int]:
    """The stones where `seat` may add a card (`has_space` of every stone)."""
    owner, modes = state.owner, state.modes
    if any(modes):
        return [
            s
            for s, pair in enumerate(state.sides)
            if owner[s] < 0 and len(pair[seat]) < (4 if modes[s] & MODE_MUD else 3)
        ]
    return [s for s, pair in enumerate(state.sides) if len(pair[seat]) < 3 and owner[s] < 0]


def _complete(state: State, seat: int) -> list[int]:
    """The unclaimed stones where `seat`'s side is complete."""
    owner, modes = state.owner, state.modes
    if any(modes):
        return [
            s
            for s, pair in enumerate(state.sides)
            if owner[s] < 0 and len(pair[seat]) >= (4 if modes[s] & MODE_MUD else 3)
        ]
    return [s for s, pair in enumerate(state.sides) if len(pair[seat]) >= 3 and owner[s] < 0]


def _plays(state: State, seat: int) -> list[Command]:
    spaces = _spaces(state, seat)
    plays = _PLAYS[seat]
    out: list[Command] = []
    if len(spaces) > 1:
        pick = itemgetter(*spaces)  # a tuple of the commands of one card on every space
        for card in state.hands[seat]:
            if card < CLAN_COUNT:
                out += pick(plays[card])
    elif spaces:
        out = [plays[card][spaces[0]] for card in state.hands[seat] if card < CLAN_COUNT]
    clan_play = bool(out)
    if state.tactics and may_play_tactic(state, seat):
        out += _tactics(state, seat, spaces)
    if not clan_play:
        out.append(_pass(seat))
    return out


def _tactics(state: State, seat: int, spaces: list[int]) -> list[Command]:
    out: list[Command] = []
    other = 1 - seat
    unclaimed = [s for s in range(STONES) if state.owner[s] < 0]
    for card in state.hands[seat]:
        if is_clan(card):
            continue
        if card in ELITE_TROOPS:
            if card in JOKERS and state.joker_used[seat]:
                continue
            out += [_play(seat, card, s) for s in spaces]
        elif card in COMBAT_MODES:
            out += [_play(seat, card, s) for s in unclaimed]
        elif card == RECRUITER:
            total = min(3, len(state.deck) + len(state.tactics_deck))
            lo = max(0, total - len(state.tactics_deck))
            hi = min(total, len(state.deck))
            if total:
                out += [cmd.PlayRecruiter(seat=seat, clan=k) for k in range(lo, hi + 1)]
        elif card == STRATEGIST:
            for s in unclaimed:
                for moved in state.sides[s][seat]:
                    out.append(_strategist(seat, moved, None))
                    out += [_strategist(seat, moved, t) for t in spaces if t != s]
            for mode, s in _modes(state, seat):
                out.append(_strategist(seat, mode, None))
                out += [_strategist(seat, mode, t) for t in unclaimed if t != s]
        elif card == BANSHEE:
            out += [_banshee(seat, target) for s in unclaimed for target in state.sides[s][other]]
            out += [_banshee(seat, mode) for mode, _ in _modes(state, other)]
        elif card == TRAITOR:
            out += [
                _traitor(seat, target, t)
                for s in unclaimed
                for target in state.sides[s][other]
                if is_clan(target)
                for t in spaces
            ]
    return out


def _modes(state: State, whose: int) -> list[tuple[int, int]]:
    """(card, stone) of `whose`'s combat modes that a ruse may take from their
    unclaimed stone."""
    out = []
    for mode in COMBAT_MODES:
        stone = mode_stone(state, mode)
        if (
            stone is not None
            and state.mode_by[mode_index(mode)] == whose
            and state.owner[stone] < 0
            and mode_may_leave(state, stone, mode)
        ):
            out.append((mode, stone))
    return out


def _claims(state: State, seat: int) -> list[Command]:
    out: list[Command] = []
    claims = _CLAIMS[seat]
    complete = _complete(state, seat)
    if complete:
        cards = possible_cards(state, 1 - seat)  # the same for every stone
        sides, modes, first_done = state.sides, state.modes, state.first_done
        for s in complete:
            pair, mode = sides[s], modes[s]
            n, fog = (4 if mode & MODE_MUD else 3), bool(mode & MODE_BLIND)
            if takes(pair[seat], pair[1 - seat], n, fog, first_done[s] == seat, cards):
                out.append(claims[s])
    ends = _END_TURNS[seat]
    if draw_due(state, seat):
        if state.deck:
            out.append(ends["clan"])
        if state.tactics_deck:
            out.append(ends["tactics"])
    else:
        out.append(ends[None])
    return out
