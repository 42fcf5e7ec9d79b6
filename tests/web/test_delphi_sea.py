"""The Delphi sea drawn as SVG (web/boards/delphi_sea.py): every space, its code, the
marks the caller gives, and the clickable spaces as buttons."""
from __future__ import annotations

import xml.etree.ElementTree as ET

from games.catalog.delphi import board as B
from games.catalog.delphi import sea_text
from games.engine.rng import rng_for_testing
from web.boards.delphi_sea import sea_svg

SVG = "{http://www.w3.org/2000/svg}"


def _tree(markup: str) -> ET.Element:
    return ET.fromstring(str(markup))


def _spaces(root):
    return [g for g in root.iter(f"{SVG}g") if "space" in g.get("class", "").split()]


def test_every_space_is_drawn_with_its_code_and_description():
    sea = B.Sea(B.FIRST_GAME)
    root = _tree(sea_svg(sea))
    spaces = _spaces(root)
    assert len(spaces) == 72 + 39 + 9 == 120
    codes = sea_text.codes(sea)
    assert sorted(g.get("data-code") for g in spaces) == sorted(codes.values())
    b3 = next(g for g in spaces if g.get("data-code") == "B3")
    key = sea_text.space_from_code(sea, "B3")
    assert b3.find(f"{SVG}title").text == sea_text.describe(sea, key)
    assert b3.find(f"{SVG}polygon").get("fill") == "#3f7fc4" and b3.find(f"{SVG}polygon").get("class") == "hex"
    assert "B3" in [t.text for t in b3.iter(f"{SVG}text")]
    zeus = next(g for g in spaces if g.get("data-code") == "Z")
    assert "Zeus" in [t.text for t in zeus.iter(f"{SVG}text")]


def test_only_the_clickable_spaces_are_buttons():
    sea = B.Sea(B.FIRST_GAME)
    wanted = sea.zeus_neighbours()[:2]
    root = _tree(sea_svg(sea, clickable=wanted))
    buttons = [g for g in _spaces(root) if g.get("data-space")]
    assert sorted(g.get("data-space") for g in buttons) == sorted(wanted)
    for g in buttons:
        assert g.get("role") == "button" and g.get("tabindex") == "0" and "can" in g.get("class")
        assert g.get("aria-label") == sea_text.describe(sea, g.get("data-space"))


def test_islands_show_their_colours():
    sea = B.Sea(B.FIRST_GAME)
    root = _tree(sea_svg(sea))
    by_code = {g.get("data-code"): g for g in _spaces(root)}
    statue = sea.islands_of("statue")[0]
    rings = [c.get("stroke") for c in by_code[sea_text.space_code(sea, statue)].iter(f"{SVG}circle")]
    from web.boards.delphi_sea import FILL
    assert rings == [FILL[c] for c in sea.islands[statue]["sites"]]
    tile = sea.islands_of("tile")[0]
    ring = by_code[sea_text.space_code(sea, tile)].findall(f"{SVG}polygon")[1]
    assert ring.get("stroke") == FILL[sea.islands[tile]["ring"]]
    temple = by_code["RT"]
    assert FILL["red"] in [r.get("fill") for r in temple.iter(f"{SVG}rect")]


def test_marks_are_drawn_where_the_caller_puts_them():
    sea = B.Sea(B.FIRST_GAME)
    start = sea.zeus_neighbours()[0]
    monster = sea.islands_of("monster2")[0]
    marks = {start: [{"kind": "ship", "colour": "red", "title": "Ann's ship <1>"},
                     {"kind": "ship", "colour": "blue", "title": "Bea's ship"}],
             monster: [{"kind": "monster", "colour": "green"}, {"kind": "monster", "colour": "pink"}],
             sea.islands_of("tile")[0]: [{"kind": "tile", "face": "down"}],
             sea.islands_of("tile")[1]: [{"kind": "tile", "face": "up", "colour": "blue", "letter": "ω"},
                                         {"kind": "shrine", "colour": "blue"}],
             sea.city("red"): [{"kind": "statue", "colour": "red"}] * 3,
             sea.zeus: [{"kind": "highlight", "title": "last move"}]}
    markup = sea_svg(sea, marks)
    root = _tree(markup)
    kinds = [g.get("class") for g in root.iter(f"{SVG}g") if g.get("class", "").startswith("mark")]
    assert kinds.count("mark ship") == 2 and kinds.count("mark monster") == 2
    assert kinds.count("mark statue") == 3 and "mark tile" in kinds and "mark shrine" in kinds
    assert "Ann&#x27;s ship &lt;1&gt;" in markup          # titles are escaped
    assert "mark highlight" in kinds
    # Marks are drawn inside their space's group.
    space = next(g for g in _spaces(root) if g.get("data-code") == sea_text.space_code(sea, start))
    assert [g.get("class") for g in space.findall(f"{SVG}g")] == ["mark ship", "mark ship"]
    assert "ω" in markup


