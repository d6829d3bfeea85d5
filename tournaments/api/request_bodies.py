"""Reading a request's JSON body for the viewsets: objects only, problems named by field."""

from django.utils.translation import gettext_noop

from tournaments.services.errors import Rejected
from tournaments.skat import Problem

from .game_value import not_an_object


def json_object(request) -> dict:
    """The body as a JSON object, or the game calculator's "not an object" refusal."""
    if not isinstance(request.data, dict):
        raise Rejected([not_an_object()])
    return request.data


def json_body(request, example: str) -> dict:
    """The JSON object a request must send; anything else is refused with an example."""
    if not isinstance(request.data, dict):
        raise Rejected.because(
            "body",
            "not_an_object",
            gettext_noop("Send the request body as a JSON object, e.g. %(example)s."),
            example=example,
        )
    return request.data


def whole_numbers(request, **names) -> dict:
    """Required whole-number fields of a small action body, all problems at once."""
    body = json_object(request)
    problems = [
        Problem(
            name,
            "required_number",
            gettext_noop("%(field)s is required and must be a whole number."),
            {"field": name},
        )
        for name in names
        if not isinstance(body.get(name), int) or isinstance(body.get(name), bool)
    ]
    if problems:
        raise Rejected(problems)
    return {key: body[name] for key, name in names.items()}


def reason_of(request) -> str:
    """The optional free-text ``reason`` of a change, "" when absent or not text."""
    reason = request.data.get("reason", "") if isinstance(request.data, dict) else ""
    return reason if isinstance(reason, str) else ""
