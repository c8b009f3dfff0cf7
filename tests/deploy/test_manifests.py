"""Both overlays render, every object is valid (built-in kinds strictly, by
kubernetes-validate; KEDA and CloudNativePG kinds against the upstream CRDs
of the pinned versions in deploy/schemas), and
every service runs the way tabletop.runtime.SERVICES says it does."""

from __future__ import annotations

import importlib.util
from typing import Any

import jsonschema
import kubernetes_validate
import pytest

from tabletop.eventlog import Topology
from tabletop.runtime.services import SERVICES
from tests.deploy.crd_schemas import has_schema, validate_custom
from tests.deploy.manifests import (
    OVERLAYS,
    Obj,
    config_map_data,
    container,
    of_kind,
    render,
)

KUBERNETES_VERSION = "1.33.0"  # the oldest release the manifests must run on


def validate(obj: Obj) -> None:
    if has_schema(obj["apiVersion"], obj["kind"]):
        validate_custom(obj)
    else:
        kubernetes_validate.validate(obj, KUBERNETES_VERSION, strict=True)


@pytest.mark.parametrize("overlay", OVERLAYS)
def test_every_object_is_valid(overlay: str) -> None:
    objects = render(overlay)
    kinds = {o["kind"] for o in objects}
    assert {"ScaledObject", "Cluster"} <= kinds  # the custom kinds are checked too
    for obj in objects:
        validate(obj)


def _deployment(overlay: str = "dev") -> Obj:
    return of_kind(render(overlay), "Deployment")["rules"]


@pytest.mark.parametrize(
    "mistake",
    [
        lambda d: d["spec"].update(replicass=2),  # unknown field
        lambda d: container(d).update(ports=[{"containerPort": "http"}]),  # wrong type
    ],
)
def test_validation_is_strict(mistake: Any) -> None:
    deployment = _deployment()
    mistake(deployment)
    with pytest.raises(kubernetes_validate.ValidationError):
        validate(deployment)


def test_crd_schemas_reject_unknown_fields() -> None:
    objects = render("prod")
    scaled = of_kind(objects, "ScaledObject")["bots"]
    scaled["spec"]["maxReplicas"] = 3  # the HPA's name, not KEDA's
    cluster = of_kind(objects, "Cluster")["tabletop-db"]
    cluster["spec"]["instances"] = 0  # upstream's minimum is 1
    misspelt = of_kind(render("prod"), "Cluster")["tabletop-db"]
    misspelt["spec"]["storage"]["sizee"] = "1Gi"  # pruned silently by the API server
    trigger = of_kind(render("prod"), "ScaledObject")["bots"]
    trigger["spec"]["triggers"][0]["type"] = 7  # upstream: a string
    for broken in (scaled, cluster, misspelt, trigger):
        with pytest.raises(jsonschema.ValidationError):
            validate(broken)


@pytest.mark.parametrize("overlay", OVERLAYS)
def test_every_service_has_a_hardened_deployment(overlay: str) -> None:
    objects = render(overlay)
    deployments = of_kind(objects, "Deployment")
    accounts = of_kind(objects, "ServiceAccount")
    services = of_kind(objects, "Service")
    assert set(deployments) == {spec.name for spec in SERVICES}
    for spec in SERVICES:
        pod = deployments[spec.name]["spec"]["template"]["spec"]
        box = container(deployments[spec.name])
        assert box["args"] == [spec.module]  # the image's entrypoint is `python -m`
        env = {e["name"]: e for e in box["env"]}
        assert env["HTTP_PORT"]["value"] == str(spec.http_port)
        port, *apart = box["ports"]
        assert port == {"name": "http", "containerPort": spec.http_port, "protocol": "TCP"}
        # /metrics apart (the gateway): a port of the pod that no Service exposes.
        metrics = [{"name": "metrics", "containerPort": spec.metrics_port, "protocol": "TCP"}]
        assert apart == (metrics if spec.metrics_port else [])
        if spec.metrics_port:
            assert {"name": spec.metrics_port_env, "value": str(spec.metrics_port)} in box["env"]
        assert [p["targetPort"] for p in services[spec.name]["spec"]["ports"]] == ["http"]
        assert box["livenessProbe"]["httpGet"] == {"path": "/healthz", "port": "http"}
        assert box["readinessProbe"]["httpGet"] == {"path": "/readyz", "port": "http"}
        assert set(box["resources"]) == {"requests", "limits"}
        assert {"cpu", "memory"} <= set(box["resources"]["limits"])
        security = box["securityContext"]
        assert security["runAsNonRoot"] and security["readOnlyRootFilesystem"]
        assert security["allowPrivilegeEscalation"] is False
        assert security["capabilities"] == {"drop": ["ALL"]}
        assert pod["securityContext"]["runAsNonRoot"]
        assert {"name": "tmp", "mountPath": "/tmp"} in box["volumeMounts"]
        assert pod["automountServiceAccountToken"] is False
        assert accounts[pod["serviceAccountName"]]["automountServiceAccountToken"] is False
        assert services[spec.name]["spec"]["ports"][0]["port"] == spec.http_port
        assert ("DATABASE_URL" in env) == spec.needs_database


