"""A match report's page: its results, lists and seals, signatures and protests; the group
leader checks, corrects and publishes it and decides protests, a captain protests."""

from decimal import Decimal

from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext, gettext_noop
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_http_methods

from league.models import MatchReport, Protest
from league.services import reports
from league.services import roles as league_roles
from league.services.report_document import is_current
from league.services.results import missed_series, points_pair
from tournaments.services import roles, states
from tournaments.services.errors import Rejected
from tournaments.skat.league import points_per_team_beaten

DONE = {
    "check": gettext_noop("The report is marked as checked."),
    "publish": gettext_noop("The report is published; its results count in the table."),
    "correct": gettext_noop("The report has been sealed again with the corrected results."),
    "protest": gettext_noop("The protest has been recorded."),
    "decide": gettext_noop("The protest has been decided."),
}


def _report(report_id) -> MatchReport:
    return get_object_or_404(
        MatchReport.objects.select_related(
            "venue__match_day__group__league__season", "venue__tournament", "venue__host"
        ),
        pk=report_id,
    )


@never_cache
@require_http_methods(["GET", "HEAD", "POST"])
def report_page(request, report_id):
    report = _report(report_id)
    if not league_roles.may_see_report(request.user, report):
        raise PermissionDenied
    errors = []
    if request.method == "POST":
        action = request.POST.get("action", "")
        try:
            _carry_out(request, report, action)
        except Rejected as rejected:
            errors = [problem.text(gettext) for problem in rejected.problems]
        else:
            messages.success(request, gettext(DONE[action]))
            return redirect("league:report", report.pk)
    return render(
        request,
        "league/manage/report.html",
        {**report_context(request, reports.as_seen_by(request.user, report)), "errors": errors},
        status=400 if errors else 200,
    )


def _carry_out(request, report, action) -> None:
    reason = request.POST.get("reason", "")
    if action in ("check", "publish", "correct"):
        states.apply(report, action, request.user, reason)
    elif action == "protest":
        states.apply(report, "protest", request.user, reason, team=request.POST.get("team"))
    elif action == "decide":
        protest = get_object_or_404(Protest, pk=request.POST.get("protest"), report=report)
        if not league_roles.may_lead(request.user, report):
            raise PermissionDenied
        reports.decide_protest(
            protest, {"decision": request.POST.get("decision"), "reason": reason}, user=request.user
        )
    else:
        raise PermissionDenied


def report_context(request, report: MatchReport) -> dict:
    document = report.document
    names = {team["team"]: team["name"] for team in document.get("teams", [])}
    per_team = points_per_team_beaten(report.venue.match_day.group.league.scheme)  # ISPA 2
    at_stake = sum((len(one["teams"]) - 1) * per_team for one in document.get("series", []))
    missed = missed_series(document)
    captained = league_roles.captained_teams(request.user, report.venue)
    leader = league_roles.may_lead(request.user, report)
    return {
        "report": report,
        "venue": report.venue,
        "group": report.venue.match_day.group,
        "state": reports.state_label(reports.state_of(report)),
        # The copy as published is what was sealed then, not the lists as they are now.
        "current": getattr(report, "as_published", False) or is_current(report),
        "as_published": getattr(report, "as_published", False),
        "correction_unpublished": report.published_document is not None
        and reports.awaits_publishing(report),
        "binding_from": reports.binding_date(report),
        "protest_until": reports.protest_deadline(report),
        "series": [
            {
                "number": one["number"],
                "teams": [
                    {
                        **row,
                        "name": names.get(row["team"], ""),
                        "missed": (one["number"], row["team"]) in missed,
                    }
                    for row in one["teams"]
                ],
            }
            for one in document.get("series", [])
        ],
        "totals": [
            {
                **row,
                "name": names.get(row["team"], ""),
                "points_pair": points_pair(
                    Decimal(row["team_points"]), at_stake - Decimal(row["team_points"])
                ),
            }
            for row in document.get("totals", [])
        ],
        "missed_series": bool(missed),
        "lists": document.get("lists", []),
        "signatures": [
            {"name": names.get(s["team"], ""), **s} for s in document.get("signatures", [])
        ],
        "corrections": document.get("corrections", []),
        "missing_signatures": reports.missing_signatures(report),
        "protests": list(report.protests.select_related("team").order_by("lodged_at")),
        "leader": leader,
        "possible": [
            action
            for action in states.possible(report, roles.roles_of(request.user, report))
            if action != "publish" or reports.awaits_publishing(report)
        ],
        "protest_teams": [
            entry.team
            for entry in report.venue.venue_teams.select_related("team").order_by("team__name")
            if leader or entry.team_id in captained
        ],
    }
