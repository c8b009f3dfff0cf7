"""One NATS user per service, allowed exactly the subjects its AsyncAPI
document in proto/asyncapi/ names (receive -> subscribe, send -> publish), plus
the JetStream API, KV and inbox subjects listed below."""

from __future__ import annotations

import json

import pytest
import yaml

from tabletop.eventlog import Topology
from tabletop.messaging.subjects import RulesSubjects
from tabletop.runtime.services import SERVICES
from tests.deploy.manifests import DEPLOY, ROOT, config_map_data, render

NS = Topology(namespace="tabletop")  # the ConfigMap's TABLETOP_NAMESPACE (checked below)
GAMES = NS.games_stream
KV = {config.bucket: f"KV_{config.bucket}" for config in NS.key_value_configs()}

# Replies to requests and JetStream API calls, and ordered-consumer pushes,
# arrive on the client's inbox.
INBOX = {"_INBOX.>"}
# ensure_streams: every service declares the games and dead-letter streams at start.
DECLARE_STREAM = {"$JS.API.INFO"} | {
    f"$JS.API.STREAM.{op}.{stream}"
    for stream in (GAMES, NS.dead_letters_stream, NS.pruned_stream)
    for op in ("INFO", "CREATE", "UPDATE")
}
# ensure_key_values: create every bucket (idempotent), then bind by stream info.
DECLARE_BUCKETS = {
    f"$JS.API.STREAM.{op}.{stream}" for stream in KV.values() for op in ("INFO", "CREATE")
}
# EventLog reads: direct gets of a game's commits; long ranges through an
# ordered consumer (created without a name or with one, flow-controlled).
READ_GAMES = {
    f"$JS.API.DIRECT.GET.{GAMES}",
    f"$JS.API.DIRECT.GET.{GAMES}.>",
    f"$JS.API.CONSUMER.CREATE.{GAMES}",
    f"$JS.FC.{GAMES}.>",
}


# A game missing from the games stream: its tombstone, if it was pruned (rules, gateway).
READ_PRUNED = {f"$JS.API.DIRECT.GET.{NS.pruned_stream}", f"$JS.API.DIRECT.GET.{NS.pruned_stream}.>"}
# `tabletop storage verify|prune`, the operator's user: ask the archive for its
# proofs, compare with the games' ends, check the consumers' ack floors, write
# tombstones and purge the proven games' subjects. Nothing else.
STORAGE_PUBLISH = {
    "tabletop.archive.finished-before",
    "tabletop.pruned.>",
    "$JS.API.INFO",
    f"$JS.API.STREAM.INFO.{GAMES}",
    f"$JS.API.STREAM.PURGE.{GAMES}",
    f"$JS.API.DIRECT.GET.{GAMES}.>",
    f"$JS.API.DIRECT.GET.{NS.pruned_stream}.>",
} | {f"$JS.API.CONSUMER.INFO.{GAMES}.{name}" for name in ("archive", "leaderboards", "bots")}


def read_bucket(bucket: str) -> set[str]:
    return {f"$JS.API.DIRECT.GET.{KV[bucket]}.>", f"$JS.API.STREAM.MSG.GET.{KV[bucket]}"}


def durable(name: str) -> set[str]:
    """Create (or find) the service's own durable pull consumer, pull, ack."""
    return {
        f"$JS.API.CONSUMER.CREATE.{GAMES}.{name}.>",
        f"$JS.API.CONSUMER.DURABLE.CREATE.{GAMES}.{name}",
        f"$JS.API.CONSUMER.INFO.{GAMES}.{name}",
        f"$JS.API.CONSUMER.MSG.NEXT.{GAMES}.{name}",
        f"$JS.ACK.{GAMES}.{name}.>",
    }


