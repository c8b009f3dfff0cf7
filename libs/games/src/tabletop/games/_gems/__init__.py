"""The gem-market engine shared by Splendor and Splendor Pokémon: token
supply, market rows, reserving, paying with bonuses and wild tokens, the token
limit and the end of the game. Not a game itself (the leading underscore keeps
it out of the registry); each game is a `GemsGame` subclass with its `Rules`.
The files follow the one game layout (docs/adr/0021-one-game-layout.md).
"""

from .codes import GemsCode
from .commands import Buy, Pass, Reserve, ReserveTop, ReturnTokens, TakeDifferent, TakeSame
from .events import (
    CardBought,
    CardReserved,
    GameStarted,
    Passed,
    TokensReturned,
    TokensTaken,
    TurnEnded,
)
from .game import GemsConfig, GemsGame
from .ruleset import N_COLORS, WILD, CardTable, Row, Rules, card_table, read_csv
from .state import ACTION, CHOOSE, EMPTY, ENDING, OVER, RETURN, Player, State

__all__ = [
    "ACTION",
    "CHOOSE",
    "EMPTY",
    "ENDING",
    "N_COLORS",
    "OVER",
    "RETURN",
    "WILD",
    "Buy",
    "CardBought",
    "CardReserved",
    "CardTable",
    "GameStarted",
    "GemsCode",
    "GemsConfig",
    "GemsGame",
    "Pass",
    "Passed",
    "Player",
    "Reserve",
    "ReserveTop",
    "ReturnTokens",
    "Row",
    "Rules",
    "State",
    "TakeDifferent",
    "TakeSame",
    "TokensReturned",
    "TokensTaken",
    "TurnEnded",
    "card_table",
    "read_csv",
]
