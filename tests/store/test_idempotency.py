"""games.idempotency on its own: claiming a key, the stored answer, a stale claim, release."""
from datetime import timedelta

import pytest
from django.utils import timezone

from games.errors import Conflict, Unprocessable
from games.idempotency import STALE_AFTER, claim, release, request_fingerprint, store_answer
from games.models import IdempotencyKey
from tests.support.factories import user

pytestmark = pytest.mark.django_db

NOW = timezone.now().replace(microsecond=0)
PRINT = request_fingerprint("/api/v1/games/1/moves/", {"move": {"type": "pass"}})


def test_the_fingerprint_covers_path_and_body():
    again = request_fingerprint("/api/v1/games/1/moves/", {"move": {"type": "pass"}})
    assert again == PRINT and len(PRINT) == 64
    assert request_fingerprint("/api/v1/games/2/moves/", {"move": {"type": "pass"}}) != PRINT
    assert request_fingerprint("/api/v1/games/1/moves/", {"move": {"type": "draw"}}) != PRINT


@pytest.mark.parametrize("key", ["", "k" * 201])
def test_a_key_must_have_1_to_200_characters(key):
    with pytest.raises(Unprocessable) as error:
        claim(user=user("i0"), key=key, fingerprint=PRINT, now=NOW)
    assert error.value.code == "invalid_idempotency_key"
    assert error.value.message == "An Idempotency-Key must have 1 to 200 characters."
    assert not IdempotencyKey.objects.exists()


def test_a_key_of_200_characters_is_claimed():
    row = claim(user=user("i1"), key="k" * 200, fingerprint=PRINT, now=NOW)
    assert isinstance(row, IdempotencyKey) and row.key == "k" * 200 and not row.finished


def test_a_first_claim_creates_the_row_and_a_second_while_it_runs_is_a_conflict():
    owner = user("i2")
    row = claim(user=owner, key="a", fingerprint=PRINT, now=NOW)
    assert (row.user_id, row.key, row.request_hash, row.created_at) == (owner.pk, "a", PRINT, NOW)
    with pytest.raises(Conflict) as error:
        claim(user=owner, key="a", fingerprint=PRINT, now=NOW + timedelta(seconds=1))
    assert error.value.code == "request_in_progress"
    assert error.value.message == "A request with this Idempotency-Key is still being processed; retry shortly."


def test_after_the_answer_is_stored_a_retry_gets_it():
    owner = user("i3")
    row = claim(user=owner, key="a", fingerprint=PRINT, now=NOW)
    store_answer(row, 201, {"version": 7})
    assert claim(user=owner, key="a", fingerprint=PRINT, now=NOW) == (201, {"version": 7})


def test_the_same_key_with_another_body_is_refused():
    owner = user("i4")
    store_answer(claim(user=owner, key="a", fingerprint=PRINT, now=NOW), 201, {})
    with pytest.raises(Unprocessable) as error:
        claim(user=owner, key="a", fingerprint="0" * 64, now=NOW)
    assert error.value.code == "idempotency_key_reused"
    assert error.value.message == "This Idempotency-Key was already used for a different request."


def test_keys_belong_to_one_user():
    first, second = user("i5"), user("i6")
    mine = claim(user=first, key="shared", fingerprint=PRINT, now=NOW)
    theirs = claim(user=second, key="shared", fingerprint="1" * 64, now=NOW)
    assert isinstance(theirs, IdempotencyKey) and theirs.pk != mine.pk
    store_answer(mine, 200, {"mine": True})
    assert claim(user=first, key="shared", fingerprint=PRINT, now=NOW) == (200, {"mine": True})


def test_an_unfinished_claim_older_than_stale_after_is_taken_over():
    owner, bystander = user("i7"), user("i8")
    old = claim(user=owner, key="a", fingerprint=PRINT, now=NOW)
    other = claim(user=bystander, key="b", fingerprint=PRINT, now=NOW)     # same age, another row
    later = NOW + STALE_AFTER + timedelta(seconds=1)
    taken = claim(user=owner, key="a", fingerprint=PRINT, now=later)
    assert isinstance(taken, IdempotencyKey) and taken.pk == old.pk and taken.created_at == later
    assert IdempotencyKey.objects.get(pk=old.pk).created_at == later
    assert IdempotencyKey.objects.get(pk=other.pk).created_at == NOW
    with pytest.raises(Conflict):                      # the new owner's claim is fresh again
        claim(user=owner, key="a", fingerprint=PRINT, now=later + timedelta(seconds=1))


def test_a_claim_exactly_stale_after_old_is_still_running():
    owner = user("i9")
    claim(user=owner, key="a", fingerprint=PRINT, now=NOW)
    with pytest.raises(Conflict):
        claim(user=owner, key="a", fingerprint=PRINT, now=NOW + STALE_AFTER)


def test_release_deletes_only_the_unfinished_row_it_names():
    owner = user("j0")
    failed = claim(user=owner, key="a", fingerprint=PRINT, now=NOW)
    running = claim(user=owner, key="b", fingerprint=PRINT, now=NOW)
    done = claim(user=owner, key="c", fingerprint=PRINT, now=NOW)
    store_answer(done, 201, {})
    release(failed)
    release(done)
    assert sorted(IdempotencyKey.objects.values_list("key", flat=True)) == ["b", "c"]
    assert isinstance(claim(user=owner, key="a", fingerprint=PRINT, now=NOW), IdempotencyKey)
    assert running.pk in IdempotencyKey.objects.values_list("pk", flat=True)


def test_a_user_with_several_keys_gets_the_answer_of_the_one_named():
    owner = user("j1")
    store_answer(claim(user=owner, key="a", fingerprint=PRINT, now=NOW), 201, {"key": "a"})
    store_answer(claim(user=owner, key="b", fingerprint=PRINT, now=NOW), 201, {"key": "b"})
    assert claim(user=owner, key="b", fingerprint=PRINT, now=NOW) == (201, {"key": "b"})


@pytest.mark.parametrize("meanwhile", [{"finished": True}, {"created_at": NOW + STALE_AFTER}])
def test_a_stale_claim_taken_over_or_finished_meanwhile_is_not_taken_again(monkeypatch, meanwhile):
    """Another request changes the row between this request's read and its takeover (it
    finished, or took the row over first): the takeover must not happen twice."""
    owner = user(f"j2{len(meanwhile)}{sorted(meanwhile)[0]}")
    row = claim(user=owner, key="a", fingerprint=PRINT, now=NOW)
    manager = type(IdempotencyKey.objects)
    read = manager.get

    def read_then_the_other_request_writes(self, *args, **kwargs):
        found = read(self, *args, **kwargs)
        IdempotencyKey.objects.filter(pk=row.pk).update(**meanwhile)
        return found

    monkeypatch.setattr(manager, "get", read_then_the_other_request_writes)
    with pytest.raises(Conflict):
        claim(user=owner, key="a", fingerprint=PRINT, now=NOW + STALE_AFTER + timedelta(seconds=5))
