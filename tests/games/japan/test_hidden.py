"""Hidden information: hands, stacks, walks and this round's choices (rulings 20)."""
import json

from games.catalog.japan import BOTS, RULES
from games.engine.harness import Table
from tests.games.japan.helpers import give, new_game, play


def quoted(cards):
    return [f'"{c}"' for c in cards]


def secrets_of(state, seat):
    """Card ids seat ``seat`` holds that no one else may see (and its walks, hidden from all)."""
    data = state["seats"][seat]
    return set(data["hand"]) | set(data["stack"])


def walks(state):
    return {e["walk"] for data in state["seats"] for column in data["plan"] for e in column if "walk" in e}


def test_views_and_events_hide_hands_stacks_walks_and_the_round_choices():
    for players in (1, 3):
        table = Table(RULES, players, {}, seed=11)
        checked = 0
        while not table.over:
            state = table.state
            if state["phase"] == "planning":
                for viewer in list(range(players)) + [None]:
                    text = json.dumps(RULES.view(state, viewer))
                    hidden = set(walks(state))
                    for other in range(players):
                        if other != viewer:
                            hidden |= secrets_of(state, other)
                    if viewer is not None:
                        hidden |= set(state["seats"][viewer]["stack"])
                    for word in quoted(hidden):
                        assert word not in text, (viewer, word)
                    checked += 1
            events = table.play(min(RULES.to_move(state)),
                                BOTS["best"](RULES, state, min(RULES.to_move(state)),
                                             table.rng_for(table.version + 1)))
            for event in events:
                for viewer in list(range(players)) + [None]:
                    text = json.dumps(RULES.redact(event, viewer).to_json())
                    if table.state["phase"] == "planning":
                        for word in quoted(walks(table.state)):
                            assert word not in text
                    if event.type == "ChoiceMade" and event.payload["seat"] != viewer:
                        assert RULES.redact(event, viewer).payload == {
                            "seat": event.payload["seat"], "round": event.payload["round"], "hidden": True}
                        assert "secret" in RULES.describe(event, viewer)
        assert checked > 20


def test_a_sealed_choice_changes_nothing_the_others_see():
    state = new_game(3)
    give(state, 0, explore=1)
    before = [RULES.view(state, viewer) for viewer in (1, 2, None)]
    for move in ({"type": "explore", "tokyo": 3}, {"type": "walk", "card": "T1", "city": "tokyo", "day": "fri", "position": 0},
                 {"type": "place", "card": "K1", "day": "sat", "position": 0}):
        after_state, events = play(json.loads(json.dumps(state)), 0, move)
        after = [RULES.view(after_state, viewer) for viewer in (1, 2, None)]
        for old, new in zip(before, after):
            old = {k: v for k, v in old.items() if k not in ("to_move", "players")}
            new = {k: v for k, v in new.items() if k not in ("to_move", "players")}
            assert old == new
        for viewer in (1, 2, None):
            seen = RULES.view(after_state, viewer)["players"][0]
            assert seen == {**RULES.view(state, viewer)["players"][0], "waiting_for": seen["waiting_for"]}
            assert RULES.redact(events[0], viewer).payload == {"seat": 0, "round": 1, "hidden": True}


def test_the_round_close_reveals_the_choices_but_not_the_walk_cards():
    state = new_game(2)
    state, _ = play(state, 0, {"type": "walk", "card": "T1", "city": "tokyo", "day": "fri", "position": 0})
    state, _ = play(state, 0, {"type": "pass"})
    state, events = play(state, 1, {"type": "place", "card": "K2", "day": "sat", "position": 0})
    closed = next(e for e in events if e.type == "RoundClosed")
    seen = RULES.redact(closed, 1).payload
    assert seen["moves"][0][0] == {"type": "walk", "card": "T1", "city": "tokyo", "day": "fri", "position": 0}
    walk = state["seats"][0]["plan"][4][0]["walk"]
    for viewer in (0, 1, None):
        assert f'"{walk}"' not in json.dumps(RULES.view(state, viewer))
        assert RULES.view(state, viewer)["players"][0]["plan"][4][0] == {"walk": None, "city": "tokyo", "bonus": False}
    started = next(e for e in events if e.type == "RoundStarted")
    assert set(RULES.redact(started, 1).payload) == {"round", "hand_sizes", "your_hand"}
    assert RULES.redact(started, 1).payload["your_hand"] == state["seats"][1]["hand"]


