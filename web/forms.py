"""Forms of the web client. The options form is generated from a game's options schema."""
from __future__ import annotations

from django import forms
from django.contrib.auth.forms import AuthenticationForm

from web import throttle
from web.words import humanize

TIME_CONTROLS = [
    ("", "No time limit"),
    ("1d", "1 day per move"),
    ("3d", "3 days per move"),
    ("7d", "7 days per move"),
    ("bank10", "A bank of 10 days, plus 1 day per move"),
]
TIME_CONTROL_FIELDS = {
    "1d": {"per_move_seconds": 86400}, "3d": {"per_move_seconds": 3 * 86400},
    "7d": {"per_move_seconds": 7 * 86400},
    "bank10": {"bank_seconds": 10 * 86400, "increment_seconds": 86400},
}
# The table options (games.table.options) the creation page offers.
TAKEBACKS = [("off", "no takebacks"), ("ask", "a player may ask the others to take back a move"),
             ("automatic", "granted at once when nobody else has moved since (friendly games)")]
CANCEL_AFTER = [("", "needs everyone's agreement"), ("48", "cancels after 2 days without an objection"),
                ("168", "cancels after a week without an objection")]
POLICIES = [("bot", "a bot plays the move"), ("skip", "the turn is skipped where possible"),
            ("forfeit", "the player forfeits")]


class ThrottledLoginForm(AuthenticationForm):
    """Django's login form, refusing further tries after too many failures."""

    def clean(self):
        username = self.cleaned_data.get("username") or ""
        address = throttle.client_address(self.request) if self.request else "unknown"
        if throttle.blocked(username, address):
            raise forms.ValidationError("Too many failed logins. Wait a few minutes, or reset your password.",
                                        code="throttled")
        try:
            cleaned = super().clean()
        except forms.ValidationError:
            throttle.record_failure(username, address)
            raise
        throttle.record_success(username)
        return cleaned


class SignupForm(forms.Form):
    username = forms.RegexField(regex=r"^[\w.@+-]+$", max_length=150,
                                help_text="Letters, digits and @ . + - _ only.")
    email = forms.EmailField(help_text="For turn emails and password resets.")
    password = forms.CharField(widget=forms.PasswordInput, min_length=8, help_text="At least 8 characters.")


def options_fields(schema: dict) -> dict[str, forms.Field]:
    """A form field per option in a JSON schema (booleans, enums, integers, numbers, strings)."""
    fields = {}
    for name, spec in (schema.get("properties") or {}).items():
        label, help_text, default = humanize(name), spec.get("description", ""), spec.get("default")
        kind = spec.get("type")
        if "enum" in spec:
            fields[name] = forms.ChoiceField(label=label, help_text=help_text, initial=default,
                                             choices=[(str(v), humanize(str(v))) for v in spec["enum"]], required=False)
        elif kind == "boolean":
            fields[name] = forms.BooleanField(label=label, help_text=help_text, initial=bool(default),
                                              required=False)
        elif kind == "integer":
            fields[name] = forms.IntegerField(label=label, help_text=help_text, initial=default,
                                              min_value=spec.get("minimum"), max_value=spec.get("maximum"), required=False)
        elif kind == "number":
            fields[name] = forms.FloatField(label=label, help_text=help_text, initial=default,
                                            min_value=spec.get("minimum"), max_value=spec.get("maximum"), required=False)
        elif kind == "string":
            fields[name] = forms.CharField(label=label, help_text=help_text, initial=default or "",
                                           required=False)
    return fields


def options_from(schema: dict, cleaned: dict) -> dict:
    """The options object from the form's cleaned data, with the schema's types."""
    options = {}
    for name, spec in (schema.get("properties") or {}).items():
        if name not in cleaned or cleaned[name] is None or (cleaned[name] == "" and ("enum" in spec or spec.get("type") != "string")):
            continue
        value = cleaned[name]
        if "enum" in spec:
            value = next((v for v in spec["enum"] if str(v) == value), value)
        options[name] = value
    return options


RATED_CHOICES = [("", "rated if at least two people play"), ("yes", "rated"), ("no", "unrated")]


class CreateGameForm(forms.Form):
    """Seats, bots, time control and the game's own options."""

    def __init__(self, *args, entry, bot_levels, **kwargs):
        super().__init__(*args, **kwargs)
        rules = entry.rules
        self.schema = rules.options_schema()
        counts = list(range(rules.min_players, rules.max_players + 1))
        self.fields["players"] = forms.TypedChoiceField(
            coerce=int, choices=[(n, str(n)) for n in counts], initial=min(2, rules.max_players),
            label="Players")
        seat_choices = [("open", "a person (open seat)")] + [(f"bot:{level}", f"a bot ({level})")
                                                               for level in bot_levels]
        for number in range(1, rules.max_players):
            self.fields[f"seat_{number}"] = forms.ChoiceField(
                choices=seat_choices, initial=f"bot:{bot_levels[0]}" if bot_levels else "open",
                label=f"Seat {number + 1} is taken by", required=False)
        self.fields["time_control"] = forms.ChoiceField(choices=TIME_CONTROLS, required=False,
                                                        label="Time control")
        self.fields["timeout_policy"] = forms.ChoiceField(choices=POLICIES, required=False,
                                                          label="When time runs out")
        self.fields["weekend_pause"] = forms.BooleanField(required=False, label="Weekends off")
        # At the table (table/): rated or not, and who may read the table talk.
        self.fields["rated"] = forms.ChoiceField(choices=RATED_CHOICES, required=False, label="Ratings")
        self.fields["spectators_read"] = forms.BooleanField(required=False,
                                                            label="Spectators may read the table talk")
        self.fields["takebacks"] = forms.ChoiceField(choices=TAKEBACKS, required=False, label="Takebacks")
        self.fields["cancel_after_hours"] = forms.ChoiceField(choices=CANCEL_AFTER, required=False,
                                                              label="A proposal to cancel the game")
        self.option_names = []
        for name, field in options_fields(self.schema).items():
            self.fields[f"opt_{name}"] = field
            self.option_names.append(f"opt_{name}")

    def option_fields(self):
        return [self[name] for name in self.option_names]

    def seat_fields(self):
        return [self[name] for name in self.fields if name.startswith("seat_")]

    def table_arguments(self) -> dict:
        data = self.cleaned_data
        return {"rated": {"yes": True, "no": False}.get(data.get("rated") or ""),
                "spectators_read": bool(data.get("spectators_read"))}

    def game_arguments(self) -> dict:
        data = self.cleaned_data
        players = data["players"]
        bots = []
        for number in range(1, players):
            choice = data.get(f"seat_{number}") or "open"
            if choice.startswith("bot:"):
                bots.append({"seat": number, "level": choice[4:]})
        control = None
        if data.get("time_control"):
            control = {**TIME_CONTROL_FIELDS[data["time_control"]],
                       "timeout_policy": data.get("timeout_policy") or "bot",
                       "weekend_pause": bool(data.get("weekend_pause"))}
        options = options_from(self.schema, {name[4:]: data.get(name) for name in self.option_names})
        table = {"takebacks": data.get("takebacks") or "off",
                 "cancel_after_hours": int(data["cancel_after_hours"]) if data.get("cancel_after_hours") else None}
        return {"players": players, "bot_seats": bots, "time_control": control, "options": options, "table": table}
