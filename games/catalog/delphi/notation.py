"""The Oracle of Delphi in words and in a short text notation, for turn emails and the web.

Pure Python, no Django. Everything here reads a seat's ``view`` (view.py), never the full
state, so nothing hidden can slip into a text. Spaces are named by their codes on the map
(sea_text.py: ``B3`` the third blue water space, ``Z`` Zeus, ``T4`` an island tile,
``O2`` an offering island, ``S1`` a statue island, ``M3`` a monster island, ``RT`` the red
temple, ``KC`` the black city).

The notation (docs/games/delphi.md, "Playing by email"); any letter case, commas and
extra words such as "the" or "to" do not matter. An action paid by a die or an oracle
card ends with what pays: ``with red die``, ``with blue card`` or ``with extra`` (the
extra-action equipment). Left out, the cheapest way to pay is taken (the fewest favour,
then a die before an oracle card before the extra action):

    sail B3 with red die       sail to B3 (favour for recolouring and extra spaces is paid
                               automatically; "sail B3 creature green with green die" uses
                               your green creature); "sail Z" returns to Zeus
    fight M2 yellow            fight the yellow monster on M2 (then "fight on" or "retreat")
    explore T4 / shrine T4     uncover the island tile T4 / build a shrine on it
    load O3 red / load KC red  load an offering from an offering island, a statue from a city
    deliver RT red             make the red offering at the red temple ("deliver red" will do)
    raise S2 red               raise your red statue on statue island S2
    heal red / god red         discard your red injury cards / advance your red god (Aphrodite)
    oracle / favour            draw an oracle card / take 2 favour
    peek T1 T4                 look at two face-down island tiles
    amulet pink                the amulet equipment's action
    poseidon B3, apollo, artemis T4, aphrodite, ares M2 yellow, hermes red
                               a top-row god's special action; "back poseidon" returns the
                               god to its start row for an oracle card instead
    end                        end your actions and consult the oracle
    offer red from Ann         advance your red god after Ann's roll; "decline" leaves the offers
    discard red red blue       too many injuries: discard these three (the turn ends)
    bless favour / bless red   no injuries: take 2 favour or advance a god
    ship swift-sails, drop 3, equipment long-oars, companion hero, step red, grab O3 red,
    chart T1 T4, uncover T4, top poseidon, skip      the choices some rewards and cards ask for
"""
from __future__ import annotations

import re

from . import board as B
from . import components as C
from . import moves as M
from . import sea_text

EXAMPLES = ["sail B3 with red die", "fight M2 yellow with black die", "explore T4", "load O3 red",
            "deliver red", "raise S2 red with pink card", "god red", "oracle", "poseidon B3", "end",
            "fight on", "offer red from Ann"]

SYNTAX = """\
An action paid by a die, an oracle card or the extra action ends with
"with red die", "with blue card" or "with extra" (left out: cheapest).
  sail <space> [creature <colour>]  sail there (sail Z: back to Zeus)
  fight <island> <colour>           fight a monster beside your ship
  explore <island>, shrine <island> turn a tile up, build a shrine
  load <island> <colour>            load an offering or a statue
  deliver <temple> <colour>         make an offering (deliver red)
  raise <island> <colour>           raise a statue
  heal <colour>, god <colour>       discard injuries, advance a god
  oracle, favour, peek <t> <t>      oracle card, 2 favour, look at 2
  amulet <colour>                   an amulet card's action
Free: poseidon <space>, apollo, artemis <island>, aphrodite,
  ares <island> <colour>, hermes <colour> (a top-row god's action),
  back <god> (the god down for an oracle card), end (roll the
  dice), fight on, retreat.
Turn start: offer <colour> from <player>, decline,
  discard <c> <c> <c>, bless favour, bless <colour>.
Choices: ship <name>, drop <n>, equipment <name>, companion <kind>,
  step <colour>, heal <colour>, grab <island> <colour>,
  chart <t> <t>, uncover <t>, top <god>, skip.
Spaces by their codes on the map: B3 (the third blue water space;
R red, K black, P pink, B blue, Y yellow, G green), Z Zeus, T island
tiles, O offering and S statue islands, M monster islands, RT the
red temple, KC the black city. Colours by name or letter, gods by
name or colour."""