tickets, queues, seats = NS.tickets_bucket, NS.queues_bucket, NS.seats_bucket
DEADLINES = f"KV_{NS.deadlines_bucket}"
# The deadline keeper in the rules process (ADR 25): its consumer, its bucket
# (declared, read, written, watched by an ordered consumer) and the seatings.
KEEPER = (
    durable("deadlines")
    | {f"$JS.API.STREAM.{op}.{DEADLINES}" for op in ("INFO", "CREATE")}
    | {f"$JS.API.DIRECT.GET.{DEADLINES}.>", f"$JS.API.STREAM.MSG.GET.{DEADLINES}"}
    | {f"$KV.{NS.deadlines_bucket}.>", f"$JS.FC.{DEADLINES}.>"}
    | {f"$JS.API.CONSUMER.CREATE.{DEADLINES}", f"$JS.API.CONSUMER.CREATE.{DEADLINES}.>"}
    | {f"$JS.API.CONSUMER.INFO.{DEADLINES}.*", f"$JS.API.CONSUMER.DELETE.{DEADLINES}.>"}
    | {f"$JS.API.STREAM.INFO.{KV[NS.seats_bucket]}"}
    | read_bucket(NS.seats_bucket)
)
# The keeper run apart (`python -m tabletop.rules.deadlines`) as its own user:
# what the rules process needs for it, the streams it declares and the games it
# reads, and the rules service's submit subject (its timeouts). Nothing more.
_RULES = RulesSubjects(namespace=NS.namespace)
# Its timeouts go to the shared subject, then to the game's pinned process (ADR 27).
DEADLINES_PUBLISH = (
    KEEPER | DECLARE_STREAM | READ_GAMES | {_RULES.submit_command, _RULES.submit_at_any}
)
SNAPSHOTS = f"KV_{NS.snapshots_bucket}"
# Game-state snapshots of the rules service (ADR 24): declared, read, written.
SNAPSHOT_STORE = (
    {f"$JS.API.STREAM.{op}.{SNAPSHOTS}" for op in ("INFO", "CREATE")}
    | {f"$JS.API.DIRECT.GET.{SNAPSHOTS}.>", f"$JS.API.STREAM.MSG.GET.{SNAPSHOTS}"}
    | {f"$KV.{NS.snapshots_bucket}.>"}
)
JETSTREAM_PUBLISH: dict[str, set[str]] = {
    "rules": DECLARE_STREAM | READ_GAMES | READ_PRUNED | KEEPER | SNAPSHOT_STORE,
    "matchmaking": DECLARE_STREAM
    | DECLARE_BUCKETS
    | read_bucket(tickets)
    | read_bucket(queues)
    | read_bucket(seats)
    | {
        # the ticket TTL: matchmaking brings an older tickets bucket to it
        f"$JS.API.STREAM.UPDATE.{KV[tickets]}",
        # writes of tickets and seatings, compare-and-set of queues
        f"$KV.{tickets}.>",
        f"$KV.{queues}.>",
        f"$KV.{seats}.>",
        # listing the queue keys: an ordered consumer on the queues bucket
        # (only there: the tickets bucket, one key per player, is never listed)
        f"$JS.API.CONSUMER.CREATE.{KV[queues]}",
        f"$JS.API.CONSUMER.CREATE.{KV[queues]}.>",
        f"$JS.API.CONSUMER.INFO.{KV[queues]}.*",
        f"$JS.API.CONSUMER.DELETE.{KV[queues]}.>",
        f"$JS.FC.{KV[queues]}.>",
        # listing the seated games: the sweep deleting finished games' seatings
        f"$JS.API.CONSUMER.CREATE.{KV[seats]}",
        f"$JS.API.CONSUMER.CREATE.{KV[seats]}.>",
        f"$JS.API.CONSUMER.INFO.{KV[seats]}.*",
        f"$JS.API.CONSUMER.DELETE.{KV[seats]}.>",
        f"$JS.FC.{KV[seats]}.>",
    },
    "bots": DECLARE_STREAM | DECLARE_BUCKETS | read_bucket(seats) | durable("bots") | READ_GAMES,
    # the seating directory reads seats (and declares the buckets, as every reader does)
    "leaderboards": DECLARE_STREAM
    | DECLARE_BUCKETS
    | read_bucket(seats)
    | durable("leaderboards")
    | READ_GAMES,
    "archive": DECLARE_STREAM | durable("archive"),
    "gateway": DECLARE_STREAM | DECLARE_BUCKETS | read_bucket(seats) | READ_GAMES | READ_PRUNED,
}
# Services answering requests publish to the requester's reply subject.
RESPONDERS = {"rules", "matchmaking", "leaderboards", "archive"}


