"""A venue's page for its director (the host), the group's leaders and its captains: the
line-ups per series, a team that did not come, sending the match report; and the page
on which the captains sign the report on the host's device."""

from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext
from django.views.decorators.http import require_http_methods

from league.models import MatchReport, Venue
from league.services import lineups, reports, results, venue_money
from league.services import roles as league_roles
from league.services.structure import roster_of
from tournaments.models import Participant, Tournament
from tournaments.services import roles, states
from tournaments.services.errors import Rejected
from tournaments.services.sealing import signing

from .access import league_page


def _venue(venue_id) -> Venue:
    return get_object_or_404(
        Venue.objects.select_related(
            "match_day__group__league", "tournament__club", "host", "organiser"
        ),
        pk=venue_id,
    )


@league_page("may_run_venue")
@require_http_methods(["GET", "HEAD", "POST"])
def venue_page(request, venue_id):
    venue = _venue(venue_id)
    errors = []
    if request.method == "POST":
        if not roles.may_direct(request.user, venue):
            raise PermissionDenied
        action = request.POST.get("action")
        if action in CONFIRMED_ACTIONS and request.POST.get("confirmed") != "1":
            return _confirm_step(request, venue, action)
        try:
            done = _carry_out(request, venue, action)
        except Rejected as rejected:
            errors = [problem.text(gettext) for problem in rejected.problems]
        else:
            messages.success(request, done)
            return redirect("league:venue", venue.pk)
    return render(
        request,
        "league/manage/venue.html",
        {**venue_context(request, venue), "errors": errors},
        status=400 if errors else 200,
    )


# Steps that cannot be taken back on this page are asked once more, on a page the server
# serves (no JavaScript confirm: it works on every phone and in every browser setting).
CONFIRMED_ACTIONS = ("report", "no_show")


def _confirm_step(request, venue, action):
    team = None
    if action == "no_show":
        team_id = request.POST.get("team", "")
        entries = venue.venue_teams.select_related("team")
        entry = (
            entries.filter(team_id=team_id).first()
            if team_id.isascii() and team_id.isdigit()
            else None
        )
        if entry is None:
            messages.error(request, gettext("This team does not play at this venue."))
            return redirect("league:venue", venue.pk)
        team = entry.team
    return render(
        request,
        "league/manage/venue_confirm.html",
        {"venue": venue, "group": venue.match_day.group, "action": action, "team": team},
    )


def _carry_out(request, venue, action) -> str:
    if action == "lineup":
        lineups.set_lineup(
            venue,
            {
                "series": request.POST.get("series"),
                "team": request.POST.get("team"),
                "players": request.POST.getlist("players"),
            },
            user=request.user,
        )
        return gettext("The line-up has been saved.")
    if action == "no_show":
        lineups.mark_no_show(venue, {"team": request.POST.get("team")}, user=request.user)
        return gettext("The team is recorded as not having turned up.")
    if action == "no_show_back":
        lineups.take_back_no_show(venue, request.POST.get("team"), user=request.user)
        return gettext("The team plays after all, with its first four regular players.")
    if action == "late_team":
        entry = lineups.add_late_team(
            venue,
            {"team": request.POST.get("team"), "from_series": request.POST.get("from_series")},
            user=request.user,
        )
        return gettext("%(team)s plays from series %(number)d.") % {
            "team": entry.team.name,
            "number": entry.from_series or 1,
        }
    if action == "report":
        reports.submit_report(venue, user=request.user)
        return gettext("The match report has been sent to the group leader.")
    raise Rejected.because("action", "unknown_action", "Unknown action.")


def venue_context(request, venue: Venue) -> dict:
    entries = list(venue.venue_teams.select_related("team__captain", "tournament_team"))
    series = list(venue.tournament.series.order_by("number").prefetch_related("players__player"))
    teams = []
    for entry in entries:
        roster = roster_of(entry.team)
        lineup_rows = []
        for one in series:
            chosen = {
                p.player_id for p in one.players.all() if p.team_id == entry.tournament_team_id
            }
            lineup_rows.append(
                {
                    "series": one,
                    # Drawn, or a series the late team missed: no line-up to set.
                    "drawn": one.drawn_at is not None or one.number < (entry.from_series or 1),
                    "players": [
                        {"entry": item, "chosen": item.player_id in chosen} for item in roster
                    ],
                    "names": [item.player.full_name for item in roster if item.player_id in chosen],
                }
            )
        teams.append({"entry": entry, "lineups": lineup_rows})
    report = MatchReport.objects.filter(venue=venue).first()
    finished = venue.tournament.status == Tournament.Status.FINISHED
    result = results.venue_result(venue) if any(one.drawn_at for one in series) else None
    may_direct = roles.may_direct(request.user, venue)
    return {
        "venue": venue,
        "group": venue.match_day.group,
        "teams": sorted(teams, key=lambda t: t["entry"].team.name),
        "report": report,
        "report_state": reports.state_label(reports.state_of(report)) if report else "",
        "finished": finished,
        "result": result,
        "may_direct": may_direct,
        "money": venue_money.lost_game_money(venue) if may_direct else None,
        # A late team joins at the start of a series not yet drawn (Anlage 10).
        "open_series": [one.number for one in series if one.drawn_at is None],
    }


def _report(report_id) -> MatchReport:
    return get_object_or_404(
        MatchReport.objects.select_related(
            "venue__match_day__group__league", "venue__tournament", "venue__host"
        ),
        pk=report_id,
    )


@league_page("may_see_report_signing")
@require_http_methods(["GET", "HEAD", "POST"])
def sign_report(request, report_id):
    """The captains confirm the report on the host's device: PIN or a drawn signature."""
    report = _report(report_id)
    errors = {}
    if request.method == "POST":
        team = request.POST.get("team", "")
        how = (
            {"pin": request.POST.get("pin", "")}
            if request.POST.get("method") == "pin"
            else {
                "image": request.POST.get("image", ""),
                "strokes": request.POST.get("strokes", ""),
            }
        )
        try:
            states.apply(report, "sign", request.user, team=team, **how)
        except signing.TooManyAttempts as blocked:
            errors[team] = " ".join(p.text(gettext) for p in blocked.problems)
        except Rejected as rejected:
            errors[team] = " ".join(p.text(gettext) for p in rejected.problems)
        else:
            messages.success(request, gettext("Signed. Thank you."))
            return redirect("league:report-sign", report.pk)
    return render(
        request,
        "league/manage/report_sign.html",
        sign_context(request, report, errors),
        status=400 if errors else 200,
    )


def sign_context(request, report: MatchReport, errors: dict) -> dict:
    venue = report.venue
    signed = {s.team_id: s for s in report.signatures.all()}
    totals = {row["team"]: row for row in report.document.get("totals", [])}
    captains = {
        p.player_id: p.player.full_name
        for p in Participant.objects.filter(tournament=venue.tournament).select_related("player")
    }
    signers = []
    for entry in venue.venue_teams.select_related("team").order_by("team__name"):
        team = entry.team
        signers.append(
            {
                "team": team,
                "no_show": entry.no_show,
                "captain": captains.get(team.captain_id, ""),
                "totals": totals.get(team.pk, {}),
                "signature": signed.get(team.pk),
                "may_sign": league_roles.may_sign_report(request.user, report, team),
                "error": errors.get(str(team.pk), ""),
            }
        )
    return {
        "report": report,
        "venue": venue,
        "group": venue.match_day.group,
        "signers": signers,
        "open": report.status != MatchReport.Status.PUBLISHED,
    }
