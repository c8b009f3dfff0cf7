"""`decide`: validate a command against the state and return its events.

Every refusal raises IllegalCommand with a `SchottenCode` (errors.py) or a
shared kernel code. A turn is: play (a card, a ruse, or pass) → claim any
number of stones → end the turn, drawing when a card was played.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from tabletop.kernel import Code, Command, Event, IllegalCommand

from . import commands as cmd
from . import events as ev
from .cards import (
    BANSHEE,
    COMBAT_MODES,
    ELITE_TROOPS,
    JOKERS,
    MUD_FIGHT,
    RECRUITER,
    RUSES,
    STRATEGIST,
    TRAITOR,
    card_name,
    deck_of,
    is_clan,
    stone_name,
)
from .claims import claim_how, claimable, end_round, exhaust
from .errors import SchottenCode
from .state import (
    CLAIM,
    PHASE_NAMES,
    PLAY,
    RECRUIT,
    STONES,
    State,
    has_space,
    holds_win,
    mode_index,
    mode_stone,
    update,
)


def locate(state: State, card: int) -> tuple[int, int] | None:
    """(stone, seat) of a card on a side of a stone, or None."""
    for stone in range(STONES):
        pair = state.sides[stone]
        if card in pair[0]:
            return stone, 0
        if card in pair[1]:
            return stone, 1
    return None


def can_play_clan(state: State, seat: int) -> bool:
    """Whether `seat` holds a clan card and has a stone to play it on."""
    if not any(is_clan(c) for c in state.hands[seat]):
        return False
    return any(has_space(state, stone, seat) for stone in range(STONES))


def may_play_tactic(state: State, seat: int) -> bool:
    return state.tactics_played[seat] <= state.tactics_played[1 - seat]


def draw_due(state: State, seat: int) -> bool:
    return (
        state.played
        and len(state.hands[seat]) < state.hand_size
        and bool(state.deck or state.tactics_deck)
    )


def _phase(state: State, phase: int, what: str) -> None:
    if state.phase != phase:
        raise IllegalCommand(
            SchottenCode.WRONG_PHASE,
            f"{what} is not possible in the {PHASE_NAMES[state.phase]} phase",
        )


def _in_hand(state: State, seat: int, card: int) -> None:
    if card not in state.hands[seat]:
        raise IllegalCommand(
            SchottenCode.NOT_IN_HAND, f"{card_name(card)} ({card}) is not in your hand"
        )


def _tactic_allowed(state: State, seat: int, card: int) -> None:
    if card in JOKERS and state.joker_used[seat]:
        raise IllegalCommand(
            SchottenCode.SECOND_JOKER, "each player may play only one joker per round"
        )
    if not may_play_tactic(state, seat):
        raise IllegalCommand(
            SchottenCode.TACTIC_LIMIT,
            f"you have played {state.tactics_played[seat]} tactic cards and your opponent "
            f"{state.tactics_played[1 - seat]}: you may not get two ahead",
        )


def _unclaimed(state: State, stone: int) -> None:
    if state.owner[stone] >= 0:
        raise IllegalCommand(SchottenCode.STONE_CLAIMED, f"{stone_name(stone)} is already claimed")


def _space(state: State, stone: int, seat: int) -> None:
    _unclaimed(state, stone)
    if not has_space(state, stone, seat):
        raise IllegalCommand(SchottenCode.SIDE_FULL, f"your side of {stone_name(stone)} is full")


def _play_card(state: State, c: cmd.PlayCard, rng: random.Random) -> list[Event]:
    seat, card = c.seat, c.card
    _phase(state, PLAY, "playing a card")
    _in_hand(state, seat, card)
    if card in RUSES:
        raise IllegalCommand(
            SchottenCode.USE_RUSE_COMMAND,
            f"{card_name(card)} is a ruse: play it with its own command",
        )
    if not is_clan(card):
        _tactic_allowed(state, seat, card)
    if card in COMBAT_MODES:
        _unclaimed(state, c.stone)
    else:
        _space(state, c.stone, seat)
    return [ev.CardPlayed(seat=seat, card=card, stone=c.stone)]


def _pass(state: State, c: cmd.Pass, rng: random.Random) -> list[Event]:
    _phase(state, PLAY, "passing")
    if can_play_clan(state, c.seat):
        raise IllegalCommand(
            SchottenCode.MUST_PLAY, "you can play a clan card, so you may not pass"
        )
    out: list[Event] = [ev.Passed(seat=c.seat)]
    if state.passes >= 1 and nothing_can_change(state):
        out += exhaust(state, rng)
    return out


def can_act(state: State, seat: int) -> bool:
    """Whether `seat`, on its turn, could do anything but pass and end it:
    play a card or a ruse, or claim a stone."""
    from .legal import legal_commands  # legal builds on this module

    plays = legal_commands(update(state, turn=seat, phase=PLAY), seat)
    if any(not isinstance(x, cmd.Pass) for x in plays):
        return True
    return any(claimable(state, seat, stone) for stone in range(STONES))


def nothing_can_change(state: State) -> bool:
    """The platform rule's condition (EXHAUSTION): neither player can ever
    play a card or claim a stone again, so the rules alone would go on with
    passes for ever. A pass draws no card and a claim only closes stones, so
    once this holds it holds for good."""
    return not can_act(state, 0) and not can_act(state, 1)


def _claim(state: State, c: cmd.Claim, rng: random.Random) -> list[Event]:
    _phase(state, CLAIM, "claiming (after playing, before drawing)")
    how = claim_how(state, c.seat, c.stone)
    out: list[Event] = [ev.StoneClaimed(seat=c.seat, stone=c.stone, how=how)]
    owner = (*state.owner[: c.stone], c.seat, *state.owner[c.stone + 1 :])
    reason = holds_win(owner, c.seat)
    if reason:
        out += end_round(state, owner, c.seat, reason, rng)
    return out


def _end_turn(state: State, c: cmd.EndTurn, rng: random.Random) -> list[Event]:
    seat = c.seat
    _phase(state, CLAIM, "ending the turn")
    out: list[Event] = []
    if draw_due(state, seat):
        if c.deck is None:
            raise IllegalCommand(SchottenCode.DRAW_DUE, "name the deck to draw from")
        deck = state.deck if c.deck == "clan" else state.tactics_deck
        if not deck:
            raise IllegalCommand(SchottenCode.DECK_EMPTY, f"the {c.deck} deck is empty")
        out.append(ev.CardDrawn(seat=seat, deck=c.deck, card=deck[0]))
    elif c.deck is not None:
        raise IllegalCommand(
            SchottenCode.NO_DRAW_DUE, "no card is drawn this turn: end it with deck=None"
        )
    out.append(ev.TurnEnded(seat=seat))
    return out


def _ruse(state: State, seat: int, card: int) -> None:
    _phase(state, PLAY, f"playing {card_name(card)}")
    _in_hand(state, seat, card)
    _tactic_allowed(state, seat, card)


def _recruiter(state: State, c: cmd.PlayRecruiter, rng: random.Random) -> list[Event]:
    _ruse(state, c.seat, RECRUITER)
    total = min(3, len(state.deck) + len(state.tactics_deck))
    if total == 0:
        raise IllegalCommand(SchottenCode.DECKS_EMPTY, "both decks are empty: nothing to recruit")
    if not (c.clan <= len(state.deck) and total - c.clan <= len(state.tactics_deck)) or (
        c.clan > total
    ):
        raise IllegalCommand(
            SchottenCode.BAD_RECRUIT,
            f"cannot draw {c.clan} clan and {total - c.clan} tactic cards "
            f"(decks hold {len(state.deck)} and {len(state.tactics_deck)})",
        )
    k = c.clan
    cards = (*state.deck[:k], *state.tactics_deck[: total - k])
    decks = tuple(deck_of(x) for x in cards)
    return [ev.RecruiterPlayed(seat=c.seat, decks=decks, cards=cards)]


def _return(state: State, c: cmd.ReturnCards, rng: random.Random) -> list[Event]:
    _phase(state, RECRUIT, "returning recruited cards")
    drawn = state.recruit
    if (
        len(c.cards) != len(drawn) - 1
        or len(set(c.cards)) != len(c.cards)
        or any(x not in drawn for x in c.cards)
    ):
        raise IllegalCommand(
            SchottenCode.BAD_RETURN,
            f"return exactly {len(drawn) - 1} of the drawn cards {list(drawn)}, keeping one",
        )
    decks = tuple(deck_of(x) for x in c.cards)
    return [ev.CardsReturned(seat=c.seat, decks=decks, cards=c.cards)]


def _own_card(state: State, seat: int, card: int, whose: int) -> int:
    """The unclaimed stone on which `card` lies on `whose`'s side."""
    where = locate(state, card)
    if where is None or where[1] != whose:
        mine = whose == seat
        raise IllegalCommand(
            SchottenCode.NOT_YOUR_CARD if mine else SchottenCode.NOT_OPPONENT_CARD,
            f"{card_name(card)} is not on {'your' if mine else 'their'} side of any stone",
        )
    _unclaimed(state, where[0])
    return where[0]


