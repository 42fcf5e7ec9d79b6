from django.apps import AppConfig


class MailPlayConfig(AppConfig):
    name = "worker.mailplay"
    label = "mailplay"
    verbose_name = "Play by mail"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self):
        from . import inbound  # noqa: F401 (connects the anymail inbound signal)
