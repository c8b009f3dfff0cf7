"""The README stays true: every setting a service reads, and every CLI
command, is documented there."""

from __future__ import annotations

import importlib
from pathlib import Path

import pytest
from pydantic import AliasChoices
from pydantic_settings import BaseSettings

from tabletop.cli.main import app
from tabletop.runtime.services import SERVICES

README = (Path(__file__).resolve().parents[2] / "README.md").read_text()


def _settings_classes() -> list[type[BaseSettings]]:
    classes = []
    for spec in SERVICES:
        module = importlib.import_module(f"{spec.module}.settings")
        classes += [
            obj
            for obj in vars(module).values()
            if isinstance(obj, type) and issubclass(obj, BaseSettings) and obj is not BaseSettings
        ]
    return classes


def _env_names(cls: type[BaseSettings]) -> set[str]:
    prefix = cls.model_config.get("env_prefix", "")
    names = set()
    for name, field in cls.model_fields.items():
        alias = field.validation_alias
        if isinstance(alias, str):
            names.add(alias.upper())
        elif isinstance(alias, AliasChoices):
            names.add(str(alias.choices[0]).upper())
        else:
            names.add(f"{prefix}{name}".upper())
    return names


@pytest.mark.parametrize("cls", _settings_classes(), ids=lambda c: c.__name__)
def test_every_setting_is_in_the_readme(cls: type[BaseSettings]) -> None:
    missing = sorted(n for n in _env_names(cls) if f"`{n}`" not in README)
    assert not missing, f"README.md does not document {missing}"


def test_every_cli_command_is_in_the_readme() -> None:
    for command in app.registered_commands:
        name = command.name or command.callback.__name__
        assert f"`tabletop {name}" in README, f"README.md does not document `tabletop {name}`"
