"""Events: everything that happened, chance outcomes included, so folding
them (replay) never needs a random generator. Fields holding hidden cards are
None in a redacted copy (view.py decides what each seat sees)."""

from __future__ import annotations

from typing import Literal

from tabletop.kernel import Event

Zone = Literal["hand", "deck", "deck_bottom", "discard", "prizes", "energy"]
Condition = Literal["asleep", "confused", "paralyzed", "poisoned", "burned"]


class GameStarted(Event):
    """The two decks, card id per instance (deck lists are open information)."""

    type: Literal["game_started"] = "game_started"
    decks: tuple[tuple[str, ...], tuple[str, ...]]


class FirstChooserDrawn(Event):
    """The recorded random draw (the rulebook's rock-paper-scissors)."""

    type: Literal["first_chooser_drawn"] = "first_chooser_drawn"
    seat: int


class FirstPlayerChosen(Event):
    type: Literal["first_player_chosen"] = "first_player_chosen"
    seat: int  # who goes first


class HandDealt(Event):
    """A shuffle and 7 cards; each hand without a Basic Pokémon is revealed
    (`mulligans`) and shuffled back. `deck` is the final order, top first."""

    type: Literal["hand_dealt"] = "hand_dealt"
    seat: int
    mulligans: tuple[tuple[int, ...], ...]
    hand: tuple[int, ...] | None
    deck: tuple[int, ...] | None


class ActiveSet(Event):
    """Face down until the setup reveal: `card` is None for the other seat."""

    type: Literal["active_set"] = "active_set"
    seat: int
    card: int | None


class BasicBenched(Event):
    type: Literal["basic_benched"] = "basic_benched"
    seat: int
    card: int | None  # None: face down during setup, for the other seat
    face_down: bool = False


class SetupFinished(Event):
    type: Literal["setup_finished"] = "setup_finished"
    seat: int


class SetupRevealed(Event):
    """Both players placed their Pokémon: 6 prizes each from the top of the
    decks, and every Pokémon turns face up. Mulligan extra draws are owed."""

    type: Literal["setup_revealed"] = "setup_revealed"
    actives: tuple[int, int]
    benches: tuple[tuple[int, ...], tuple[int, ...]]
    extra_draws: tuple[int, int]


class TurnStarted(Event):
    type: Literal["turn_started"] = "turn_started"
    seat: int
    turn: int


class CardsMoved(Event):
    """Cards between piles (hand, deck, discard, prizes), or Energy attached
    to the Pokémon `target` / taken from the Pokémon `origin`. `revealed`:
    shown to both players on the way. `cards` is None where the seat may not
    see them."""

    type: Literal["cards_moved"] = "cards_moved"
    seat: int
    cards: tuple[int, ...] | None
    count: int
    source: Zone
    dest: Zone
    target: int | None = None
    origin: int | None = None
    revealed: bool = False


class EnergyAttached(Event):
    """The once-a-turn attachment of an Energy card from the hand."""

    type: Literal["energy_attached"] = "energy_attached"
    seat: int
    card: int
    target: int


class HandRevealed(Event):
    """`seat` shows its hand to both players: every card in it becomes known."""

    type: Literal["hand_revealed"] = "hand_revealed"
    seat: int
    cards: tuple[int, ...]


class DeckShuffled(Event):
    type: Literal["deck_shuffled"] = "deck_shuffled"
    seat: int
    order: tuple[int, ...] | None


class Evolved(Event):
    """`card` from the hand onto the Pokémon `target`; evolving cures special
    conditions, except Poisoned when `keeps_poison` (Muk's Poison Sacs)."""

    type: Literal["evolved"] = "evolved"
    seat: int
    card: int
    target: int
    keeps_poison: bool = False


class EvolvedFromDeck(Event):
    """An effect evolved `target` with `card` taken from the deck (shown to both)."""

    type: Literal["evolved_from_deck"] = "evolved_from_deck"
    seat: int
    card: int
    target: int
    keeps_poison: bool = False


class TrainerPlayed(Event):
    """The Trainer leaves the hand: Items and Supporters to the discard pile,
    a Stadium into play, a Tool onto `target`."""

    type: Literal["trainer_played"] = "trainer_played"
    seat: int
    card: int
    kind: Literal["item", "supporter", "stadium", "tool"]
    target: int | None = None


class StadiumDiscarded(Event):
    type: Literal["stadium_discarded"] = "stadium_discarded"
    card: int


class StadiumUsed(Event):
    type: Literal["stadium_used"] = "stadium_used"
    seat: int


class ToolsDiscarded(Event):
    type: Literal["tools_discarded"] = "tools_discarded"
    target: int


class AbilityUsed(Event):
    type: Literal["ability_used"] = "ability_used"
    seat: int
    pokemon: int


class Retreated(Event):
    type: Literal["retreated"] = "retreated"
    seat: int
    discarded: tuple[int, ...]
    to: int


