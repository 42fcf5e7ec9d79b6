"""Setting up a game of Delphi: the sea, the pieces on it, the decks and the players.

Every random outcome of the setup goes into the ``GameStarted`` payload (the map, where
offerings, monsters and island tiles lie, the equipment display, the ships, the first
injuries, the dice), so a replay never draws again. The face-down island tiles are the
only secret in it; ``Rules.redact`` takes them out.

The state's shape (plain JSON):

* ``sea``: the map (board.generate); ``board``: the pieces on it — ``offerings`` and
  ``monsters`` per island, ``statues`` per city, ``sites`` (statue sites: the seat that
  raised a statue there, or None), ``tiles`` (island tiles: up, colour, letter, shrine),
  ``temples`` (offerings delivered per temple);
* ``hidden``: the face-down tiles' colour and letter (secret); ``known``: per seat, what
  its peeks showed;
* ``decks``: the oracle and injury decks and their discards as counts per colour (draws
  are made when they happen, so a deck has no secret order), the equipment cards left
  and the display, the companions left;
* ``seats``: ship, position, shield, favour, gods (row per colour), oracle cards, injuries
  per colour, cargo, equipment, companions, Zeus tiles, returned;
* the turn: ``turn`` (seat), ``step``, ``unused`` dice, ``card_used``, ``extra_used``,
  ``wild`` (Apollo), ``pending`` choices, ``battle``, and ``offers`` (god advances other
  players may still take after this seat's roll).
"""
from __future__ import annotations

from . import board as sea_board
from . import components as C


def _deal_pieces(sea: dict, players: int, rng) -> dict:
    """Offerings, monsters and island tiles on the map (rules 5.1 of the component page)."""
    kinds: dict[str, list[str]] = {}
    for key in sorted(sea["islands"]):
        kinds.setdefault(sea["islands"][key]["kind"], []).append(key)
    # Offerings: each offering island gets ``players`` different colours; each colour
    # lies on ``players`` islands.
    colours = rng.shuffled(list(C.COLOURS), "offerings")
    places = rng.shuffled(kinds.get("offering", []), "offerings")
    offerings = {key: sorted((colours[(index + step) % 6] for step in range(players)), key=C.COLOURS.index)
                 for index, key in enumerate(places)}
    # Monsters: two different ones on each two-monster island (each colour once), the
    # other players-1 of each colour spread evenly over the single-monster islands.
    pairs = rng.shuffled(list(C.COLOURS), "monsters")
    doubles = rng.shuffled(kinds.get("monster2", []), "monsters")
    monsters = {key: sorted(pairs[2 * index:2 * index + 2], key=C.COLOURS.index) for index, key in enumerate(doubles)}
    rest = rng.shuffled(list(C.COLOURS), "monsters")
    singles = rng.shuffled(kinds.get("monster", []), "monsters")
    for index, key in enumerate(singles):
        monsters[key] = sorted((rest[(index + step) % 6] for step in range(players - 1)), key=C.COLOURS.index)
    # Island tiles: all twelve, face down.
    tiles = rng.shuffled(list(C.ISLAND_TILES), "island_tiles")
    spaces = kinds.get("tile", [])
    hidden = {key: list(tiles[index]) for index, key in enumerate(sorted(spaces))}
    return {"offerings": offerings, "monsters": monsters, "hidden": hidden}


def zeus_tiles(offering_colours: list[str], removed: list[dict]) -> list[dict]:
    """A player's Zeus tiles: 3 shrines, 3 statues (white), 2 coloured + 1 white offering,
    2 coloured + 1 white monster, less the shortened game's removals."""
    offered = set(offering_colours)
    tiles = [{"kind": "shrine", "colour": None} for _ in range(3)]
    tiles += [{"kind": "statue", "colour": None} for _ in range(3)]
    tiles += [{"kind": "offering", "colour": o} for o, m in C.DOUBLE_SIDED if o in offered]
    tiles.append({"kind": "offering", "colour": None})
    tiles += [{"kind": "monster", "colour": m} for o, m in C.DOUBLE_SIDED if o not in offered]
    tiles.append({"kind": "monster", "colour": None})
    for removal in removed:
        index = next(i for i, tile in enumerate(tiles) if tile == removal)
        tiles.pop(index)
    return [{**tile, "done": False, "with": None} for tile in tiles]


