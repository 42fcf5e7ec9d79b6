"""Invitations moved to the table app (table_invitation), which holds the seat and emails
the invitee. Invitations to games still open are carried over (to the seat they named, or
the lowest free one not held), then the web client's table is dropped."""
import secrets

from django.db import migrations


def carry_over(apps, schema_editor):
    Old = apps.get_model("web", "Invitation")
    New = apps.get_model("table", "Invitation")
    Seat = apps.get_model("games", "Seat")
    for old in Old.objects.filter(game__status="open").order_by("id"):
        if old.invitee_id in old.game.seat_users:
            continue
        held = set(New.objects.filter(game_id=old.game_id, status="pending").values_list("seat", flat=True))
        free = [s.number for s in Seat.objects.filter(game_id=old.game_id, user__isnull=True, bot_level="")
                .order_by("number") if s.number not in held]
        seat = old.seat if old.seat in free else (free[0] if free else None)
        if seat is None:
            continue
        New.objects.create(game_id=old.game_id, seat=seat, inviter_id=old.inviter_id, invitee_id=old.invitee_id,
                           status="pending", token=secrets.token_urlsafe(24), created_at=old.created_at)


class Migration(migrations.Migration):

    dependencies = [
        ('web', '0001_initial'),
        ('games', '0005_hiding_hash_scheme'),
        ('table', '0001_table_talk_ratings_invitations'),
    ]

    operations = [
        migrations.RunPython(carry_over, migrations.RunPython.noop),
        migrations.DeleteModel(
            name='Invitation',
        ),
    ]