LETTER = sea_text.LETTER                       # colour -> letter (R K P B Y G)
COLOUR_WORDS = {**{c: c for c in C.COLOURS}, **{l.lower(): c for c, l in LETTER.items()}, "grey": "black"}
GOD_COLOUR = {name.lower(): colour for colour, name in C.GODS.items()}
PAID = {"draw_oracle", "take_favour", "peek", "sail", "fight", "explore", "shrine", "load_offering",
        "deliver", "load_statue", "raise_statue", "heal", "advance_god", "amulet"}
FILLER = {"the", "a", "an", "to", "on", "at", "in", "of", "my", "your", "using", "pay", "paid", "by", "and",
          "for", "island", "space", "with", "from"}


# -- names -------------------------------------------------------------------------------

def _sea(view: dict):
    return B.sea_for(view["sea"])


def _code(view: dict, key: str) -> str:
    return sea_text.space_code(_sea(view), key)


def _place(view: dict, key: str) -> str:
    return sea_text.space_name(_sea(view), key)


def _name(view: dict, seat: int, names: list[str] | None = None) -> str:
    names = names or view.get("player_names") or []
    return names[seat] if 0 <= seat < len(names) else f"Player {seat + 1}"


def _god(colour: str) -> str:
    return f"{C.god_name(colour)} ({colour})"


def _monster(colour: str) -> str:
    return f"the {colour} {C.MONSTERS[colour]}"


def _word(text: str) -> str:
    """A name as one lowercase word of the notation: "Long oars" -> "long-oars"."""
    return re.sub(r"[^a-z0-9]+", "-", str(text).lower()).strip("-")


def _plain(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "", str(text).lower())


def _me(view: dict) -> dict | None:
    you = view.get("you")
    seats = view.get("seats") or []
    return seats[you] if isinstance(you, int) and 0 <= you < len(seats) else None


# -- what a paid action costs (favour), from the view -------------------------------------

def _as_state(view: dict) -> dict:
    """The parts of the rules' state the cost of an action depends on, rebuilt from the
    view (which shows all of them: positions, ships, equipment, companions)."""
    seats = []
    for seat in view["seats"]:
        seats.append({"pos": seat["position"], "equipment": list(seat["equipment"]), "ship": seat["ship"],
                      "companions": [[c["colour"], c["kind"]] for c in seat["companions"]],
                      "favour": seat["favour"], "oracle": list(seat["oracle_cards"]),
                      "cargo": [[c["kind"], c["colour"]] for c in seat["cargo"]], "gods": dict(seat["gods"])})
    return {"sea": view["sea"], "seats": seats, "wild": view.get("wild", False), "players": view["players"],
            "unused": list(view.get("dice_left") or []), "card_used": view.get("card_used", False),
            "extra_used": view.get("extra_used", False)}


def action_cost(view: dict, move: dict) -> int | None:
    """Favour the paid action costs (recolouring, spaces beyond the ship's range, the extra
    action); None when the view cannot say."""
    return action_costs(view, [move])[0]


def action_costs(view: dict, moves: list[dict]) -> list[int | None]:
    """``action_cost`` of many moves of one position, the state rebuilt and the sea's
    distances found once."""
    if view.get("you") is None:
        return [None] * len(moves)
    try:
        state, cache = _as_state(view), {}
        return [M.action_cost(state, view["you"], move, cache) if move.get("type") in PAID else None
                for move in moves]
    except (KeyError, TypeError, IndexError):  # a view of another shape: the words leave the cost out
        return [None] * len(moves)


def paid_with(move: dict) -> str:
    """What pays for a move, in words: "the red die", "a blue oracle card", "the extra action"."""
    if move.get("extra"):
        return "the extra action"
    if "die" in move:
        return f"the {move['die']} die"
    if "card" in move:
        return f"a {move['card']} oracle card"
    return ""


def _source_words(view: dict, move: dict) -> str:
    paid = paid_with(move)
    if not paid:
        return ""
    cost = action_cost(view, move)
    if cost:
        paid += f", {cost} favour"
    return f" ({paid})"


# -- moves in words --------------------------------------------------------------------------

