"""Each scoring rule on worked examples built by hand: the points of every card family,
majorities with ties, the cave, and face-down universal rivers (which score nothing)."""
from __future__ import annotations

from games.catalog.forestsm import RULES
from games.catalog.forestsm import components as C
from games.catalog.forestsm.scoring import all_scores

from .helpers import arrange, cards, filler, stem, table

_taken: list = []


def pick(species, count=1, half=None):
    """Distinct cards across one example (reset by ``fresh``)."""
    found = cards(species, count, half=half, avoid=_taken)
    _taken.extend(found)
    return found if count > 1 else found[0]


def fresh():
    _taken.clear()


def side_of(card_id, species):
    return [h for h, s in C.CARDS[card_id]["halves"].items() if s == species][0]


def at(card_id, species):
    """(card, half) for a slot, the half being the one showing ``species``."""
    return (card_id, side_of(card_id, species))


def score(*forests, caves=None):
    caves = caves or [0] * len(forests)
    return all_scores(list(forests), list(caves))


def test_flat_points_and_one_point_per_cave_card():
    fresh()
    maple, turtle = pick("red_maple"), pick("box_turtle", half="bottom")
    result = score([stem(maple, bottom=at(turtle, "box_turtle"))], [], caves=[2, 0])
    assert result[0] == {"total": 1 + 3 + 2, "cave": 2,
                         "by_species": {"box_turtle": 3, "red_maple": 1}}
    assert result[1]["total"] == 0


def test_points_per_card_attached_to_a_hemlock_and_to_a_trout_stream():
    fresh()
    hemlock, stream = pick("hemlock"), pick("stream")
    owl, deer, turtle = pick("owl", half="top"), pick("deer"), pick("box_turtle", half="bottom")
    trout = pick("trout", half="bottom")
    forest = [stem(hemlock, top=at(owl, "owl"), bottom=at(turtle, "box_turtle"),
                   **{side_of(deer, "deer"): at(deer, "deer")}),
              stem(stream, bottom=at(trout, "trout"))]
    by = score(forest, [])[0]["by_species"]
    assert by["hemlock"] == 2 * 3
    assert by["stream"] == 1 * 1


def test_a_group_table_counts_once_per_forest():
    fresh()
    birches = pick("yellow_birch", 3)
    assert score([stem(b) for b in birches], [])[0]["by_species"] == {"yellow_birch": 9}
    fresh()
    maple1, maple2 = pick("red_maple", 2)
    flies = pick("firefly", 2, half="top")
    sal = pick("salamander", 3, half="bottom")
    forest = [stem(maple1, top=at(flies[0], "firefly"), bottom=at(sal[0], "salamander")),
              stem(maple2, top=at(flies[1], "firefly"), bottom=at(sal[1], "salamander"))]
    by = score(forest, [])[0]["by_species"]
    assert by["firefly"] == 3 and by["salamander"] == 6


def test_butterflies_score_by_how_many_different_species():
    fresh()
    m1, m2, m3 = pick("red_maple", 3)
    a, b = pick("swallowtail", 2, half="top")
    luna = pick("luna_moth", half="top")
    forest = [stem(m1, top=at(a, "swallowtail")), stem(m2, top=at(b, "swallowtail")),
              stem(m3, top=at(luna, "luna_moth"))]
    result = score(forest, [])[0]
    assert sum(v for k, v in result["by_species"].items() if k in ("swallowtail", "luna_moth")) == 7


def test_bats_need_three_different_species():
    fresh()
    m1, m2, m3 = pick("red_maple", 3)
    bats = [pick("indiana_bat", half="top"), pick("big_brown_bat", half="top"),
            pick("tricolored_bat", half="top")]
    names = ["indiana_bat", "big_brown_bat", "tricolored_bat"]
    forest = [stem(m, top=at(b, n)) for m, b, n in zip((m1, m2, m3), bats, names)]
    by = score(forest, [])[0]["by_species"]
    assert [by[n] for n in names] == [5, 5, 5]
    two_kinds = [stem(m1, top=at(bats[0], names[0])), stem(m2, top=at(bats[1], names[1]))]
    by = score(two_kinds, [])[0]["by_species"]
    assert by[names[0]] == 0 and by[names[1]] == 0


def test_majorities_reward_every_player_tied_for_the_most():
    fresh()
    trees_a = pick("red_maple", 3)
    trees_b = pick("tulip_tree", 3)
    trees_c = pick("hemlock", 2)
    wp = pick("woodpecker", 3, half="top")
    a = [stem(trees_a[0], top=at(wp[0], "woodpecker"))] + [stem(t) for t in trees_a[1:]]
    b = [stem(trees_b[0], top=at(wp[1], "woodpecker"))] + [stem(t) for t in trees_b[1:]]
    c = [stem(trees_c[0], top=at(wp[2], "woodpecker")), stem(trees_c[1])]
    result = score(a, b, c)
    assert [r["by_species"]["woodpecker"] for r in result] == [10, 10, 0]
    fresh()
    d1, d2, d3 = pick("dogwood", 3)
    result = score([stem(d1), stem(d2)], [stem(d3)])
    assert result[0]["by_species"]["dogwood"] == 6 and result[1]["by_species"]["dogwood"] == 1
    result = score([stem(d1)], [stem(d3)])
    assert result[0]["by_species"]["dogwood"] == 3 and result[1]["by_species"]["dogwood"] == 3


