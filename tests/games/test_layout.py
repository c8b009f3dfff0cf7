"""Every game package keeps the one layout of ADR 0021 (docs/adr/0021-one-game-layout.md)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import tabletop.games

GAMES_DIR = Path(tabletop.games.__file__).parent
PACKAGES = (
    "_gems",
    "splendor",
    "splendor_pokemon",
    "potion_explosion",
    "pokemon_tcg",
    "schotten_totten",
)
# Every full game has these (a module, or a package of the same name).
REQUIRED = (
    "game",
    "codes",
    "commands",
    "events",
    "state",
    "setup",
    "decide",
    "evolve",
    "legal",
    "view",
    "evaluation",
    "card_facts",
)
# The two Splendor games are the shared `_gems` engine plus their own data and metadata.
GEMS_VARIANT = ("game", "evaluation", "card_facts")
RETIRED = {"rules", "engine", "flow", "fold", "messages", "errors", "fast", "helpers", "utils"}


def names(package: Path) -> set[str]:
    found = {p.stem for p in package.glob("*.py")}
    found |= {p.name for p in package.iterdir() if (p / "__init__.py").exists()}
    return found


@pytest.mark.parametrize("package", ["potion_explosion", "pokemon_tcg", "schotten_totten", "_gems"])
def test_a_game_has_every_part_of_the_layout(package: str) -> None:
    missing = [n for n in REQUIRED if n not in names(GAMES_DIR / package)]
    if package == "_gems":  # metadata and card facts are the variants'
        missing = [n for n in missing if n not in GEMS_VARIANT]
    assert not missing, f"{package} lacks {missing} (ADR 0021)"


@pytest.mark.parametrize("package", ["splendor", "splendor_pokemon"])
def test_a_gems_variant_has_its_metadata_and_facts(package: str) -> None:
    missing = [n for n in GEMS_VARIANT if n not in names(GAMES_DIR / package)]
    assert not missing, f"{package} lacks {missing} (ADR 0021)"


@pytest.mark.parametrize("package", PACKAGES)
def test_no_retired_name_is_back(package: str) -> None:
    retired = sorted(
        str(p.relative_to(GAMES_DIR))
        for p in (GAMES_DIR / package).rglob("*")
        if p.stem in RETIRED and (p.suffix == ".py" or p.is_dir())
    )
    assert not retired, f"retired module names in use (ADR 0021): {retired}"


@pytest.mark.parametrize("package", PACKAGES)
def test_no_game_generates_code_or_defines_its_own_builder(package: str) -> None:
    for path in (GAMES_DIR / package).rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
                assert node.func.id not in {"exec", "eval"}, f"{path}: {node.func.id}()"
            if isinstance(node, ast.ClassDef):
                assert node.name not in {"Builder", "Flow"}, (
                    f"{path}: class {node.name} (decide uses tabletop.kernel.EventBuilder)"
                )


@pytest.mark.parametrize("package", PACKAGES)
def test_modules_stay_small(package: str) -> None:
    long = {
        str(p.relative_to(GAMES_DIR)): n
        for p in (GAMES_DIR / package).rglob("*.py")
        if (n := len(p.read_text(encoding="utf-8").splitlines())) > 450
    }
    assert not long, f"modules over 450 lines: {long}"
