"""One commit = one accepted command and the events it caused, hash-chained.

A commit is the unit of the event log: the rules service appends exactly one
per accepted command, so a command's events land atomically. Every commit
carries the hash of the one before it; `hash = sha256(prev_hash + body)` where
the body is the canonical JSON of every field except `hash` itself.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Sequence
from datetime import UTC, datetime
from typing import Any

import orjson
from pydantic import BaseModel, ConfigDict, Field

from tabletop.kernel.names import GAME_ID_PATTERN as GAME_ID_PATTERN

# The chain starts from a fixed, well-known value so the first commit of every
# game is checked like any other.
GENESIS_HASH = "0" * 64


# The reference encoder; `canonical_json` gives its bytes.
_CANONICAL = json.JSONEncoder(
    sort_keys=True, separators=(",", ":"), ensure_ascii=False, allow_nan=False
)


def canonical_json(data: Any) -> bytes:
    """The one byte form hashed: sorted keys, no whitespace, UTF-8.

    orjson writes the same bytes as `json` with these options for what
    commits hold (strings, ints, booleans, null: no event of any game has a
    float field, `tests/eventlog/test_canonical_json.py`) in a tenth of the
    time (0.5 against 5.8 µs a commit). What it refuses (an int beyond 64
    bits, a key that is not a string) goes to `json`. (Floats would differ
    outside [1e-4, 1e16), where `json` writes an exponent, and for NaN.)
    """
    try:
        encoded = orjson.dumps(data, option=orjson.OPT_SORT_KEYS)
    except TypeError:  # orjson.JSONEncodeError: an int beyond 64 bits, a non-string key
        return _CANONICAL.encode(data).encode()
    return encoded


def chain_hash(prev_hash: str, body: dict[str, Any]) -> str:
    return hashlib.sha256(prev_hash.encode() + canonical_json(body)).hexdigest()


class Commit(BaseModel):
    """An accepted command's events, as stored (one JetStream message)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    game_id: str = Field(pattern=GAME_ID_PATTERN)
    game: str  # the game type id (`get_game(game)` parses `events`)
    seq: int = Field(ge=1)  # 1, 2, 3… per game, no gaps
    command_id: str = Field(min_length=1, max_length=128)
    seat: int | None  # None for the commit that starts the game
    events: list[dict[str, Any]]  # wire dicts (`event.model_dump(mode="json")`)
    rules_version: str
    prev_hash: str
    hash: str
    # When the rules service made it (Unix ms): what the clocks run on. Absent
    # from commits made before clocks, whose body (and so hash) has no `at`.
    at: int | None = None

    def made_at(self) -> datetime | None:
        """`at` as a UTC time: when the game reached this commit, the same in
        every service and in a rebuilt stream (unlike the stream's timestamp)."""
        return None if self.at is None else datetime.fromtimestamp(self.at / 1000, UTC)

    def body(self) -> dict[str, Any]:
        """Everything the hash covers."""
        exclude = {"hash"} if self.at is not None else {"hash", "at"}
        return self.model_dump(mode="json", exclude=exclude)

    def expected_hash(self) -> str:
        return chain_hash(self.prev_hash, self.body())

    def to_bytes(self) -> bytes:
        return canonical_json(
            self.model_dump(mode="json", exclude=None if self.at is not None else {"at"})
        )

    @classmethod
    def from_bytes(cls, data: bytes) -> Commit:
        return cls.model_validate_json(data)


# Where the hash goes in a commit's canonical bytes: keys are sorted, and
# "hash" sorts right before "prev_hash". The last `,"prev_hash":"` of the body
# is its own key: only the rules version (a string, whose quotes JSON escapes),
# the seat and the seq follow it.
_PREV_HASH_KEY = b',"prev_hash":"'
# For `seal`: the pattern validation checked a game id against, and a commit's
# fields in declaration order (the fields a validated commit has set: all).
_GAME_ID = re.compile(GAME_ID_PATTERN)
_FIELDS = tuple(Commit.model_fields)
_new = object.__new__
_set = object.__setattr__


