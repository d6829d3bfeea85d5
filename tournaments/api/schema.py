"""The OpenAPI schema documents the error answers every operation can give.

Each view documents its successes and its particular refusals with ``@extend_schema``;
the refusals that follow from the API's general rules are added here once, in the one error
format of :mod:`tournaments.api.errors`, so that a client (and the schema test,
``tests/api/test_schema_fuzz.py``) finds every status code it can receive:

* 400 on every operation: a bad field, query parameter or header (a NUL byte, say);
* 403 on every operation: credentials that do not work, or a write without the role;
* 404 where the path names an object, and for a page past the end of a list;
* 409 on every write: a locked list, an object still in use, a clash with stored data;
* 415 on every write with a body: a body of a type the operation does not read;
* 429 where a throttle or an attempt limit applies.

A status an operation already documents keeps its own description.
"""

from drf_spectacular.authentication import BasicScheme
from drf_spectacular.openapi import AutoSchema
from drf_spectacular.utils import OpenApiResponse
from rest_framework import serializers

from .serializers import ProblemSerializer
from .table_code import TABLE_CODE_ACTIONS

JSON = "application/json"
WRITES = frozenset({"POST", "PUT", "PATCH", "DELETE"})
WITH_BODY = frozenset({"POST", "PUT", "PATCH"})


class ErrorSerializer(serializers.Serializer):
    """The API's one error format (:mod:`tournaments.api.errors`)."""

    errors = ProblemSerializer(many=True)
    detail = serializers.CharField()


def _error(description: str) -> OpenApiResponse:
    return OpenApiResponse(ErrorSerializer, description=description)


class ErrorsDocumentedSchema(AutoSchema):
    """drf-spectacular's AutoSchema plus the general error answers listed above."""

    def _get_response_bodies(self, direction="response"):
        responses = super()._get_response_bodies(direction)
        if direction != "response":
            return responses
        for code, response in self._general_errors().items():
            if str(code) not in responses:
                responses[str(code)] = self._get_response_for_code(response, str(code), [JSON])
        return responses

    def _general_errors(self) -> dict[int, OpenApiResponse]:
        errors = {
            400: _error("Bad input; each entry of `errors` names the field and the fix."),
            403: _error("Credentials that do not work, or a change without the needed role."),
        }
        if "{" in self.path:
            errors[404] = _error("No such object.")
        elif self.method == "GET" and self._is_list_view() and self._get_paginator():
            errors[404] = _error("No such page.")
        if self.method in WRITES:
            errors[409] = _error("Conflicts with the stored state (a locked list, say).")
        if self.method in WITH_BODY:
            errors[415] = _error("A body of another type than the operation reads (a form, say).")
        if self._is_throttled():
            errors[429] = _error("Too many requests or attempts; `Retry-After` says when.")
        return errors

    def _is_throttled(self) -> bool:
        """Throttled views, and the writes a table code (with its attempt limit) may do."""
        if self.view.get_throttles():
            return True
        return self.method in WRITES and getattr(self.view, "action", None) in TABLE_CODE_ACTIONS


class LoginThrottledBasicScheme(BasicScheme):
    """HTTP Basic (on where ``API_BASIC_AUTH`` turns it on) is documented as Basic: the
    library's own extension names DRF's class and not its subclasses."""

    target_class = "tournaments.api.authentication.LoginThrottledBasicAuthentication"
