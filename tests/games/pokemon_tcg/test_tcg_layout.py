"""The Pokémon TCG package keeps the one game layout of ADR 0021."""

from __future__ import annotations

from pathlib import Path

import tabletop.games.pokemon_tcg as package

ROOT = Path(package.__file__).parent
REQUIRED = {
    "__init__", "game", "codes", "commands", "events", "state", "setup", "decide",
    "evolve", "legal", "view", "evaluation", "card_facts",
}  # fmt: skip
RETIRED = {"rules", "engine", "flow", "fold", "messages", "errors", "fast", "helpers", "utils"}


def _modules() -> list[Path]:
    return [p for p in ROOT.rglob("*.py") if "__pycache__" not in p.parts]


def test_every_layout_name_is_there_and_no_retired_one_is() -> None:
    names = {p.stem for p in _modules()} | {p.name for p in ROOT.iterdir() if p.is_dir()}
    assert names >= REQUIRED, REQUIRED - names
    assert (ROOT / "data").is_dir()
    assert not names & RETIRED, names & RETIRED


def test_every_module_stays_under_450_lines() -> None:
    long = {
        str(p.relative_to(ROOT)): n
        for p in _modules()
        if (n := len(p.read_text().splitlines())) >= 450
    }
    assert not long, long


def test_no_state_copier_but_the_kernels() -> None:
    text = "\n".join(p.read_text() for p in _modules())
    assert "exec(" not in text
    assert "dataclasses import replace" not in text
