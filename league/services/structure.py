"""A season's structure: seasons, leagues with their settings, groups with their leaders,
and teams with their rosters (docs/league.md, docs/rules.md 6)."""

from django.contrib.auth import get_user_model
from django.db import IntegrityError, transaction
from django.utils.translation import gettext_noop

from league.models import League, LeagueGroup, LeagueTeam, RosterEntry, Season
from tournaments.models import Club, Player
from tournaments.services import audit
from tournaments.services.errors import Rejected
from tournaments.skat.league import PLAYERS_PER_TEAM, Scheme

from . import reading

MAX_ROSTER = 12  # ISPA's 1. Bundesliga: 8 players and 4 substitutes
MIN_PLAYING = 3  # a team may start with three players (seated 4-4-4-3)
PLAYING = 4

NO_CLUB = gettext_noop("There is no club with the id %(id)s.")
NO_PLAYER = gettext_noop("There is no player with the id %(id)s.")
NO_USER = gettext_noop("There is no user with the id %(id)s.")
UNKNOWN_ID = gettext_noop("Nothing with the id %(id)s was found here.")
TEAM_SIZES_OF_SCHEME = {
    "dskv": gettext_noop("A league under the DSkV's rules plays teams of 4 players."),
    "ispa": gettext_noop(
        "A league under ISPA's rules plays teams of 6 or 8 players: give players per team."
    ),
}


def _taken(field: str, message: str, **params) -> Rejected:
    return Rejected.because(field, f"{field}_taken", message, conflict=True, **params)


@transaction.atomic
def create_season(name, *, user=None) -> Season:
    name = reading.name(name)
    if Season.objects.filter(name__iexact=name).exists():
        raise _taken("name", gettext_noop("There is already a season called %(name)s."), name=name)
    season = Season.objects.create(name=name)
    audit.record("season_created", user=user, obj=season, after={"season": season.pk})
    return season


@transaction.atomic
def create_league(season: Season, data: dict, *, user=None) -> League:
    """A league of ``season`` with its settings (series per match day, rounds per series,
    protest window in days, minimum games for the individual ranking)."""
    values = reading.all_of(
        name=lambda: reading.name(data.get("name")),
        level=lambda: reading.count(data.get("level"), field="level", low=1, high=20, default=1),
        series_per_match_day=lambda: reading.count(
            data.get("series_per_match_day"), field="series_per_match_day", low=1, high=8, default=3
        ),
        rounds_per_series=lambda: reading.count(
            data.get("rounds_per_series"), field="rounds_per_series", low=1, high=40, default=12
        ),
        protest_days=lambda: reading.count(
            data.get("protest_days"), field="protest_days", low=0, high=365, default=14
        ),
        min_games=lambda: reading.count(
            data.get("min_games"), field="min_games", low=0, high=100_000, default=0
        ),
        scheme=lambda: read_scheme(data),
    )
    values["scheme"], values["players_per_team"] = values["scheme"]
    name = values["name"]
    league = League(season=season, **values)
    if season.leagues.filter(name__iexact=name).exists():
        raise _taken(
            "name", gettext_noop("This season already has a league called %(name)s."), name=name
        )
    league.save()
    audit.record("league_created", user=user, obj=league, after={"league": league.pk})
    return league


def read_scheme(data: dict) -> tuple[str, int]:
    """A league's ``scheme`` ("dskv", the default, or "ispa") and ``players_per_team``:
    4 under the DSkV's rules, 6 or 8 under ISPA's (RULES 6.1)."""
    scheme = data.get("scheme")
    scheme = League.Scheme.DSKV if scheme in (None, "") else scheme
    if scheme not in League.Scheme.values:
        raise Rejected.because(
            "scheme",
            "invalid_scheme",
            gettext_noop('Choose the rules of the league: "dskv" or "ispa".'),
        )
    allowed = PLAYERS_PER_TEAM[Scheme(scheme)]
    players = data.get("players_per_team")
    if players is None and len(allowed) == 1:
        players = allowed[0]
    if type(players) is not int or players not in allowed:
        raise Rejected.because(
            "players_per_team",
            "players_per_team_of_scheme",
            TEAM_SIZES_OF_SCHEME[scheme],
        )
    return scheme, players


def playing(league: League) -> int:
    """How many players of a team play a series: the league's players per team."""
    return league.players_per_team


@transaction.atomic
def create_group(league: League, data: dict, *, user=None) -> LeagueGroup:
    values = reading.all_of(
        name=lambda: reading.name(data.get("name")),
        promotion_places=lambda: reading.count(
            data.get("promotion_places"), field="promotion_places", low=0, high=100, default=0
        ),
        relegation_places=lambda: reading.count(
            data.get("relegation_places"), field="relegation_places", low=0, high=100, default=0
        ),
        live_public=lambda: reading.flag(
            data.get("live_public"), field="live_public", default=True
        ),
    )
    name = values["name"]
    group = LeagueGroup(league=league, **values)
    if league.groups.filter(name__iexact=name).exists():
        raise _taken(
            "name", gettext_noop("This league already has a group called %(name)s."), name=name
        )
    group.save()
    audit.record("group_created", user=user, obj=group, after={"group": group.pk})
    return group


@transaction.atomic
def change_group(group: LeagueGroup, data: dict, *, user=None) -> LeagueGroup:
    """The group leader's settings of the group: ``live_public`` (RULES 6.1)."""
    live_public = reading.flag(data.get("live_public"), field="live_public", default=None)
    if live_public is None:
        live_public = group.live_public
    before = {"live_public": group.live_public}
    group.live_public = live_public
    group.save(update_fields=["live_public"])
    audit.record(
        "group_changed",
        user=user,
        obj=group,
        before=before,
        after={"group": group.pk, "live_public": live_public},
    )
    return group