def _sail_words(view: dict, move: dict) -> str:
    sea = _sea(view)
    to = move["to"]
    if to == sea.zeus:
        return "Sail back to Zeus"
    words = f"Sail to {sea_text.describe(sea, to)}"
    if move.get("creature"):
        words += f" with your {move['creature']} creature (+3 spaces, any colour)"
    return words


def _action_words(view: dict, move: dict) -> str:
    kind = move["type"]
    if kind == "draw_oracle":
        return "Draw an oracle card"
    if kind == "take_favour":
        return "Take 2 favour"
    if kind == "peek":
        return "Look at " + " and ".join(_place(view, k) for k in move["islands"])
    if kind == "sail":
        return _sail_words(view, move)
    if kind == "fight":
        return f"Fight {_monster(move['monster'])} on {_place(view, move['island'])}"
    if kind == "explore":
        return f"Explore {_place(view, move['island'])} (turn the tile up)"
    if kind == "shrine":
        return f"Build a shrine on {_place(view, move['island'])}"
    if kind == "load_offering":
        return f"Load the {move['colour']} offering from {_place(view, move['island'])}"
    if kind == "deliver":
        return f"Make the {move['colour']} offering at {_place(view, move['island'])} (3 favour)"
    if kind == "load_statue":
        return f"Load a {move['colour']} statue from {_place(view, move['island'])}"
    if kind == "raise_statue":
        return f"Raise the {move['colour']} statue on {_place(view, move['island'])}"
    if kind == "heal":
        return f"Discard your {move['colour']} injury cards"
    if kind == "advance_god":
        return f"Advance {_god(move['colour'])} 1 step"
    if kind == "amulet":
        god = C.god_name(move["colour"])
        return f"Use the {god} amulet: 1 favour, 1 oracle card and {god} 1 step"
    return kind


def _god_power_words(view: dict, move: dict) -> str:
    colour = move["colour"]
    god = C.god_name(colour)
    if colour == "blue":
        sea = _sea(view)
        target = "back to Zeus" if move["to"] == sea.zeus else f"to {sea_text.describe(sea, move['to'])}"
        return f"{god}: move your ship {target}"
    if colour == "green":
        return f"{god}: uncover {_place(view, move['island'])} and take its reward"
    if colour == "black":
        return f"{god}: defeat {_monster(move['monster'])} on {_place(view, move['island'])} without a fight"
    if colour == "pink":
        return f"{god}: take a {move['statue']} statue from its city into your ship"
    return f"{god}: {C.GOD_POWERS[colour]}"


def _tile_words(tile: dict) -> str:
    if tile["kind"] == "shrine":
        return "a shrine task"
    return f"a {tile['colour'] or 'white'} {tile['kind']} task"


def move_words(move: dict, view: dict) -> str:
    """One move in words, as the player who would make it reads it."""
    kind = move.get("type")
    view = view or {}
    if kind in PAID:
        return _action_words(view, move) + _source_words(view, move)
    if kind == "ship":
        ship = C.SHIPS[move["ship"]]
        return f"Take the ship {ship['name']}: {ship['text']}"
    if kind == "drop_tile":
        me = _me(view)
        tile = me["tiles"][move["tile"]] if me and move["tile"] < len(me["tiles"]) else None
        what = f" ({_tile_words(tile)})" if tile else ""
        return f"Return Zeus tile {move['tile'] + 1}{what} to the box"
    if kind == "equipment":
        card = C.EQUIPMENT[move["card"]]
        return f"Take the equipment card {card['name']}: {card['text']}"
    if kind == "companion":
        colour = (view.get("pending") or {}).get("colour")
        who = f"the {colour} {move['kind']}" if colour else f"a {move['kind']}"
        return f"Take {who} as your companion: {C.COMPANION_TEXT[move['kind']]}"
    if kind in ("god_step", "bless_god"):
        head = "No injuries: advance" if kind == "bless_god" else "Advance"
        return f"{head} {_god(move['colour'])} 1 step"
    if kind == "bless_favour":
        return "No injuries: take 2 favour"
    if kind == "heal_colour":
        return f"Discard all your {move['colour']} injury cards"
    if kind == "grab":
        return f"Take the {move['colour']} {'statue' if _is_city(view, move['island']) else 'offering'} " \
               f"from {_place(view, move['island'])} into your ship"
    if kind == "chart":
        return "Look at " + " and ".join(_place(view, k) for k in move["islands"]) + " (then uncover one)"
    if kind == "uncover":
        return f"Uncover {_place(view, move['island'])} and take its reward"
    if kind == "god_top":
        return f"Move {_god(move['colour'])} to the top row"
    if kind == "skip":
        return "Take nothing with the card"
    if kind == "take_offer":
        return f"Advance {_god(move['colour'])} 1 step after {_name(view, move['roller'])}'s roll"
    if kind == "decline_offers":
        return "Leave the god advances you were offered and begin your turn"
    if kind == "recover":
        return f"Discard 3 injury cards ({', '.join(move['colours'])}); your turn then ends"
    if kind == "god_power":
        return _god_power_words(view, move)
    if kind == "god_card":
        return f"Return {C.god_name(move['colour'])} to its start row and draw an oracle card"
    if kind == "end":
        return "End your actions and consult the oracle (roll your dice)"
    if kind == "fight_on":
        return "Fight on for 1 favour (the monster 1 weaker)"
    if kind == "retreat":
        return "Retreat from the fight (the monster stays)"
    return str(move)


