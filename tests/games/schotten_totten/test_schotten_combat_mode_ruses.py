"""Strategist and Banshee on combat modes (issue #14, point 10), from the
rulebook's words (6 ▼전략 카드):

- "2) 전투 모드 (점령되지 않은 돌 위에 사용)" — a combat mode is a tactic card
  used on an unclaimed stone;
- "전략가 : 점령되지 않은 돌에 놓인 자신의 부족 카드 또는 전략 카드를 선택해서
  점령되지 않은 다른 돌에 사용하거나 버릴 수 있습니다." — your own clan card *or
  tactic card* at an unclaimed stone, used at another unclaimed stone or
  discarded;
- "밴쉬 : 점령되지 않은 돌에 놓인 상대 플레이어의 부족 카드 또는 전략 카드를 선택해서
  버림 더미에 버립니다." — the opponent's clan card *or tactic card* at an
  unclaimed stone, discarded.

So a combat mode is "yours" when you placed it: the engine records who did.
"""

from __future__ import annotations

import pytest

from tabletop.games.schotten_totten import GAME
from tabletop.games.schotten_totten.cards import BLIND_MANS_BLUFF, MUD_FIGHT
from tabletop.games.schotten_totten.commands import (
    PlayBanshee,
    PlayCard,
    PlayStrategist,
    PlayTraitor,
)
from tabletop.games.schotten_totten.state import CLAIM, State
from tabletop.kernel import IllegalCommand, replace

from ._helpers import PLAY, apply, c, claim, cs, decide, position

BLIND, MUD = 1, 2  # mode bits on a stone


def refused(state: State, command: object) -> str:
    with pytest.raises(IllegalCommand) as exc:
        decide(state, command)  # type: ignore[arg-type]
    assert exc.value.message
    return exc.value.code


def table(**kwargs: object) -> State:
    kwargs.setdefault("phase", PLAY)
    return position(tactics=True, **kwargs)  # type: ignore[arg-type]


def test_playing_a_combat_mode_records_who_placed_it() -> None:
    state = table(hands=("blind-mans-bluff r1", "mud-fight o1"))
    state = apply(state, PlayCard(seat=0, card=BLIND_MANS_BLUFF, stone=4))
    assert state.mode_by == (0, -1)
    state = replace(state, turn=1, phase=PLAY, played=False)
    state = apply(state, PlayCard(seat=1, card=MUD_FIGHT, stone=4))
    assert state.mode_by == (0, 1)
    stone = GAME.view(state, None)["stones"][4]
    assert stone["modes"] == ["blind-mans-bluff", "mud-fight"] and stone["mode_seats"] == [0, 1]


def test_strategist_moves_your_own_combat_mode_to_another_unclaimed_stone() -> None:
    # Blind-man's bluff on stone 0, placed by seat 0; the sides there stay as they are.
    sides = {0: ("r1 r2 r3", "o9 y9 g9"), 5: ("b1 b2 b3", "p8 b8 y8")}
    state = table(hands=("strategist r9", "o2"), sides=sides, modes={0: BLIND}, mode_by=(0, -1))
    legal = [x for x in GAME.legal_commands(state, 0) if x.card == BLIND_MANS_BLUFF]
    assert PlayStrategist(seat=0, card=BLIND_MANS_BLUFF, to_stone=None) in legal
    assert PlayStrategist(seat=0, card=BLIND_MANS_BLUFF, to_stone=5) in legal  # side full: fine
    assert PlayStrategist(seat=0, card=BLIND_MANS_BLUFF, to_stone=0) not in legal
    moved = apply(state, PlayStrategist(seat=0, card=BLIND_MANS_BLUFF, to_stone=5))
    assert moved.modes[0] == 0 and moved.modes[5] == BLIND and moved.mode_by == (0, -1)
    assert moved.sides == state.sides and moved.discard == (c("strategist"),)
    # Stone 5 is now decided by sums only: seat 0's colour run (6) loses to 24,
    # and stone 0 by formations again: seat 0's colour run beats three 9s.
    assert claim(moved, 1, 5)[0].how == "claim"
    assert claim(moved, 0, 0)[0].how == "claim"
    assert claim(replace(state, phase=CLAIM), 1, 0)[0].how == "claim"  # before: 27 beat 6
    dropped = apply(state, PlayStrategist(seat=0, card=BLIND_MANS_BLUFF, to_stone=None))
    assert dropped.modes[0] == 0 and dropped.mode_by == (-1, -1)
    assert dropped.discard == (BLIND_MANS_BLUFF, c("strategist"))
    assert claim(dropped, 0, 0)[0].how == "claim"  # colour run beats three of a kind again


def test_strategist_refusals_for_combat_modes() -> None:
    state = table(
        hands=("strategist r9", "o2"), modes={0: BLIND, 2: MUD}, mode_by=(1, 0), owner={3: 1}
    )
    assert refused(state, PlayStrategist(seat=0, card=BLIND_MANS_BLUFF)) == "not_your_card"
    assert refused(state, PlayStrategist(seat=0, card=MUD_FIGHT, to_stone=2)) == "same_stone"
    assert refused(state, PlayStrategist(seat=0, card=MUD_FIGHT, to_stone=3)) == "stone_claimed"
    on_claimed = table(hands=("strategist r9", "o2"), modes={3: MUD}, mode_by=(-1, 0), owner={3: 1})
    assert refused(on_claimed, PlayStrategist(seat=0, card=MUD_FIGHT)) == "stone_claimed"
    assert all(getattr(x, "card", None) != MUD_FIGHT for x in GAME.legal_commands(on_claimed, 0))


