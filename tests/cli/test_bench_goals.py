"""The bench's verdicts on #17's goals, read off a run's figures."""

from __future__ import annotations

from typing import Any

from tabletop.cli.bench_goals import cores_in_use, goals


def figures(
    one_in_flight: float = 1700.0, half_p99: float = 7.0, two: float = 6000.0, cold: float = 3.0
) -> dict[str, Any]:
    def rules(rate: float) -> dict[str, Any]:
        return {"commands_per_second": rate, "cpu_ms_per_command": 0.14,
                "client_cpu_ms_per_command": 0.06, "server_cpu_ms_per_command": 0.05}  # fmt: skip

    return {
        "throughput": {
            "1": {"raw": {"appends_per_second": 5000.0}, "after": rules(one_in_flight)},
            "64": {"raw": {"appends_per_second": 13000.0}, "after": rules(6000.0)},
        },
        "half_load": {"p99_ms": half_p99},
        "two_processes": {"commands_per_second": two},
        "cold": [
            {"commits": 10, "cold_head_ms": 2.0, "cold_command_ms_after": cold},
            {"commits": 1000, "cold_head_ms": 1.5, "cold_command_ms_after": 2.0},
        ],
    }


def verdicts(run: dict[str, Any]) -> dict[str, tuple[str, bool]]:
    return {goal.goal: (goal.figure, goal.met) for goal in goals(run)}


def test_each_goal_is_judged_against_its_threshold() -> None:
    met = verdicts(figures())
    assert met == {
        "rules ÷ raw at 1 in flight ≥ 1/3": ("0.340", True),
        "rules ÷ raw at 64 in flight ≥ 1/3": ("0.462", True),
        "p99 at half load ≤ 10 ms": ("7.0 ms", True),
        "two processes ≥ 1.8x one": ("1.00x", False),
        "cold head ≤ 5 ms at 10/1000 commits": ("2.0 ms at most", True),
        "cold command ≤ 5 ms at 10/1000 commits": ("3.0 ms at most", True),
    }
    missed = verdicts(figures(one_in_flight=1600.0, half_p99=10.5, two=10_800.0, cold=5.2))
    assert missed["rules ÷ raw at 1 in flight ≥ 1/3"] == ("0.320", False)
    assert missed["p99 at half load ≤ 10 ms"] == ("10.5 ms", False)
    assert missed["two processes ≥ 1.8x one"] == ("1.80x", True)
    assert missed["cold command ≤ 5 ms at 10/1000 commits"] == ("5.2 ms at most", False)


def test_the_cores_one_process_kept_busy() -> None:
    assert cores_in_use(figures()) == 1.5  # 6,000/s x 0.25 ms of CPU per command
    run = figures()
    del run["throughput"]["64"]["after"]["server_cpu_ms_per_command"]  # a server not found
    assert cores_in_use(run) is None