def _is_city(view: dict, key: str) -> bool:
    return (view.get("sea", {}).get("islands", {}).get(key) or {}).get("kind") == "city"


# -- the notation --------------------------------------------------------------------------

def _source_text(move: dict) -> str:
    if move.get("extra"):
        return " with extra"
    if "die" in move:
        return f" with {move['die']} die"
    if "card" in move:
        return f" with {move['card']} card"
    return ""


def notation(move: dict, view: dict | None = None) -> str:
    """The move in the short notation that ``parse`` reads back."""
    view = view or {}
    kind = move.get("type")
    code = (lambda key: _code(view, key))
    body = {
        "draw_oracle": lambda: "oracle", "take_favour": lambda: "favour",
        "peek": lambda: "peek " + " ".join(code(k) for k in move["islands"]),
        "sail": lambda: f"sail {code(move['to'])}" + (f" creature {move['creature']}" if move.get("creature") else ""),
        "fight": lambda: f"fight {code(move['island'])} {move['monster']}",
        "explore": lambda: f"explore {code(move['island'])}",
        "shrine": lambda: f"shrine {code(move['island'])}",
        "load_offering": lambda: f"load {code(move['island'])} {move['colour']}",
        "load_statue": lambda: f"load {code(move['island'])} {move['colour']}",
        "deliver": lambda: f"deliver {code(move['island'])} {move['colour']}",
        "raise_statue": lambda: f"raise {code(move['island'])} {move['colour']}",
        "heal": lambda: f"heal {move['colour']}", "advance_god": lambda: f"god {move['colour']}",
        "amulet": lambda: f"amulet {move['colour']}",
    }
    if kind in body:
        return body[kind]() + _source_text(move)
    if kind == "ship":
        return f"ship {_word(C.SHIPS[move['ship']]['name'])}"
    if kind == "drop_tile":
        return f"drop {move['tile'] + 1}"
    if kind == "equipment":
        return f"equipment {_word(C.EQUIPMENT[move['card']]['name'])}"
    if kind == "companion":
        return f"companion {move['kind']}"
    if kind == "god_step":
        return f"step {move['colour']}"
    if kind == "heal_colour":
        return f"heal {move['colour']}"
    if kind == "grab":
        return f"grab {code(move['island'])} {move['colour']}"
    if kind == "chart":
        return "chart " + " ".join(code(k) for k in move["islands"])
    if kind == "uncover":
        return f"uncover {code(move['island'])}"
    if kind == "god_top":
        return f"top {C.god_name(move['colour']).lower()}"
    if kind == "take_offer":
        return f"offer {move['colour']} from {_name(view, move['roller'])}"
    if kind == "decline_offers":
        return "decline"
    if kind == "recover":
        return "discard " + " ".join(move["colours"])
    if kind == "bless_favour":
        return "bless favour"
    if kind == "bless_god":
        return f"bless {move['colour']}"
    if kind == "god_power":
        god = C.god_name(move["colour"]).lower()
        extra = {"blue": lambda: f" {code(move['to'])}", "green": lambda: f" {code(move['island'])}",
                 "black": lambda: f" {code(move['island'])} {move['monster']}",
                 "pink": lambda: f" {move['statue']}"}.get(move["colour"], lambda: "")()
        return god + extra
    if kind == "god_card":
        return f"back {C.god_name(move['colour']).lower()}"
    if kind == "fight_on":
        return "fight on"
    if kind in ("end", "retreat", "skip"):
        return kind
    return kind or ""


