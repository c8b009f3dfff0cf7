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

    def submit_at(self, process: str) -> str:
        """One rules process's own submit subject (game affinity, ADR 27): a
        game's commands go where its head is cached, not to either process."""
        return f"{self.namespace}.rules.submit.at.{process}"

    @property
    def submit_at_any(self) -> str:
        return self.submit_at("*")

    queue: str = "rules"


# The header on a reply from the shared submit subject naming the process's
# own subject (`RulesSubjects.submit_at`): the game's next commands go there.
RULES_AT_HEADER = "Tabletop-Rules-At"
