"""The hall's outbox (docs/results-format.md, "Publishing from the hall"): the director
sets the portal's address and token; tournaments are queued when a list is signed or
locked, a series or the tournament finishes, or on the director's request; the sender
retries with growing pauses and tells the director in German what happened. The
sending between two real servers is tests/publishing/test_publishing_between_servers.py."""

import datetime
import http.server
import json
import threading

import pytest
from django.utils import timezone
from rest_framework.test import APIClient

from publishing.models import OutboxEntry, PublishingTarget
from publishing.services import outbox, sending
from tests import factories as f
from tests.hall_server import free_port
from tests.publishing.conftest import finish, with_club
from tournaments.services import states

pytestmark = pytest.mark.django_db

TARGET = "/api/v1/publishing/target/"
STATUS = "/api/v1/publishing/"


def staff_api():
    client = APIClient()
    client.force_authenticate(f.make_superuser())
    return client


def set_target(url="http://127.0.0.1:9/", token="abc"):
    outbox.set_target(url, token)


def test_without_a_portal_nothing_is_queued(django_capture_on_commit_callbacks, admin_user):
    with django_capture_on_commit_callbacks(execute=True):
        finish(f.make_played_tournament(), admin_user)

    assert OutboxEntry.objects.count() == 0


def test_signing_a_list_and_finishing_queue_the_tournament_once_per_change(
    django_capture_on_commit_callbacks, admin_user
):
    set_target()
    table = with_club(f.make_complete_table())
    tournament = table.series.tournament

    with django_capture_on_commit_callbacks(execute=True):
        f.sign_all(table)
    signed = list(OutboxEntry.objects.values_list("tournament_id", flat=True))
    with django_capture_on_commit_callbacks(execute=True):
        finish(tournament, admin_user)

    assert signed == [tournament.pk]
    # Not sent yet: the finish joins the entry still waiting, whose document is made
    # when it is sent.
    assert list(OutboxEntry.objects.values_list("tournament_id", flat=True)) == [tournament.pk]
    assert outbox.status()["pending"] == 1


def test_a_change_after_publishing_is_queued_as_a_newer_version(admin_user):
    set_target()
    tournament = finish(with_club(f.make_played_tournament()), admin_user)
    entry = outbox.queue(tournament.pk)
    sending.build_document(entry)
    OutboxEntry.objects.filter(pk=entry.pk).update(sent_at=timezone.now())

    assert outbox.queue_changed_published() == []
    states.apply(tournament, "reopen", admin_user, "Spiel 3 war Grand")
    queued = outbox.queue_changed_published()

    assert [e.tournament_id for e in queued] == [tournament.pk]
    assert outbox.queue_changed_published() == []


def test_the_director_sets_the_portal_and_reads_what_waits():
    client = staff_api()

    bad = client.put(TARGET, {"url": "portal.example.org", "token": "x"}, format="json")
    empty = client.put(TARGET, {"url": "https://portal.example.org", "token": ""}, format="json")
    good = client.put(
        TARGET, {"url": "https://portal.example.org/", "token": "q8abc"}, format="json"
    )
    tournament = with_club(f.make_played_tournament())
    queued = client.post(f"/api/v1/tournaments/{tournament.pk}/publish/", {}, format="json")
    status = client.get(STATUS).json()

    assert bad.status_code == 400 and bad.json()["errors"][0]["field"] == "url"
    assert "http" in bad.json()["detail"]
    assert empty.status_code == 400 and empty.json()["errors"][0]["field"] == "token"
    assert good.status_code == 200
    assert PublishingTarget.objects.get().url == "https://portal.example.org"
    assert "token" not in good.json()
    assert queued.status_code == 202
    assert status == {
        "url": "https://portal.example.org",
        "pending": 1,
        "last_success": None,
        "last_error": "",
    }


def test_publishing_without_a_portal_is_refused_in_german():
    tournament = with_club(f.make_played_tournament())

    answer = staff_api().post(f"/api/v1/tournaments/{tournament.pk}/publish/", {}, format="json")

    assert answer.status_code == 409
    assert "Veröffentlichen" in answer.json()["detail"]


def test_an_unreachable_portal_is_retried_with_growing_pauses_up_to_a_minute():
    set_target(f"http://127.0.0.1:{free_port()}", "abc")
    tournament = with_club(f.make_played_tournament())
    entry = outbox.queue(tournament.pk)
    pauses = []
    now = timezone.now()

    for _ in range(8):
        assert sending.send_next(now=now) is False
        entry.refresh_from_db()
        pauses.append((entry.next_attempt_at - now).total_seconds())
        now = entry.next_attempt_at

    assert pauses == [2, 4, 8, 16, 32, 60, 60, 60]
    assert entry.sent_at is None and entry.attempts == 8
    assert "nicht erreichbar" in outbox.status()["last_error"]
    # Not due yet: nothing is tried before the pause is over.
    assert sending.send_next(now=now - datetime.timedelta(seconds=1)) is None