# -- reading a reply ------------------------------------------------------------------------

HEADS = {
    "sail": {"sail"}, "move": {"sail"}, "go": {"sail"},
    "fight": {"fight"}, "explore": {"explore"}, "discover": {"explore"}, "shrine": {"shrine"},
    "build": {"shrine"}, "load": {"load_offering", "load_statue"}, "deliver": {"deliver"},
    "raise": {"raise_statue"}, "erect": {"raise_statue"},
    "heal": {"heal", "heal_colour"}, "god": {"advance_god", "god_step"}, "advance": {"advance_god", "god_step"},
    "step": {"god_step", "advance_god"}, "oracle": {"draw_oracle"}, "draw": {"draw_oracle"},
    "favour": {"take_favour", "bless_favour"}, "favor": {"take_favour", "bless_favour"}, "peek": {"peek"},
    "look": {"peek"}, "amulet": {"amulet"}, "ship": {"ship"}, "drop": {"drop_tile"},
    "equipment": {"equipment"}, "companion": {"companion"}, "grab": {"grab"},
    "chart": {"chart"}, "uncover": {"uncover"}, "top": {"god_top"}, "skip": {"skip"},
    "offer": {"take_offer"}, "decline": {"decline_offers"}, "discard": {"recover"},
    "bless": {"bless_god"}, "end": {"end"}, "done": {"end"}, "consult": {"end"}, "roll": {"end"},
    "retreat": {"retreat"}, "flee": {"retreat"}, "back": {"god_card"}, "return": {"god_card"}, "power": {"god_power"},
}
NAMED = {"ship", "equipment", "drop_tile", "companion"}


def _words(text: str) -> list[str]:
    return re.sub(r"[,.;:!()\-]", " ", str(text).strip().lower()).split()


def _tokens(words: list[str]) -> list[str]:
    return [w for w in words if w not in FILLER]


def _squash(text: str) -> str:
    return "".join(_tokens(_words(text)))


def _source(words: list[str]) -> tuple[list[str], dict | None]:
    """What pays, wherever it stands: "red die", "die red", "blue card", "extra"."""
    if "extra" in words:
        at = words.index("extra")
        return words[:at] + words[at + 1:], {"extra": True}
    for at, word in enumerate(words):
        kind = {"die": "die", "dice": "die", "card": "card"}.get(word)
        if kind is None:
            continue
        for start in (at - 1, at + 1):
            if 0 <= start < len(words) and words[start] in COLOUR_WORDS:
                first = min(start, at)
                return words[:first] + words[first + 2:], {kind: COLOUR_WORDS[words[start]]}
    return words, None


def _space(view: dict, word: str) -> str | None:
    if word == "zeus":
        return _sea(view).zeus
    try:
        return sea_text.space_from_code(_sea(view), word)
    except (ValueError, KeyError):
        return None


def _colour(word: str) -> str | None:
    return COLOUR_WORDS.get(word) or GOD_COLOUR.get(word)


def _roller(view: dict, words: list[str]) -> int | None:
    wanted = _plain(" ".join(words))
    names = view.get("player_names") or [f"Player {n + 1}" for n in range(view.get("players") or 0)]
    found = [seat for seat, name in enumerate(names) if _plain(name) == wanted]
    return found[0] if len(found) == 1 else None


