"""Options arrive from clients (a queue request, a start request): `players`
or `seed` among them is an `invalid_options` refusal, never a TypeError."""

from __future__ import annotations

import pytest

from tabletop.games import get_game
from tabletop.kernel import IllegalCommand


@pytest.mark.parametrize("options", [{"players": 3}, {"seed": 3}, {"no_such_option": 1}])
def test_reserved_or_unknown_options_are_refused(options: dict[str, int]) -> None:
    game = get_game("schotten-totten")
    with pytest.raises(IllegalCommand) as refused:
        game.make_config(2, **options)
    assert refused.value.code == "invalid_options"


def test_a_real_option_still_works() -> None:
    config = get_game("schotten-totten").make_config(2, variant="tactics")
    assert config.players == 2
