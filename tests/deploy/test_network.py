"""NetworkPolicies: default deny; services reach only DNS, NATS and (those with
state) PostgreSQL; only the gateway accepts traffic, from the ingress; Prometheus
reaches each service's metrics port and nothing else."""

from __future__ import annotations

import pytest
import yaml

from tabletop.runtime.services import SERVICES
from tests.deploy.manifests import DEPLOY, OVERLAYS, Obj, of_kind, render
from tests.deploy.test_manifests import validate

DNS = {("kube-system", "k8s-app", "kube-dns", 53)}
NATS = {("nats", "app.kubernetes.io/name", "nats", 4222)}
DATABASE = {("", "cnpg.io/cluster", "tabletop-db", 5432)}
PROMETHEUS = ("monitoring", "app.kubernetes.io/name", "prometheus")


def selects(policy: Obj, labels: dict[str, str]) -> bool:
    selector = policy["spec"]["podSelector"]
    if not selector.get("matchLabels", {}).items() <= labels.items():
        return False
    for expression in selector.get("matchExpressions", []):
        value, values = labels.get(expression["key"]), expression.get("values", [])
        held = {
            "In": value in values,
            "NotIn": value not in values,
            "Exists": value is not None,
            "DoesNotExist": value is None,
        }[expression["operator"]]
        if not held:
            return False
    return True


def peers(rules: list[Obj]) -> set[tuple[str, str, str, int | str]]:
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
        (container,) = deployments[spec.name]["spec"]["template"]["spec"]["containers"]
        ports = {p["name"]: p["containerPort"] for p in container["ports"]}
        if spec.name == "gateway":
            assert ingress == {
                ("ingress-nginx", "app.kubernetes.io/name", "ingress-nginx", 8100),
                (*PROMETHEUS, "metrics"),
            }
            assert ports["http"] == 8100 and ports["metrics"] == 9100  # the API is not scraped
        else:
            assert ingress == {(*PROMETHEUS, "http")}, f"{spec.name} accepts more than a scrape"
            assert "http" in ports, spec.name


def test_nats_accepts_clients_only_from_tabletop() -> None:
    """deploy/nats/networkpolicy.yaml: the client port is for the services of
    the overlays' namespaces (and nats-box); routes for NATS nodes; monitoring
    for KEDA. Nothing else reaches NATS."""

    policy = yaml.safe_load((DEPLOY / "nats" / "networkpolicy.yaml").read_text())
    validate(policy)
    by_port = {rule["ports"][0]["port"]: rule["from"] for rule in policy["spec"]["ingress"]}
    assert set(by_port) == {4222, 6222, 7777, 8222}
    services, nats_box = by_port[4222]
    (namespaces,) = services["namespaceSelector"]["matchExpressions"]
    deployed = {o: of_kind(render(o), "Deployment")["rules"] for o in OVERLAYS}
    assert set(namespaces["values"]) == {d["metadata"]["namespace"] for d in deployed.values()}
    assert services["podSelector"]["matchLabels"] == {"app.kubernetes.io/name": "tabletop"}
    assert nats_box["podSelector"]["matchLabels"] == {"app.kubernetes.io/component": "nats-box"}
    (keda,) = by_port[8222]
    assert keda["namespaceSelector"]["matchLabels"] == {"kubernetes.io/metadata.name": "keda"}
    (prometheus,) = by_port[7777]  # the exporter beside each node
    assert prometheus["namespaceSelector"]["matchLabels"] == {
        "kubernetes.io/metadata.name": "monitoring"
    }
    assert prometheus["podSelector"]["matchLabels"] == {"app.kubernetes.io/name": "prometheus"}