def _wanted(view: dict, kinds: set[str], words: list[str]) -> dict | None:
    """The spaces and colours the words name, in order (or a card's name); None if a word
    is neither."""
    if kinds & NAMED:
        return {"name": "".join(words)}
    wanted: dict = {"spaces": [], "colours": []}
    if "sail" in kinds and "creature" in words:
        at = words.index("creature")
        if at + 1 >= len(words) or _colour(words[at + 1]) is None:
            return None
        wanted["creature"] = _colour(words[at + 1])
        words = words[:at] + words[at + 2:]
    for word in words:
        space = _space(view, word) if re.search(r"\d", word) or word not in COLOUR_WORDS and word not in GOD_COLOUR \
            else None
        if space is not None:
            wanted["spaces"].append(space)
        elif _colour(word) is not None:
            wanted["colours"].append(_colour(word))
        else:
            return None
    return wanted


def _fits(move: dict, wanted: dict) -> bool:
    kind = move["type"]
    if "name" in wanted:
        name = wanted["name"]
        if kind == "ship":
            return name in (_squash(C.SHIPS[move["ship"]]["name"]), str(move["ship"]))
        if kind == "equipment":
            return name in (_squash(C.EQUIPMENT[move["card"]]["name"]), str(move["card"]))
        if kind == "drop_tile":
            return name == str(move["tile"] + 1)
        return name == move.get("kind")
    if kind == "sail" and wanted.get("creature") != move.get("creature"):
        return False
    spaces = [move[f] for f in ("island", "to") if f in move] + list(move.get("islands") or [])
    colours = [move[f] for f in ("colour", "monster", "statue") if f in move] + list(move.get("colours") or [])
    said_spaces, said_colours = wanted["spaces"], wanted["colours"]
    if kind in ("peek", "chart"):
        return sorted(said_spaces) == sorted(spaces) and not said_colours
    if kind == "recover":
        return sorted(said_colours, key=C.COLOURS.index) == colours and not said_spaces
    # A temple may be named by its colour alone; a monster island with one monster by the
    # island alone.
    if said_spaces != spaces and not (kind == "deliver" and not said_spaces):
        return False
    return said_colours == colours or (kind in ("fight", "deliver") and not said_colours and said_spaces)


def _preferred(view: dict, moves: list[dict]) -> dict | None:
    """Among moves that differ only in what pays, the cheapest: fewer favour first, then
    dice before cards before the extra action."""
    if len({_body_key(m) for m in moves}) != 1:
        return None

    def rank(move):
        cost = action_cost(view, move)
        return (cost if cost is not None else 99, 0 if "die" in move else 1 if "card" in move else 2)
    return min(moves, key=rank)


def _body_key(move: dict) -> str:
    return repr(sorted((k, v) for k, v in move.items() if k not in ("die", "card", "extra")))


def parse(text: str, legal_moves: list[dict], view: dict) -> dict | None:
    """The legal move ``text`` names in the notation, or None."""
    view = view or {}
    raw = _words(text)
    if raw[:2] == ["fight", "on"] and len(raw) == 2:
        return next((m for m in legal_moves if m["type"] == "fight_on"), None)
    roller = None
    if raw[:1] == ["offer"] and "from" in raw:
        at = raw.index("from")
        roller = _roller(view, raw[at + 1:])
        if roller is None:
            return None
        raw = raw[:at]
    words = _tokens(raw)
    if not words:
        return None
    head, rest = words[0], words[1:]
    if head in GOD_COLOUR:                         # "poseidon B3": a god's special action
        kinds, rest = {"god_power"}, [head] + rest
    elif head == "bless" and rest in (["favour"], ["favor"]):
        kinds, rest = {"bless_favour"}, []
    elif head in HEADS:
        kinds = set(HEADS[head])
    else:
        return None
    rest, source = _source(rest) if kinds & PAID else (rest, None)
    wanted = _wanted(view, kinds, rest)
    if wanted is None:
        return None
    found = []
    for move in legal_moves:
        if move["type"] not in kinds or (roller is not None and move.get("roller") != roller):
            continue
        if source is not None and {k: move[k] for k in ("die", "card", "extra") if k in move} != source:
            continue
        if _fits(move, wanted):
            found.append(move)
    if len(found) <= 1:
        return found[0] if found else None
    if all(m["type"] == "take_offer" for m in found):
        return found[0]                            # the same god from either roll: the first
    return _preferred(view, found)


# -- the situation in words ------------------------------------------------------------------

