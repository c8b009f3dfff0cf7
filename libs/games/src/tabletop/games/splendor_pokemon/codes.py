"""Refusal codes of evolution (the engine's codes are `GemsCode`)."""

from __future__ import annotations

from enum import StrEnum


class PokemonCode(StrEnum):
    CANNOT_EVOLVE = "cannot_evolve"  # not your Pokémon, or not its next stage
    EVOLUTION_UNAVAILABLE = "evolution_unavailable"  # next stage not in market / reserve
    EVOLUTION_REQUIREMENT = "evolution_requirement"  # card bonuses too low