def test_tulip_trees_score_from_four_and_spruces_over_a_river():
    fresh()
    tulips = pick("tulip_tree", 4)
    assert score([stem(t) for t in tulips], [])[0]["by_species"]["tulip_tree"] == 20
    assert score([stem(t) for t in tulips[:3]], [])[0]["by_species"]["tulip_tree"] == 0
    s1, s2 = pick("red_spruce", 2)
    under = filler(1, avoid=_taken)[0]
    assert score([stem(s1, river=under), stem(s2)], [])[0]["by_species"]["red_spruce"] == 6 + 2


def test_points_for_the_tree_a_card_sits_at():
    fresh()
    hemlock, maple, tulip = pick("hemlock"), pick("red_maple"), pick("tulip_tree")
    w1, w2 = pick("warbler", 2, half="top")
    squirrel = pick("squirrel")
    forest = [stem(hemlock, top=at(w1, "warbler")), stem(maple, top=at(w2, "warbler")),
              stem(tulip, **{side_of(squirrel, "squirrel"): at(squirrel, "squirrel")})]
    by = score(forest, [])[0]["by_species"]
    assert by["warbler"] == 4 and by["squirrel"] == 5


def test_points_per_tree_species_river_and_water_card():
    fresh()
    maple1, maple2, tulip, spruce, creek = *pick("red_maple", 2), pick("tulip_tree"), pick("red_spruce"), pick("creek")
    turkey = pick("turkey")
    heron = pick("heron", half="top")
    beaver = pick("beaver")
    wing = pick("dragonfly", half="top")
    trout = pick("trout", half="bottom")
    under = filler(1, avoid=_taken)[0]
    forest = [stem(maple1, **{side_of(turkey, "turkey"): at(turkey, "turkey")}), stem(maple2), stem(tulip),
              stem(spruce, river=under, top=at(heron, "heron"), bottom=at(trout, "trout"),
                   **{side_of(beaver, "beaver"): at(beaver, "beaver")}),
              stem(creek, top=at(wing, "dragonfly"))]
    by = score(forest, [])[0]["by_species"]
    assert by["turkey"] == 3            # maple, tulip tree, spruce
    assert by["heron"] == 2 * 2         # one single river, one tree with a river
    assert by["beaver"] == 3 * 1        # one tree with a river
    assert by["dragonfly"] == 4         # heron, beaver, jewelwing, trout carry the water condition


def test_points_per_type_species_and_cave_and_for_having_a_species():
    fresh()
    m1, m2, m3 = pick("red_maple", 3)
    tanager, owl = pick("tanager", half="top"), pick("owl", half="top")
    fox, bobcat = pick("fox"), pick("bobcat")
    c1, c2 = pick("cottontail", 2)
    pipe = pick("ghost_pipe", half="bottom")
    forest = [stem(m1, top=at(tanager, "tanager"), **{side_of(fox, "fox"): at(fox, "fox")}),
              stem(m2, top=at(owl, "owl"), **{side_of(c1, "cottontail"): at(c1, "cottontail")},
                   bottom=at(pipe, "ghost_pipe")),
              stem(m3, **{side_of(c2, "cottontail"): at(c2, "cottontail")})]
    result = score(forest, [], caves=[3, 0])[0]
    by = result["by_species"]
    assert by["tanager"] == 2           # two birds
    assert by["fox"] == 2 * 2           # two cottontails
    assert by["ghost_pipe"] == 3 and result["cave"] == 3
    lonely = score([stem(m1, **{side_of(bobcat, "bobcat"): at(bobcat, "bobcat")})], [])[0]
    assert lonely["by_species"]["bobcat"] == 0
    fed = score([stem(m1, **{side_of(bobcat, "bobcat"): at(bobcat, "bobcat")}),
                 stem(m2, **{side_of(c1, "cottontail"): at(c1, "cottontail")})], [])[0]
    assert fed["by_species"]["bobcat"] == 6


def test_a_universal_river_scores_nothing_and_only_makes_a_tree_with_a_river():
    fresh()
    maple = pick("red_maple")
    owl = pick("owl", half="top")   # would score 5 if it were visible
    assert score([stem(maple, river=owl)], [])[0] == {"total": 1, "cave": 0, "by_species": {"red_maple": 1}}


def test_the_outcome_shares_victory_on_a_tie():
    t = table()
    maple_a, maple_b = cards("red_maple", 2)
    arrange(t, forests={0: [stem(maple_a)], 1: [stem(maple_b)]})
    t.state["phase"] = "over"
    outcome = RULES.outcome(t.state)
    assert outcome.scores == [1, 1] and outcome.winners == [0, 1]


def test_a_majority_of_a_type_and_points_per_type_count_every_card_of_it():
    fresh()
    m1, m2, m3 = pick("red_maple", 3)
    ginseng = pick("ginseng", half="bottom")
    trillium = pick("trillium", half="bottom")
    ramps = pick("ramps", half="bottom")
    elk, deer = pick("elk"), pick("deer")
    a = [stem(m1, bottom=at(ginseng, "ginseng"), **{side_of(elk, "elk"): at(elk, "elk")}),
         stem(m2, bottom=at(trillium, "trillium"),
              **{side_of(deer, "deer"): at(deer, "deer")})]
    b = [stem(m3, bottom=at(ramps, "ramps"))]
    result = score(a, b)
    assert result[0]["by_species"]["ginseng"] == 8      # two plants against one
    assert result[0]["by_species"]["elk"] == 2          # the elk and the deer are hoofed
    b.append(stem(pick("tulip_tree"), bottom=at(pick("mayapple", half="bottom"), "mayapple")))
    result = score(a, b)
    assert result[0]["by_species"]["ginseng"] == 8      # tied at two plants: both have the most
    b.append(stem(pick("hemlock"), bottom=at(pick("trillium", half="bottom"), "trillium")))
    assert score(a, b)[0]["by_species"]["ginseng"] == 2  # three plants against two