def _natural(view: dict):
    """Sort map keys by their codes in natural order (T2 before T10)."""
    def key(item):
        code = _code(view, item[0] if isinstance(item, tuple) else item)
        letters = code.rstrip("0123456789")
        return letters, int(code[len(letters):] or 0)
    return key


def _counted(counts: dict) -> str:
    parts = [f"{n} {colour}" for colour, n in counts.items() if n]
    return ", ".join(parts) or "none"


def _ring(view: dict, key: str) -> str:
    island = view["sea"]["islands"][key]
    return island.get("ring") or ""


def text_map(view: dict) -> list[str]:
    """The sea as lines of codes, every other row half a space to the right, as on the
    board: spaces touching on the page are neighbours. Ships are marked after the code
    with their players' initials (see the legend)."""
    sea = _sea(view)
    codes = sea_text.codes(sea)
    keys = list(sea.water) + list(sea.islands) + list(sea.shallows)
    cells = {}
    for key in keys:
        q, r = (int(v) for v in key.split(","))
        cells[(2 * q + r, r)] = codes.get(key, "~")
    columns = [c for c, _ in cells]
    rows = sorted({r for _, r in cells})
    low = min(columns)
    lines = []
    for row in rows:
        text = ""
        for column in range(low, max(columns) + 1):
            code = cells.get((column, row))
            if code is not None:
                text = text.ljust((column - low) * 2) + (code if code != "~" else "~~")
        lines.append("  " + text.rstrip())
    return lines


