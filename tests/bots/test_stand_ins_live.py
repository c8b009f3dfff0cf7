"""A seat that resigned in a game of three or four is played on by the platform's
weakest bot, over real NATS: rules and bots as separate processes, the other
seats played by the test as humans would (issue #18, point 1)."""

from __future__ import annotations

import random
import uuid

import pytest
from nats.aio.client import Client

from tabletop.eventlog import EventLog, GameHead, GameHeads
from tabletop.games import get_game
from tabletop.messaging import RulesClient, StartGame, SubmitCommand
from tabletop.messaging.matchmaking import SeatInfo, Seating
from tests.support.platform import Platform, eventually
from tests.support.platform_play import seated

pytestmark = [pytest.mark.integration]

GAME = "splendor"
RESIGNED = 1


async def moved_past(heads: GameHeads, game_id: str, seq: int) -> GameHead | None:
    head = await heads.head(game_id)
    return head if head is not None and head.seq > seq else None


@pytest.mark.parametrize("players", [3, 4])
async def test_a_resigned_seat_is_played_by_the_weakest_bot(
    nc: Client, platform: Platform, players: int
) -> None:
    js = nc.jetstream()
    topology = platform.topology
    game_id = f"g-{uuid.uuid4().hex[:12]}"
    humans = [SeatInfo(player_id=f"h{seat}") for seat in range(players)]  # no bot seat
    await seated(nc, topology, Seating(game_id=game_id, game=GAME, seats=humans))
    platform.start_all({"rules": {}, "bots": {}})
    bots = platform.processes[-1]
    rules = RulesClient(nc, platform.namespace, timeout=10)
    await rules.start_game(
        StartGame(game=GAME, players=players, game_id=game_id, command_id=f"{game_id}-start")
    )
    resign = {"type": "resign", "seat": RESIGNED}
    await rules.submit(SubmitCommand(game_id=game_id, command_id=f"{game_id}-r", command=resign))

    log = EventLog(js, topology)
    heads = GameHeads(log, get_game, size=4)
    rng = random.Random(players)
    after_resigning = await heads.head(game_id)
    assert after_resigning is not None
    resigned_at = after_resigning.seq
    stood_in: list[int] = []  # the seqs the resigned seat's turns landed at
    while len(stood_in) < 3:
        head = await heads.head(game_id)
        assert head is not None and head.outcome is None
        seat = head.to_act[0]
        if seat == RESIGNED:  # nobody here plays it: the bots service must
            head = await eventually(
                lambda seq=head.seq: moved_past(heads, game_id, seq), within=30,
                what=f"a move for the resigned seat at seq {head.seq}",
            )  # fmt: skip
            commits, _ = await log.load(game_id)
            landed = commits[-1]
            assert landed.seat == RESIGNED and landed.command_id.startswith("bot-")
            stood_in.append(landed.seq)
            continue
        legal = head.game.legal_commands(head.state, seat)
        command = rng.choice(legal).model_dump(mode="json")
        move = SubmitCommand(
            game_id=game_id, command_id=f"{game_id}-{head.seq}", command=command,
            expected_seq=head.seq,
        )  # fmt: skip
        await rules.submit(move)
    assert min(stood_in) > resigned_at
    # The other seats never saw a bot move for them: only the resigned seat's were.
    commits, _ = await log.load(game_id)
    by_bots = {c.seat for c in commits if c.command_id.startswith("bot-")}
    assert by_bots == {RESIGNED}
    assert bots.metric("tabletop_bots_moves_total", 'answer="accepted"') >= len(stood_in)
