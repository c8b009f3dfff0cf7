"""Messages the engine makes without validation (`interned.made`) are the very
messages validation makes: same values, same fields set, nothing extra."""

from __future__ import annotations

from tabletop.games.pokemon_tcg import GAME
from tabletop.games.pokemon_tcg.commands import AttachEnergy, EndTurn, Retreat
from tabletop.games.pokemon_tcg.events import CardsMoved
from tabletop.games.pokemon_tcg.interned import interned, made
from tabletop.kernel import Message, random_playout


def _validated(message: Message) -> Message:
    """`message` made again through validation, from the fields it was given."""
    return type(message)(**{name: getattr(message, name) for name in message.model_fields_set})


def _same(message: Message) -> None:
    again = _validated(message)
    assert message.__getstate__() == again.__getstate__()  # values, fields set, extras
    assert list(message.__dict__) == list(again.__dict__)  # the declaration order
    assert message == again and hash(message) == hash(again)
    assert message.model_dump_json() == again.model_dump_json()


def test_made_is_what_validation_makes() -> None:
    moved = made(CardsMoved, "seat", "cards", "count", "source", "dest")(
        1, (4, 5), 2, "deck", "hand"
    )
    _same(moved)
    assert moved.model_fields_set == {"seat", "cards", "count", "source", "dest"}
    _same(made(Retreat, "seat", "to", "discard")(0, 3, ()))


def test_interned_messages_are_shared() -> None:
    table = interned(AttachEnergy, "seat", "card", "target")
    first = table[0, 5, 7]
    assert first is table[0, 5, 7]
    assert first == AttachEnergy(seat=0, card=5, target=7)
    assert table[1, 5, 7] == AttachEnergy(seat=1, card=5, target=7)
    assert interned(EndTurn, "seat")[1] == EndTurn(seat=1)  # one field: its value is the key


def test_every_message_of_random_games_is_what_validation_makes() -> None:
    checked: set[type[Message]] = set()
    for options in GAME.option_sets:
        for seed in range(3):
            _, steps = random_playout(GAME, 2, seed=seed, **options)
            for step in steps:
                for message in (*GAME.legal_commands(step.before, step.command.seat), *step.events):
                    _same(message)
                    checked.add(type(message))
    assert len(checked) > 25
