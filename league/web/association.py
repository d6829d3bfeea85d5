"""The association admin's pages (``/liga/verband/``): seasons, their leagues and groups,
and the clubs, made and changed without the Django admin; each season's archive linked.

Who: the association's administrator (league/services/roles.py ``may_administer``).
The refusals are the services' (league/services/structure.py, structure_changes.py,
tournaments/services/clubs.py), shown after the label of their field.
"""

from django.contrib import messages
from django.db import transaction
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.text import capfirst
from django.utils.translation import gettext, pgettext
from django.views.decorators.http import require_http_methods, require_safe

from league.models import League, LeagueGroup, Season
from league.services import structure, structure_changes
from tournaments.models import Club
from tournaments.services import clubs as club_service
from tournaments.services.errors import Rejected

from .access import league_page
from .association_forms import (
    CLUB_FIELDS,
    GROUP_FIELDS,
    LEAGUE_DEFAULTS,
    LEAGUE_FIELDS,
    SEASON_FIELDS,
    error_texts,
    form_page,
    posted,
)

association_page = league_page("may_administer")


def _saved(request, name: str) -> None:
    messages.success(request, gettext("%(name)s has been saved.") % {"name": name})


def _save(request, fields, save):
    """``save(data)`` with the posted form; (the saved object, []) or (None, refusals)."""
    data = posted(request.POST, fields)
    try:
        with transaction.atomic():
            saved = save(data)
    except Rejected as rejected:
        return None, error_texts(rejected, fields)
    _saved(request, saved.name)
    return saved, []


@association_page
@require_safe
def overview(request):
    seasons = Season.objects.prefetch_related("leagues__groups__leaders").order_by("-name")
    return render(
        request,
        "league/manage/association.html",
        {"seasons": seasons, "club_count": Club.objects.count()},
    )


@association_page
@require_http_methods(["GET", "HEAD", "POST"])
def season_new(request):
    values, errors = {}, []
    if request.method == "POST":
        values = posted(request.POST, SEASON_FIELDS)
        try:
            season = structure.create_season(values["name"], user=request.user)
        except Rejected as rejected:
            errors = error_texts(rejected, SEASON_FIELDS)
        else:
            _saved(request, season.name)
            return redirect("league:association-season", season.pk)
    return form_page(
        request, title=gettext("New season"), fields=SEASON_FIELDS, values=values, errors=errors
    )


@association_page
@require_http_methods(["GET", "HEAD", "POST"])
def season_edit(request, season_id):
    season = get_object_or_404(Season, pk=season_id)
    values, errors = {"name": season.name}, []
    if request.method == "POST":
        values = posted(request.POST, SEASON_FIELDS)
        saved, errors = _save(
            request,
            SEASON_FIELDS,
            lambda data: structure_changes.change_season(season, data["name"], user=request.user),
        )
        if saved:
            return redirect("league:association-season", season.pk)
    return form_page(
        request,
        title=gettext("Season %(name)s") % {"name": season.name},
        fields=SEASON_FIELDS,
        values=values,
        errors=errors,
        children=[(league.name, _url("league", league.pk)) for league in season.leagues.all()],
        children_title=gettext("Leagues"),
        new_child=(gettext("New league"), _url("league-new", season.pk)),
        archive_season=season,
    )


@association_page
@require_http_methods(["GET", "HEAD", "POST"])
def league_new(request, season_id):
    season = get_object_or_404(Season, pk=season_id)
    values, errors = dict(LEAGUE_DEFAULTS), []
    if request.method == "POST":
        values = posted(request.POST, LEAGUE_FIELDS)
        saved, errors = _save(
            request,
            LEAGUE_FIELDS,
            lambda data: structure.create_league(season, data, user=request.user),
        )
        if saved:
            return redirect("league:association-league", saved.pk)
    return form_page(
        request,
        title=gettext("New league in season %(name)s") % {"name": season.name},
        fields=LEAGUE_FIELDS,
        values=values,
        errors=errors,
        parent=(season.name, _url("season", season.pk)),
    )


