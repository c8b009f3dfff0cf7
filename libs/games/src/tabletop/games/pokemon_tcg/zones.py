"""Cards moving between the zones of a side (hand, deck, discard pile, prizes, the
Energy attached to a Pokémon): the pieces the fold of the events is made of."""

from __future__ import annotations

from tabletop.kernel import replace

from .state import NO_ROTATION, Side, replace_mon, with_discard, with_hand, with_piles

_new = tuple.__new__


def without(cards: tuple[int, ...], gone: tuple[int, ...]) -> tuple[int, ...]:
    if not cards:
        return cards
    # A card is in one place once: cards leaving from the front (a draw) are a slice.
    if cards[: len(gone)] == gone:
        return cards[len(gone) :]
    if len(gone) == 1:  # one card (played, attached): two slices, no set
        if gone[0] not in cards:
            return cards
        i = cards.index(gone[0])
        return cards[:i] + cards[i + 1 :]
    drop = set(gone)
    return tuple(c for c in cards if c not in drop)


def from_hand(side: Side, cards: tuple[int, ...]) -> Side:
    """Cards leave the hand; the opponent's knowledge of them goes too."""
    return with_hand(side, without(side.hand, cards), without(side.known, cards))


def cured(side: Side) -> Side:
    if not (side.rotation or side.poison or side.burned):
        return side  # the usual case: nothing to cure
    # rotation, rotation_turn, poison, burned are the ninth to twelfth fields
    return _new(Side, (*side[:8], NO_ROTATION, side.rotation_turn, 0, False, *side[12:]))


def from_deck(side: Side, cards: tuple[int, ...]) -> Side:
    """Cards leave the deck (the known top cards among them too)."""
    return with_piles(side, without(side.deck, cards), without(side.known_top, cards))


def take(side: Side, zone: str, cards: tuple[int, ...], target: int | None) -> Side:
    if zone == "hand":
        return from_hand(side, cards)
    if zone == "deck":
        return from_deck(side, cards)
    if zone == "discard":
        return replace(side, discard=without(side.discard, cards))
    if zone == "prizes":
        return replace(side, prizes=without(side.prizes, cards))
    assert zone == "energy" and target is not None
    mon = side.find(target)
    assert mon is not None
    return replace_mon(side, target, replace(mon, energy=without(mon.energy, cards)))


def put(side: Side, zone: str, cards: tuple[int, ...], target: int | None) -> Side:
    if zone == "hand":
        return with_hand(side, tuple(sorted(side.hand + cards)), side.known)
    if zone == "deck":
        return replace(side, deck=cards + side.deck)
    if zone == "deck_bottom":
        return replace(side, deck=side.deck + cards)
    if zone == "discard":
        return with_discard(side, side.discard + cards)
    if zone == "prizes":
        return replace(side, prizes=side.prizes + cards)
    assert zone == "energy" and target is not None
    mon = side.find(target)
    assert mon is not None
    return replace_mon(side, target, replace(mon, energy=mon.energy + cards))