def game_started(players: int, options: dict, rng) -> dict:
    """The GameStarted payload."""
    sea = sea_board.generate(rng, players)
    pieces = _deal_pieces(sea, players, rng)
    first = rng.randbelow(players, "first_player")
    two = rng.sample([o for o, _ in C.DOUBLE_SIDED], 2, "zeus_tiles")
    offering_colours = sorted(two, key=C.COLOURS.index)
    removed: list[dict] = []
    shorten = 12 - options["zeus_tiles"]
    for kind in C.SHORTEN_ORDER[:shorten]:
        if kind in ("statue", "shrine"):
            removed.append({"kind": kind, "colour": None})
        else:
            coloured = ([o for o, _ in C.DOUBLE_SIDED if o in offering_colours] if kind == "offering"
                        else [m for o, m in C.DOUBLE_SIDED if o not in offering_colours])
            removed.append({"kind": kind, "colour": coloured[rng.randbelow(2, "shorten")]})
    equipment = list(C.EQUIPMENT)
    display = rng.sample(equipment, C.DISPLAY, "equipment")
    if options["ships"] == "draft":
        ships, offered = None, sorted(rng.sample(list(C.SHIPS), players + 1, "ships"))
    else:
        ships, offered = rng.sample(list(C.SHIPS), players, "ships"), []
    # The first injury of each player, in turn order, and every player's dice.
    deck = {colour: C.INJURY_PER_COLOUR for colour in C.COLOURS}
    injuries = []
    for _ in range(players):
        colour = draw_colour(deck, rng, "injuries")
        deck[colour] -= 1
        injuries.append(colour)
    dice = [[C.COLOURS[rng.randbelow(6, "dice")] for _ in range(C.DICE)] for _ in range(players)]
    return {"players": players, "options": options, "sea": sea, "first": first,
            "colours": list(C.PLAYER_COLOURS[:players]), "offerings": pieces["offerings"],
            "monsters": pieces["monsters"], "hidden": pieces["hidden"],
            "offering_colours": offering_colours, "removed": removed,
            "display": sorted(display), "ships": ships, "ships_offered": offered,
            "injuries": injuries, "dice": dice}


def draw_colour(counts: dict, rng, purpose: str) -> str:
    """One card from a deck held as counts per colour (no order: drawn when it happens)."""
    total = sum(counts.values())
    pick = rng.randbelow(total, purpose)
    for colour in C.COLOURS:
        if pick < counts.get(colour, 0):
            return colour
        pick -= counts.get(colour, 0)
    raise AssertionError("unreachable")


def initial_state(p: dict) -> dict:
    players = p["players"]
    sea = p["sea"]
    order = [(p["first"] + step) % players for step in range(players)]
    statues, sites, temples, tiles = {}, {}, {}, {}
    for key, island in sorted(sea["islands"].items()):
        if island["kind"] == "city":
            statues[key] = [island["colour"]] * C.STATUES_PER_COLOUR
        elif island["kind"] == "statue":
            sites[key] = [None] * len(island["sites"])
        elif island["kind"] == "temple":
            temples[key] = []
        elif island["kind"] == "tile":
            tiles[key] = {"up": False, "colour": None, "letter": None, "shrine": None}
    injuries = p["injuries"]
    deck = {colour: C.INJURY_PER_COLOUR - injuries.count(colour) for colour in C.COLOURS}
    seats = []
    for seat in range(players):
        favour = C.FAVOUR_START + order.index(seat)
        seats.append({
            "colour": p["colours"][seat], "ship": None, "pos": sea["zeus"], "shield": 0, "favour": favour,
            "gods": {colour: 0 for colour in C.COLOURS}, "oracle": [],
            "injuries": {colour: 0 for colour in C.COLOURS}, "cargo": [], "equipment": [],
            "companions": [], "tiles": zeus_tiles(p["offering_colours"], p["removed"]),
            "returned": False,
        })
        seats[seat]["injuries"][injuries[seat]] += 1
        seats[seat]["gods"][injuries[seat]] = C.ENTRY_ROW[players]
    display = list(p["display"])
    return {
        "players": players, "options": dict(p["options"]), "sea": sea, "first": p["first"], "order": order,
        "colours": list(p["colours"]), "offering_colours": list(p["offering_colours"]),
        "phase": "prepare", "round": 1, "turn": None, "step": None,
        "board": {"offerings": {k: list(v) for k, v in p["offerings"].items()},
                  "monsters": {k: list(v) for k, v in p["monsters"].items()},
                  "statues": statues, "sites": sites, "temples": temples, "tiles": tiles},
        "hidden": {k: list(v) for k, v in p["hidden"].items()},
        "known": [{} for _ in range(players)],
        "decks": {"oracle": {colour: C.ORACLE_PER_COLOUR for colour in C.COLOURS},
                  "oracle_discard": {colour: 0 for colour in C.COLOURS},
                  "injury": deck, "injury_discard": {colour: 0 for colour in C.COLOURS},
                  "equipment": sorted(set(C.EQUIPMENT) - set(display)), "display": display},
        "companions": [[colour, kind] for colour in C.COLOURS for kind in C.COMPANION_KINDS],
        "seats": seats, "dice": [list(d) for d in p["dice"]],
        "ships_offered": list(p["ships_offered"]), "prepare": [],
        "unused": [], "card_used": False, "extra_used": False, "wild": False,
        "pending": [], "battle": None, "offers": [[] for _ in range(players)],
        "titan": None, "ending": False, "winners": None, "turns": 0,
    }
