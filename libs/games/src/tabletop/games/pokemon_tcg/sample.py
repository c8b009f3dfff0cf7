"""`sample_world`: a full state a seat cannot tell apart from the real one.

What the seat cannot see (view.py) is re-dealt at random among the same
places: for the opponent, the hand (except the cards seen arriving there),
deck and prizes (and, during setup, the face-down Pokémon, which must be
Basic); for the seat itself, its deck and prizes (it knows neither their
order nor which of its cards are prizes).
Cards both players saw put on top of a deck (Team Star Grunt) stay there.
The cards re-dealt are the instances the seat cannot place, taken in sorted
order, so the result depends only on the seat's view and the seed.

During its own deck search a seat sees the matching cards of its deck (the
prompt's options): those stay in the deck. An open choice among the
opponent's hidden cards (a deck search, a choice in their hand) is asked
again in the re-dealt world with the same options function
(vocabulary.SEARCHES).
"""

from __future__ import annotations

import random

from tabletop.kernel import replace

from .cards import card
from .state import SETUP, Prompt, State, with_side
from .vocabulary import SEARCHES

_REDEALS = 50  # attempts at a re-dealt hand that holds a Basic Pokémon


def _basic(state: State, instance: int) -> bool:
    return card(state.cards[instance]).is_basic_pokemon


def _searching(state: State, seat: int, pile: str) -> Prompt | None:
    """`seat`'s open choice among hidden cards of its `pile`, if any."""
    prompt = state.prompt
    if prompt is None or prompt.seat != seat or not prompt.hidden:
        return None
    return prompt if SEARCHES[prompt.kind].pile == pile else None


def _redeal_opponent(state: State, seat: int, rng: random.Random) -> State:
    other = 1 - seat
    side = state.sides[other]
    face_down = state.phase == SETUP and side.active is not None
    placed = [side.active.card, *(b.card for b in side.bench)] if side.active and face_down else []
    known = set(side.known)  # cards of the hand this seat saw arrive: they stay
    hidden_hand = [i for i in side.hand if i not in known]
    top = side.known_top  # and so do the deck's known top cards
    hidden_deck = [i for i in side.deck if i not in set(top)]
    pool = sorted((*hidden_hand, *hidden_deck, *side.prizes, *placed))
    hand_size, deck_size = len(hidden_hand), len(hidden_deck)
    # A hand dealt holds a Basic Pokémon (mulligans): until the opponent has
    # placed its Active Pokémon, the re-dealt hand must hold one too.
    needs_basic = (
        state.phase == SETUP
        and side.active is None
        and hand_size > 0
        and not any(_basic(state, i) for i in known)
    )
    for _ in range(_REDEALS):
        rng.shuffle(pool)
        # Face-down Pokémon first: they are Basic Pokémon.
        chosen = [i for i in pool if _basic(state, i)][: len(placed)]
        taken = set(chosen)
        rest = [i for i in pool if i not in taken]
        if not needs_basic or any(_basic(state, i) for i in rest[:hand_size]):
            break
    else:  # unlikely: swap the first Basic Pokémon into the hand
        first = next(n for n, i in enumerate(rest) if _basic(state, i))
        rest[0], rest[first] = rest[first], rest[0]
    new = replace(
        side,
        hand=tuple(sorted((*side.known, *rest[:hand_size]))),
        deck=(*top, *rest[hand_size : hand_size + deck_size]),
        prizes=tuple(rest[hand_size + deck_size :]),
    )
    if placed and side.active is not None:
        new = replace(
            new,
            active=replace(side.active, card=chosen[0]),
            bench=tuple(replace(b, card=c) for b, c in zip(side.bench, chosen[1:], strict=True)),
        )
    state = with_side(state, other, new)
    for pile in ("deck", "hand"):
        search = _searching(state, other, pile)
        if search is not None:
            variables = dict(search.resume.vars) if search.resume else {}
            if "drawn" in variables and search.resume is not None:
                # Which cards of the hand were just drawn is hidden too (extra draws).
                variables["drawn"] = tuple(sorted(rest[: len(variables["drawn"])]))
                resumed = replace(search.resume, vars=tuple(sorted(variables.items())))
                search = replace(search, resume=resumed)
            options = SEARCHES[search.kind].options(state, other, variables)
            # The seat sees neither the options nor the limits: keep the world playable.
            need = min(search.need, len(options))
            # It knows how many picks were made (not which): as many in the world.
            picked = options[: len(search.picked)]
            prompt = replace(search, options=options, picked=picked, need=need)
            state = replace(state, prompt=prompt)
    return state


def _redeal_own(state: State, seat: int, rng: random.Random) -> State:
    side = state.sides[seat]
    top = side.known_top
    search = _searching(state, seat, "deck")
    seen = set(search.options) - set(top) if search is not None else set()
    pool = sorted(i for i in (*side.deck, *side.prizes) if i not in seen and i not in set(top))
    rng.shuffle(pool)
    n = len(side.deck) - len(top) - len(seen)
    rest = [*sorted(seen), *pool[:n]]
    rng.shuffle(rest)
    deck = (*top, *rest)
    return with_side(state, seat, replace(side, deck=deck, prizes=tuple(pool[n:])))


def sample_world(state: State, seat: int, seed: int) -> State:
    rng = random.Random(seed)
    return _redeal_opponent(_redeal_own(state, seat, rng), seat, rng)
