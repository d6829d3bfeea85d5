"""Two lists per table (doppelte Listenführung, docs/rules.md 4; docs/api.md 8).

- ``POST tables/{id}/code/`` ``{"list": "A" | "B"}``: the director issues a table code;
  list B's code is the second keeper's, and a device sending it in ``X-Table-Code`` keeps
  list B through the ``games`` endpoints.
- ``GET tables/{id}/differences/``: the games on which the lists differ (``open``) and
  differed (``settled``), both versions each.
- ``POST tables/{id}/differences/{number}/settle/`` ``{"take": "a" | "b" | "rule",
  "reason"}``: the director decides (``rule``: the Skat Court's rule).
- ``POST tables/{id}/differences/{number}/take/`` ``{"revision"}``: a table device takes
  the other list's version of the game into its own list.
- ``GET tables/{id}/second-list.csv``: list B's raw entries, for an appeal.
"""

from django.shortcuts import get_object_or_404
from django.utils.translation import gettext, gettext_noop
from drf_spectacular.utils import extend_schema, inline_serializer
from rest_framework import serializers, status
from rest_framework.permissions import BasePermission
from rest_framework.response import Response
from rest_framework.views import APIView

from tournaments.api.fields import StrictIntegerField
from tournaments.exports.second_list import second_list_csv
from tournaments.models import Table
from tournaments.services import roles, states, table_access
from tournaments.services.errors import Rejected
from tournaments.services.lists import comparing, settling

from .downloads.base import CSV, FileView, file_schema, series_scope
from .permissions import DirectorWritesOthersRead, event_of
from .request_bodies import json_object
from .table_code import TableCodeWrites, table_code_actor, table_code_list


def _table(pk) -> Table:
    return get_object_or_404(Table.objects.select_related("series__tournament"), pk=pk)


def difference_data(difference) -> dict:
    """One difference as the API and the devices read it."""
    return {
        "number": difference.number,
        "a": difference.a,
        "b": difference.b,
        "fields": difference.fields,
        "revision": difference.revision,
        "found_at": difference.found_at,
        "settled_at": difference.settled_at,
        "settled_how": difference.settled_how,
        "reason": difference.reason,
        "result": difference.result,
    }


def differences_data(table: Table) -> dict:
    found = comparing.differences_of(table)
    return {
        "lists_per_table": table.series.tournament.lists_per_table,
        "open": [difference_data(d) for d in found if d.is_open],
        "settled": [difference_data(d) for d in found if not d.is_open],
    }


DIFFERENCES = inline_serializer(
    "Differences",
    {
        "lists_per_table": StrictIntegerField(),
        "open": serializers.ListField(child=serializers.DictField()),
        "settled": serializers.ListField(child=serializers.DictField()),
    },
)


class DirectorOnly(BasePermission):
    """Only a director of the table's event, reading included (a code is a secret)."""

    message = "Only a director of this event may issue table codes; please log in."

    def has_permission(self, request, view) -> bool:
        return roles.may_write(request.user, read_only=False, obj=event_of(request, view))


class TableCodeView(APIView):
    """``tables/{id}/code/``: the director issues (or re-issues) a table's code."""

    permission_classes = [DirectorOnly]
    scope_model = Table
    http_method_names = ["post", "options"]

    @extend_schema(
        request=inline_serializer("CodeRequest", {"list": serializers.ChoiceField(["A", "B"])}),
        responses={
            201: inline_serializer(
                "Code", {"list": serializers.CharField(), "code": serializers.CharField()}
            )
        },
        summary="Issue a table code; list B's code is the second keeper's",
    )
    def post(self, request, pk):
        kept_list = json_object(request).get("list", table_access.LIST_A)
        if kept_list not in table_access.LISTS:
            raise Rejected.because(
                "list",
                "invalid_list",
                gettext_noop('Choose "A" (the first list) or "B" (the second list).'),
            )
        code = table_access.issue_code(_table(pk), request.user, kept_list=kept_list)
        answer = {"list": kept_list, "code": table_access.format_code(code)}
        return Response(answer, status.HTTP_201_CREATED)


class DifferencesView(APIView):
    """``tables/{id}/differences/``: where list A and list B differ, open and settled."""

    permission_classes = [DirectorWritesOthersRead]
    scope_model = Table
    http_method_names = ["get", "options"]

    @extend_schema(responses=DIFFERENCES, summary="The differences between a table's two lists")
    def get(self, request, pk):
        return Response(differences_data(_table(pk)))


class SettleDifferenceView(APIView):
    """``tables/{id}/differences/{number}/settle/``: the director decides a difference."""

    permission_classes = [DirectorWritesOthersRead]
    scope_model = Table
    http_method_names = ["post", "options"]

    @extend_schema(
        request=inline_serializer(
            "SettleRequest",
            {
                "take": serializers.ChoiceField(["a", "b", "rule"]),
                "reason": serializers.CharField(),
            },
        ),
        responses=DIFFERENCES,
        summary="The director settles a difference: list A, list B or the court's rule",
    )
    def post(self, request, pk, number):
        body = json_object(request)
        table = _table(pk)
        states.apply(
            table, "settle", request.user, body.get("reason"), number=number, take=body.get("take")
        )
        return Response(differences_data(table))


class TakeOtherVersionView(APIView):
    """``tables/{id}/differences/{number}/take/``: a table device takes the other list's
    version of the game into the list it keeps (with ``X-Table-Code``)."""

    permission_classes = [TableCodeWrites]
    scope_model = Table
    http_method_names = ["post", "options"]
    action = "take"  # what TableCodeWrites admits a table device to

    @extend_schema(
        request=inline_serializer("TakeRequest", {"revision": StrictIntegerField()}),
        responses=DIFFERENCES,
        summary="A table device takes the other list's version of a game",
    )
    def post(self, request, pk, number):
        revision = json_object(request).get("revision")
        table = _table(pk)
        settling.take_other(
            table,
            number,
            table_code_list(request),
            revision=revision if isinstance(revision, int) else None,
            actor=table_code_actor(request),
        )
        return Response(differences_data(table))


class SecondListCSVView(FileView):
    """``tables/{id}/second-list.csv``: list B's raw entries, for an appeal."""

    content_type = CSV
    extension = "csv"
    scope_model = Table

    @file_schema(CSV, "List B of a table (two lists per table) as CSV, for an appeal")
    def get(self, request, pk: int):
        table = _table(pk)
        return self.file_response(
            second_list_csv(table),
            gettext("List B"),
            **series_scope(table.series),
            table=table.number,
        )
