"""`evolve`: the pure fold of one event into the state. Never random."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tabletop.kernel import Event, replace

from .cards import card
from .events import (
    AbilityUsed,
    ActiveSet,
    AttackUsed,
    BasicBenched,
    CardsMoved,
    CheckupDone,
    CoinFlipped,
    ConditionChanged,
    Damaged,
    DeckShuffled,
    EnergyAttached,
    EnergyDiscarded,
    Evolved,
    EvolvedFromDeck,
    FirstChooserDrawn,
    FirstPlayerChosen,
    GameOver,
    GameStarted,
    HandDealt,
    HandRevealed,
    Healed,
    KnockedOut,
    KnockOutEffect,
    MarkerAdded,
    Picked,
    PokemonReturned,
    PokemonShuffledIn,
    PromptClosed,
    PromptOpened,
    Retreated,
    SetupFinished,
    SetupRevealed,
    StadiumDiscarded,
    StadiumUsed,
    SuddenDeath,
    Switched,
    ToolsDiscarded,
    TrainerPlayed,
    TurnEnded,
    TurnStarted,
)
from .state import (
    ASLEEP,
    ATTACKED,
    BETWEEN,
    CHECKUP,
    CONFUSED,
    ENERGY,
    MAIN,
    NO_ROTATION,
    OVER,
    PARALYZED,
    RETREAT,
    SETUP,
    STADIUM,
    STADIUM_EFFECT,
    SUPPORTER,
    Marker,
    Mon,
    Prompt,
    Resume,
    Side,
    State,
    owner,
    replace_mon,
    with_discard,
    with_hand,
    with_mons,
    with_piles,
    with_prompt,
    with_side,
)
from .zones import cured, from_deck, from_hand, put, take, without

_ROTATION = {"asleep": ASLEEP, "confused": CONFUSED, "paralyzed": PARALYZED}
_new = tuple.__new__  # a record from its fields in order, without a constructor frame


def _unmarked(state: State, instance: int) -> State:
    """Effects on a Pokémon end when it evolves or leaves the Active Spot."""
    if not state.markers:
        return state
    return replace(state, markers=tuple(k for k in state.markers if k.target != instance))


def _update_mon(state: State, instance: int, **changes: Any) -> State:
    seat = owner(instance)
    side = state.sides[seat]
    mon = side.find(instance)
    assert mon is not None, f"no Pokémon {instance} in play"
    return with_side(state, seat, replace_mon(side, instance, replace(mon, **changes)))


def _switch(state: State, seat: int, to: int) -> State:
    side = state.sides[seat]
    new = side.find(to)
    assert new is not None
    old = side.active
    bench = tuple(b for b in side.bench if b.card != to) + ((old,) if old else ())
    state = with_side(state, seat, with_mons(cured(side), new, bench))
    return _unmarked(state, old.card) if old else state


def _started(_: State | None, e: GameStarted) -> State:
    return State(cards=e.decks[0] + e.decks[1], sides=(Side(), Side()))


def _dealt(s: State, e: HandDealt) -> State:
    assert e.hand is not None and e.deck is not None, "a redacted deal cannot be folded"
    side = replace(
        s.sides[e.seat], hand=tuple(sorted(e.hand)), deck=e.deck, mulligans=len(e.mulligans)
    )
    return with_side(s, e.seat, side)


def _active_set(s: State, e: ActiveSet) -> State:
    assert e.card is not None
    side = s.sides[e.seat]
    return with_side(s, e.seat, replace(from_hand(side, (e.card,)), active=Mon(e.card)))


def _benched(s: State, e: BasicBenched) -> State:
    """From the hand, or from the deck (a search that benches what it finds)."""
    assert e.card is not None
    side = s.sides[e.seat]
    bench = (*side.bench, Mon(e.card, since=s.turn))
    gone = (e.card,)
    side = from_deck(from_hand(side, gone), gone)
    return with_side(s, e.seat, with_mons(side, side.active, bench))


def _revealed(s: State, e: SetupRevealed) -> State:
    n = s.prize_count
    sides = tuple(replace(side, prizes=side.deck[:n], deck=side.deck[n:]) for side in s.sides)
    return replace(s, sides=(sides[0], sides[1]), extra_draws=e.extra_draws, phase=BETWEEN)


def _turn_started(s: State, e: TurnStarted) -> State:
    markers = tuple(k for k in s.markers if k.until >= e.turn) if s.markers else ()
    # Once a turn: rebuilt positionally (cards, sides, phase, chooser, first, turn,
    # current, used, abilities_used, stadium, prompt, markers, ..., downed_by_attack, ...).
    return _new(State, (
        s.cards, s.sides, MAIN, s.chooser, s.first, e.turn, e.seat, 0, (), s.stadium, s.prompt,
        markers, *s[12:15], (), *s[16:]
    ))  # fmt: skip


def _moved(s: State, e: CardsMoved) -> State:
    assert e.cards is not None, "a redacted move cannot be folded"
    if e.source == "deck" and e.dest == "hand" and not e.revealed:  # a draw: the usual move
        side = from_deck(s.sides[e.seat], e.cards)
        return with_side(s, e.seat, with_hand(side, tuple(sorted(side.hand + e.cards)), side.known))
    source_seat = owner(e.origin) if e.source == "energy" and e.origin is not None else e.seat
    taken = take(s.sides[source_seat], e.source, e.cards, e.origin)
    dest_seat = owner(e.target) if e.dest == "energy" and e.target is not None else e.seat
    if dest_seat != source_seat:
        s = with_side(s, source_seat, taken)
        taken = s.sides[dest_seat]
    side = put(taken, e.dest, e.cards, e.target)
    seen = e.revealed or e.source in ("discard", "energy")
    if e.dest == "hand" and seen:
        side = replace(side, known=side.known + e.cards)  # the opponent saw them arrive
    if e.dest == "deck":  # on top: known to both if seen, else nothing above is known
        side = replace(side, known_top=e.cards + side.known_top if seen else ())
    return with_side(s, dest_seat, side)


def _energy_attached(s: State, e: EnergyAttached) -> State:
    side = from_hand(s.sides[e.seat], (e.card,))
    mon = side.find(e.target)  # one of the seat's own Pokémon (decide checks it)
    assert mon is not None
    charged = _new(Mon, (mon.card, mon.below, (*mon.energy, e.card), *mon[3:]))
    side = replace_mon(side, e.target, charged)
    return with_side(s, e.seat, side, used=s.used | ENERGY)


def _shuffled(s: State, e: DeckShuffled) -> State:
    assert e.order is not None
    return with_side(s, e.seat, with_piles(s.sides[e.seat], e.order, ()))


def _evolved(s: State, e: Evolved | EvolvedFromDeck) -> State:
    """From the hand (Evolved) or from the deck (EvolvedFromDeck)."""
    side = s.sides[e.seat]
    if isinstance(e, EvolvedFromDeck):
        side = from_deck(side, (e.card,))
    mon = side.find(e.target)
    assert mon is not None
    was_active = side.active is not None and side.active.card == e.target
    side = from_hand(side, (e.card,))
    evolved = _new(Mon, (e.card, (*mon.below, mon.card), mon.energy, mon.tool, mon.damage, s.turn))
    side = replace_mon(side, e.target, evolved)
    if was_active:
        poison = side.poison if e.keeps_poison else 0
        side = replace(cured(side), poison=poison)
    s = with_side(s, e.seat, side)
    return _unmarked(s, e.target)


def _trainer(s: State, e: TrainerPlayed) -> State:
    side = s.sides[e.seat]
    side = from_hand(side, (e.card,))
    if e.kind in ("item", "supporter"):
        used = s.used | (SUPPORTER if e.kind == "supporter" else 0)
        return with_side(s, e.seat, with_discard(side, (*side.discard, e.card)), used=used)
    s = with_side(s, e.seat, side)
    if e.kind == "tool":
        assert e.target is not None
        return _update_mon(s, e.target, tool=e.card)
    if s.stadium >= 0:
        previous = owner(s.stadium)
        old = s.sides[previous]
        s = with_side(s, previous, replace(old, discard=(*old.discard, s.stadium)))
    return replace(s, stadium=e.card, used=s.used | STADIUM)


def _retreated(s: State, e: Retreated) -> State:
    """The Active Pokémon pays (its Energy to the discard pile) and changes places with
    the benched `to`: `_switch` after the payment, in one copy of the side."""
    side = s.sides[e.seat]
    active, new = side.active, side.find(e.to)
    assert active is not None and new is not None
    paid = _new(Mon, (active.card, active.below, without(active.energy, e.discarded), *active[3:]))
    bench = (*(b for b in side.bench if b.card != e.to), paid)
    side = with_mons(with_discard(cured(side), side.discard + e.discarded), new, bench)
    return _unmarked(with_side(s, e.seat, side, used=s.used | RETREAT), active.card)


def _condition(s: State, e: ConditionChanged) -> State:
    side = s.sides[e.seat]
    if e.condition in _ROTATION:
        code = _ROTATION[e.condition]
        if e.on:
            side = replace(side, rotation=code, rotation_turn=s.turn)
        elif side.rotation == code:
            side = replace(side, rotation=NO_ROTATION)
    elif e.condition == "poisoned":
        side = replace(side, poison=e.amount if e.on else 0)
    else:
        side = replace(side, burned=e.on)
    return with_side(s, e.seat, side)


def _energy_discarded(s: State, e: EnergyDiscarded) -> State:
    mon = s.sides[owner(e.target)].find(e.target)
    assert mon is not None
    s = _update_mon(s, e.target, energy=without(mon.energy, e.cards))
    side = s.sides[owner(e.target)]
    return with_side(s, owner(e.target), replace(side, discard=side.discard + e.cards))


def _taken_out(side: Side, pokemon: int) -> tuple[Side, tuple[int, ...], bool]:
    """`side` without the Pokémon `pokemon`, the cards it leaves with (the
    Pokémon, what it evolved from, its Energy and Tool) and whether it was Active."""
    mon = side.find(pokemon)
    assert mon is not None
    was_active = side.active is not None and side.active.card == pokemon
    tool = (mon.tool,) if mon.tool >= 0 else ()
    cards = (*mon.below, mon.card, *mon.energy, *tool)
    return replace_mon(side, pokemon, None), cards, was_active


def _left_play(s: State, cards: tuple[int, ...]) -> State:
    """Cards that leave play forget it: a Pokémon put into play again is a new
    Pokémon (its once-a-turn Abilities unused, no lasting effects on it)."""
    gone = set(cards)
    return replace(
        s,
        abilities_used=tuple(i for i in s.abilities_used if i not in gone),
        markers=tuple(k for k in s.markers if k.target not in gone),
        downed_by_attack=tuple(i for i in s.downed_by_attack if i not in gone),
    )


def _knocked_out(s: State, e: KnockedOut) -> State:
    side, gone, was_active = _taken_out(s.sides[e.seat], e.pokemon)
    side = replace(side, discard=side.discard + gone)
    s = with_side(s, e.seat, cured(side) if was_active else side)
    if e.by_damage and card(s.cards[e.pokemon]).type == "F":
        seen = list(s.fighting_knocked_out)
        seen[e.seat] = s.turn
        s = replace(s, fighting_knocked_out=(seen[0], seen[1]))
    return _left_play(s, gone)


def _knock_out_effect(s: State, e: KnockOutEffect) -> State:
    mon = s.sides[owner(e.target)].find(e.target)
    assert mon is not None
    return _update_mon(s, e.target, damage=max(mon.damage, card(s.cards[e.target]).hp))


def _returned(s: State, e: PokemonReturned) -> State:
    side, cards, was_active = _taken_out(s.sides[e.seat], e.pokemon)
    side = replace(side, hand=tuple(sorted(side.hand + cards)), known=side.known + cards)
    s = with_side(s, e.seat, cured(side) if was_active else side)
    return _left_play(s, cards)


def _sudden_death(s: State, e: SuddenDeath) -> State:
    """A new game with the same decks: every card back in its deck (the deal
    shuffles), 1 prize each."""
    return State(
        cards=s.cards,
        sides=(Side(deck=tuple(range(60))), Side(deck=tuple(range(60, 120)))),
        chooser=e.chooser,
        prize_count=1,
        sudden_deaths=s.sudden_deaths + 1,
    )


def _shuffled_in(s: State, e: PokemonShuffledIn) -> State:
    side, cards, was_active = _taken_out(s.sides[e.seat], e.pokemon)
    side = replace(side, deck=side.deck + cards)
    s = with_side(s, e.seat, cured(side) if was_active else side)
    return _left_play(s, cards)


def _tools_discarded(s: State, e: ToolsDiscarded) -> State:
    mon = s.sides[owner(e.target)].find(e.target)
    assert mon is not None and mon.tool >= 0
    s = _update_mon(s, e.target, tool=-1)
    side = s.sides[owner(e.target)]
    return with_side(s, owner(e.target), replace(side, discard=(*side.discard, mon.tool)))


def _prompt(s: State, e: PromptOpened) -> State:
    assert e.options is not None
    resume = None
    if e.script is not None:
        resume = _new(Resume, (e.script, e.step, e.controller, e.source, e.vars))
    prompt = _new(Prompt, (e.seat, e.kind, e.options, e.need, e.most, (), e.key, resume, e.hidden))
    return with_prompt(s, prompt)


def _picked(s: State, e: Picked) -> State:
    assert s.prompt is not None
    if e.option is None:
        return s
    p = s.prompt  # one pick more (a prompt's sixth field), rebuilt positionally
    return with_prompt(s, _new(Prompt, (*p[:5], (*p.picked, e.option), *p[6:])))


def _stadium_gone(s: State, seat: int) -> State:
    side = s.sides[seat]
    return replace(
        with_side(s, seat, replace(side, discard=(*side.discard, s.stadium))), stadium=-1
    )


def _with_damage(state: State, instance: int, damage: int) -> State:
    """`_update_mon(state, instance, damage=damage)`, the copies made positionally."""
    seat = owner(instance)
    side = state.sides[seat]
    mon = side.find(instance)
    assert mon is not None, f"no Pokémon {instance} in play"
    damaged = _new(Mon, (*mon[:4], damage, mon[5]))  # `damage`, the fifth field
    return with_side(state, seat, replace_mon(side, instance, damaged))


def _damaged(s: State, e: Damaged) -> State:
    before = _mon_damage(s, e.target)
    s = _with_damage(s, e.target, before + e.amount)
    hp = card(s.cards[e.target]).hp
    if not e.counters and s.phase == ATTACKED and before < hp <= before + e.amount:
        s = replace(s, downed_by_attack=(*s.downed_by_attack, e.target))
    return s


def _phase_to(phase: int) -> Callable[[State, Event], State]:
    """The fold of an event moving the turn on to `phase`: one copy, no frame around it."""

    def fold(s: State, _: Event) -> State:
        return _new(State, (s.cards, s.sides, phase, *s[3:]))

    return fold


_FOLDS: dict[type[Event], Callable[[Any, Any], State]] = {
    GameStarted: _started,
    FirstChooserDrawn: lambda s, e: replace(s, chooser=e.seat),
    FirstPlayerChosen: lambda s, e: replace(s, first=e.seat, current=e.seat, phase=SETUP),
    HandDealt: _dealt,
    ActiveSet: _active_set,
    BasicBenched: _benched,
    SetupFinished: lambda s, e: with_side(s, e.seat, replace(s.sides[e.seat], ready=True)),
    SetupRevealed: _revealed,
    TurnStarted: _turn_started,
    CardsMoved: _moved,
    EnergyAttached: _energy_attached,
    DeckShuffled: _shuffled,
    HandRevealed: lambda s, e: with_side(s, e.seat, replace(s.sides[e.seat], known=e.cards)),
    Evolved: _evolved,
    EvolvedFromDeck: _evolved,
    TrainerPlayed: _trainer,
    StadiumDiscarded: lambda s, e: _stadium_gone(s, owner(e.card)),
    StadiumUsed: lambda s, e: replace(s, used=s.used | STADIUM_EFFECT),
    ToolsDiscarded: _tools_discarded,
    AbilityUsed: lambda s, e: replace(s, abilities_used=(*s.abilities_used, e.pokemon)),
    Retreated: _retreated,
    Switched: lambda s, e: _switch(s, e.seat, e.to),
    AttackUsed: _phase_to(ATTACKED),
    CoinFlipped: lambda s, e: s,
    Damaged: _damaged,
    Healed: lambda s, e: _with_damage(s, e.target, max(0, _mon_damage(s, e.target) - e.amount)),
    ConditionChanged: _condition,
    MarkerAdded: lambda s, e: replace(
        s, markers=(*s.markers, Marker(e.kind, e.target, e.until, e.amount))
    ),
    EnergyDiscarded: _energy_discarded,
    KnockedOut: _knocked_out,
    KnockOutEffect: _knock_out_effect,
    PokemonReturned: _returned,
    PokemonShuffledIn: _shuffled_in,
    PromptOpened: _prompt,
    Picked: _picked,
    PromptClosed: lambda s, e: with_prompt(s, None),
    TurnEnded: _phase_to(CHECKUP),
    CheckupDone: _phase_to(BETWEEN),
    SuddenDeath: _sudden_death,
    GameOver: lambda s, e: replace(s, phase=OVER, winners=e.winners, reason=e.reason, prompt=None),
}


def _mon_damage(s: State, instance: int) -> int:
    mon = s.sides[owner(instance)].find(instance)
    assert mon is not None
    return mon.damage


def evolve(state: State | None, event: Event) -> State:
    fold = _FOLDS[type(event)]
    if state is None:
        assert isinstance(event, GameStarted), "a game starts with game_started"
    return fold(state, event)


def evolve_next(state: State, event: Event) -> State:
    """`evolve` of a game under way (`decide`'s builder): no first-event check per event."""
    return _FOLDS[type(event)](state, event)
