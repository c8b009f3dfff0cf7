"""The effect vocabulary: small steps that card scripts are built from
(ADR 0018). A step that needs a choice is split in two: an `ask_*` step opens
the prompt, the next step acts on the picks (stored under its `key`).

- attacks.py: damage, coins, conditions, healing, lasting effects
- counts.py: what attacks count (damage counters, Energy, Benched Pokémon...)
- choices.py: prompts for targets, and acting on the picks
- moves.py: moving cards between piles (one `CardsMoved`)
- piles.py: draw, discard, shuffle, deck searches, the discard pile
"""

from .attacks import *  # noqa: F403
from .choices import *  # noqa: F403
from .counts import *  # noqa: F403
from .moves import *  # noqa: F403
from .piles import *  # noqa: F403
from .piles import SEARCHES, Filter, HiddenChoice

__all__ = ["SEARCHES", "Filter", "HiddenChoice"]
