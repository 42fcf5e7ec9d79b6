"""Making a Harmonies, Let's Go to Japan, Forest Shuffle: Smoky Mountains or Delphi move the
way a person does on the drawn board: pick the token, cube, card or die, then click the space,
the central group, the gap in a day, the slot of a tree or the water space.
Shared by the boards' own browser tests and the whole game against a bot."""
from __future__ import annotations


def _pick(page, control_id: str):
    """Pick a token, card or choice as a person does: by clicking its label."""
    page.click(f"#live label[for='{control_id}']")
    assert page.is_checked(f"#{control_id}"), control_id


def click_board_move(page, slug: str, move: dict, legal: list[dict]) -> bool:
    """Click ``move`` on the board; False when the board does not offer it (use the list)."""
    kind = move["type"]
    if slug == "harmonies":
        if kind == "take_tokens":
            page.click(f"#live button[data-central='{move['space'] + 1}']")
            return True
        if kind in ("place_token", "place_cube"):
            piece = f"token-{move['colour']}" if kind == "place_token" else f"cube-{move['card']}"
            _pick(page, f"piece-{piece}")
            page.click(f"#live button[data-space='{move['space']}']")
            return True
        if kind == "take_card":
            first = min(m["place"] for m in legal if m["type"] == "take_card" and m["card"] == move["card"])
            if move["place"] == first:
                page.click(f"#live button[data-card='{move['card']}']")
                return True
        return False
    if slug == "forestsm":
        return _forestsm(page, move)
    if slug == "delphi":
        return _click_delphi(page, move)
    if slug == "japan" and kind in ("place", "walk"):
        _pick(page, f"card-{move['card']}")
        _pick(page, "how-place" if kind == "place" else f"how-walk-{move['city']}")
        page.click(f"#live button[data-slot='{move['day']},{move['position']}']")
        return True
    return False


def _forestsm(page, move: dict) -> bool:
    """Forest Shuffle: Smoky Mountains: the deck, a clearing or hand card clicked; a hand
    card picked and a slot clicked (or played alone, over the river picked); two hand cards
    ticked for the cave."""
    kind = move["type"]
    if kind == "draw" and move["source"] == "deck":
        page.click("#live button[data-deck]")
    elif kind in ("draw", "take"):
        page.click(f"#live button[data-clearing='{move['card']}']")
    elif kind in ("pay", "tuck"):
        page.click(f"#live button[data-hand='{move['card']}']")
    elif kind == "play":
        _pick(page, f"card-{move['card']}")
        if "half" in move:
            page.click(f"#live button[data-slot='{move['stem']},{move['slot']}']")
            return True
        if page.locator("#live #river-none").count():
            _pick(page, f"river-{move['river']}" if "river" in move else "river-none")
        page.click("#live button[data-slot='alone']")
    elif kind == "shelter":
        for card in move["cards"]:
            page.check(f"#live #cave-{card}")
        page.click("#fs-shelter")
    else:
        return False
    return True



def _click_delphi(page, move: dict) -> bool:
    """Delphi: pick what pays (a die, a card, the extra action, Poseidon), then click the
    water space to sail to or the action beside the map."""
    from web.boards import delphi
    from web.words import move_value

    if not delphi.on_board(move):
        return False
    _pick(page, f"pay-{delphi.pay_key(move)}")
    if "to" in move:
        if page.locator("#live input[name='creature']").count():
            _pick(page, f"cr-{move.get('creature') or 'none'}")
        page.click(f"#live button[data-space='{move['to']}']")
    else:
        body = {k: v for k, v in move.items() if k not in ("die", "card", "extra")}
        page.click(f"#live button[data-act='{move_value(body)}']")
    return True
