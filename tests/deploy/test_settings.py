"""Every setting a service reads is set by the manifests or has a default, and
every setting the manifests set is one a service reads (a typo is caught)."""

from __future__ import annotations

import importlib

import pytest
from pydantic import AliasChoices
from pydantic_core import PydanticUndefined
from pydantic_settings import BaseSettings

from tabletop.runtime import ServiceSettings
from tabletop.runtime.services import SERVICES, ServiceSpec
from tests.deploy.manifests import OVERLAYS, config_map_data, container, of_kind, render

# Settings whose default is useless with several replicas: they must be set.
MUST_BE_SET = {"gateway": {"GATEWAY_TOKEN_SECRET"}}
# ... and set from a Secret, never from the ConfigMap.
SECRET = {"NATS_URL", "DATABASE_URL", "GATEWAY_TOKEN_SECRET"}


def settings_class(spec: ServiceSpec) -> type[BaseSettings]:
    module = importlib.import_module(f"{spec.module}.settings")
    (cls,) = [
        obj
        for obj in vars(module).values()
        if isinstance(obj, type) and issubclass(obj, ServiceSettings) and obj is not ServiceSettings
    ]
    return cls


def env_names(cls: type[BaseSettings]) -> dict[str, bool]:
    """Environment name of each field -> whether it has a default."""
    names = {}
    for name, field in cls.model_fields.items():
        alias = field.validation_alias
        if isinstance(alias, AliasChoices):
            alias = alias.choices[0]
        env = str(alias or name).upper()
        names[env] = field.default is not PydanticUndefined or field.default_factory is not None
    return names


@pytest.mark.parametrize("overlay", OVERLAYS)
@pytest.mark.parametrize("spec", SERVICES, ids=lambda s: s.name)
def test_every_setting_is_set_or_defaulted(overlay: str, spec: ServiceSpec) -> None:
    objects = render(overlay)
    box = container(of_kind(objects, "Deployment")[spec.name])
    configured = set(config_map_data(objects))
    env = {e["name"]: e for e in box["env"]}
    names = env_names(settings_class(spec))
    for name, has_default in names.items():
        assert has_default or name in configured | set(env), f"{spec.name} needs {name}"
    for name in MUST_BE_SET.get(spec.name, set()):
        assert name in env, f"{spec.name}: set {name} (its default differs per process)"
    for name in SECRET & set(env):
        assert "secretKeyRef" in env[name]["valueFrom"], f"{name} must come from a Secret"
    assert not SECRET & configured


@pytest.mark.parametrize("overlay", OVERLAYS)
def test_every_configured_setting_is_read_by_a_service(overlay: str) -> None:
    read = set().union(*(env_names(settings_class(spec)) for spec in SERVICES))
    objects = render(overlay)
    unknown = set(config_map_data(objects)) - read
    assert not unknown, f"no service reads {sorted(unknown)}"
    for deployment in of_kind(objects, "Deployment").values():
        assert {e["name"] for e in container(deployment)["env"]} <= read


@pytest.mark.parametrize("overlay", OVERLAYS)
@pytest.mark.parametrize("spec", SERVICES, ids=lambda s: s.name)
def test_the_configured_values_are_valid(
    overlay: str, spec: ServiceSpec, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The service's settings load from exactly the pod's environment (Secrets
    stand in by placeholders)."""
    objects = render(overlay)
    box = container(of_kind(objects, "Deployment")[spec.name])
    cls = settings_class(spec)
    for name in env_names(cls):
        monkeypatch.delenv(name, raising=False)
    environment = dict(config_map_data(objects))
    for entry in box["env"]:
        environment[entry["name"]] = entry.get("value", f"placeholder-{'x' * 32}")
    for name, value in environment.items():
        monkeypatch.setenv(name, value)
    settings = cls()
    assert settings.http_port == spec.http_port
    assert settings.log_format == "json"
