"""Refusal codes of Splendor's own rules (the engine's are `GemsCode`)."""

from __future__ import annotations

from enum import StrEnum


class SplendorCode(StrEnum):
    UNKNOWN_NOBLE = "unknown_noble"
    NOBLE_NOT_EARNED = "noble_not_earned"
