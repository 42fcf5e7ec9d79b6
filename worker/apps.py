from django.apps import AppConfig


class WorkerConfig(AppConfig):
    name = "worker"
    verbose_name = "Background work: outbox relay, deadlines, notifications, bots"

    def ready(self):
        # The store's deadlines read players' time zones, reminders and vacations
        # through this loader, so games/ never imports the worker.
        from games import deadlines
        from worker.selectors import seat_facts

        deadlines.register_seat_facts(seat_facts)
