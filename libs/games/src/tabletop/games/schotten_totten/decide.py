"""`decide_move`: validate a command against the state and record its events.

Every refusal raises IllegalCommand with a `SchottenCode` (codes.py) or a
shared kernel code, before any event is recorded. A turn is: play (a card, a
ruse, or pass) → claim any number of stones → end the turn, drawing when a
card was played. Events go through the kernel's `EventBuilder`, which folds
each at once: the end of a round reads the stones as the claim left them.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from tabletop.kernel import Code, Command, EventBuilder, IllegalCommand

from . import commands as cmd
from . import events as ev
from .cards import (
    BANSHEE,
    CLAN_COUNT,
    COMBAT_MODES,
    ELITE_TROOPS,
    JOKERS,
    MODE_MUD,
    RECRUITER,
    RUSES,
    STRATEGIST,
    TRAITOR,
    card_name,
    deck_of,
    is_clan,
    stone_name,
)
from .claims import claim_how
from .codes import SchottenCode
from .evolve import evolve
from .round_end import end_round, exhaust, nothing_can_change
from .state import (
    CLAIM,
    PHASE_NAMES,
    PLAY,
    RECRUIT,
    State,
    can_play_clan,
    draw_due,
    has_space,
    holds_win,
    locate,
    may_play_tactic,
    mode_index,
    mode_may_leave,
    mode_stone,
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


def _play_card(b: EventBuilder[State], c: cmd.PlayCard) -> None:
    state = b.state
    seat, card, stone = c.seat, c.card, c.stone
    if (
        card < CLAN_COUNT
        and state.phase == PLAY
        and card in state.hands[seat]
        and state.owner[stone] < 0
        and len(state.sides[stone][seat]) < (4 if state.modes[stone] & MODE_MUD else 3)
    ):  # the usual play, every check below passed (`has_space`, inlined)
        b.emit(ev.card_played(seat, card, stone))
        return
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
    b.emit(ev.card_played(seat, card, c.stone))


def _pass(b: EventBuilder[State], c: cmd.Pass) -> None:
    state = b.state
    _phase(state, PLAY, "passing")
    if can_play_clan(state, c.seat):
        raise IllegalCommand(
            SchottenCode.MUST_PLAY, "you can play a clan card, so you may not pass"
        )
    b.emit(ev.passed(c.seat))
    if state.passes >= 1 and nothing_can_change(state):
        exhaust(b)


def _claim(b: EventBuilder[State], c: cmd.Claim) -> None:
    state = b.state
    _phase(state, CLAIM, "claiming (after playing, before drawing)")
    how = claim_how(state, c.seat, c.stone)
    b.emit(ev.stone_claimed(c.seat, c.stone, how))
    reason = holds_win(b.state.owner, c.seat)
    if reason:
        end_round(b, c.seat, reason)


def _end_turn(b: EventBuilder[State], c: cmd.EndTurn) -> None:
    state = b.state
    seat = c.seat
    if state.phase != CLAIM:
        _phase(state, CLAIM, "ending the turn")
    if draw_due(state, seat):
        if c.deck is None:
            raise IllegalCommand(SchottenCode.DRAW_DUE, "name the deck to draw from")
        deck = state.deck if c.deck == "clan" else state.tactics_deck
        if not deck:
            raise IllegalCommand(SchottenCode.DECK_EMPTY, f"the {c.deck} deck is empty")
        b.emit(ev.card_drawn(seat, c.deck, deck[0]))
    elif c.deck is not None:
        raise IllegalCommand(
            SchottenCode.NO_DRAW_DUE, "no card is drawn this turn: end it with deck=None"
        )
    b.emit(ev.turn_ended(seat))


def _ruse(state: State, seat: int, card: int) -> None:
    _phase(state, PLAY, f"playing {card_name(card)}")
    _in_hand(state, seat, card)
    _tactic_allowed(state, seat, card)


def _recruiter(b: EventBuilder[State], c: cmd.PlayRecruiter) -> None:
    state = b.state
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
    b.emit(ev.RecruiterPlayed(seat=c.seat, decks=decks, cards=cards))


def _return(b: EventBuilder[State], c: cmd.ReturnCards) -> None:
    state = b.state
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
    b.emit(ev.CardsReturned(seat=c.seat, decks=decks, cards=c.cards))


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


def _strategist(b: EventBuilder[State], c: cmd.PlayStrategist) -> None:
    state = b.state
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
    b.emit(ev.StrategistPlayed(seat=c.seat, card=c.card, from_stone=stone, to_stone=c.to_stone))


def _banshee(b: EventBuilder[State], c: cmd.PlayBanshee) -> None:
    state = b.state
    _ruse(state, c.seat, BANSHEE)
    if c.card in COMBAT_MODES:
        stone = _own_mode(state, c.seat, c.card, 1 - c.seat)
    else:
        stone = _own_card(state, c.seat, c.card, 1 - c.seat)
    b.emit(ev.BansheePlayed(seat=c.seat, card=c.card, stone=stone))


def _traitor(b: EventBuilder[State], c: cmd.PlayTraitor) -> None:
    state = b.state
    _ruse(state, c.seat, TRAITOR)
    if c.card in COMBAT_MODES:
        raise IllegalCommand(SchottenCode.NOT_CLAN_CARD, "the Traitor takes clan cards only")
    stone = _own_card(state, c.seat, c.card, 1 - c.seat)
    if c.card in ELITE_TROOPS:
        raise IllegalCommand(SchottenCode.NOT_CLAN_CARD, "the Traitor takes clan cards only")
    _space(state, c.to_stone, c.seat)
    b.emit(ev.TraitorPlayed(seat=c.seat, card=c.card, from_stone=stone, to_stone=c.to_stone))


# Each decider takes its own command type; the dispatch on type(command) pairs them.
_DECIDERS: dict[type[Command], Callable[[EventBuilder[State], Any], None]] = {
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


def decide_move(state: State, command: Command, rng: random.Random) -> EventBuilder[State]:
    """The builder holding `command`'s events and the state they fold to."""
    try:
        handler = _DECIDERS[type(command)]
    except KeyError:
        raise IllegalCommand(Code.UNKNOWN_COMMAND, f"unknown command {command!r}") from None
    b = EventBuilder(state, rng, evolve)
    handler(b, command)
    return b