def mode_may_leave(state: State, stone: int, card: int) -> bool:
    """A Mud fight cannot leave a stone where a side holds its 4th card: the
    rulebook gives a 3-card stone no way to shed it."""
    return card != MUD_FIGHT or all(len(side) <= 3 for side in state.sides[stone])


def _own_mode(state: State, seat: int, card: int, whose: int) -> int:
    """The unclaimed stone on which `whose`'s combat mode `card` lies."""
    stone = mode_stone(state, card)
    if stone is None or state.mode_by[mode_index(card)] != whose:
        mine = whose == seat
        raise IllegalCommand(
            SchottenCode.NOT_YOUR_CARD if mine else SchottenCode.NOT_OPPONENT_CARD,
            f"{card_name(card)} is not on a stone as {'yours' if mine else 'theirs'}",
        )
    _unclaimed(state, stone)
    if not mode_may_leave(state, stone, card):
        raise IllegalCommand(
            SchottenCode.MUD_FIGHT_IN_USE,
            f"a side of {stone_name(stone)} holds 4 cards: the Mud fight cannot leave it",
        )
    return stone


def _strategist(state: State, c: cmd.PlayStrategist, rng: random.Random) -> list[Event]:
    _ruse(state, c.seat, STRATEGIST)
    mode = c.card in COMBAT_MODES
    if mode:
        stone = _own_mode(state, c.seat, c.card, c.seat)
    else:
        stone = _own_card(state, c.seat, c.card, c.seat)
    if c.to_stone is not None:
        if c.to_stone == stone:
            raise IllegalCommand(
                SchottenCode.SAME_STONE, "the Strategist moves a card to another stone"
            )
        if mode:
            _unclaimed(state, c.to_stone)  # a combat mode lies on the stone, not on a side
        else:
            _space(state, c.to_stone, c.seat)
    return [ev.StrategistPlayed(seat=c.seat, card=c.card, from_stone=stone, to_stone=c.to_stone)]


