"""Stored playthroughs: a few seeded whole games of every registered game and
option set, fingerprinted, so that an unintended rule change fails a test.

A game is `random_playout` from a seed (the path bots and the benchmark use),
capped at STEP_CAP steps. Its fingerprint is the sha256 of the canonical JSON
(sorted keys) of, in order: every seat's and the spectator's view of the
first state; then per step the chosen command, its events and every view of
the state after it; and finally the outcome. So it changes when a rule, a
view, an event or the order of the legal commands changes.

The fingerprints live in `playthroughs.json` beside this file, one entry per
table of `tests.tables.every_table()`. After an intended change, rewrite them
in the same commit and say why in its message:

    .venv/bin/python -m tests.conformance.playthroughs --update            # every game
    .venv/bin/python -m tests.conformance.playthroughs --update splendor   # one game id
    .venv/bin/python -m tests.conformance.playthroughs                     # check, print diffs

A game that raises while being played keeps its old entries (the error is
printed and the exit code is 1); every other game is still rewritten.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import sys
import tempfile
from itertools import islice
from pathlib import Path
from typing import Any

from tabletop.kernel import Game, random_playout

DATA_FILE = Path(__file__).with_name("playthroughs.json")
STEP_CAP = 3000  # well above a whole random game of any registered game
# Long games (in steps, or in views per step) play fewer seeds: a few seconds per game.
SEEDS: dict[str, tuple[int, ...]] = {"pokemon-tcg": (0, 1), "potion-explosion": (0, 1)}
DEFAULT_SEEDS = (0, 1, 2)

Entry = dict[str, Any]


def seeds_for(game: Game[Any]) -> tuple[int, ...]:
    return SEEDS.get(game.id, DEFAULT_SEEDS)


def _canonical(value: Any) -> bytes:
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode()


def _views(game: Game[Any], state: Any) -> list[Any]:
    return [game.view(state, seat) for seat in (*range(game.seats(state)), None)]


def playthrough(game: Game[Any], players: int, options: dict[str, Any], seed: int) -> Entry:
    """One seeded random game: its length, outcome and fingerprint."""
    setup, steps = random_playout(game, players, seed, max_steps=STEP_CAP + 1, **options)
    state = game.replay(setup)
    digest = hashlib.sha256(_canonical(_views(game, state)))
    count = 0
    for step in islice(steps, STEP_CAP):
        count += 1
        digest.update(_canonical(step.command.model_dump(mode="json")))
        digest.update(_canonical([e.model_dump(mode="json") for e in step.events]))
        digest.update(_canonical(_views(game, step.after)))
        state = step.after
    outcome = game.outcome(state)
    result = None if outcome is None else outcome.model_dump(mode="json")
    digest.update(_canonical(result))
    return {"seed": seed, "steps": count, "outcome": result, "sha256": digest.hexdigest()}


def table_entries(game: Game[Any], players: int, options: dict[str, Any]) -> list[Entry]:
    return [playthrough(game, players, options, seed) for seed in seeds_for(game)]


def tables() -> dict[str, tuple[Game[Any], int, dict[str, Any]]]:
    """Every table by its pytest id (`splendor-4p-default`, ...)."""
    from tests.tables import every_table

    return {str(p.id): p.values for p in every_table()}


def load() -> dict[str, list[Entry]]:
    if not DATA_FILE.exists():
        return {}
    return json.loads(DATA_FILE.read_text(encoding="utf-8"))


def save(data: dict[str, list[Entry]]) -> None:
    """Write atomically: an interrupted update leaves the old file whole."""
    tables = [
        f"{json.dumps(table, ensure_ascii=False)}: [\n"
        + ",\n".join(f"  {json.dumps(e, sort_keys=True, ensure_ascii=False)}" for e in entries)
        + "\n ]"
        for table, entries in sorted(data.items())
    ]
    text = "{\n " + ",\n ".join(tables) + "\n}\n"  # one line per game: readable diffs
    fd, tmp = tempfile.mkstemp(dir=DATA_FILE.parent, suffix=".tmp")
    with os.fdopen(fd, "w", encoding="utf-8") as f:
        f.write(text)
    os.replace(tmp, DATA_FILE)


def differences(stored: list[Entry], fresh: list[Entry]) -> list[str]:
    """Readable lines naming what changed, seed by seed."""
    old = {e["seed"]: e for e in stored}
    lines = []
    for entry in fresh:
        was = old.get(entry["seed"])
        if was is None:
            lines.append(f"seed {entry['seed']}: not stored")
        elif was != entry:
            changed = [k for k in ("steps", "outcome", "sha256") if was.get(k) != entry[k]]
            detail = ", ".join(f"{k} {was.get(k)} -> {entry[k]}" for k in changed if k != "sha256")
            lines.append(f"seed {entry['seed']}: {detail or 'views, commands or events differ'}")
    gone = sorted(old.keys() - {e["seed"] for e in fresh})
    lines += [f"seed {seed}: stored but no longer played" for seed in gone]
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.conformance.playthroughs")
    parser.add_argument("--update", action="store_true", help="rewrite playthroughs.json")
    parser.add_argument("games", nargs="*", help="game ids (default: every registered game)")
    args = parser.parse_args(argv)
    known = tables()
    games = set(args.games) or {values[0].id for values in known.values()}
    unknown = games - {values[0].id for values in known.values()}
    if unknown:
        print(f"unknown game ids: {sorted(unknown)}", file=sys.stderr)
        return 2
    stored = load()
    data = {k: v for k, v in stored.items() if k in known}  # drop tables no longer registered
    failed = changed = 0
    for table, (game, players, options) in known.items():
        if game.id not in games:
            continue
        try:
            fresh = table_entries(game, players, options)
        except Exception as exc:  # keep going: one broken game must not block the others
            failed += 1
            print(f"{table}: ERROR {type(exc).__name__}: {exc} (stored entries kept)")
            continue
        diff = differences(stored.get(table, []), fresh)
        if diff:
            changed += 1
            print(f"{table}: " + "; ".join(diff))
        data[table] = fresh
    dropped = sorted(stored.keys() - known.keys())
    for table in dropped:
        print(f"{table}: no longer a table, dropped")
    if args.update:
        save(data)
        print(f"wrote {DATA_FILE.name}: {changed} tables changed, {len(dropped)} dropped")
    else:
        print(f"{changed} tables differ from {DATA_FILE.name}" if changed else "all unchanged")
    return 1 if failed or (changed and not args.update) else 0


if __name__ == "__main__":
    sys.exit(main())
