"""Changing a season's structure after it was made: a season's name, a league's settings,
a group's name, marks, ``live_public`` and leaders (the association admin's pages,
docs/league.md "Vor der Saison"). Each refusal names its field, as structure.py's do."""

from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils.translation import gettext_noop

from league.models import League, LeagueGroup, Season
from tournaments.services import audit
from tournaments.services.errors import Rejected

from . import reading, structure

LEAGUE_FIELDS = (
    "name",
    "level",
    "series_per_match_day",
    "rounds_per_series",
    "protest_days",
    "min_games",
)
GROUP_FIELDS = ("name", "promotion_places", "relegation_places", "live_public")
UNKNOWN_LOGIN = gettext_noop("There is no active login %(login)s.")


@transaction.atomic
def change_season(season: Season, name, *, user=None) -> Season:
    name = reading.name(name)
    if Season.objects.filter(name__iexact=name).exclude(pk=season.pk).exists():
        raise structure._taken(
            "name", gettext_noop("There is already a season called %(name)s."), name=name
        )
    before, season.name = season.name, name
    season.save(update_fields=["name"])
    audit.record(
        "season_changed", user=user, obj=season, before={"name": before}, after={"name": name}
    )
    return season


def _league_values(data: dict) -> dict:
    return reading.all_of(
        name=lambda: reading.name(data.get("name")),
        level=lambda: reading.count(data.get("level"), field="level", low=1, high=20),
        series_per_match_day=lambda: reading.count(
            data.get("series_per_match_day"), field="series_per_match_day", low=1, high=8
        ),
        rounds_per_series=lambda: reading.count(
            data.get("rounds_per_series"), field="rounds_per_series", low=1, high=40
        ),
        protest_days=lambda: reading.count(
            data.get("protest_days"), field="protest_days", low=0, high=365
        ),
        min_games=lambda: reading.count(
            data.get("min_games"), field="min_games", low=0, high=100_000
        ),
    )


@transaction.atomic
def change_league(league: League, data: dict, *, user=None) -> League:
    """A league's name and settings; a match day already made keeps the series it has."""
    values = _league_values(data)
    taken = league.season.leagues.filter(name__iexact=values["name"]).exclude(pk=league.pk)
    if taken.exists():
        raise structure._taken(
            "name",
            gettext_noop("This season already has a league called %(name)s."),
            name=values["name"],
        )
    before = {name: getattr(league, name) for name in LEAGUE_FIELDS}
    for name, value in values.items():
        setattr(league, name, value)
    league.save(update_fields=list(values))
    audit.record("league_changed", user=user, obj=league, before=before, after=values)
    return league


def leaders_by_login(text) -> list:
    """The active users whose logins ``text`` lists (separated by commas, blanks or
    lines), each at most once; refused naming ``leaders`` and the unknown login."""
    logins = [login for login in str(text or "").replace(",", " ").split() if login]
    users = get_user_model().objects.filter(is_active=True)
    found = []
    for login in dict.fromkeys(logins):
        leader = users.filter(username__iexact=login).first()
        if leader is None:
            raise Rejected.because("leaders", "unknown_login", UNKNOWN_LOGIN, login=login[:150])
        found.append(leader)
    return found


@transaction.atomic
def create_group_with_leaders(league: League, data: dict, *, user=None) -> LeagueGroup:
    """A group as :func:`structure.create_group` makes it, with its leaders named by login
    (``data["leaders"]``); every refusal of both at once."""
    problems, leaders, group = [], [], None
    try:
        leaders = leaders_by_login(data.get("leaders"))
    except Rejected as refused:
        problems += refused.problems
    try:
        group = structure.create_group(league, data, user=user)
    except Rejected as refused:
        problems += refused.problems
    if problems:
        raise Rejected(problems)
    _set_leaders(group, leaders, user=user)
    return group


@transaction.atomic
def change_group(group: LeagueGroup, data: dict, *, user=None) -> LeagueGroup:
    """A group's name, promotion and relegation places, ``live_public`` and leaders."""
    problems, leaders = [], []
    try:
        leaders = leaders_by_login(data.get("leaders"))
    except Rejected as refused:
        problems += refused.problems
    try:
        values = reading.all_of(
            name=lambda: reading.name(data.get("name")),
            promotion_places=lambda: reading.count(
                data.get("promotion_places"), field="promotion_places", low=0, high=100
            ),
            relegation_places=lambda: reading.count(
                data.get("relegation_places"), field="relegation_places", low=0, high=100
            ),
            live_public=lambda: reading.flag(data.get("live_public"), field="live_public"),
        )
    except Rejected as refused:
        problems += refused.problems
    if problems:
        raise Rejected(problems)
    if group.league.groups.filter(name__iexact=values["name"]).exclude(pk=group.pk).exists():
        raise structure._taken(
            "name",
            gettext_noop("This league already has a group called %(name)s."),
            name=values["name"],
        )
    before = {name: getattr(group, name) for name in GROUP_FIELDS}
    for name, value in values.items():
        setattr(group, name, value)
    group.save(update_fields=list(values))
    audit.record("group_changed", user=user, obj=group, before=before, after=values)
    _set_leaders(group, leaders, user=user)
    return group


def _set_leaders(group: LeagueGroup, leaders, *, user) -> None:
    before = sorted(group.leaders.values_list("pk", flat=True))
    after = sorted(leader.pk for leader in leaders)
    if before != after:
        group.leaders.set(leaders)
        audit.record(
            "group_leaders_set",
            user=user,
            obj=group,
            before={"leaders": before},
            after={"group": group.pk, "leaders": after},
        )
