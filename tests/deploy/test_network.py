"""NetworkPolicies: default deny; services reach only DNS, NATS and (those with
state) PostgreSQL; only the gateway accepts traffic, from the ingress."""

from __future__ import annotations

import pytest

from tabletop.runtime.services import SERVICES
from tests.deploy.manifests import OVERLAYS, Obj, of_kind, render

DNS = {("kube-system", "k8s-app", "kube-dns", 53)}
NATS = {("nats", "app.kubernetes.io/name", "nats", 4222)}
DATABASE = {("", "cnpg.io/cluster", "tabletop-db", 5432)}


def selects(policy: Obj, labels: dict[str, str]) -> bool:
    wanted = policy["spec"]["podSelector"].get("matchLabels", {})
    return wanted.items() <= labels.items()


def peers(rules: list[Obj]) -> set[tuple[str, str, str, int]]:
    """(namespace or "" for ours, pod label key, value, port) of every peer."""
    found = set()
    for rule in rules:
        for peer in rule.get("to", rule.get("from", [])):
            namespace = peer.get("namespaceSelector", {}).get("matchLabels", {})
            ((key, value),) = peer["podSelector"]["matchLabels"].items()
            where = namespace.get("kubernetes.io/metadata.name", "")
            found |= {(where, key, value, port["port"]) for port in rule["ports"]}
    return found


@pytest.mark.parametrize("overlay", OVERLAYS)
def test_default_deny_then_only_what_each_service_needs(overlay: str) -> None:
    objects = render(overlay)
    policies = of_kind(objects, "NetworkPolicy")
    deny = policies["default-deny"]["spec"]
    assert deny == {"podSelector": {}, "policyTypes": ["Ingress", "Egress"]}
    deployments = of_kind(objects, "Deployment")
    for spec in SERVICES:
        labels = deployments[spec.name]["spec"]["template"]["metadata"]["labels"]
        mine = [p for p in policies.values() if selects(p, labels) and p["spec"]["podSelector"]]
        egress = peers([r for p in mine for r in p["spec"].get("egress", [])])
        ingress = peers([r for p in mine for r in p["spec"].get("ingress", [])])
        assert egress == DNS | NATS | (DATABASE if spec.needs_database else set()), spec.name
        if spec.name == "gateway":
            assert ingress == {("ingress-nginx", "app.kubernetes.io/name", "ingress-nginx", 8100)}
        else:
            assert not ingress, f"{spec.name} accepts traffic"
