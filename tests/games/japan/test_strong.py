"""The strong bot searches only over what its own seat may know."""
import copy
import random

from games.catalog.japan import BOTS, RULES
from games.catalog.japan.components import CITIES, all_cards
from games.catalog.japan.strong import choose_strong, determinize, known_cards
from games.engine.harness import Table


def mid_game(players, round_number, seed):
    table = Table(RULES, players, {}, seed=seed)
    while table.state["round"] < round_number:
        table.bot_move(min(RULES.to_move(table.state)), BOTS["best"])
    # Let the other seats make their secret choices of this round first.
    while any(RULES.to_move(table.state) - {0}):
        table.bot_move(max(RULES.to_move(table.state)), BOTS["best"])
    return table


def scramble_secrets(state, seat, seed):
    """Deal every card the seat cannot know anew: others' hands and stacks, the decks,
    its own stack and its walks; others' live choices this round are forgotten too."""
    state = copy.deepcopy(state)
    known = known_cards(state, seat)
    unknown = [c for city in CITIES for c in all_cards(city) if c not in known]
    random.Random(seed).shuffle(unknown)
    for index, data in enumerate(state["seats"]):
        if index != seat:
            data["hand"] = [unknown.pop() for _ in data["hand"]]
            data["round_moves"] = []
        data["stack"] = [unknown.pop() for _ in data["stack"]]
        for column in data["plan"]:
            for entry in column:
                if "walk" in entry and (index == seat or entry["walk"] not in known):
                    entry["walk"] = unknown.pop()
    state["decks"] = {city: sorted(c for c in unknown if c[0] == city[0].upper()) for city in CITIES}
    return state


def test_the_strong_bot_chooses_the_same_whatever_the_hidden_cards_are(monkeypatch):
    import games.catalog.japan.strong as strong

    # A smaller search than the benchmarked one: what it may read does not depend on its size.
    monkeypatch.setattr(strong, "SAMPLES", 3)
    for players, round_number, seed in ((3, 6, 1), (1, 5, 3)):
        table = mid_game(players, round_number, seed)
        state = table.state
        assert 0 in RULES.to_move(state)
        rng = table.rng_for(table.version + 1)
        before = copy.deepcopy(state)
        chosen = choose_strong(RULES, state, 0, rng)
        assert state == before, "the search must leave the state it is shown as it was"
        assert chosen in RULES.legal_moves(state, 0)
        for other_seed in (7,):
            twin = scramble_secrets(state, 0, other_seed)
            assert twin != state
            assert choose_strong(RULES, twin, 0, table.rng_for(table.version + 1)) == chosen
            assert determinize(twin, 0, table.rng_for(9)) == determinize(state, 0, table.rng_for(9))
