import json

from django.core.management.base import BaseCommand, CommandError

from games.verify import MalformedExport, check_shape, parse_witness, verify_export


class Command(BaseCommand):
    help = ("Replay one game from its events — from the database by id, or offline from an "
            "exported JSON file — checking every hash, random outcome and the final outcome, "
            "and that the log agrees with the chain heads players kept (--witness).")
    # Offline on a bare clone: no database, no system checks.
    requires_system_checks = []
    requires_migrations_checks = False

    def add_arguments(self, parser):
        parser.add_argument("game_id", nargs="?", type=int)
        parser.add_argument("--file", help="An export (GET /api/v1/games/{id}/audit/ 'export', or export_game).")
        parser.add_argument("--witness", action="append", default=[], metavar="VERSION:HASH",
                            help="A chain head you kept (turn email, webhook, game page): the log must have "
                                 "exactly this hash at this version. Repeatable.")

    def handle(self, game_id=None, file=None, witness=(), **_):
        if (game_id is None) == (file is None):
            raise CommandError("Give a game id or --file, not both.")
        try:
            witnesses = [parse_witness(text) for text in witness]
        except MalformedExport as error:
            raise CommandError(str(error))
        if file:
            data = _read_export(file)
            try:
                verdict = verify_export(data, witnesses=witnesses)
            except (KeyError, IndexError, TypeError, ValueError, AttributeError) as error:
                # Well-formed on the outside, nonsense inside: a damaged or forged file.
                raise CommandError(f"{file}: the log cannot be replayed ({type(error).__name__}: {error}); "
                                   f"the file is damaged or not an export")
        else:
            from games.audit import verify_game
            from games.models import Game

            try:
                game = Game.objects.get(pk=game_id)
            except Game.DoesNotExist:
                raise CommandError(f"There is no game {game_id}.")
            verdict = verify_game(game, witnesses=witnesses)
        self.stdout.write(str(verdict))
        if not verdict.ok:
            raise CommandError("verification failed")


def _read_export(file: str) -> dict:
    try:
        with open(file, encoding="utf-8") as handle:
            data = json.load(handle)
    except OSError as error:
        raise CommandError(f"cannot read {file}: {error.strerror or error}")
    except UnicodeDecodeError:
        raise CommandError(f"{file} is not UTF-8 text")
    except json.JSONDecodeError as error:
        raise CommandError(f"{file} is not valid JSON (truncated or damaged?): {error.msg} at line "
                           f"{error.lineno}, column {error.colno}")
    try:
        return check_shape(data)   # accepts the audit endpoint's whole answer too
    except MalformedExport as error:
        raise CommandError(f"{file}: {error}")
