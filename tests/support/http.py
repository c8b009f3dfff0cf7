"""A small HTTP client of the gateway for tests: one signed-in player."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import httpx

from tests.support.platform import eventually


@dataclass
class Player:
    http: httpx.AsyncClient
    player_id: str
    token: str

    @classmethod
    async def sign_in(cls, http: httpx.AsyncClient) -> Player:
        response = await http.post("/v1/auth/guest")
        assert response.status_code == 200, response.text
        body = response.json()
        return cls(http, body["player_id"], body["token"])

    @property
    def auth(self) -> dict[str, str]:
        return {"Authorization": f"Bearer {self.token}"}

    async def get(self, path: str, **params: Any) -> httpx.Response:
        return await self.http.get(path, headers=self.auth, params=params)

    async def post(self, path: str, body: Any = None) -> httpx.Response:
        return await self.http.post(path, headers=self.auth, json=body)

    async def ok(self, method: str, path: str, body: Any = None, **params: Any) -> Any:
        response = await self.http.request(method, path, headers=self.auth, json=body,
                                           params=params)  # fmt: skip
        assert response.status_code == 200, f"{method} {path}: {response.text}"
        return response.json()

    async def queue_until_matched(self, game: str, players: int, within: float = 30.0) -> Any:
        """Join the queue and wait for the match (bots fill the empty seats)."""
        await self.ok("POST", "/v1/queue", {"game": game, "players": players})

        async def matched() -> dict[str, Any] | None:
            ticket = await self.ok("GET", "/v1/queue")
            return ticket if ticket["status"] == "matched" else None

        return await eventually(matched, within=within, what="a match with a bot")
