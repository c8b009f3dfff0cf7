"""A game wrapper that lets a policy touch the real state only the fair way.

The real state is handed over sealed; the wrapper opens it only for
`sample_world`, `legal_commands` and `view` on the policy's own seat. Any other
use of the sealed state (outcome, to_act, decide, evaluate, another seat's
legal commands or view…) fails the test. Sampled worlds are ordinary states.
"""

from __future__ import annotations

from typing import Any

from tabletop.kernel import Game


class Sealed:
    __slots__ = ("_state",)

    def __init__(self, state: Any) -> None:
        object.__setattr__(self, "_state", state)

    def __getattr__(self, name: str) -> Any:
        raise AssertionError(f"policy read the real state's {name!r}")


class GuardedGame:
    """Delegates to `game`; refuses the sealed state except where fair."""

    def __init__(self, game: Game[Any], seat: int) -> None:
        self._game = game
        self._seat = seat
        self.opened: list[str] = []

    def _open(self, state: Any, seat: int | None, what: str) -> Any:
        if isinstance(state, Sealed):
            assert seat == self._seat, f"policy asked {what} for seat {seat}"
            self.opened.append(what)
            return object.__getattribute__(state, "_state")
        return state

    def sample_world(self, state: Any, seat: int, seed: int) -> Any:
        return self._game.sample_world(self._open(state, seat, "sample_world"), seat, seed)

    def legal_commands(self, state: Any, seat: int) -> Any:
        return self._game.legal_commands(self._open(state, seat, "legal_commands"), seat)

    def view(self, state: Any, seat: int | None) -> Any:
        return self._game.view(self._open(state, seat, "view"), seat)

    def __getattr__(self, name: str) -> Any:
        attribute = getattr(self._game, name)
        if not callable(attribute):
            return attribute

        def checked(*args: Any, **kwargs: Any) -> Any:
            for arg in (*args, *kwargs.values()):
                assert not isinstance(arg, Sealed), f"policy passed the real state to {name}"
            return attribute(*args, **kwargs)

        return checked