def test_the_travel_agents_plan_is_shown_to_everyone_as_a_copy():
    # Solo: the travel agent's cards lie face up on its plan.
    table = Table(RULES, 1, {}, seed=3)
    while table.state["round"] < 4:
        seat = min(RULES.to_move(table.state))
        table.bot_move(seat, BOTS["best"])
    state = table.state
    assert any(state["agent"]["plan"])
    before = json.loads(json.dumps(state))
    for viewer in (0, None):
        view = RULES.view(state, viewer)
        assert view["agent"] == {"plan": state["agent"]["plan"]}
        next(column for column in view["agent"]["plan"] if column).append({"card": "T1"})
    assert json.loads(json.dumps(state)) == before
    assert "agent" not in RULES.view(Table(RULES, 2, {}, seed=3).state, None)


def test_between_the_start_and_the_first_round_no_round_rule_is_shown():
    from games.engine.events import Event

    table = Table(RULES, 2, {}, seed=4)
    started = table.game.events[0]
    assert started.type == "GameStarted"
    state = RULES.evolve(RULES.initial_state(), Event(started.type, started.payload))
    view = RULES.view(state, None)
    assert view["round"] == 0 and view["round_rule"] == {"source": "", "keep": 0, "pass": ""}
    assert RULES.view(table.state, None)["round_rule"]["keep"] > 0


def test_a_seat_choosing_its_day_bonus_is_shown_the_day_and_the_tier_and_nobody_else_is():
    # Seed: a day's third card with three matching symbols offers every bonus up to tier 3.
    state = new_game(2, hands=[["T9", "K1"], ["T2", "K2"]])     # Monday's symbol: temple
    give(state, 0, plan=[["T3", "T5"], [], [], [], [], []])      # two temple icons already
    state, _ = play(state, 0, {"type": "place", "card": "T9", "day": "mon", "position": 1})
    assert RULES.view(state, 0)["private"]["bonus"] == {"day": "mon", "tier": 3}
    assert RULES.view(state, 1)["private"]["bonus"] is None
    assert RULES.view(state, None)["private"] is None


def _over(**fields):
    return {"phase": "over", "solo": False, "options": {"experience_tie_break": False}, **fields}


def test_the_solo_game_is_won_only_by_beating_the_travel_agent():
    # Seed (solo): you win with more points than the travel agent.
    for mine, agent, won in ((101, 100, True), (100, 100, False), (99, 100, False)):
        outcome = RULES.outcome(_over(solo=True, scores=[{"total": mine}], agent_score={"total": agent}))
        assert outcome.ranks == [1] and outcome.details[0]["beat_agent"] is won
        assert outcome.details[0]["agent_total"] == agent
        assert outcome.notes == [f"The travel agent scored {agent}: Player 1 "
                                 + ("beat it and won the solo game." if won else
                                    "did not beat it and lost the solo game.")]


def test_ties_share_the_victory_unless_the_experience_tie_break_decides():
    scores = [{"total": 100, "experience_spaces": 9}, {"total": 90, "experience_spaces": 20},
              {"total": 100, "experience_spaces": 12}]
    outcome = RULES.outcome(_over(scores=scores))
    assert outcome.ranks == [1, 3, 1]
    assert outcome.notes == ["Tied: Player 1, Player 3 share the victory."]
    outcome = RULES.outcome(_over(scores=scores, options={"experience_tie_break": True}))
    assert outcome.ranks == [2, 3, 1]
    assert outcome.notes == ["Tied on points; the experience tie-break decided."]
    assert RULES.outcome(_over(scores=scores[:2])).notes == []


def test_the_finished_solo_view_shows_the_agents_score():
    table = Table(RULES, 1, {}, seed=12)
    while not table.over:
        table.bot_move(0, BOTS["best"])
    for viewer in (0, None):
        view = RULES.view(table.state, viewer)
        assert view["agent"]["score"] == table.state["agent_score"]
        assert view["outcome"] == RULES.outcome(table.state).to_json()