def asyncapi_subjects(service: str) -> dict[str, set[str]]:
    document = json.loads((ROOT / "proto" / "asyncapi" / f"{service}.json").read_text())
    subjects: dict[str, set[str]] = {"send": set(), "receive": set()}
    for operation in document.get("operations", {}).values():
        channel = operation["channel"]["$ref"].removeprefix("#/channels/")
        subjects[operation["action"]].add(document["channels"][channel]["address"])
    return subjects


def users() -> dict[str, dict]:
    values = yaml.safe_load((DEPLOY / "nats" / "values.yaml").read_text())
    return {u["user"]: u for u in values["config"]["merge"]["authorization"]["users"]}


def test_one_user_per_service_with_a_password_from_a_secret() -> None:
    found = users()
    assert set(found) == {spec.name for spec in SERVICES} | {"deadlines", "storage"}
    for name, user in found.items():
        assert user["password"] == f"<< $NATS_PASSWORD_{name.upper()} >>"


@pytest.mark.parametrize("service", [spec.name for spec in SERVICES])
def test_permissions_are_exactly_the_subjects_the_service_uses(service: str) -> None:
    uses = asyncapi_subjects(service)
    permissions = users()[service]["permissions"]
    assert set(permissions["publish"]["allow"]) == uses["send"] | JETSTREAM_PUBLISH[service]
    assert set(permissions["subscribe"]["allow"]) == uses["receive"] | INBOX
    assert permissions.get("allow_responses", False) == (service in RESPONDERS)
    assert "deny" not in permissions["publish"] and "deny" not in permissions["subscribe"]


def test_the_storage_user_alone_may_purge_and_only_what_prune_needs() -> None:
    everyone = users()
    storage = everyone["storage"]["permissions"]
    assert set(storage["publish"]["allow"]) == STORAGE_PUBLISH
    assert set(storage["subscribe"]["allow"]) == INBOX
    purgers = {
        name
        for name, user in everyone.items()
        if any(".PURGE." in subject for subject in user["permissions"]["publish"]["allow"])
    }
    assert purgers == {"storage"}


def test_the_keeper_apart_may_send_commands_and_keep_its_deadlines_only() -> None:
    keeper = users()["deadlines"]["permissions"]
    assert set(keeper["publish"]["allow"]) == DEADLINES_PUBLISH
    assert set(keeper["subscribe"]["allow"]) == INBOX
    assert not keeper.get("allow_responses", False)
    # It appends nothing: commits come from the rules service alone.
    assert not any(s.startswith("tabletop.games.") for s in keeper["publish"]["allow"])
    assert (
        RulesSubjects(namespace=NS.namespace).submit_command
        in asyncapi_subjects("rules")["receive"]
    )


def test_asyncapi_namespace_is_the_deployed_one() -> None:
    for overlay in ("dev", "prod"):
        assert config_map_data(render(overlay))["TABLETOP_NAMESPACE"] == NS.namespace


def test_every_service_signs_in_with_its_own_user() -> None:
    """NATS_URL (with the service's user and password) comes from its own Secret."""
    from tests.deploy.manifests import container, of_kind

    for name, deployment in of_kind(render("prod"), "Deployment").items():
        env = {e["name"]: e for e in container(deployment)["env"]}
        ref = env["NATS_URL"]["valueFrom"]["secretKeyRef"]
        assert ref == {"name": f"tabletop-nats-{name}", "key": "url"}


def test_nats_chart_values() -> None:
    common = yaml.safe_load((DEPLOY / "nats" / "values.yaml").read_text())["config"]
    prod = yaml.safe_load((DEPLOY / "nats" / "values-prod.yaml").read_text())["config"]
    assert common["jetstream"]["enabled"] and common["jetstream"]["fileStore"]["enabled"]
    assert common["monitor"]["enabled"]
    assert prod["cluster"] == {"enabled": True, "replicas": 3}
