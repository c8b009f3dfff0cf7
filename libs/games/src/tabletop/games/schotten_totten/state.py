"""The internal game state: one named tuple of tuples and ints (immutable,
hashable, and cheap to copy with a few fields changed — evolve does that
for every event, which a frozen dataclass made the hottest spot).

Cards are ints (see cards.py); hands are sorted tuples (their order carries no
information); decks are tuples with the top card first. `known[seat]` is a bit
mask of hidden cards whose place `seat` knows anyway (cards it put back under
a deck with the Recruiter, and where they went since).
"""

from __future__ import annotations

from typing import NamedTuple

from .cards import MODE_BLIND, MODE_MUD, MODE_OF_CARD, MUD_FIGHT, is_clan

STONES = 9
BASE_HAND, TACTICS_HAND = 6, 7

# Phases of a turn.
PLAY, CLAIM, RECRUIT, OVER = range(4)
PHASE_NAMES = ("play", "claim", "recruit", "over")

Side = tuple[int, ...]


class State(NamedTuple):
    tactics: bool
    rounds: int
    round: int  # 1-based
    scores: tuple[int, int]  # match points from finished rounds
    rounds_won: tuple[int, int]
    starter: int  # who started this round
    turn: int  # whose turn it is
    phase: int
    hands: tuple[tuple[int, ...], tuple[int, ...]]
    deck: tuple[int, ...]  # clan deck, top first
    tactics_deck: tuple[int, ...]
    sides: tuple[tuple[Side, Side], ...]  # per stone, per seat, in play order
    modes: tuple[int, ...]  # per stone: MODE_BLIND | MODE_MUD bits
    owner: tuple[int, ...]  # per stone: -1, 0 or 1
    first_done: tuple[int, ...]  # per stone: seat whose side is complete first, or -1
    played: bool  # a card was played this turn (so the turn ends with a draw)
    passes: int  # consecutive turns passed, this one included
    tactics_played: tuple[int, int]
    joker_used: tuple[bool, bool]
    discard: tuple[int, ...]
    recruit: tuple[int, ...]  # cards the Recruiter drew, waiting to be kept or put back
    out: int  # bit mask of cards on the table or in the discard pile
    known: tuple[int, int]
    last_round: tuple[int, int, int] | None = None  # winner (-1 draw), points of 0, 1
    over: bool = False
    # Who placed Blind-man's bluff, Mud fight (-1: not on the table): the
    # Strategist moves your own, the Banshee discards the opponent's.
    mode_by: tuple[int, int] = (-1, -1)
    # Per stone: whose side reached 3 cards first, kept under a Mud fight too,
    # so that the rulebook's tie rule holds again when the Mud fight leaves.
    first_three: tuple[int, ...] = (-1,) * 9

    @property
    def hand_size(self) -> int:
        return TACTICS_HAND if self.tactics else BASE_HAND


def need(state: State, stone: int) -> int:
    """Cards a side needs on `stone`: 4 under Mud fight, else 3."""
    return 4 if state.modes[stone] & MODE_MUD else 3


def mode_index(card: int) -> int:
    """Index of a combat-mode card in `State.mode_by`."""
    return 0 if MODE_OF_CARD[card] == MODE_BLIND else 1


def mode_stone(state: State, card: int) -> int | None:
    """The stone a combat-mode card lies on, or None."""
    bit = MODE_OF_CARD[card]
    return next((s for s in range(STONES) if state.modes[s] & bit), None)


def blind(state: State, stone: int) -> bool:
    return bool(state.modes[stone] & MODE_BLIND)


def has_space(state: State, stone: int, seat: int) -> bool:
    return state.owner[stone] < 0 and len(state.sides[stone][seat]) < need(state, stone)


def first_after(first: int, done: tuple[bool, bool], changed: int) -> int:
    """Who completed first on a stone after `changed`'s side changed."""
    if first >= 0 and not done[first]:
        first = -1
    if first < 0:
        if done[1 - changed]:
            return 1 - changed
        if done[changed]:
            return changed
    return first


def holds_win(owner: tuple[int, ...], seat: int) -> str | None:
    """'five stones' / 'three adjacent stones' if `seat` has won the round."""
    if sum(1 for o in owner if o == seat) >= 5:
        return "five stones"
    run = 0
    for o in owner:
        run = run + 1 if o == seat else 0
        if run == 3:
            return "three adjacent stones"
    return None


def stones_held(owner: tuple[int, ...], seat: int) -> int:
    return sum(1 for o in owner if o == seat)


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
        and len(state.hands[seat]) < (TACTICS_HAND if state.tactics else BASE_HAND)
        and bool(state.deck or state.tactics_deck)
    )


def mode_may_leave(state: State, stone: int, card: int) -> bool:
    """A Mud fight cannot leave a stone where a side holds its 4th card: the
    rulebook gives a 3-card stone no way to shed it."""
    return card != MUD_FIGHT or all(len(side) <= 3 for side in state.sides[stone])