class Switched(Event):
    """The Active Pokémon and the benched `to` change places (effects, promotion)."""

    type: Literal["switched"] = "switched"
    seat: int
    to: int


class AttackUsed(Event):
    type: Literal["attack_used"] = "attack_used"
    seat: int
    pokemon: int
    attack: int


class CoinFlipped(Event):
    type: Literal["coin_flipped"] = "coin_flipped"
    seat: int
    heads: bool


class Damaged(Event):
    """`amount` damage (a multiple of 10) on a Pokémon; `counters` when damage
    counters were put on it (not damage from an attack)."""

    type: Literal["damaged"] = "damaged"
    target: int
    amount: int
    counters: bool = False


class Healed(Event):
    type: Literal["healed"] = "healed"
    target: int
    amount: int


class ConditionChanged(Event):
    """A special condition of `seat`'s Active Pokémon set (`on`) or removed."""

    type: Literal["condition_changed"] = "condition_changed"
    seat: int
    condition: Condition
    on: bool
    amount: int = 1  # Poisoned: damage counters at each checkup


class MarkerAdded(Event):
    type: Literal["marker_added"] = "marker_added"
    kind: str
    target: int
    until: int
    amount: int = 0


class EnergyDiscarded(Event):
    type: Literal["energy_discarded"] = "energy_discarded"
    target: int
    cards: tuple[int, ...]


class KnockedOut(Event):
    """The Pokémon and everything attached go to its owner's discard pile."""

    type: Literal["knocked_out"] = "knocked_out"
    seat: int
    pokemon: int
    by_attack: bool = False  # right after an attack, not at the checkup
    # By damage from an attack: not by damage counters nor by an effect that
    # Knocks it Out without damage (Doom Decree).
    by_damage: bool = False


class KnockOutEffect(Event):
    """An effect says the Pokémon "is Knocked Out": it takes damage up to its HP
    (the Knock Out itself follows with the others)."""

    type: Literal["knock_out_effect"] = "knock_out_effect"
    target: int


class PokemonReturned(Event):
    """The Pokémon and every card attached go to its owner's hand (seen by both)."""

    type: Literal["pokemon_returned"] = "pokemon_returned"
    seat: int
    pokemon: int


class PokemonShuffledIn(Event):
    """The Pokémon and every card attached go into its owner's deck (a shuffle follows)."""

    type: Literal["pokemon_shuffled_in"] = "pokemon_shuffled_in"
    seat: int
    pokemon: int


class PromptOpened(Event):
    type: Literal["prompt_opened"] = "prompt_opened"
    seat: int
    kind: str
    options: tuple[int, ...] | None
    need: int
    most: int
    key: str
    hidden: bool = False
    script: str | None = None  # where the effect resumes (None: an engine prompt)
    step: int = 0
    source: int = -1
    controller: int = 0
    vars: tuple[tuple[str, int | tuple[int, ...]], ...] = ()  # the effect's variables so far


class Picked(Event):
    type: Literal["picked"] = "picked"
    seat: int
    option: int | None  # None: done choosing
    hidden: bool = False  # a pick among hidden options (a deck search)


class PromptClosed(Event):
    type: Literal["prompt_closed"] = "prompt_closed"
    seat: int


class TurnEnded(Event):
    type: Literal["turn_ended"] = "turn_ended"
    seat: int


class CheckupDone(Event):
    type: Literal["checkup_done"] = "checkup_done"


class SuddenDeath(Event):
    """Both players won at once with as many conditions each: a new game in
    the same record, with 1 prize each; `chooser` (a recorded random draw)
    chooses who goes first."""

    type: Literal["sudden_death"] = "sudden_death"
    chooser: int


class GameOver(Event):
    """`winners`: the seat that won (one seat; ties go to Sudden Death)."""

    type: Literal["game_over"] = "game_over"
    winners: tuple[int, ...]
    reason: str


EVENT_TYPES = (
    GameStarted,
    FirstChooserDrawn,
    FirstPlayerChosen,
    HandDealt,
    ActiveSet,
    BasicBenched,
    SetupFinished,
    SetupRevealed,
    TurnStarted,
    CardsMoved,
    EnergyAttached,
    HandRevealed,
    DeckShuffled,
    Evolved,
    EvolvedFromDeck,
    TrainerPlayed,
    StadiumDiscarded,
    StadiumUsed,
    ToolsDiscarded,
    AbilityUsed,
    Retreated,
    Switched,
    AttackUsed,
    CoinFlipped,
    Damaged,
    Healed,
    ConditionChanged,
    MarkerAdded,
    EnergyDiscarded,
    KnockedOut,
    KnockOutEffect,
    PokemonReturned,
    PokemonShuffledIn,
    PromptOpened,
    Picked,
    PromptClosed,
    TurnEnded,
    CheckupDone,
    SuddenDeath,
    GameOver,
)