@pytest.mark.parametrize("overlay", OVERLAYS)
def test_retention_runs_the_prune_pass_daily_as_the_storage_user(overlay: str) -> None:
    """deploy/k8s/base/retention.yaml: the module exists in the image's packages,
    one pass at a time, hardened like the services, NATS as `storage`."""
    job = of_kind(render(overlay), "CronJob")["retention"]
    assert job["spec"]["concurrencyPolicy"] == "Forbid"
    pod = job["spec"]["jobTemplate"]["spec"]["template"]["spec"]
    (box,) = pod["containers"]
    (module,) = box["args"]
    assert module == "tabletop.archive.prune" and importlib.util.find_spec(module) is not None
    env = {e["name"]: e for e in box["env"]}
    assert env["NATS_URL"]["valueFrom"]["secretKeyRef"]["name"] == "tabletop-nats-storage"
    assert int(env["PRUNE_OLDER_THAN_SECONDS"]["value"]) >= 86400
    assert "DATABASE_URL" not in env  # it asks the archive; it never touches PostgreSQL
    assert pod["restartPolicy"] == "Never" and pod["automountServiceAccountToken"] is False
    security = box["securityContext"]
    assert security["readOnlyRootFilesystem"] and security["capabilities"] == {"drop": ["ALL"]}


def test_prod_spreads_pods_and_budgets_disruptions() -> None:
    objects = render("prod")
    budgets = of_kind(objects, "PodDisruptionBudget")
    for name, deployment in of_kind(objects, "Deployment").items():
        spread = deployment["spec"]["template"]["spec"]["topologySpreadConstraints"]
        keys = {c["topologyKey"] for c in spread}
        assert keys == {"kubernetes.io/hostname", "topology.kubernetes.io/zone"}
        selector = budgets[name]["spec"]["selector"]["matchLabels"]
        assert selector.items() <= deployment["spec"]["template"]["metadata"]["labels"].items()
    assert of_kind(objects, "Cluster")["tabletop-db"]["spec"]["instances"] == 3
    assert config_map_data(objects)["TABLETOP_STREAM_REPLICAS"] == "3"


@pytest.mark.parametrize("overlay", OVERLAYS)
def test_pods_get_the_time_to_finish_in_flight_work(overlay: str) -> None:
    """Kubernetes kills a pod after terminationGracePeriodSeconds; the service
    waits up to GRACEFUL_TIMEOUT for in-flight handlers before it exits."""
    objects = render(overlay)
    graceful = float(config_map_data(objects)["GRACEFUL_TIMEOUT"])
    for deployment in of_kind(objects, "Deployment").values():
        assert deployment["spec"]["template"]["spec"]["terminationGracePeriodSeconds"] > graceful


@pytest.mark.parametrize("overlay", OVERLAYS)
def test_scaling(overlay: str) -> None:
    objects = render(overlay)
    hpas = of_kind(objects, "HorizontalPodAutoscaler")
    assert set(hpas) == {"rules", "gateway"}
    for name, hpa in hpas.items():
        assert hpa["spec"]["scaleTargetRef"]["name"] == name
        (metric,) = hpa["spec"]["metrics"]
        assert metric["resource"]["name"] == "cpu"
    deployments = of_kind(objects, "Deployment")
    for scaled in ("rules", "gateway", "bots"):  # the autoscaler owns the count
        assert "replicas" not in deployments[scaled]["spec"], scaled
    bots = of_kind(objects, "ScaledObject")["bots"]["spec"]
    assert bots["scaleTargetRef"]["name"] == "bots"
    assert 1 <= bots["minReplicaCount"] < bots["maxReplicaCount"]
    (trigger,) = bots["triggers"]
    assert trigger["type"] == "nats-jetstream"
    # The trigger watches the consumer and stream the bots really pull from.
    topology = Topology(namespace=config_map_data(objects)["TABLETOP_NAMESPACE"])
    assert trigger["metadata"]["stream"] == topology.games_stream
    assert trigger["metadata"]["consumer"] == topology.bots_consumer_config().durable_name
    assert "headless" in trigger["metadata"]["natsServerMonitoringEndpoint"]


@pytest.mark.parametrize("overlay", OVERLAYS)
def test_only_the_gateway_is_exposed_and_no_secret_is_committed(overlay: str) -> None:
    objects = render(overlay)
    (ingress,) = of_kind(objects, "Ingress").values()
    backends = {
        path["backend"]["service"]["name"]
        for rule in ingress["spec"]["rules"]
        for path in rule["http"]["paths"]
    }
    assert backends == {"gateway"}
    for service in of_kind(objects, "Service").values():
        assert service["spec"].get("type", "ClusterIP") == "ClusterIP"
    assert not of_kind(objects, "Secret")


@pytest.mark.parametrize("overlay", OVERLAYS)
def test_the_cluster_runs_in_production_and_routes_no_metrics(overlay: str) -> None:
    """Production: the gateway refuses to start without its Secret's token
    secret; the Ingress reaches only the gateway's API port, never /metrics."""
    objects = render(overlay)
    assert config_map_data(objects)["TABLETOP_ENV"] == "production"
    for ingress in of_kind(objects, "Ingress").values():
        for rule in ingress["spec"]["rules"]:
            for path in rule["http"]["paths"]:
                assert path["backend"]["service"] == {"name": "gateway", "port": {"name": "http"}}
    (gateway,) = [s for s in of_kind(objects, "Service").values()
                  if s["metadata"]["name"] == "gateway"]  # fmt: skip
    assert [p["targetPort"] for p in gateway["spec"]["ports"]] == ["http"]
