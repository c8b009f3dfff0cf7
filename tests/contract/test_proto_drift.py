"""proto/ is generated from the models and apps; this fails when they drift."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parents[2]


def _generator() -> ModuleType:
    spec = importlib.util.spec_from_file_location("proto_generate", ROOT / "proto" / "generate.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_proto_matches_the_models() -> None:
    problems = _generator().drift()
    assert not problems, "proto/ drifted (run `make proto`):\n" + "\n".join(problems)


def test_drift_is_detected(tmp_path: Path) -> None:
    generator = _generator()
    generator.write(tmp_path)
    assert generator.drift(tmp_path) == []
    victim = next(tmp_path.rglob("*.schema.json"))
    victim.write_text(json.dumps({"tampered": True}))
    (tmp_path / "games" / "retired-game").mkdir(parents=True)
    (tmp_path / "games" / "retired-game" / "view.schema.json").write_text("{}")
    problems = generator.drift(tmp_path)
    assert f"changed {victim.relative_to(tmp_path).as_posix()}" in problems
    assert "stale games/retired-game/view.schema.json" in problems


def test_every_game_and_service_is_documented() -> None:
    from tabletop.games import game_ids

    documents = _generator().documents()
    for game_id in game_ids():
        for kind in ("commands", "events", "view", "options"):
            assert f"games/{game_id}/{kind}.schema.json" in documents
    assert "eventlog/commit.schema.json" in documents
    rules = json.loads(documents["asyncapi/rules.json"])
    assert any("rules.submit" in name for name in json.dumps(rules["channels"]).split('"'))
