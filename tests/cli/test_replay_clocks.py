"""`tabletop replay` shows the clocks as they stood at the step."""

from __future__ import annotations

from rich.console import Console

from tabletop.cli.replay import clock_table
from tabletop.eventlog import MemoryEventLog
from tabletop.messaging import StartGame, SubmitCommand
from tabletop.rules.engine import Rules


async def test_the_clocks_at_a_step_are_the_fold_of_its_commits() -> None:
    now = [1_000_000]
    log = MemoryEventLog()
    rules = Rules(log, now=lambda: now[0])
    started = await rules.start(StartGame(game="splendor", players=2, seed=1, clock="blitz"))
    assert started.game_id is not None
    head = await rules.head(started.game_id)
    assert head is not None
    seat = head.to_act[0]
    now[0] += 7_500
    move = head.game.legal_commands(head.state, seat)[0].model_dump(mode="json")
    await rules.submit(SubmitCommand(game_id=started.game_id, command_id="m", command=move))
    commits, _ = await log.load(started.game_id)
    console = Console(width=120, record=True)
    table = clock_table(commits)
    assert table is not None
    console.print(table)
    text = console.export_text()
    assert "blitz" in text and "2:54.500" in text and "running" in text  # 3:00 - 7.5 s + 2 s
    at_start = Console(width=120, record=True)
    first = clock_table(commits[:1])
    assert first is not None
    at_start.print(first)
    assert "3:00.000" in at_start.export_text()