def situation(view: dict, names: list[str]) -> str:
    """The table in a few lines of text; ``names[seat]`` is each player's name."""
    if not view or not view.get("started"):
        return "The game has not started yet."
    sea = _sea(view)
    you = view.get("you")
    lines = []
    turn = view.get("turn")
    if view["phase"] == "over":
        lines.append("The game is over.")
    elif view["phase"] == "prepare" or turn is None:
        lines.append(f"Round {view['round']}: the players are choosing their ships and first rewards.")
    else:
        whose = "your" if turn == you else f"{_name(view, turn, names)}'s"
        lines.append(f"Round {view['round']}, {whose} turn." + (" Someone is back at Zeus: this is the last round."
                                                                if view.get("ending") else ""))
        if view.get("dice_left") and view.get("step") == "actions":
            lines.append(f"Dice still to use: {', '.join(view['dice_left'])}"
                         + ("; the oracle card for this turn is used" if view.get("card_used") else "")
                         + ("; all colours count as any (Apollo)" if view.get("wild") else "") + ".")
    battle = view.get("battle")
    if battle:
        lines.append(f"Battle: {_monster(battle['monster'])} on {_place(view, battle['island'])}, "
                     f"strength {battle.get('strength', '?')}.")
    pending = view.get("pending")
    if pending and pending.get("seat") == you and pending.get("kind"):
        try:
            lines.append(f"You must first {M.choice_words(pending)}.")
        except KeyError:  # a choice this text does not know: the moves below say it
            pass
    me = _me(view)
    if me and me.get("offers"):
        for offer in me["offers"]:
            lines.append(f"After {_name(view, offer['roller'], names)}'s roll you may advance one god of: "
                         f"{', '.join(_god(c) for c in offer['colours'])} (optional, until your next turn).")
    if view.get("titan") is not None:
        lines.append(f"The Titan's last attack had strength {view['titan']}.")
    lines.append("")
    seats = view["seats"]
    order = [you] + [s for s in range(len(seats)) if s != you] if you is not None else list(range(len(seats)))
    for index in order:
        seat = seats[index]
        who = "You" if index == you else _name(view, index, names)
        ship = seat.get("ship_name") or "no ship yet"
        where = "at Zeus" if seat["position"] == sea.zeus else f"at {_code(view, seat['position'])}"
        lines.append(f"{who} ({seat['colour']}): ship {ship} {where}{', back at Zeus' if seat['returned'] else ''}; "
                     f"tasks {seat['tasks_done']}/{seat['tasks_needed']}; shield {seat['shield']}, "
                     f"favour {seat['favour']}, range {seat['range']}, storage {len(seat['cargo'])}/{seat['storage']}.")
        if index == you and seat["position"] in sea.water:
            beside = sorted(sea.adjacent_islands(seat["position"]), key=_natural(view))
            if beside:
                lines.append("  Beside your ship: " + ", ".join(sea_text.space_name(sea, k) for k in beside) + ".")
        gods = ", ".join(f"{C.god_name(c)} {seat['gods'][c]}" for c in C.COLOURS)
        lines.append(f"  Gods (row 0-{C.TOP}, {C.TOP} = special action): {gods}.")
        cargo = ", ".join(f"{c['colour']} {c['kind']}" for c in seat["cargo"]) or "nothing"
        lines.append(f"  Carrying: {cargo}. Oracle cards: {', '.join(seat['oracle_cards']) or 'none'}. "
                     f"Injuries: {_counted(seat['injuries'])}. Dice rolled: {', '.join(seat['dice'])}.")
        open_tasks = [t for t in seat["tiles"] if not t["done"]]
        lines.append("  Open tasks: " + (", ".join(_tile_words(t)[2:].replace(" task", "") for t in open_tasks)
                                         or "none") + ".")
        extras = [C.EQUIPMENT[card]["name"] for card in seat["equipment"]]
        extras += [f"{c['colour']} {c['kind']}" for c in seat["companions"]]
        if extras:
            lines.append(f"  Equipment and companions: {', '.join(extras)}.")
    lines.append("")
    board = view["board"]
    lines.append("On the map:")
    for key, colours in sorted(board["monsters"].items(), key=_natural(view)):
        if colours:
            lines.append(f"  {_code(view, key)}: monsters {', '.join(colours)}")
    for key, colours in sorted(board["offerings"].items(), key=_natural(view)):
        if colours:
            lines.append(f"  {_code(view, key)}: offerings {', '.join(colours)}")
    for key, statues in sorted(board["statues"].items(), key=_natural(view)):
        count = len(statues)
        lines.append(f"  {_code(view, key)}: {count or 'no'} {view['sea']['islands'][key]['colour']} "
                     f"statue{'' if count == 1 else 's'} left")
    for key, sites in sorted(board["sites"].items(), key=_natural(view)):
        colours = view["sea"]["islands"][key]["sites"]
        def site(colour, owner):
            if owner is None:
                return f"{colour} free"
            return f"{colour} raised by {'you' if owner == you else _name(view, owner, names)}"
        lines.append(f"  {_code(view, key)}: statue sites " + ", ".join(
            site(colour, owner) for colour, owner in zip(colours, sites)))
    seen = view.get("seen") or {}
    for key, tile in sorted(board["tiles"].items(), key=_natural(view)):
        ring = _ring(view, key)
        if tile["up"]:
            shrine = tile.get("shrine")
            what = f"face up, {tile['colour']} site, {tile['letter']}" + (
                f", shrine of {'you' if shrine == you else _name(view, shrine, names)}" if shrine is not None else "")
        elif key in seen:
            what = f"face down (you saw: {seen[key]['colour']} site, {seen[key]['letter']})"
        else:
            what = "face down"
        lines.append(f"  {_code(view, key)} ({ring} ring): {what}")
    delivered = {k: v for k, v in board["temples"].items() if v}
    for key, colours in sorted(delivered.items(), key=_natural(view)):
        lines.append(f"  {_code(view, key)}: {len(colours)} offering{'' if len(colours) == 1 else 's'} made")
    decks = view["decks"]
    display = ", ".join(C.EQUIPMENT[card]["name"] for card in decks["display"]) or "none"
    lines.append(f"Equipment on display: {display}. Oracle deck {decks['oracle']}, injury deck {decks['injury']}.")
    lines.append("")
    lines.append("The sea (rows as on the board; ships: " + "; ".join(
        f"{'you' if i == you else _name(view, i, names)} at {_code(view, s['position'])}"
        for i, s in enumerate(seats)) + "):")
    lines.extend(text_map(view))
    lines.append("Codes: water by colour letter and number (R red, K black, P pink, B blue, Y yellow, "
                 "G green), Z Zeus, T island tiles, O offering islands, S statue islands, M monster islands, "
                 "RT/KC... temples and cities by colour, X shallows.")
    return "\n".join(lines)