def _banshee(state: State, c: cmd.PlayBanshee, rng: random.Random) -> list[Event]:
    _ruse(state, c.seat, BANSHEE)
    if c.card in COMBAT_MODES:
        stone = _own_mode(state, c.seat, c.card, 1 - c.seat)
    else:
        stone = _own_card(state, c.seat, c.card, 1 - c.seat)
    return [ev.BansheePlayed(seat=c.seat, card=c.card, stone=stone)]


def _traitor(state: State, c: cmd.PlayTraitor, rng: random.Random) -> list[Event]:
    _ruse(state, c.seat, TRAITOR)
    if c.card in COMBAT_MODES:
        raise IllegalCommand(SchottenCode.NOT_CLAN_CARD, "the Traitor takes clan cards only")
    stone = _own_card(state, c.seat, c.card, 1 - c.seat)
    if c.card in ELITE_TROOPS:
        raise IllegalCommand(SchottenCode.NOT_CLAN_CARD, "the Traitor takes clan cards only")
    _space(state, c.to_stone, c.seat)
    return [ev.TraitorPlayed(seat=c.seat, card=c.card, from_stone=stone, to_stone=c.to_stone)]


# Each decider takes its own command type; the dispatch on type(command) pairs them.
_DECIDERS: dict[type[Command], Callable[[State, Any, random.Random], list[Event]]] = {
    cmd.PlayCard: _play_card,
    cmd.Pass: _pass,
    cmd.Claim: _claim,
    cmd.EndTurn: _end_turn,
    cmd.PlayRecruiter: _recruiter,
    cmd.ReturnCards: _return,
    cmd.PlayStrategist: _strategist,
    cmd.PlayBanshee: _banshee,
    cmd.PlayTraitor: _traitor,
}


def decide(state: State, command: Command, rng: random.Random) -> list[Event]:
    try:
        handler = _DECIDERS[type(command)]
    except KeyError:
        raise IllegalCommand(Code.UNKNOWN_COMMAND, f"unknown command {command!r}") from None
    return handler(state, command, rng)
