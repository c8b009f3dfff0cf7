"""The capacity model: deploy/capacity/figures.yaml in, replicas and sizes out.

    .venv/bin/python deploy/capacity/model.py            # print the derived table
    .venv/bin/python deploy/capacity/model.py --update   # and write it into deploy/

`--update` rewrites the table between the markers in deploy/README.md and the
autoscaling limits in deploy/k8s/overlays/prod/autoscaling.yaml (rules and
gateway maxReplicas, bots maxReplicaCount and KEDA lagThreshold in the base).
"""

from __future__ import annotations

import argparse
import math
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

HERE = Path(__file__).resolve().parent
DEPLOY = HERE.parent
README = DEPLOY / "README.md"
PROD_AUTOSCALING = DEPLOY / "k8s" / "overlays" / "prod" / "autoscaling.yaml"
BASE_AUTOSCALING = DEPLOY / "k8s" / "base" / "autoscaling.yaml"
BEGIN, END = "<!-- capacity:begin -->", "<!-- capacity:end -->"


@dataclass
class Row:
    what: str
    value: str
    arithmetic: str


def figures() -> dict[str, Any]:
    return yaml.safe_load((HERE / "figures.yaml").read_text())


def derive(data: dict[str, Any]) -> tuple[list[Row], dict[str, int]]:
    m, a = data["measured"], data["assumed"]
    games, think = a["concurrent_games"], a["seconds_between_commands"]
    bot_share, u = a["share_of_games_with_a_bot"], a["target_utilisation"]
    rules_rate = m["rules_commands_per_second"]["value"]
    bots = {
        level: m["bot_moves_per_second_per_worker"][level]["value"] for level in a["bot_levels"]
    }
    per_game, size = m["commits_per_game"]["value"], m["bytes_per_commit"]["value"]
    # A human game commits once per think time; a bot game twice (the bot answers at once).
    commands = games * (1 - bot_share) / think + 2 * games * bot_share / think
    bot_moves = games * bot_share / think
    rules = math.ceil(commands / (rules_rate * u))
    workers = {
        level: math.ceil(bot_moves * share / (bots[level] * u))
        for level, share in a["bot_levels"].items()
    }
    # KEDA: one more worker per this many pending commits, so that a worker's
    # backlog is about one second of its (level-weighted) moves.
    seconds_per_move = sum(share / bots[level] for level, share in a["bot_levels"].items())
    lag_threshold = max(1, round(1 / seconds_per_move))
    sockets = games * a["humans_connected_per_game"]
    # A gateway holds as many sockets as its memory allows, and pushes a view
    # to each socket of a game after each of its commits: the larger need wins.
    per_replica = int(
        m["gateway_memory_limit_mib"]["value"] * 1024 / m["gateway_kib_per_socket"]["value"]
    )
    pushes = commands * a["humans_connected_per_game"]
    push_rate = m["gateway_pushes_per_second"]["value"]
    gateways = max(math.ceil(sockets / per_replica), math.ceil(pushes / (push_rate * u)))
    archive_rate = m["archive_inserts_per_second"]["value"]
    archives = math.ceil(commands / (archive_rate * u))
    appends = m["jetstream_appends_per_second"]["value"]
    fan_out = commands * (3 + a["humans_connected_per_game"])
    finished_per_day = commands * 86400 / per_game
    hot_live = games * per_game * size
    hot_retained = finished_per_day * a["hot_retention_days"] * per_game * size
    growth = commands * 86400 * size
    sockets_per_game = a["humans_connected_per_game"]
    serial = 1000 / m["jetstream_append_p50_ms"]["value"]
    level_text = ", ".join(f"{level} {n}" for level, n in workers.items())
    games_per_worker = ", ".join(f"{level} {bots[level] * think:.0f}" for level in bots)
    rows = [
        Row(
            "commands / s",
            f"{commands:,.0f}",
            f"{games:,} games x ({1 - bot_share:g} / {think} s + 2 x {bot_share:g} / {think} s)",
        ),
        Row("bot moves / s", f"{bot_moves:,.0f}", f"{games:,} x {bot_share:g} / {think} s"),
        Row("rules replicas", f"{rules}", f"{commands:,.0f} / ({rules_rate} per replica x {u:g})"),
        Row(
            "games per bots worker",
            games_per_worker,
            f"moves/s per worker x {think} s (one bot move per human move)",
        ),
        Row(
            "bots workers",
            f"{sum(workers.values())} ({level_text})",
            f"bot moves/s x level share / (moves/s per worker x {u:g})",
        ),
        Row(
            "KEDA lagThreshold (bots)",
            f"{lag_threshold}",
            f"1 s / sum(share / moves/s) = 1 / {seconds_per_move:.4f} s",
        ),
        Row(
            "WebSockets",
            f"{sockets:,.0f}",
            f"{games:,} x {a['humans_connected_per_game']:g} humans connected",
        ),
        Row(
            "gateway replicas",
            f"{gateways}",
            f"max({sockets:,.0f} sockets / {per_replica:,} per replica (memory), "
            f"{pushes:,.0f} pushes/s / ({push_rate} per replica x {u:g}) (CPU))",
        ),
        Row(
            "archive replicas",
            f"{archives}",
            f"{commands:,.0f} inserts/s / ({archive_rate} per replica x {u:g})",
        ),
        Row(
            "JetStream appends / s (one stream)",
            f"{commands:,.0f}",
            f"{commands / appends:.1f} x the {appends:,}/s measured on one R1 server here",
        ),
        Row(
            "JetStream deliveries / s",
            f"{fan_out:,.0f}",
            f"{commands:,.0f} x (3 durable consumers + {sockets_per_game:g} sockets)",
        ),
        Row(
            "games finished / day",
            f"{finished_per_day:,.0f}",
            f"{commands:,.0f} x 86,400 s / {per_game} commits per game",
        ),
        Row(
            "JetStream disk per node",
            f"{(hot_live + hot_retained) / 1e9:,.0f} GB",
            f"(live {hot_live / 1e9:.1f} GB + {a['hot_retention_days']} d of finished games "
            f"{hot_retained / 1e9:,.0f} GB); every node holds a replica",
        ),
        Row(
            "PostgreSQL inserts / s, growth",
            f"{commands:,.0f}, {growth / 1e9:,.0f} GB/day",
            f"{commands:,.0f} x {size} B x 86,400 s (commits table, before indexes)",
        ),
        Row(
            "leaderboards ceiling (serial consumer)",
            f"{serial:,.0f} commits/s",
            f"1000 / {m['jetstream_append_p50_ms']['value']} ms per round trip, max_ack_pending=1",
        ),
    ]
    limits = {"rules": rules, "gateway": gateways, "bots": sum(workers.values()),
              "bots_lag_threshold": lag_threshold, "archive": archives}  # fmt: skip
    return rows, limits


