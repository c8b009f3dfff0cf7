"""Checks shared by the per-game refusal-code tests (issue #16, point 1): a
game's codes are one `StrEnum`, every raise site names a member of it (or of
the kernel's `Code`), every member is documented, and random play with stale
commands is refused only with those codes."""

from __future__ import annotations

import ast
import contextlib
import random
from enum import StrEnum
from pathlib import Path
from types import ModuleType
from typing import Any

from pydantic import ValidationError

from tabletop.kernel import Code, Game, IllegalCommand, random_playout

DOCS = Path(__file__).parents[2] / "docs" / "games"


def raise_sites(package: ModuleType, helpers: frozenset[str]) -> list[tuple[str, int, str]]:
    """Every call of `IllegalCommand` (or of one of `helpers`, the package's
    own wrappers around it, whose bodies are skipped) in the package's source,
    as (file, line, the source of the code argument)."""
    sites: list[tuple[str, int, str]] = []
    for path in sorted(Path(package.__path__[0]).glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        inside_helpers = {
            id(node)
            for fn in ast.walk(tree)
            if isinstance(fn, ast.FunctionDef) and fn.name in helpers
            for node in ast.walk(fn)
        }
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call) or not isinstance(node.func, ast.Name):
                continue
            if node.func.id != "IllegalCommand" and node.func.id not in helpers:
                continue
            if id(node) in inside_helpers:
                continue
            code = node.args[0] if node.args else None
            branches = [code.body, code.orelse] if isinstance(code, ast.IfExp) else [code]
            for branch in branches:
                text = ast.unparse(branch) if branch is not None else "<none>"
                sites.append((path.name, node.lineno, text))
    return sites


def stray_sites(
    package: ModuleType, enum: type[StrEnum], helpers: frozenset[str] = frozenset()
) -> list[tuple[str, int, str]]:
    """The raise sites whose code is not written `Enum.MEMBER` or `Code.MEMBER`
    (a string literal, a module constant, a local, an unknown member); a
    conditional between two members counts as both."""
    known = {f"{enum.__name__}.{m.name}" for m in enum} | {f"Code.{m.name}" for m in Code}
    return [s for s in raise_sites(package, helpers) if s[2] not in known]


def undocumented(enum: type[StrEnum], doc: str) -> list[str]:
    text = (DOCS / doc).read_text(encoding="utf-8")
    return [m.value for m in enum if f"`{m.value}`" not in text]


def _variants(command: Any, acting: tuple[int, ...], rng: random.Random) -> list[Any]:
    """`command` sent by every acting seat, and once with one integer field
    nudged (a bad track, slot, stone or card), dropping what fails validation
    (the boundary's `malformed_command`, not a rule)."""
    out = [command.model_copy(update={"seat": seat}) for seat in acting]
    body = command.model_dump()
    fields = [k for k, v in body.items() if k != "seat" and type(v) is int]
    if fields and acting:
        key = rng.choice(fields)
        body.update(seat=rng.choice(acting), **{key: body[key] + rng.choice((-2, -1, 1, 2, 7))})
        with contextlib.suppress(ValidationError):
            out.append(type(command).model_validate(body))
    return out


def codes_from_stale_commands(
    game: Game[Any], players: int, seeds: range, **options: Any
) -> set[str]:
    """Play random games; every few steps, send commands that were legal at
    earlier steps (re-seated to whoever acts now, some with a field nudged):
    the codes they were refused with. Anything but IllegalCommand escapes."""
    codes: set[str] = set()
    rng = random.Random(0)
    for seed in seeds:
        _, steps = random_playout(game, players, seed, **options)
        seen: list[Any] = []
        for n, step in enumerate(steps):
            if n % 3:
                continue
            acting = tuple(game.to_act(step.before))
            for stale in seen[-40:]:
                for command in _variants(stale, acting, rng):
                    try:
                        game.decide(step.before, command, random.Random(0))
                    except IllegalCommand as exc:
                        codes.add(exc.code)
            for seat in acting:
                legal = game.legal_commands(step.before, seat)
                seen += rng.sample(legal, min(8, len(legal)))
    return codes
