from django.apps import AppConfig


class TableConfig(AppConfig):
    name = "table"
    verbose_name = "At the table: table talk, ratings, invitations"

    def ready(self):
        # The worker carries out this app's side effects (outbox handlers, mail builders,
        # a listener for games that end, digest items); game_join leaves the seats held
        # by invitations alone and settles an invitee's invitation when they sit down:
        # all plugged in here, so games/ and worker/ never import this app.
        from games import services as game_services
        from table import digest, notify, services
        from worker import digest as worker_digest

        notify.register()
        if services.held_seats not in game_services.SEAT_HOLDS:
            game_services.SEAT_HOLDS.append(services.held_seats)
        if services.settle_on_join not in game_services.SEAT_TAKEN:
            game_services.SEAT_TAKEN.append(services.settle_on_join)
        if not any(isinstance(source, digest.TableTalk) for source in worker_digest.SOURCES):
            worker_digest.SOURCES.append(digest.TableTalk())
