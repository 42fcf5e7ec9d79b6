"""Every game's view matches the View_<slug> schema the OpenAPI document publishes.

Views are sampled from the recorded games of tests/corpus (every rules version still
served, with options varied) and from short random games of the current version at
the smallest and the largest player count, for every seat and a spectator. The
schemas are closed objects: a field added to a view but not to its schema, a field
gone, or a field of another type fails here. The served document is the one checked
(the API's own ``/api/schema/``), and one game per catalogued game is read back
through the API as well.
"""
import json
import random
from functools import lru_cache
from pathlib import Path

import pytest
from drf_spectacular.generators import SchemaGenerator
import jsonschema_rs
from jsonschema import Draft202012Validator

from games import registry
from games.engine.events import Event
from games.engine.harness import Table
from tests.support.factories import started_game

CORPUS = Path(__file__).resolve().parents[1] / "corpus"
GAMES = ["momiji", "travel", "soleils", "medina", "linie1", "harmonies", "japan", "amazonas", "citytour",
         "delphi"]
POINTS = 6            # corpus: the views at six points spread along each game, and at its end
RANDOM_MOVES = 120    # random games: this many moves, views at every 7th and at the end
# Random games with options beyond the defaults, (players, options), where the view has
# fields only some options bring (citytour: the solo level, the red side's bonus boxes
# and special places, the two-direction variant's route end).
VARIANTS = {"citytour": [(1, {"level": 12, "two_directions": True}),
                         (6, {"side": "red", "two_directions": True, "missions": 6})]}


@lru_cache(maxsize=1)
def published() -> dict:
    return SchemaGenerator().get_schema(request=None, public=True)["components"]["schemas"]


def validator(slug: str) -> Draft202012Validator:
    schema = published()[f"View_{slug}"]
    Draft202012Validator.check_schema(schema)
    return Draft202012Validator(schema)


def fast_validator(slug: str):
    """The same schema compiled once (thousands of views are checked); the messages on
    a failure come from jsonschema."""
    return jsonschema_rs.Draft202012Validator(published()[f"View_{slug}"])


def seats(players: int):
    return list(range(players)) + [None]


def corpus_states(slug: str):
    """(label, rules, players, state) along every recorded game of ``slug``."""
    for path in sorted(CORPUS.glob(f"{slug}-*.json")):
        export = json.loads(path.read_text())["export"]
        game = export["game"]
        rules = registry.rules_for(slug, game["rules_version"])
        state = rules.initial_state()
        rows = [row for row in export["events"] if row["type"] not in ("SeatTimedOut", "SeatForfeited")]
        every = max(1, len(rows) // POINTS)
        for index, row in enumerate(rows, start=1):
            state = rules.evolve(state, Event(row["type"], row["payload"]))
            if index % every == 0 or index == len(rows):
                yield f"{path.stem}@{index}", rules, game["players"], state


def random_states(slug: str):
    """States of random games of the current version (random moves, optional ones too),
    with the default options and with the game's VARIANTS."""
    rules = registry.get(slug).rules
    tables = [(players, {}) for players in sorted({rules.min_players, rules.max_players})]
    for players, options in tables + VARIANTS.get(slug, []):
        name = f"{players}" + (f" {json.dumps(options, sort_keys=True)}" if options else "")
        table = Table(rules, players, options, seed=f"view-schema-{name}")
        pick = random.Random(f"{slug}-{name}")
        for number in range(RANDOM_MOVES):
            if table.over:
                break
            if number % 7 == 0:
                yield f"random-{name}@{table.version}", rules, players, table.state
            movers = sorted(rules.to_move(table.state) | rules.may_move(table.state))
            seat = pick.choice(movers)
            table.play(seat, pick.choice(rules.legal_moves(table.state, seat)))
        yield f"random-{name}@{table.version}", rules, players, table.state


def problems(check: Draft202012Validator, view) -> list[str]:
    return [f"{'/'.join(map(str, error.absolute_path)) or '(top)'}: {error.message[:200]}"
            for error in check.iter_errors(view)]


@pytest.mark.parametrize("slug", GAMES)
def test_every_view_served_matches_the_published_schema(slug):
    assert callable(getattr(registry.get(slug).rules, "view_schema", None))
    check, fast = validator(slug), fast_validator(slug)
    checked = 0
    for source in (corpus_states(slug), random_states(slug)):
        for label, rules, players, state in source:
            for seat in seats(players):
                view = rules.view(state, seat)
                if not fast.is_valid(view):
                    raise AssertionError((label, seat, problems(check, view)[:5]))
                checked += 1
    assert checked >= 100, checked


def _field_path(schema: dict, view: dict):
    """A required property of the view and its schema (the top level, or the branch that
    fits the view when the schema is a choice)."""
    for branch in schema.get("anyOf", [schema]):
        if not Draft202012Validator(branch).is_valid(view):
            continue
        for name in branch["required"]:
            if name in view and "properties" in branch and branch["properties"][name].get("type"):
                return name, branch["properties"][name]
    raise AssertionError("no branch fits the view")


@pytest.mark.parametrize("slug", GAMES)
def test_a_view_that_breaks_its_schema_is_caught(slug):
    check = validator(slug)
    label, rules, players, state = list(random_states(slug))[-1]
    view = rules.view(state, 0)
    assert not problems(check, view)
    name, field = _field_path(published()[f"View_{slug}"], view)
    unknown = {**view, "secret_extra": 1}
    missing = {key: value for key, value in view.items() if key != name}
    wrong_type = {**view, name: {"not": "what the schema says"}}
    fast = fast_validator(slug)
    for broken in (unknown, missing, wrong_type):
        assert problems(check, broken) and not fast.is_valid(broken), (slug, name)
    # Nested too: a field added inside the first object the view holds is refused.
    nested = next((key for key, value in view.items() if isinstance(value, dict) and value
                   and field.get("type") is not None), None)
    if nested is not None:
        assert problems(check, {**view, nested: {**view[nested], "secret_extra": 1}}), (slug, nested)


def test_a_game_without_a_view_schema_is_documented_as_any_object():
    race = registry.get("race").rules
    assert race.view_schema() is None
    assert published()["View_race"]["type"] == "object"
    assert "properties" not in published()["View_race"]


@pytest.mark.django_db
def test_the_served_document_holds_these_schemas(client):
    components = client.get("/api/schema/", HTTP_ACCEPT="application/json").json()["components"]["schemas"]
    for slug in GAMES:
        assert components[f"View_{slug}"] == published()[f"View_{slug}"], slug


@pytest.mark.django_db
@pytest.mark.parametrize("slug", GAMES)
def test_the_api_serves_views_that_match(slug, client):
    check, fast = validator(slug), fast_validator(slug)
    rules = registry.get(slug).rules
    game, users = started_game(slug, players=max(rules.min_players, 2) if rules.max_players > 1 else 1)
    for account in users + [None]:
        if account is None:
            client.logout()
        else:
            client.force_login(account)
        view = client.get(f"/api/v1/games/{game.pk}/").json()["view"]
        assert view is not None and fast.is_valid(view), problems(check, view)[:5]
