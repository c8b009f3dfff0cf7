"""Re-rating from scratch: the ratings as a pure fold of the finished games,
in the order they ended (ADR 0026). It is what the live service computes
one game at a time, with the same idempotency (a game id counts once), so
re-rating the archive's games must give the live board — the proof that
ratings are a function of the log and nothing else. No I/O."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import UTC, datetime

from tabletop.messaging.archive import GameSummary

from .application import FinishedGame
from .rating_rules import bots_only
from .seasons import season_of
from .skill import MAX_PLAYERS, MIN_PLAYERS, Skill, rate


@dataclass(slots=True)
class Standing:
    skill: Skill = field(default_factory=Skill)
    games: int = 0
    seasons: dict[str, int] = field(default_factory=dict)  # games per season
    at_season_end: dict[str, Skill] = field(default_factory=dict)  # after its last game there


def rerate(games: Iterable[FinishedGame]) -> dict[tuple[str, str], Standing]:
    """(game type, player) -> standing after every game, taken in `position` order."""
    standings: dict[tuple[str, str], Standing] = {}
    seen: set[str] = set()
    for game in sorted(games, key=lambda g: g.position):
        if game.game_id in seen or not MIN_PLAYERS <= len(game.player_ids) <= MAX_PLAYERS:
            continue
        seen.add(game.game_id)
        players = [standings.setdefault((game.game, p), Standing()) for p in game.player_ids]
        after = rate([p.skill for p in players], game.ranks)
        season = season_of(game.finished_at) if game.finished_at is not None else None
        for player, skill in zip(players, after, strict=True):
            player.skill = skill
            player.games += 1
            if season is not None:
                player.seasons[season] = player.seasons.get(season, 0) + 1
                player.at_season_end[season] = skill
    return standings


def season_board(
    standings: dict[tuple[str, str], Standing], game: str, season: str
) -> list[tuple[str, float, int]]:
    """(player, ordinal, games in the season), best first, as the season board ranks them."""
    rows = [
        (player, s.at_season_end[season].ordinal, s.seasons[season])
        for (g, player), s in standings.items()
        if g == game and season in s.seasons
    ]
    return sorted(rows, key=lambda r: (-r[1], r[0]))


def from_archive(summaries: Iterable[GameSummary]) -> list[FinishedGame]:
    """The archive's finished, seated games the live service rates (bots-only
    games are not: ADR 0026) as the fold takes them: in the
    order they finished (the live service rates in stream order, which is
    the same for games that end one after another)."""
    done = [s for s in summaries
            if s.status == "finished" and s.player_ids and s.ranks is not None
            and not bots_only(s.player_ids, None)]  # fmt: skip
    done.sort(key=lambda s: (s.finished_at or datetime.min.replace(tzinfo=UTC), s.game_id))
    return [
        FinishedGame(s.game_id, s.game, list(s.player_ids or []), list(s.ranks or []),
                     s.finished_at, position)
        for position, s in enumerate(done, start=1)
    ]  # fmt: skip
