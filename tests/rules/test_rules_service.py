"""The rules service as a real process over real NATS: play, refusals, races,
retries — and it keeps answering."""

from __future__ import annotations

import asyncio
import urllib.request

import pytest
from nats.aio.client import Client

from tabletop.eventlog import EventLog, Topology, verify_chain
from tabletop.messaging import Accepted, Refusal, RulesClient, SubmitCommand
from tests.support.play import add, code, new_id, outcome, start, turn
from tests.support.rules_process import RulesProcess

pytestmark = pytest.mark.integration


@pytest.fixture
def log(nc: Client, rules_service: RulesProcess) -> EventLog:
    return EventLog(nc.jetstream(), Topology(namespace=rules_service.namespace))


def get(url: str) -> tuple[int, str]:
    with urllib.request.urlopen(url, timeout=5) as response:
        return response.status, response.read().decode()


async def test_a_game_plays_to_the_end(rules_client: RulesClient, log: EventLog) -> None:
    game_id = await start(rules_client, target=10)
    seat, seq = await turn(log, game_id)
    total = 0
    while total < 10:
        amount = min(3, 10 - total)
        accepted = await rules_client.submit(add(game_id, seat, amount, expected_seq=seq))
        assert accepted.seq == seq + 1, accepted
        total, seat, seq = total + amount, 1 - seat, seq + 1
    over = await outcome(rules_client.submit(add(game_id, seat)))
    assert code(over) == "game_over"
    commits, _ = await log.load(game_id)
    assert verify_chain(game_id, commits).ok and len(commits) == seq


async def test_every_bad_input_is_refused_and_the_service_keeps_answering(
    rules_client: RulesClient, rules_service: RulesProcess, log: EventLog
) -> None:
    game_id = await start(rules_client)
    seat, seq = await turn(log, game_id)
    landed = await rules_client.submit(add(game_id, seat, command_id="once"))
    subjects = rules_client.subjects
    cases = {
        "malformed_request": await outcome(
            rules_client.ask(subjects.submit_command, b"{oops", Accepted)
        ),
        "unknown_game": await outcome(
            rules_client.ask(subjects.start_game, b'{"game": "chess", "players": 2}', Accepted)
        ),
        "unknown_game_id": await outcome(rules_client.submit(add(new_id(), 0))),
        "wrong_seat": await outcome(rules_client.submit(add(game_id, 5))),
        "not_your_turn": await outcome(rules_client.submit(add(game_id, seat))),
        "illegal_move": await outcome(rules_client.submit(add(game_id, 1 - seat, amount=4))),
        "stale_command": await outcome(
            rules_client.submit(add(game_id, 1 - seat, expected_seq=seq))
        ),
        "duplicate_command": await outcome(
            rules_client.submit(add(game_id, seat, command_id="once"))
        ),
    }
    for expected, answer in cases.items():
        assert isinstance(answer, Refusal) and answer.code == expected, (expected, answer)
        assert answer.message
    assert cases["duplicate_command"].seq == landed.seq
    # Still serving, healthy, and counting refusals by code.
    await rules_client.submit(add(game_id, 1 - seat))
    assert get(f"{rules_service.http}/healthz")[0] == 200
    assert get(f"{rules_service.http}/readyz")[0] in (200, 204)
    metrics = get(f"{rules_service.http}/metrics")[1]
    assert 'tabletop_rules_requests_total{code="illegal_move",op="submit",outcome="refused"}' in (
        metrics
    )
    assert "tabletop_rules_request_seconds_bucket" in metrics


async def test_racing_commands_exactly_one_lands(rules_client: RulesClient, log: EventLog) -> None:
    game_id = await start(rules_client)
    seat, seq = await turn(log, game_id)
    # Same seat, same base: one lands, the others are re-decided on the new
    # state (now not their turn) or refused as stale.
    blind = [add(game_id, seat) for _ in range(4)]
    based = [add(game_id, seat, expected_seq=seq) for _ in range(4)]
    replies = await asyncio.gather(*(outcome(rules_client.submit(r)) for r in blind + based))
    assert sum(isinstance(r, Accepted) for r in replies) == 1
    refused = {code(r) for r in replies if isinstance(r, Refusal)}
    assert refused <= {"not_your_turn", "stale_command"}
    commits, _ = await log.load(game_id)
    assert len(commits) == 2 and verify_chain(game_id, commits).ok


async def test_a_retried_command_lands_once(rules_client: RulesClient, log: EventLog) -> None:
    game_id = await start(rules_client)
    seat, _ = await turn(log, game_id)
    request = add(game_id, seat)
    replies = await asyncio.gather(*(outcome(rules_client.submit(request)) for _ in range(5)))
    later = await outcome(rules_client.submit(request))
    accepted = [r for r in replies if isinstance(r, Accepted)]
    assert len(accepted) == 1
    for answer in [*replies, later]:
        assert isinstance(answer, Accepted) or (
            answer.code == "duplicate_command" and answer.seq == 2
        )
    commits, _ = await log.load(game_id)
    assert [c.command_id for c in commits[1:]] == [request.command_id]


async def test_both_seats_racing_on_many_games(rules_client: RulesClient, log: EventLog) -> None:
    """Concurrent players on several games: every game's chain stays whole."""
    games = [await start(rules_client, target=12) for _ in range(3)]

    async def play(game_id: str, seat: int) -> int:
        landed = 0
        for _ in range(12):
            answer = await outcome(
                rules_client.submit(
                    SubmitCommand(
                        game_id=game_id,
                        command_id=new_id("c"),
                        command={"type": "add", "seat": seat, "amount": 1},
                    )
                )
            )
            landed += isinstance(answer, Accepted)
        return landed

    results = await asyncio.gather(*(play(g, s) for g in games for s in (0, 1)))
    for index, game_id in enumerate(games):
        commits, _ = await log.load(game_id)
        assert verify_chain(game_id, commits).ok
        assert len(commits) == 1 + results[2 * index] + results[2 * index + 1]
