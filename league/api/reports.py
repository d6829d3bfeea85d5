"""Match reports: the host sends one, captains sign, the group leader checks, corrects and
publishes, captains protest; anyone verifies a report's seal. Every step but sending is a
transition of tournaments/services/states.py (kind ``report``)."""

from dataclasses import asdict

from django.http import Http404
from django.utils.translation import gettext
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import status
from rest_framework.permissions import AllowAny
from rest_framework.response import Response
from rest_framework.views import APIView

from league.models import MatchReport, Protest, Venue
from league.services import reports
from league.services.report_document import is_current, verify_report_seal
from tournaments.api.errors import problems_response
from tournaments.api.lookup import get_or_404
from tournaments.api.request_bodies import json_object
from tournaments.api.schema import ErrorSerializer
from tournaments.services import states
from tournaments.services.sealing import signing

from . import serializers as s
from .access import LeagueWrites


def _report(pk) -> MatchReport:
    return get_or_404(
        MatchReport.objects.select_related("venue__match_day__group__league", "venue__tournament"),
        pk,
    )


def report_data(report: MatchReport) -> dict:
    return {
        "id": report.pk,
        "venue": report.venue_id,
        "status": report.status,
        "state": reports.state_of(report),
        "seal": report.seal,
        "sealed_at": report.sealed_at,
        "current": is_current(report),
        "protest_until": reports.protest_deadline(report),
        "binding_from": reports.binding_date(report),
        "signatures": [
            {"team": one.team_id, "method": one.method, "signed_at": one.signed_at}
            for one in report.signatures.order_by("signed_at", "id")
        ],
        "missing_signatures": [team.pk for team in reports.missing_signatures(report)],
        "protests": [
            {
                "id": one.pk,
                "team": one.team_id,
                "reason": one.reason,
                "lodged_at": one.lodged_at,
                "decision": one.decision,
                "decision_reason": one.decision_reason,
            }
            for one in report.protests.order_by("lodged_at", "id")
        ],
    }


class VenueReportView(APIView):
    """``venues/{id}/report/``: the venue's report; the host director sends it once the
    venue's tournament is finished."""

    permission_classes = [LeagueWrites]
    write_rule = "may_submit_report"
    scope_model = Venue

    @extend_schema(responses=s.ReportSerializer, summary="The venue's match report")
    def get(self, request, pk: int):
        venue = get_or_404(Venue.objects.all(), pk)
        report = MatchReport.objects.filter(venue=venue).values_list("pk", flat=True).first()
        if report is None:
            raise Http404
        return Response(report_data(_report(report)))

    @extend_schema(request=None, responses={201: s.ReportSerializer})
    def post(self, request, pk: int):
        venue = get_or_404(Venue.objects.select_related("tournament"), pk)
        report = reports.submit_report(venue, user=request.user)
        return Response(report_data(_report(report.pk)), status.HTTP_201_CREATED)


class ReportView(APIView):
    """``reports/{id}/``: a match report's state, seal, signatures and protests."""

    @extend_schema(responses=s.ReportSerializer, summary="A match report")
    def get(self, request, pk: int):
        return Response(report_data(_report(pk)))


class ReportSignaturesView(APIView):
    """``reports/{id}/signatures/``: a captain signs for the team (PIN or drawing)."""

    permission_classes = [AllowAny]  # states.apply asks the roles with the report

    @extend_schema(
        request=s.SignReportSerializer,
        responses={
            201: s.ReportSerializer,
            429: OpenApiResponse(ErrorSerializer, description="Too many wrong PINs."),
        },
        summary="A captain signs the match report with the start-card PIN or a drawing",
    )
    def post(self, request, pk: int):
        body = json_object(request)
        report = _report(pk)
        try:
            states.apply(
                report,
                "sign",
                request.user,
                team=body.get("team"),
                pin=body.get("pin"),
                image=body.get("image"),
            )
        except signing.TooManyAttempts as refused:
            response = problems_response(refused.problems, status.HTTP_429_TOO_MANY_REQUESTS)
            response["Retry-After"] = str(refused.retry_after)
            return response
        return Response(report_data(_report(pk)), status.HTTP_201_CREATED)


class _ReportStep(APIView):
    """A group leader's step on a report (``states.apply``); answers with the report."""

    permission_classes = [AllowAny]  # states.apply asks the roles with the report
    http_method_names = ["post", "options"]
    action_name: str

    def post(self, request, pk: int):
        body = json_object(request)
        states.apply(_report(pk), self.action_name, request.user, body.get("reason", ""))
        return Response(report_data(_report(pk)))


class CheckReportView(_ReportStep):
    action_name = "check"

    @extend_schema(
        request=None, responses=s.ReportSerializer, summary="The group leader checked it"
    )
    def post(self, request, pk: int):
        return super().post(request, pk)


class PublishReportView(APIView):
    """``reports/{id}/publish/``: the group leader publishes a checked report; with a
    present team's signature missing only given ``missing_signatures_reason`` (409 names
    the teams otherwise)."""

    permission_classes = [AllowAny]  # states.apply asks the roles with the report
    http_method_names = ["post", "options"]

    @extend_schema(
        request=s.PublishReportSerializer,
        responses={200: s.ReportSerializer, 409: ErrorSerializer},
        summary="Publish the results",
    )
    def post(self, request, pk: int):
        body = json_object(request)
        reason = body.get("missing_signatures_reason", "")
        states.apply(_report(pk), "publish", request.user, reason)
        return Response(report_data(_report(pk)))


class CorrectReportView(_ReportStep):
    action_name = "correct"

    @extend_schema(
        request=s.ReasonSerializer,
        responses=s.ReportSerializer,
        summary="Seal the report again after lists were corrected (with a reason)",
    )
    def post(self, request, pk: int):
        return super().post(request, pk)


class ProtestView(APIView):
    """``reports/{id}/protest/``: a captain protests for the team before the window ends."""

    permission_classes = [AllowAny]  # states.apply and the roles decide

    @extend_schema(
        request=s.ProtestRequestSerializer,
        responses={201: s.ReportSerializer},
        summary="A captain lodges a protest",
    )
    def post(self, request, pk: int):
        body = json_object(request)
        states.apply(
            _report(pk), "protest", request.user, body.get("reason"), team=body.get("team")
        )
        return Response(report_data(_report(pk)), status.HTTP_201_CREATED)


class DecideProtestView(APIView):
    """``protests/{id}/decide/``: the group leader upholds or rejects a protest."""

    permission_classes = [LeagueWrites]
    write_rule = "may_lead"
    scope_model = Protest

    @extend_schema(request=s.DecisionSerializer, responses=s.ReportSerializer)
    def post(self, request, pk: int):
        protest = get_or_404(Protest.objects.all(), pk)
        reports.decide_protest(protest, json_object(request), user=request.user)
        return Response(report_data(_report(protest.report_id)))


class VerifyReportView(APIView):
    """``reports/verify/{seal}/``: is the match report with this seal authentic and unchanged?"""

    permission_classes = [AllowAny]
    authentication_classes = []

    @extend_schema(responses=s.ReportVerificationSerializer, auth=[])
    def get(self, request, seal: str):
        result = verify_report_seal(seal)
        data = asdict(result)
        data["message"] = gettext(result.message)
        return Response(data)