def test_one_sender_at_a_time_a_lease_that_runs_out_passes_on():
    now = timezone.now()

    assert sending.claim_lease("worker-1", now=now)
    assert not sending.claim_lease("worker-2", now=now)
    assert sending.claim_lease("worker-1", now=now + datetime.timedelta(seconds=5))
    later = now + datetime.timedelta(seconds=sending.LEASE_SECONDS + 6)
    assert sending.claim_lease("worker-2", now=later)


def test_the_publishing_page_and_the_dashboard_say_what_waits(director_client, director_user):
    home = director_client.get("/leitung/").content.decode()
    page = director_client.get("/leitung/veroeffentlichen/")
    saved = director_client.post(
        "/leitung/veroeffentlichen/", {"url": "https://portal.example.org", "token": "q8abc"}
    )
    refused = director_client.post(
        "/leitung/veroeffentlichen/", {"url": "ftp://portal", "token": "q8abc"}
    )
    tournaments = [with_club(f.make_played_tournament()) for _ in range(3)]
    for tournament in tournaments:
        outbox.queue(tournament.pk)
    tournament = tournaments[0]
    tournament.club.directors.add(director_user)
    dashboard = f"/leitung/turniere/{tournament.pk}/"
    waiting = f.page_text(director_client.get(dashboard))
    setup = f.page_text(director_client.get("/leitung/veroeffentlichen/"))
    OutboxEntry.objects.update(sent_at=timezone.now())
    PublishingTarget.objects.update(
        last_success=timezone.make_aware(datetime.datetime(2026, 11, 28, 21, 14)),
        last_error="Das Portal ist nicht erreichbar.",
    )
    sent = f.page_text(director_client.get(dashboard))

    assert 'href="/leitung/veroeffentlichen/"' in home
    assert page.status_code == 200 and "Veröffentlichen" in f.page_text(page)
    assert saved.status_code == 302
    assert "http" in f.page_text(refused)
    assert PublishingTarget.objects.get().token == "q8abc"
    assert "3 Stände warten" in waiting and "3 Stände warten" in setup
    assert "q8abc" not in setup
    assert "veröffentlicht um 21:14" in sent
    assert "Das Portal ist nicht erreichbar." in sent


class _Portal(http.server.BaseHTTPRequestHandler):
    """Answers uploads with the status the test sets: 202 "in progress", then 201."""

    answers: list[int] = []

    def do_POST(self):
        self.rfile.read(int(self.headers["Content-Length"]))
        code = self.answers.pop(0)
        body = json.dumps({"in_progress": True} if code == 202 else {"tournament": 1}).encode()
        self.send_response(code)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        if code == 202:
            self.send_header("Retry-After", "30")
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, format, *args):  # noqa: A002 - the base class's name
        pass


def test_a_document_the_portal_is_still_importing_is_sent_again_later_without_an_error():
    _Portal.answers = [202, 201]
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), _Portal)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        set_target(f"http://127.0.0.1:{server.server_address[1]}", "abc")
        entry = outbox.queue(with_club(f.make_played_tournament()).pk)
        now = timezone.now()

        assert sending.send_next(now=now) is False
        entry.refresh_from_db()
        waiting = (entry.sent_at, entry.attempts, entry.refused, entry.last_error)
        pause = (entry.next_attempt_at - now).total_seconds()
        status = outbox.status()
        assert sending.send_next(now=entry.next_attempt_at) is True
    finally:
        server.shutdown()
        server.server_close()

    assert waiting == (None, 0, False, "")
    assert pause == 30
    assert status["pending"] == 1 and not status["last_error"]
    entry.refresh_from_db()
    assert entry.sent_at is not None and _Portal.answers == []


def test_the_sender_waits_longer_for_a_larger_document_and_holds_its_lease_meanwhile(
    monkeypatch,
):
    set_target()
    entry = outbox.queue(with_club(f.make_played_tournament()).pk)
    seen = {}

    def answered(portal, body, timeout):
        seen["timeout"], seen["size"] = timeout, len(body)
        # Another worker's sender, after a lease's usual length: the upload still holds it.
        later = now + datetime.timedelta(seconds=sending.LEASE_SECONDS + 1)
        seen["taken_over"] = sending.claim_lease("worker-2", now=later)
        return 201, ""

    monkeypatch.setattr(sending, "_post", answered)
    now = timezone.now()
    assert sending.claim_lease("worker-1", now=now)

    assert sending.send_next(now=now, holder="worker-1") is True
    assert seen["timeout"] == sending.timeout_for(seen["size"]) > sending.TIMEOUT_SECONDS
    assert seen["taken_over"] is False
    assert sending.timeout_for(8_000_000) == sending.TIMEOUT_SECONDS + 40
    assert sending.timeout_for(500_000_000) == sending.LONGEST_TIMEOUT_SECONDS
    entry.refresh_from_db()
    assert entry.sent_at is not None
