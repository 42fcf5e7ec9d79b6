import json

from django.core.management.base import BaseCommand, CommandError

from games.verify import verify_export


class Command(BaseCommand):
    help = ("Replay one game from its events — from the database by id, or offline from an "
            "exported JSON file — checking every hash, random outcome and the final outcome.")

    def add_arguments(self, parser):
        parser.add_argument("game_id", nargs="?", type=int)
        parser.add_argument("--file", help="An export (GET /api/v1/games/{id}/audit/ 'export', or export_game).")

    def handle(self, game_id=None, file=None, **_):
        if (game_id is None) == (file is None):
            raise CommandError("Give a game id or --file, not both.")
        if file:
            with open(file, encoding="utf-8") as handle:
                data = json.load(handle)
            data = data.get("export", data)  # accept the audit endpoint's whole answer too
            verdict = verify_export(data)
        else:
            from games.audit import verify_game
            from games.models import Game

            try:
                game = Game.objects.get(pk=game_id)
            except Game.DoesNotExist:
                raise CommandError(f"There is no game {game_id}.")
            verdict = verify_game(game)
        self.stdout.write(str(verdict))
        if not verdict.ok:
            raise CommandError("verification failed")
