"""`tabletop bench` compares with a peer engine only when given a checkout of
one, measured in the same run; a directory that is not one fails clearly."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from tabletop.cli.bench import GameRate, in_process_rates, render_rates
from tabletop.cli.bench_peers import PeerError, PeerRate, measure_peer, peer_paths
from tabletop.cli.main import app

BENCH = ["bench", "--no-service", "--seconds", "0.05", "-g", "schotten-totten"]


def _fake_battle_line(root: Path, body: str) -> Path:
    """A directory shaped like chikinn/battle-line whose round loop is `body`."""
    (root / "players").mkdir(parents=True)
    (root / "players" / "__init__.py").write_text("")
    (root / "players" / "kenny_player.py").write_text(
        "class KennyPlayer:\n    def __init__(self, seat):\n        self.seat = seat\n"
    )
    (root / "play_bl.py").write_text(f"def play_one_round(players, names, verbose):\n{body}\n")
    return root


def test_without_a_peer_there_is_no_peer_column(capsys: pytest.CaptureFixture[str]) -> None:
    rates = in_process_rates(0.01, quiet=True, only=["schotten-totten"], peers={})
    assert rates and all(r.peer is None and r.vs_peer is None for r in rates)
    assert all("cpu_vs_peer" not in r.as_dict() and "peer" not in r.as_dict() for r in rates)
    render_rates(rates)
    out = capsys.readouterr().out
    assert "games/CPU-s" in out
    assert "vs peer" not in out and "peer" not in out


def test_the_peer_column_divides_by_the_peer_measured(capsys: pytest.CaptureFixture[str]) -> None:
    peer = PeerRate("chikinn/battle-line", 2, games=50, seconds=1.0, cpu_seconds=0.5)
    ours = GameRate("schotten-totten", 2, "-", 30, 3000, 1.0, 0.1, peer=peer)
    assert ours.vs_peer == pytest.approx(300 / 100)
    assert ours.as_dict()["cpu_vs_peer"] == 3.0
    assert ours.as_dict()["peer"]["cpu_games_per_second"] == 100.0
    render_rates([ours])
    out = capsys.readouterr().out
    assert "vs peer" in out and "3.00" in out


def test_a_directory_that_is_not_the_peer_is_refused_clearly(tmp_path: Path) -> None:
    with pytest.raises(PeerError, match=r"not a checkout of chikinn/battle-line \(no play_bl.py\)"):
        measure_peer("schotten-totten", tmp_path, 2, 0.05)


def test_a_peer_whose_code_fails_is_reported_with_its_error(tmp_path: Path) -> None:
    fake = _fake_battle_line(tmp_path, "    raise RuntimeError('boom in the peer')")
    with pytest.raises(PeerError, match="the driver failed: RuntimeError: boom in the peer"):
        measure_peer("schotten-totten", fake, 2, 0.05)


def test_the_driver_plays_the_peer_rounds_for_the_seconds_given(tmp_path: Path) -> None:
    fake = _fake_battle_line(
        tmp_path, "    assert [p.seat for p in players] == [0, 1]\n    return names[0]"
    )
    rate = measure_peer("schotten-totten", fake, 2, 0.2)
    assert rate.peer == "chikinn/battle-line" and rate.players == 2
    assert rate.seconds >= 0.2 and rate.games > 3 and rate.cpu_games_per_second > 0


def test_peer_paths_come_from_the_environment_and_the_settings() -> None:
    env = {"TABLETOP_PEER_SCHOTTEN_TOTTEN": "/env/bl", "TABLETOP_PEER_SPLENDOR": "/env/sp"}
    paths = peer_paths(["splendor=/cli/sp"], env)
    assert paths == {"schotten-totten": Path("/env/bl"), "splendor": Path("/cli/sp")}
    with pytest.raises(PeerError, match="expected GAME=PATH"):
        peer_paths(["splendor"], {})
    with pytest.raises(PeerError, match="no peer engine known for 'chess'"):
        peer_paths(["chess=/x"], {})


def test_the_command_line_says_what_is_wrong_with_a_peer(tmp_path: Path) -> None:
    result = CliRunner().invoke(app, [*BENCH, "--peer", f"schotten-totten={tmp_path}"])
    assert result.exit_code == 2
    said = " ".join(result.output.replace("│", " ").split())  # rich boxes and wraps it
    assert "not a checkout of chikinn/battle-line (no play_bl.py)" in said
    assert "Traceback" not in result.output


def test_the_command_line_measures_a_peer_beside_ours(tmp_path: Path) -> None:
    fake = _fake_battle_line(tmp_path, "    return names[0]")
    result = CliRunner().invoke(
        app, [*BENCH, "--json"], env={"TABLETOP_PEER_SCHOTTEN_TOTTEN": str(fake)}
    )
    assert result.exit_code == 0, result.output
    rows = json.loads(result.stdout)["in_process"]
    base = [r for r in rows if r["options"] == "-"]
    assert base and base[0]["peer"]["peer"] == "chikinn/battle-line"
    assert base[0]["peer"]["games"] > 3 and base[0]["cpu_vs_peer"] is not None
    assert all("peer" not in r for r in rows if r["options"] != "-")  # tactics: no peer