def table(rows: list[Row]) -> str:
    lines = ["| for 100,000 concurrent games | needs | arithmetic |", "|---|---|---|"]
    lines += [f"| {r.what} | {r.value} | {r.arithmetic} |" for r in rows]
    return "\n".join(lines)


def update(rows: list[Row], limits: dict[str, int]) -> None:
    text = README.read_text()
    block = f"{BEGIN}\n{table(rows)}\n{END}"
    README.write_text(re.sub(re.escape(BEGIN) + ".*?" + re.escape(END), block, text, flags=re.S))
    prod = PROD_AUTOSCALING.read_text()
    prod = re.sub(r"(name: rules\nspec:\n  minReplicas: \d+\n  maxReplicas: )\d+",
                  rf"\g<1>{limits['rules']}", prod)  # fmt: skip
    prod = re.sub(r"(name: gateway\nspec:\n  minReplicas: \d+\n  maxReplicas: )\d+",
                  rf"\g<1>{limits['gateway']}", prod)  # fmt: skip
    prod = re.sub(r"(maxReplicaCount: )\d+", rf"\g<1>{limits['bots']}", prod)
    PROD_AUTOSCALING.write_text(prod)
    base = BASE_AUTOSCALING.read_text()
    base = re.sub(r'(lagThreshold: )"\d+"', rf'\g<1>"{limits["bots_lag_threshold"]}"', base)
    BASE_AUTOSCALING.write_text(base)


def main() -> None:
    parser = argparse.ArgumentParser(description="the capacity model (deploy/capacity)")
    parser.add_argument("--update", action="store_true", help="write the results into deploy/")
    args = parser.parse_args()
    rows, limits = derive(figures())
    print(table(rows))
    print(limits)
    if args.update:
        update(rows, limits)


if __name__ == "__main__":
    main()