@association_page
@require_http_methods(["GET", "HEAD", "POST"])
def league_edit(request, league_id):
    league = get_object_or_404(League.objects.select_related("season"), pk=league_id)
    values = {field.name: getattr(league, field.name) for field in LEAGUE_FIELDS}
    errors = []
    if request.method == "POST":
        values = posted(request.POST, LEAGUE_FIELDS)
        saved, errors = _save(
            request,
            LEAGUE_FIELDS,
            lambda data: structure_changes.change_league(league, data, user=request.user),
        )
        if saved:
            return redirect("league:association-league", league.pk)
    return form_page(
        request,
        title=str(league),
        fields=LEAGUE_FIELDS,
        values=values,
        errors=errors,
        parent=(league.season.name, _url("season", league.season_id)),
        children=[(group.name, _url("group", group.pk)) for group in league.groups.all()],
        children_title=capfirst(pgettext("league", "groups")),
        new_child=(gettext("New group"), _url("group-new", league.pk)),
    )


@association_page
@require_http_methods(["GET", "HEAD", "POST"])
def group_new(request, league_id):
    league = get_object_or_404(League.objects.select_related("season"), pk=league_id)
    values, errors = {"live_public": True}, []
    if request.method == "POST":
        values = posted(request.POST, GROUP_FIELDS)
        saved, errors = _save(
            request,
            GROUP_FIELDS,
            lambda data: structure_changes.create_group_with_leaders(
                league, data, user=request.user
            ),
        )
        if saved:
            return redirect("league:association-group", saved.pk)
    return form_page(
        request,
        title=gettext("New group in %(league)s") % {"league": league},
        fields=GROUP_FIELDS,
        values=values,
        errors=errors,
        parent=(str(league), _url("league", league.pk)),
    )


@association_page
@require_http_methods(["GET", "HEAD", "POST"])
def group_edit(request, group_id):
    group = get_object_or_404(LeagueGroup.objects.select_related("league__season"), pk=group_id)
    values = {field.name: getattr(group, field.name, "") for field in GROUP_FIELDS}
    values["leaders"] = ", ".join(
        group.leaders.order_by("username").values_list("username", flat=True)
    )
    errors = []
    if request.method == "POST":
        values = posted(request.POST, GROUP_FIELDS)
        saved, errors = _save(
            request,
            GROUP_FIELDS,
            lambda data: structure_changes.change_group(group, data, user=request.user),
        )
        if saved:
            return redirect("league:association-group", group.pk)
    return form_page(
        request,
        title=str(group),
        fields=GROUP_FIELDS,
        values=values,
        errors=errors,
        parent=(str(group.league), _url("league", group.league_id)),
        led_group=group,
    )


@association_page
@require_http_methods(["GET", "HEAD", "POST"])
def club_list(request):
    values, errors = {}, []
    if request.method == "POST":
        values = posted(request.POST, CLUB_FIELDS)
        saved, errors = _save(
            request,
            CLUB_FIELDS,
            lambda data: club_service.create_club(data["name"], user=request.user),
        )
        if saved:
            return redirect("league:association-clubs")
    return form_page(
        request,
        title=pgettext("skat clubs", "Clubs"),
        fields=CLUB_FIELDS,
        values=values,
        errors=errors,
        children=[(club.name, _url("club", club.pk)) for club in Club.objects.order_by("name")],
        children_title=pgettext("skat clubs", "Clubs"),
        form_title=gettext("New club"),
    )


@association_page
@require_http_methods(["GET", "HEAD", "POST"])
def club_edit(request, club_id):
    club = get_object_or_404(Club, pk=club_id)
    values, errors = {"name": club.name}, []
    if request.method == "POST":
        values = posted(request.POST, CLUB_FIELDS)
        saved, errors = _save(
            request,
            CLUB_FIELDS,
            lambda data: club_service.rename_club(club, data["name"], user=request.user),
        )
        if saved:
            return redirect("league:association-clubs")
    return form_page(
        request,
        title=club.name,
        fields=CLUB_FIELDS,
        values=values,
        errors=errors,
        parent=(pgettext("skat clubs", "Clubs"), _url("clubs")),
        invite_club=club,
    )


def _url(name: str, *args) -> str:
    return reverse(f"league:association-{name}", args=args)
