"""A thin async client of the rules service over NATS request/reply."""

from __future__ import annotations

from nats.aio.client import Client

from .rules import RulesReply, StartGame, SubmitCommand
from .subjects import RulesSubjects


class RulesClient:
    def __init__(self, nc: Client, namespace: str = "tabletop", timeout: float = 5.0) -> None:
        self.nc = nc
        self.subjects = RulesSubjects(namespace=namespace)
        self.timeout = timeout

    async def start_game(self, request: StartGame) -> RulesReply:
        return await self.request(self.subjects.start_game, request.model_dump_json().encode())

    async def submit(self, request: SubmitCommand) -> RulesReply:
        return await self.request(self.subjects.submit_command, request.model_dump_json().encode())

    async def request(self, subject: str, payload: bytes) -> RulesReply:
        """Raw request (tests send malformed payloads through this)."""
        msg = await self.nc.request(subject, payload, timeout=self.timeout)
        return RulesReply.model_validate_json(msg.data)
