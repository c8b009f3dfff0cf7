"""Passing, and the one platform rule (decision 6, 'exhaustion'): written
from the rulebook's own words.

Passing is in the rulebook (tactics variant, 6 ▼게임 진행): "손에 쥔 카드가 모두
전략 카드이거나, 부족 카드를 내려놓을 수 있는 모든 돌이 점령된 상황일 수 있습니다.
이 경우 전략 카드만 사용하거나 어떠한 카드도 사용하지 않고 자신의 턴을 끝내는 방법 중
한 가지를 선택할 수 있습니다." A round ends only "한 플레이어가 3개의 이어진 돌을
점령했을 때" or "5개의 돌을 점령했을 때" (section 5), and claiming is a choice
("주장할 수 있습니다"). So while a stone can still be claimed, passes change
nothing and the rules go on; only when nobody can play or claim any more would
they go on for ever, and that is where the platform rule ends the round.
"""

from __future__ import annotations

from tabletop.games.schotten_totten import GAME
from tabletop.games.schotten_totten.commands import Claim, EndTurn, Pass
from tabletop.games.schotten_totten.events import RoundEnded
from tabletop.games.schotten_totten.round_end import nothing_can_change
from tabletop.games.schotten_totten.state import CLAIM, PLAY, State
from tabletop.kernel import random_playout, replace

from ._helpers import apply, cs, decide, position

_COLOURS = "roygbp"
SPLIT = {0: 0, 1: 1, 2: 0, 3: 1, 4: 0, 5: 1, 6: 0, 7: 1}  # 4 stones each, never 3 adjacent


def _code(card: int) -> str:
    return f"{_COLOURS[card // 9]}{card % 9 + 1}"


def _claimed_table(stone_8: tuple[str, str], elsewhere: str, **kw: object) -> State:
    """Stones 0-7 claimed 4-4 (no three adjacent) with every clan card not on
    stone 8 or in `elsewhere` (hands, discard) filling their sides, so every
    clan card of the game is accounted for, as in a real round."""
    kept = set(cs(" ".join(x for x in (*stone_8, elsewhere) if x)))
    rest = [_code(x) for x in range(54) if x not in kept]
    sides = {
        s: (" ".join(rest[6 * s : 6 * s + 3]), " ".join(rest[6 * s + 3 : 6 * s + 6])) for s in SPLIT
    }
    assert len(rest) == 48
    return position(sides={**sides, 8: stone_8}, owner=SPLIT, deck="", **kw)  # type: ignore[arg-type]


def _only(state: State, seat: int, phase: int) -> list[object]:
    return GAME.legal_commands(replace(state, turn=seat, phase=phase, played=False), seat)


def test_a_player_who_cannot_play_a_clan_card_may_end_the_turn_without_a_card() -> None:
    # "손에 쥔 카드가 모두 전략 카드이거나 ... 어떠한 카드도 사용하지 않고 자신의 턴을 끝내는"
    state = position(tactics=True, hands=("spy", "o1"), phase=PLAY)
    legal = GAME.legal_commands(state, 0)
    assert Pass(seat=0) in legal and len(legal) > 1  # or play the tactic card
    state = apply(state, Pass(seat=0))
    assert GAME.legal_commands(state, 0) == [EndTurn(seat=0)]  # no card was played: no draw


def test_two_passes_while_a_stone_can_be_claimed_do_not_end_the_round() -> None:
    # Nobody can play, but stone 8 is complete on both sides: seat 0 may claim it.
    state = _claimed_table(("r7 r8 r9", "o1 o2 o4"), "", phase=PLAY, passes=1, turn=1)
    assert not nothing_can_change(state)
    events = decide(state, Pass(seat=1))
    assert [e.type for e in events] == ["passed"]
    state = apply(apply(state, Pass(seat=1)), EndTurn(seat=1))
    state = apply(state, Pass(seat=0))
    assert state.passes == 3 and state.phase == CLAIM and not state.over
    events = decide(state, Claim(seat=0, stone=8))
    end = events[-1]
    assert isinstance(end, RoundEnded) and end.winner == 0 and end.reason == "five stones"