def seal(
    *,
    game_id: str,
    game: str,
    seq: int,
    command_id: str,
    seat: int | None,
    events: Sequence[dict[str, Any]],
    rules_version: str,
    prev_hash: str,
    at: int | None = None,
) -> tuple[Commit, bytes]:
    """A new commit with its hash, and its stored bytes (`Commit.to_bytes()`).

    The body is encoded once: it is hashed, and the stored bytes are the same
    bytes with the hash put in its sorted place (before, sealing dumped the
    model and encoded the body for the hash, then again for the bytes: 22-25
    µs per Schotten Totten commit, 13-15 µs this way).

    The commit is built once, its hash known, without validation (before, the
    model was validated, copying every event dict, then copied with the hash:
    13.0 -> 8.9 µs per Schotten Totten commit). The callers pass values of the
    fields' types they already trust (events dumped by their models, a game id
    from a head or a validated request); the fields' constraints are checked
    here as validation checked them, so no commit the model would refuse
    reaches the log: a ValueError, as pydantic's ValidationError was.
    """
    if seq < 1:
        raise ValueError(f"a commit's seq is 1 or more, not {seq!r}")
    if not 1 <= len(command_id) <= 128:
        raise ValueError(f"a command id is 1 to 128 characters, not {len(command_id)}")
    if _GAME_ID.fullmatch(game_id) is None:
        raise ValueError(f"a game id matches {GAME_ID_PATTERN}, not {game_id!r}")
    events = list(events)
    body: dict[str, Any] = {"game_id": game_id, "game": game, "seq": seq,
                            "command_id": command_id, "seat": seat, "events": events,
                            "rules_version": rules_version, "prev_hash": prev_hash}  # fmt: skip
    if at is not None:
        body["at"] = at
    encoded = canonical_json(body)
    digest = hashlib.sha256(prev_hash.encode() + encoded).hexdigest()
    cut = encoded.rindex(_PREV_HASH_KEY)
    data = b'%s,"hash":"%s"%s' % (encoded[:cut], digest.encode(), encoded[cut:])
    # What validating every field would make (all of them set, declaration
    # order), without it: pydantic's `model_construct` costs more than validating.
    commit = _new(Commit)
    _set(commit, "__dict__", {"game_id": game_id, "game": game, "seq": seq,
                              "command_id": command_id, "seat": seat, "events": events,
                              "rules_version": rules_version, "prev_hash": prev_hash,
                              "hash": digest, "at": at})  # fmt: skip
    _set(commit, "__pydantic_fields_set__", set(_FIELDS))
    _set(commit, "__pydantic_extra__", None)
    _set(commit, "__pydantic_private__", None)
    return commit, data


def next_sealed(
    previous: Commit | None,
    *,
    game_id: str,
    game: str,
    command_id: str,
    seat: int | None,
    events: Sequence[dict[str, Any]],
    rules_version: str,
    at: int | None = None,
) -> tuple[Commit, bytes]:
    """The commit that follows `previous` (None: the game's first commit), and its bytes."""
    return seal(
        game_id=game_id,
        game=game,
        seq=1 if previous is None else previous.seq + 1,
        command_id=command_id,
        seat=seat,
        events=events,
        rules_version=rules_version,
        prev_hash=GENESIS_HASH if previous is None else previous.hash,
        at=at,
    )


def next_commit(
    previous: Commit | None,
    *,
    game_id: str,
    game: str,
    command_id: str,
    seat: int | None,
    events: Sequence[dict[str, Any]],
    rules_version: str,
    at: int | None = None,
) -> Commit:
    """The commit that follows `previous` (None: the game's first commit)."""
    return next_sealed(
        previous, game_id=game_id, game=game, command_id=command_id, seat=seat,
        events=events, rules_version=rules_version, at=at,
    )[0]  # fmt: skip
