"""NATS subjects services talk on. A namespace prefixes all of them (the same
one as the event log's streams), so platforms or test runs can share a server."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field

from tabletop.kernel.names import NAMESPACE_PATTERN


class RulesSubjects(BaseModel):
    """Request/reply subjects of the rules service (queue group `rules`)."""

    model_config = ConfigDict(frozen=True)

    namespace: str = Field(default="tabletop", pattern=NAMESPACE_PATTERN)

    @property
    def start_game(self) -> str:
        return f"{self.namespace}.rules.start"

    @property
    def submit_command(self) -> str:
        return f"{self.namespace}.rules.submit"

    queue: str = "rules"