def test_mud_fight_leaving_gives_the_tie_to_who_laid_the_third_card_first() -> None:
    # "만약 힘의 총합도 같은 경우에는 세 번째 카드를 먼저 내려놓은 플레이어가 돌을 소유합니다."
    # Under the Mud fight both sides wait for a 4th card; seat 1 laid its 3rd first.
    sides = {0: ("r1 r2 r3", "o1 o2 o3")}
    state = table(
        hands=("strategist r9", "o5"),
        sides=sides,
        modes={0: MUD},
        mode_by=(-1, 0),
        first_three={0: 1},
    )
    assert state.first_done[0] == -1 and state.first_three[0] == 1
    moved = apply(state, PlayStrategist(seat=0, card=MUD_FIGHT, to_stone=6))
    assert moved.modes[0] == 0 and moved.modes[6] == MUD and moved.first_done[0] == 1
    with pytest.raises(IllegalCommand) as exc:
        claim(moved, 0, 0)
    assert exc.value.code == "weaker_formation"
    assert claim(moved, 1, 0)[0].how == "claim"


def test_mud_fight_cannot_leave_a_stone_where_a_side_holds_four_cards() -> None:
    sides = {0: ("r1 r2 r3 r4", "o1 o2")}
    state = table(hands=("strategist r9", "o5"), sides=sides, modes={0: MUD}, mode_by=(-1, 0))
    assert refused(state, PlayStrategist(seat=0, card=MUD_FIGHT, to_stone=1)) == "mud_fight_in_use"
    assert refused(state, PlayStrategist(seat=0, card=MUD_FIGHT)) == "mud_fight_in_use"
    assert all(getattr(x, "card", None) != MUD_FIGHT for x in GAME.legal_commands(state, 0))
    theirs = table(hands=("banshee r9", "o5"), sides=sides, modes={0: MUD}, mode_by=(-1, 1))
    assert refused(theirs, PlayBanshee(seat=0, card=MUD_FIGHT)) == "mud_fight_in_use"


def test_banshee_discards_the_opponents_combat_mode() -> None:
    sides = {0: ("r7 r8 r9", "o1 o2 o3")}
    state = table(hands=("banshee r1", "o5"), sides=sides, modes={0: BLIND | MUD}, mode_by=(1, 0))
    legal = [x for x in GAME.legal_commands(state, 0) if isinstance(x, PlayBanshee)]
    assert PlayBanshee(seat=0, card=BLIND_MANS_BLUFF) in legal
    assert PlayBanshee(seat=0, card=MUD_FIGHT) not in legal  # seat 0 placed that one
    after = apply(state, PlayBanshee(seat=0, card=BLIND_MANS_BLUFF))
    assert after.modes[0] == MUD and after.mode_by == (-1, 0)
    assert after.discard == cs("blind-mans-bluff banshee") and after.tactics_played == (1, 0)
    assert refused(state, PlayBanshee(seat=0, card=MUD_FIGHT)) == "not_opponent_card"
    claimed = table(hands=("banshee r1", "o5"), modes={4: BLIND}, mode_by=(1, -1), owner={4: 0})
    assert refused(claimed, PlayBanshee(seat=0, card=BLIND_MANS_BLUFF)) == "stone_claimed"


def test_banshee_removing_the_mud_fight_restores_three_card_sides() -> None:
    sides = {0: ("r7 r8 r9", "o1 o2 o3")}
    state = table(hands=("banshee r1", "o5"), sides=sides, modes={0: MUD}, mode_by=(-1, 1))
    after = apply(state, PlayBanshee(seat=0, card=MUD_FIGHT))
    assert after.modes[0] == 0 and after.first_done[0] == 0
    assert claim(after, 0, 0)[0].how == "claim"


def test_traitor_still_takes_clan_cards_only() -> None:
    state = table(hands=("traitor r1", "o5"), modes={0: BLIND}, mode_by=(1, -1))
    assert refused(state, PlayTraitor(seat=0, card=BLIND_MANS_BLUFF, to_stone=1)) == (
        "not_clan_card"
    )


def test_combat_mode_ruses_replay_from_events() -> None:
    state = table(hands=("strategist r9", "o5"), modes={0: MUD}, mode_by=(-1, 0))
    events = decide(state, PlayStrategist(seat=0, card=MUD_FIGHT, to_stone=3))
    assert events[0].model_dump(mode="json")["card"] == MUD_FIGHT
    after = GAME.fold(state, [GAME.parse_event(e.model_dump_json()) for e in events])
    assert after == apply(state, PlayStrategist(seat=0, card=MUD_FIGHT, to_stone=3))
    assert after.modes[3] == MUD and after.mode_by == (-1, 0)
