"""Derive `sv1.json` (the compact card data this package reads) from the
pokemontcg.io export of Scarlet & Violet base set.

A maintenance tool, never imported by the game:

    python libs/games/src/tabletop/games/pokemon_tcg/data/derive.py \
        PATH/TO/pokemontcg-data/cards/en/sv1.json

Only the fields the engine needs are kept; energy types become one letter
(G R W L P F D M C), damage stays the printed string ("30+", "50" and a times sign).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

TYPE_LETTER = {
    "Grass": "G",
    "Fire": "R",
    "Water": "W",
    "Lightning": "L",
    "Psychic": "P",
    "Fighting": "F",
    "Darkness": "D",
    "Metal": "M",
    "Colorless": "C",
}


def _letters(types: list[str]) -> str:
    return "".join(TYPE_LETTER[t] for t in types)


def compact(card: dict) -> dict:
    out: dict = {
        "id": card["id"],
        "number": int(card["number"]),
        "name": card["name"],
        "kind": {"Pokémon": "pokemon", "Trainer": "trainer", "Energy": "energy"}[card["supertype"]],
        "subtypes": card.get("subtypes", []),
    }
    if out["kind"] == "pokemon":
        out["hp"] = int(card["hp"])
        out["type"] = _letters(card["types"])
        if "evolvesFrom" in card:
            out["evolves_from"] = card["evolvesFrom"]
        out["weakness"] = _letters([w["type"] for w in card.get("weaknesses", [])])
        out["resistance"] = _letters([r["type"] for r in card.get("resistances", [])])
        out["retreat"] = card.get("convertedRetreatCost", 0)
        out["abilities"] = [
            {"name": a["name"], "text": a["text"]} for a in card.get("abilities", [])
        ]
        out["attacks"] = [
            {
                "name": a["name"],
                "cost": _letters(a["cost"]),
                "damage": a["damage"],
                "text": a["text"],
            }
            for a in card.get("attacks", [])
        ]
    elif out["kind"] == "trainer":
        out["text"] = card.get("rules", [""])[0]
    return out


def main(source: str) -> None:
    cards = [compact(c) for c in json.loads(Path(source).read_text(encoding="utf-8"))]
    cards.sort(key=lambda c: c["number"])
    target = Path(__file__).with_name("sv1.json")
    # One card per line: diffs stay readable when the data is derived again.
    lines = ",\n".join(json.dumps(c, ensure_ascii=False) for c in cards)
    target.write_text("[\n" + lines + "\n]\n", encoding="utf-8")
    print(f"{len(cards)} cards -> {target}")


if __name__ == "__main__":
    main(sys.argv[1])
