"""The form helpers the director's buttons share (tournaments/web/forms.py)."""

from django.contrib import messages
from django.contrib.messages.storage.fallback import FallbackStorage
from django.test import RequestFactory

from tournaments.services.errors import Rejected
from tournaments.web.forms import problems_as_messages


def _request():
    request = RequestFactory().post("/")
    request.session = {}
    request._messages = FallbackStorage(request)
    return request


def _said(request) -> list[tuple[int, str]]:
    return [(message.level, message.message) for message in messages.get_messages(request)]


def test_a_refusal_ends_the_block_and_becomes_error_messages():
    request = _request()
    steps = []

    def refusing_service():
        steps.append("service")
        raise Rejected.because("reason", "reason_missing", "Bitte einen Grund angeben.")

    with problems_as_messages(request):
        refusing_service()
        steps.append("done message")

    assert steps == ["service"]
    assert _said(request) == [(messages.ERROR, "Bitte einen Grund angeben.")]


def test_a_block_without_refusal_runs_to_its_end_and_adds_nothing_of_its_own():
    request = _request()

    with problems_as_messages(request):
        messages.success(request, "Gespeichert.")

    assert _said(request) == [(messages.SUCCESS, "Gespeichert.")]
