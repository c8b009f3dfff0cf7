"""`tabletop replay` shows the archive's clocks at the step, and who had left."""

from __future__ import annotations

from rich.console import Console

from tabletop.cli.replay import clock_table
from tabletop.eventlog import Commit, GameHead, MemoryEventLog
from tabletop.games import get_game
from tabletop.messaging import StartGame, SubmitCommand
from tabletop.messaging.clocks import clock_out
from tabletop.rules.engine import Rules


def shown(commits: list[Commit]) -> str:
    """The table for the step after `commits`, with the clock the archive's view
    carries there (the same `clock_out` of the replayed table)."""
    head = GameHead.replay(get_game(commits[0].game), commits)
    table = clock_table(clock_out(head.table), commits)
    assert table is not None
    console = Console(width=120, record=True)
    console.print(table)
    return console.export_text()


async def test_the_clocks_at_a_step_are_the_archives_and_name_who_left() -> None:
    now = [1_000_000]
    log = MemoryEventLog()
    rules = Rules(log, now=lambda: now[0])
    started = await rules.start(StartGame(game="splendor", players=3, seed=1, clock="blitz"))
    assert started.game_id is not None
    head = await rules.head(started.game_id)
    assert head is not None
    seat = head.to_act[0]
    now[0] += 7_500
    move = head.game.legal_commands(head.state, seat)[0].model_dump(mode="json")
    await rules.submit(SubmitCommand(game_id=started.game_id, command_id="m", command=move))
    resign = {"type": "resign", "seat": 2}
    await rules.submit(SubmitCommand(game_id=started.game_id, command_id="r", command=resign))
    commits, _ = await log.load(started.game_id)
    after_move = shown(commits[:2])
    assert "blitz" in after_move and "2:54.500" in after_move and "running" in after_move
    assert "resign" not in after_move  # 3:00 - 7.5 s + 2 s; nobody had left yet
    assert "3:00.000" in shown(commits[:1])
    assert "resign" in shown(commits)
    assert clock_table(None, commits) is None  # a game without a clock shows none
