from django.core.management.base import BaseCommand

DEMO = [("alice", "alice@example.com"), ("bob", "bob@example.com")]
PASSWORD = "ludopost-demo"


class Command(BaseCommand):
    help = "Create the demo accounts of the embedded mode (alice and bob) if missing."

    def handle(self, **_):
        from django.contrib.auth import get_user_model
        from rest_framework.authtoken.models import Token

        User = get_user_model()
        for name, email in DEMO:
            user = User.objects.filter(username=name).first()
            if user is None:
                user = User.objects.create_user(username=name, email=email, password=PASSWORD)
            Token.objects.get_or_create(user=user)