def test_a_raised_statue_stands_on_the_site_of_its_colour():
    sea = B.Sea(B.FIRST_GAME)
    island = sea.islands_of("statue")[0]
    colour = sea.islands[island]["sites"][2]
    root = _tree(sea_svg(sea, {island: [{"kind": "statue", "colour": colour}]}))
    site = [c for c in _spaces(root) if c.get("data-code") == sea_text.space_code(sea, island)][0]
    ring = list(site.iter(f"{SVG}circle"))[2]
    statue = next(g for g in root.iter(f"{SVG}g") if g.get("class") == "mark statue")
    head = statue.find(f"{SVG}circle")
    assert abs(float(head.get("cx")) - float(ring.get("cx"))) < 1


def test_any_generated_map_draws_and_the_map_dict_is_accepted():
    board = B.generate(rng_for_testing(5), 2)
    root = _tree(sea_svg(board))
    assert len(_spaces(root)) == 120
    assert root.get("viewBox") and root.get("class") == "delphi-sea"


def _sample_marks(sea) -> dict:
    """A table in play: ships, monsters, cubes, statues, tiles and a shrine."""
    start = sea.zeus_neighbours()[0]
    marks = {start: [{"kind": "ship", "colour": "red", "title": "Ann's ship"},
                     {"kind": "ship", "colour": "blue", "title": "Bea's ship"}],
             sea.zeus_neighbours()[3]: [{"kind": "ship", "colour": "yellow", "title": "Cem's ship"},
                                        {"kind": "highlight", "title": "last move"}]}
    for key in sea.islands_of("monster")[:3]:
        marks[key] = [{"kind": "monster", "colour": "green"}]
    for key in sea.islands_of("monster2")[:2]:
        marks[key] = [{"kind": "monster", "colour": "pink"}, {"kind": "monster", "colour": "black"}]
    for key in sea.islands_of("offering")[:3]:
        marks[key] = [{"kind": "offering", "colour": c} for c in ("red", "blue", "black")]
    for i, key in enumerate(sea.islands_of("tile")):
        marks[key] = ([{"kind": "tile", "face": "down"}] if i % 3 else
                      [{"kind": "tile", "face": "up", "colour": "green", "letter": "ω"},
                       {"kind": "shrine", "colour": "green"}])
    marks[sea.city("red")] = [{"kind": "statue", "colour": "red"}] * 3
    statue = sea.islands_of("statue")[0]
    marks[statue] = [{"kind": "statue", "colour": sea.islands[statue]["sites"][1]}]
    return marks


def test_in_a_browser_every_clickable_space_takes_its_own_clicks(browser):
    from tests.web.conftest import SCREENSHOTS

    sea = B.Sea(B.FIRST_GAME)
    start = sea.zeus_neighbours()[0]
    markup = sea_svg(sea, _sample_marks(sea), clickable=list(sea.water))
    page = browser.new_page(viewport={"width": 900, "height": 700})
    try:
        page.set_content("<!doctype html><html><body style='margin:0'>" + markup + "<script>"
                         "document.addEventListener('click', e => { const s = e.target.closest('[data-space]');"
                         " window.clicked = s ? s.dataset.space : null; });</script></body></html>")
        # The middle of every water space belongs to that space (no neighbour, edge or mark
        # takes the click away).
        wrong = page.evaluate("""() => [...document.querySelectorAll('[data-space]')].filter(g => {
            const box = g.querySelector('.hex').getBoundingClientRect();
            const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
            return !hit || hit.closest('[data-space]') !== g; }).map(g => g.dataset.space)""")
        assert wrong == []
        page.keyboard.press("Tab")                 # the spaces are reached with the keyboard
        assert page.evaluate("document.activeElement.dataset.space") == next(iter(sea.water))
        page.locator(f'[data-space="{start}"] .mark.ship').first.click()
        assert page.evaluate("window.clicked") == start
        page.locator('[data-code="RT"]').click()
        assert page.evaluate("window.clicked") is None
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        page.set_content("<!doctype html><html><body style='margin:0'>"
                         + sea_svg(sea, _sample_marks(sea), clickable=sea.zeus_neighbours()) + "</body></html>")
        page.locator("svg").screenshot(path=str(SCREENSHOTS / "delphi-sea.png"))
    finally:
        page.close()
