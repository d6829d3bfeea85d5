"""The group leader's fixture generation page (dates in, match days with venues and hosts
out) and each venue's invitation: a page with address, start time and contact (changed by
the group leader or the venue's director) and its PDF."""

import datetime

from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext, gettext_lazy
from django.views.decorators.http import require_http_methods, require_safe

from league.exports.invitation_pdf import invitation_pdf
from league.models import LeagueGroup, Venue
from league.services import fixture_plan, roles, venue_invitation
from tournaments.services.errors import Rejected

from .access import league_page

FIELD_LABELS = {
    "dates": gettext_lazy("Dates of the match days"),
    "central_date": gettext_lazy("Date of the central match day (optional)"),
    "address": gettext_lazy("Address"),
    "start_time": gettext_lazy("Start time"),
    "contact": gettext_lazy("Contact"),
}


def _texts(rejected) -> list[str]:
    return [
        f"{FIELD_LABELS[p.field]}: {p.text(gettext)}"
        if p.field in FIELD_LABELS
        else p.text(gettext)
        for p in rejected.problems
    ]


def _iso(text: str) -> str:
    """A date as typed on the page (31.12.2027 or 2027-12-31) as the service reads it."""
    text = text.strip()
    try:
        return datetime.datetime.strptime(text, "%d.%m.%Y").date().isoformat()
    except ValueError:
        return text


@league_page("may_lead")
@require_http_methods(["GET", "HEAD", "POST"])
def fixture_generate(request, group_id):
    group = get_object_or_404(LeagueGroup.objects.select_related("league__season"), pk=group_id)
    errors = []
    if request.method == "POST":
        data = {
            "dates": [_iso(line) for line in request.POST.get("dates", "").split() if line],
            "central_date": _iso(request.POST.get("central_date", "")),
        }
        try:
            made = fixture_plan.generate(group, data, user=request.user)
        except Rejected as rejected:
            errors = _texts(rejected)
        else:
            messages.success(
                request,
                gettext("%(count)d match days have been created with their venues and hosts.")
                % {"count": len(made["match_days"])},
            )
            for warning in made["warnings"]:
                messages.warning(request, warning.text(gettext))
            if made["unmet_pairs"]:
                messages.warning(
                    request,
                    gettext(
                        "%(count)d pairs of teams do not meet at any venue: add match days "
                        "for them."
                    )
                    % {"count": len(made["unmet_pairs"])},
                )
            return redirect("league:group-admin", group.pk)
    return render(
        request,
        "league/manage/fixture_generate.html",
        {"group": group, "errors": errors, "entered": request.POST},
        status=400 if errors else 200,
    )


def _venue(venue_id) -> Venue:
    return get_object_or_404(
        Venue.objects.select_related("match_day__group__league__season", "host__club"),
        pk=venue_id,
    )


def may_change_details(user, venue) -> bool:
    return roles.leads_group(user, roles.group_of(venue)) or roles.may_direct(user, venue)


@league_page("may_see_unpublished")
@require_http_methods(["GET", "HEAD", "POST"])
def invitation_page(request, venue_id):
    venue = _venue(venue_id)
    may_change = may_change_details(request.user, venue)
    errors = []
    if request.method == "POST":
        if not may_change:
            raise PermissionDenied
        try:
            venue_invitation.change_details(venue, request.POST, user=request.user)
        except Rejected as rejected:
            errors = _texts(rejected)
        else:
            messages.success(request, gettext("The invitation has been saved."))
            return redirect("league:venue-invitation", venue.pk)
    entered = (
        request.POST
        if errors
        else {
            "address": venue.address,
            "start_time": venue.start_time.strftime("%H:%M") if venue.start_time else "",
            "contact": venue.contact,
        }
    )
    return render(
        request,
        "league/manage/venue_invitation.html",
        {
            "venue": venue,
            "group": venue.match_day.group,
            "facts": venue_invitation.invitation_facts(venue),
            "may_change": may_change,
            "entered": entered,
            "errors": errors,
        },
        status=400 if errors else 200,
    )


@league_page("may_see_unpublished")
@require_safe
def invitation_file(request, venue_id):
    venue = _venue(venue_id)
    response = HttpResponse(invitation_pdf(venue), content_type="application/pdf")
    response["Content-Disposition"] = (
        f'attachment; filename="Einladung-Spieltag-{venue.match_day.number}-{venue.number}.pdf"'
    )
    return response