def test_base_game_dead_table_ends_by_exhaustion() -> None:
    # Seat 0 has 8-8-8 on stone 8; only the red 4 or 7 could still lift seat 1's
    # red 5-6 above it. The red 7 is on a claimed stone, the red 4 in seat 0's
    # hand, and seat 0's sides are all full: nobody can play or claim again.
    state = _claimed_table(("y8 o8 g8", "r5 r6"), "r4", hands=("r4", ""), phase=PLAY, turn=1)
    for seat in (0, 1):
        assert _only(state, seat, PLAY) == [Pass(seat=seat)]
        assert _only(state, seat, CLAIM) == [EndTurn(seat=seat)]
    assert nothing_can_change(state)
    # Without the platform rule this would repeat for ever: a lone pass changes nothing.
    assert [e.type for e in decide(state, Pass(seat=1))] == ["passed"]
    state = apply(apply(state, Pass(seat=1)), EndTurn(seat=1))
    events = decide(state, Pass(seat=0))
    assert [(e.stone, e.seat, e.how) for e in events if e.type == "stone_claimed"] == [
        (8, 0, "exhaustion")
    ]
    end = events[-1]
    assert isinstance(end, RoundEnded) and end.winner == 0 and end.reason == "five stones"


def test_tactics_dead_table_no_side_complete_is_a_drawn_round() -> None:
    # Mud fight on stone 8 (4 cards a side), 3 on each side; seat 0's spy is
    # blocked by the tactic limit, seat 1 holds nothing: stone 8 can never be
    # claimed, so by the rulebook alone the round could never end.
    state = _claimed_table(
        ("r1 r2 r3", "o1 o2 o3"),
        "",
        tactics=True,
        hands=("spy", ""),
        tactics_deck="",
        modes={8: 2},
        tactics_played=(1, 0),
        phase=PLAY,
        passes=1,
        turn=0,
    )
    assert _only(state, 0, PLAY) == [Pass(seat=0)] and _only(state, 1, PLAY) == [Pass(seat=1)]
    events = decide(state, Pass(seat=0))
    assert [e.type for e in events if e.type == "stone_claimed"] == []
    end = events[-1]
    assert isinstance(end, RoundEnded) and end.winner is None and end.points == (4, 4)
    assert end.reason == "drawn by exhaustion"
    assert GAME.outcome(GAME.fold(state, events)).ranks == (0, 0)


def test_a_voluntary_pass_with_a_playable_tactic_card_is_no_exhaustion() -> None:
    # The rulebook lets a player end the turn holding tactic cards; the other
    # can still play one, so nothing is decided for them.
    state = _claimed_table(
        ("r1 r2 r3", "o1 o2 o3"),
        "",
        tactics=True,
        hands=("spy", ""),
        tactics_deck="",
        modes={8: 2},
        phase=PLAY,
        passes=1,
    )
    assert [e.type for e in decide(state, Pass(seat=0))] == ["passed"]


def test_the_view_names_the_platform_rule_and_counts_passes() -> None:
    state = _claimed_table(("r7 r8 r9", "o1 o2 o4"), "", phase=PLAY, passes=1, turn=1)
    state = apply(state, Pass(seat=1))
    for seat in (0, 1, None):
        view = GAME.view(state, seat)
        assert view["platform_rules"] == ["exhaustion"]
        assert view["passes"] == 2


def test_random_tactics_games_do_reach_tables_nothing_can_change() -> None:
    # Not a corner case: seeded random tactics games get there (14 of seeds
    # 0-399; base games none of 400). Every exhaustion happens at such a table.
    for seed in (35, 49):
        _, steps = random_playout(GAME, 2, seed, variant="tactics")
        exhausted = [
            s for s in steps if any(getattr(e, "how", None) == "exhaustion" for e in s.events)
        ]
        assert exhausted, f"seed {seed}"
        before = exhausted[0].before
        assert before.passes >= 1 and nothing_can_change(before)
        for seat in (0, 1):
            assert _only(before, seat, PLAY) == [Pass(seat=seat)]
