"""Settings of rating-aware matching (ADR 0026): which strategy groups the
queues and how the rating window widens."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, Field

from tabletop.policies.matching import Window


class RatedMatchingSettings(BaseModel):
    """A mixin of MatchmakingSettings (which reads these from the environment)."""

    strategy: Literal["rating", "fcfs"] = Field(
        default="rating",
        validation_alias="MATCHMAKING_STRATEGY",
        description="`rating`: by rating, window widening with the wait; `fcfs`: arrival order",
    )
    window_base: float = Field(
        default=3.0, gt=0.0, validation_alias="MATCHMAKING_WINDOW_BASE",
        description="rating points (OpenSkill mu) apart players may be when they join",
    )  # fmt: skip
    window_widen: float = Field(
        default=0.5, ge=0.0, validation_alias="MATCHMAKING_WINDOW_WIDEN",
        description="rating points the window widens by per second of waiting",
    )  # fmt: skip
    window_widest: float = Field(
        default=20.0, gt=0.0, validation_alias="MATCHMAKING_WINDOW_WIDEST",
        description="the widest window (rating points), reached after a long wait",
    )  # fmt: skip
    provisional_games: int = Field(
        default=5, ge=0, validation_alias="MATCHMAKING_PROVISIONAL_GAMES",
        description="a player with fewer rated games is provisional: matched twice as wide",
    )  # fmt: skip

    def window(self, bot_wait: float) -> Window:
        return Window(base=self.window_base, widen_per_second=self.window_widen,
                      widest=max(self.window_widest, self.window_base),
                      provisional_games=self.provisional_games, bot_wait=bot_wait)  # fmt: skip
