"""Importing a player list (CSV/XLSX) into a tournament: preview first, then register.

The ``participants/import`` action of the tournament viewset, kept as a mixin beside the
registration desk; the service decides every row, this module only reads the form and
shapes the answer.
"""

from django.utils.translation import gettext, gettext_noop
from drf_spectacular.utils import extend_schema
from rest_framework import status
from rest_framework.decorators import action
from rest_framework.parsers import FormParser, MultiPartParser
from rest_framework.response import Response

from tournaments.services import player_import
from tournaments.services.errors import Rejected
from tournaments.skat import Problem

from .serializers.participant_import import ImportRequestSerializer, ImportSerializer


class ImportActions:
    # A comment, not a docstring: the schema would show it as every operation's description.
    # ``participants/import``: preview (``commit=false``) or register (``commit=true``).

    @extend_schema(
        request={"multipart/form-data": ImportRequestSerializer},
        responses={200: ImportSerializer, 201: ImportSerializer},
    )
    @action(
        detail=True,
        methods=["post"],
        url_path="participants/import",
        parser_classes=[MultiPartParser, FormParser],
        serializer_class=ImportSerializer,
        filter_backends=[],
    )
    def import_participants(self, request, pk=None):
        """Preview a CSV/XLSX player list (``commit=false``) or register it (``commit=true``)."""
        tournament = self.get_object()
        upload, commit = _import_request(request)
        resolutions = player_import.read_resolutions(request.data.get("resolutions"))
        rows = player_import.read_player_rows(upload.name, upload.read())
        if not commit:
            preview = player_import.preview_import(tournament, rows, resolutions)
            return Response(_import_data(preview.lines, preview, None))
        result = player_import.commit_import(
            tournament, rows, resolutions=resolutions, user=request.user
        )
        preview = player_import.ImportPreview(result.lines)
        return Response(_import_data(result.lines, preview, result), status.HTTP_201_CREATED)


def _import_request(request):
    """The uploaded file and whether to commit, or every problem with the form at once."""
    return read_upload(
        request,
        missing=gettext_noop(
            'Send the player list as a file in the form field "file" '
            "(multipart/form-data), as CSV or XLSX."
        ),
        not_a_boolean=gettext_noop(
            'commit must be "true" (register the players) or "false" (only preview).'
        ),
    )


def read_upload(request, *, missing: str, not_a_boolean: str):
    """An import's form: the file in ``file`` (within the size limit) and ``commit``;
    ``missing`` and ``not_a_boolean`` are the messages when they are wrong."""
    problems = []
    upload = request.FILES.get("file")
    if upload is None:
        problems.append(Problem("file", "file_required", missing))
    else:
        problem = player_import.file_size_problem(upload.name, upload.size)
        if problem is not None:
            problems.append(problem)
    raw = request.data.get("commit", "false")
    commit = {"true": True, "1": True, "false": False, "0": False, "": False}.get(
        str(raw).strip().lower()
    )
    if commit is None:
        problems.append(Problem("commit", "not_a_boolean", not_a_boolean))
    if problems:
        raise Rejected(problems)
    return upload, commit


def _problems(problems) -> list[dict]:
    return [problem.as_dict(gettext) for problem in problems]


def _import_data(lines, preview, result) -> dict:
    return {
        "committed": result is not None,
        "counts": preview.counts,
        "importable": preview.importable,
        "lines": [
            {
                "line": line.row.line,
                "status": line.status.value,
                "first_name": line.row.first_name,
                "last_name": line.row.last_name,
                "club": line.row.club,
                "member_number": line.row.member_number,
                "team": line.row.team,
                "player": line.player.pk if line.player is not None else None,
                "duplicate_of": line.duplicate_of,
                "problems": _problems(line.problems),
                "notes": _problems(line.notes),
            }
            for line in lines
        ],
        "result": None
        if result is None
        else {
            "created_players": result.created_players,
            "matched_players": result.matched_players,
            "registered": result.registered,
            "skipped": result.skipped,
            "created_clubs": result.created_clubs,
            "created_teams": result.created_teams,
            "participants": [participant.pk for participant in result.participants],
        },
    }