@transaction.atomic
def add_leader(group: LeagueGroup, user_id, *, user=None):
    """Name a user group leader (Staffelleiter) of ``group``."""
    leader = reading.object_of(
        get_user_model().objects.filter(is_active=True), user_id, field="user", missing=NO_USER
    )
    group.leaders.add(leader)
    audit.record(
        "group_leader_added", user=user, obj=group, after={"group": group.pk, "user": leader.pk}
    )
    return leader


@transaction.atomic
def create_team(group: LeagueGroup, data: dict, *, user=None) -> LeagueTeam:
    """A club's team in ``group`` with its roster: ``players`` (3 to 12, the first four
    play by default), ``substitutes`` (optional), ``captain`` (one of them) and optionally
    ``captain_user``, the login through which the captain signs and sees results."""
    club = reading.object_of(Club.objects.all(), data.get("club"), field="club", missing=NO_CLUB)
    name = reading.name(data.get("name"))
    players, substitutes, captain, captain_user = read_roster(data)
    if group.teams.filter(name__iexact=name).exists():
        raise _taken(
            "name", gettext_noop("This group already has a team called %(name)s."), name=name
        )
    team = LeagueTeam.objects.create(
        group=group, club=club, name=name, captain=captain, captain_user=captain_user
    )
    write_roster(team, players, substitutes)
    audit.record(
        "league_team_created",
        user=user,
        obj=team,
        after={
            "team": team.pk,
            "players": [p.pk for p in players],
            "substitutes": [p.pk for p in substitutes],
            "captain": captain.pk if captain else None,
        },
    )
    return team


def read_roster(data: dict) -> tuple[list[Player], list[Player], Player | None, object]:
    """A team's ``players``, ``substitutes``, ``captain`` (on the roster) and
    ``captain_user`` as :func:`create_team` reads them, each refusal naming its field."""
    players = reading.objects_of(
        Player.objects.all(),
        data.get("players"),
        field="players",
        missing=NO_PLAYER,
        low=MIN_PLAYING,
        high=MAX_ROSTER,
    )
    substitutes = reading.objects_of(
        Player.objects.all(),
        data.get("substitutes") or [],
        field="substitutes",
        missing=NO_PLAYER,
        high=MAX_ROSTER,
    )
    roster = players + substitutes
    if len(roster) > MAX_ROSTER or len({p.pk for p in roster}) != len(roster):
        raise Rejected.because(
            "substitutes",
            "invalid_roster",
            gettext_noop(
                "A roster has at most %(max)d players, each named once among players and "
                "substitutes."
            ),
            max=MAX_ROSTER,
        )
    captain = None
    if data.get("captain") is not None:
        captain = reading.object_of(
            Player.objects.filter(pk__in=[p.pk for p in roster]),
            data.get("captain"),
            field="captain",
            missing=gettext_noop("The captain (id %(id)s) must be a player of the roster."),
        )
    captain_user = None
    if data.get("captain_user") is not None:
        captain_user = reading.object_of(
            get_user_model().objects.filter(is_active=True),
            data.get("captain_user"),
            field="captain_user",
            missing=NO_USER,
        )
    return players, substitutes, captain, captain_user


def write_roster(team: LeagueTeam, players, substitutes) -> None:
    """``team``'s roster as ``players`` then ``substitutes`` (replacing the one it had),
    refused if another team of the league has one of them."""
    roster = players + substitutes
    _ensure_enough_players(team.group.league, players)
    _ensure_free_players(team.group.league, roster, team=team)
    team.roster.all().delete()
    try:
        with transaction.atomic():
            RosterEntry.objects.bulk_create(
                RosterEntry(
                    team=team,
                    league_id=team.group.league_id,
                    player=player,
                    position=position,
                    substitute=position > len(players),
                )
                for position, player in enumerate(roster, start=1)
            )
    except IntegrityError:  # a racing request took a player: the same refusal as above
        _ensure_free_players(team.group.league, roster, team=team)
        raise


def _ensure_enough_players(league: League, players) -> None:
    """A team registers at least one player fewer than play a series (DSkV 3, as a team
    may start one short; ISPA 5 or 7)."""
    least = playing(league) - (PLAYING - MIN_PLAYING)
    if len(players) < least:
        raise Rejected.because(
            "players",
            "too_few_players_for_league",
            gettext_noop(
                "A team of this league plays with %(playing)d players: register at least "
                "%(least)d regular players."
            ),
            playing=playing(league),
            least=least,
        )


def _ensure_free_players(league: League, players, *, team=None) -> None:
    """A player belongs to one team per league and season (docs/rules.md 6)."""
    taken = (
        RosterEntry.objects.filter(league=league, player__in=players)
        .exclude(team=team)
        .select_related("player", "team")
        .first()
    )
    if taken is not None:
        raise Rejected.because(
            "players",
            "player_in_other_team",
            gettext_noop(
                "%(player)s already plays for %(team)s in this league; a player belongs to "
                "one team per league and season."
            ),
            conflict=True,
            player=taken.player.full_name,
            team=taken.team.name,
        )


def roster_of(team: LeagueTeam) -> list[RosterEntry]:
    """The team's roster in order, with the players (one query)."""
    return list(team.roster.select_related("player__club").order_by("position"))


def regular_players(team: LeagueTeam, roster=None) -> list[Player]:
    """The players who play when no line-up says otherwise: the first four regulars."""
    roster = roster_of(team) if roster is None else roster
    return [entry.player for entry in roster if not entry.substitute][:PLAYING]
