"""The demo league (docs/league.md): one group of eight teams of four clubs, two decentral
match days at two venues each, two series per match day.

Match day 1 is played: at venue 1 a team plays with three players (seated 4-4-4-3), a
substitute comes in for series 2, and the report is signed and published; at venue 2 the
report is signed and waits for the group leader. Match day 2 is set up and waits for play.
Loading again changes nothing. Logins: the group leader ``staffelleiter`` and a captain
``kapitaen`` (password ``skat-demo``, like the director's), made only where no login of
that name exists: the demo never changes a password someone set.

Everything is marked as demo data like the demo evening: the season (``Season.is_demo``),
the venues' tournaments (``Tournament.is_demo``) and the logins it made (members of
:data:`DEMO_LOGINS_GROUP`); the director's "Delete the demo data" removes all of it
(:func:`delete_demo_league`). :data:`DEMO_PART` is what ``LeagueConfig.ready()`` registers
with the core's demo (tournaments/services/demo/parts.py).
"""

import random
from dataclasses import dataclass
from datetime import date

from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group
from django.db import transaction
from django.utils.translation import gettext as _

from league.models import (
    LeagueGroup,
    LeagueTeam,
    MatchDay,
    MatchReport,
    RosterEntry,
    Season,
    Venue,
    VenueTeam,
)
from tournaments.models import Club, Participant, Player, Table, Tournament
from tournaments.services import draw, roles, seating, states
from tournaments.services.demo.lists import random_game
from tournaments.services.demo.parts import DemoPart
from tournaments.services.lists import listkeeping

from . import fixtures, lineups, reports, structure

SEASON = "Demo-Saison 2027"
LEAGUE = "Landesliga"
GROUP = "Staffel Nord"
PASSWORD = "skat-demo"
LEADER = "staffelleiter"
CAPTAIN = "kapitaen"
SEED = 2027
ROUNDS = 3  # 12 games at a 4-table: a short series, so the demo loads quickly
# The Django group of the logins the demo made (not those it found): deleted with the demo.
DEMO_LOGINS_GROUP = "Demo-Anmeldungen"

CLUBS = ["Kreuz Bube Altdorf", "Pik As Neustadt", "Karo König Bergheim", "Grand Hand Seestadt"]
# (team, club index, players, substitutes)
TEAMS = [
    ("Kreuz Bube I", 0, 4, 1),
    ("Kreuz Bube II", 0, 4, 0),
    ("Pik As I", 1, 4, 0),
    ("Pik As II", 1, 3, 0),
    ("Karo König I", 2, 4, 0),
    ("Karo König II", 2, 4, 0),
    ("Grand Hand I", 3, 4, 0),
    ("Grand Hand II", 3, 4, 0),
]
FIRST_NAMES = [
    "Anna",
    "Bernd",
    "Clara",
    "Detlef",
    "Edith",
    "Franz",
    "Gerda",
    "Hans",
    "Ilse",
    "Jochen",
    "Käthe",
    "Lothar",
    "Marga",
    "Norbert",
    "Olga",
    "Paul",
    "Rita",
    "Stefan",
    "Trude",
    "Ulrich",
    "Vera",
    "Walter",
    "Xaver",
    "Yvonne",
    "Zenzi",
    "Alfons",
    "Berta",
    "Carl",
    "Doris",
    "Emil",
    "Frieda",
    "Günter",
]
LAST_NAMES = [
    "Albers",
    "Bauer",
    "Claasen",
    "Dörr",
    "Ehlers",
    "Fischer",
    "Graf",
    "Heinze",
    "Iske",
    "Jansen",
    "Kühn",
    "Lorenz",
    "Mertens",
    "Nolte",
    "Otto",
    "Peters",
    "Quast",
    "Rieck",
    "Seidel",
    "Thiel",
    "Ulbrich",
    "Vogt",
    "Weber",
    "Xylander",
    "Yilmaz",
    "Ziegler",
    "Arnold",
    "Böhm",
    "Conrad",
    "Dietz",
    "Engel",
    "Franke",
]


@dataclass(frozen=True)
class DemoLeague:
    teams: int
    venues: int
    published: int
    submitted: int


@transaction.atomic
def load_demo_league(admin) -> DemoLeague | None:
    """Create the demo league once; an existing one is left as it is."""
    if Season.objects.filter(name=SEASON).exists():
        return None
    rng = random.Random(SEED)
    leader = _user(LEADER)
    captain = _user(CAPTAIN)
    clubs = [Club.objects.get_or_create(name=name)[0] for name in CLUBS]
    season = structure.create_season(SEASON, user=admin)
    Season.objects.filter(pk=season.pk).update(is_demo=True)
    league = structure.create_league(
        season,
        {"name": LEAGUE, "series_per_match_day": 2, "rounds_per_series": ROUNDS, "min_games": 12},
        user=admin,
    )
    group = structure.create_group(
        league, {"name": GROUP, "promotion_places": 2, "relegation_places": 2}, user=admin
    )
    group.leaders.add(leader)
    names = iter(zip(FIRST_NAMES, LAST_NAMES, strict=True))
    teams = []
    for name, club_index, players, substitutes in TEAMS:
        club = clubs[club_index]
        roster = [
            Player.objects.create(first_name=first, last_name=last, club=club)
            for first, last in [next(names) for _ in range(players + substitutes)]
        ]
        teams.append(
            structure.create_team(
                group,
                {
                    "club": club.pk,
                    "name": name,
                    "players": [p.pk for p in roster[:players]],
                    "substitutes": [p.pk for p in roster[players:]],
                    "captain": roster[0].pk,
                    "captain_user": captain.pk if name == "Pik As II" else None,
                },
                user=admin,
            )
        )
    first = _match_day(group, 1, date(2027, 3, 14), [teams[:4], teams[4:]], admin)
    _match_day(
        group,
        2,
        date(2027, 4, 11),
        [[teams[2], teams[0], teams[5], teams[7]], [teams[6], teams[1], teams[3], teams[4]]],
        admin,
    )
    Tournament.objects.filter(league_venue__match_day__group=group).update(is_demo=True)
    venue_1, venue_2 = first.venues.order_by("number")
    substitute = teams[0].roster.get(substitute=True).player
    regulars = [entry.player for entry in teams[0].roster.filter(substitute=False)]
    lineups.set_lineup(
        venue_1,
        {"series": 2, "team": teams[0].pk, "players": [p.pk for p in [substitute, *regulars[1:]]]},
        user=admin,
    )
    for venue in (venue_1, venue_2):
        _play(venue, rng, admin)
        report = reports.submit_report(venue, user=admin)
        for entry in venue.venue_teams.select_related("team"):
            pin = Participant.objects.get(
                tournament=venue.tournament, player=entry.team.captain_id
            ).pin
            states.apply(report, "sign", admin, team=entry.team_id, pin=pin)
    checked = states.apply(venue_1.report, "check", leader)
    published = states.apply(checked, "publish", leader)
    return DemoLeague(teams=len(teams), venues=4, published=1 if published else 0, submitted=1)


def _user(username):
    """The demo's login ``username``: made with the demo's password and marked as demo, or
    the login of that name as it is (its password is someone's own)."""
    user, created = get_user_model().objects.get_or_create(username=username)
    if created:
        user.set_password(PASSWORD)
        user.save()
        Group.objects.get_or_create(name=DEMO_LOGINS_GROUP)[0].user_set.add(user)
    return user


def _match_day(group, number, day, venues, admin):
    return fixtures.create_match_day(
        group,
        {
            "number": number,
            "date": day.isoformat(),
            "venues": [{"host": teams[0].pk, "teams": [t.pk for t in teams]} for teams in venues],
        },
        user=admin,
    )


def _play(venue, rng: random.Random, admin) -> None:
    """Draw and play every series of the venue at random, sign with PINs, finish."""
    tournament = venue.tournament
    for series in tournament.series.order_by("number"):
        draw.draw_series(series, seed=rng.randrange(2**31), user=admin)
        for table in Table.objects.filter(series=series).select_related("series__tournament"):
            while (deal := seating.deal_for_next_game(table)) is not None:
                listkeeping.enter_game(table, random_game(rng, deal.active))
                table.refresh_from_db()
            for seat in table.seats.select_related("participant"):
                states.apply(table, "sign", admin, seat=seat.number, pin=seat.participant.pin)
                table.refresh_from_db()
        states.apply(series, "finish", admin)
    tournament.refresh_from_db()
    states.apply(tournament, "finish", admin)


def captain_team() -> LeagueTeam | None:
    return LeagueTeam.objects.filter(captain_user__username=CAPTAIN).first()


def demo_seasons():
    return Season.objects.filter(is_demo=True).order_by("name")


def demo_logins():
    """The logins the demo made (never a director's or the admin's)."""
    users = get_user_model().objects
    return (
        users.filter(groups__name=DEMO_LOGINS_GROUP)
        .exclude(pk__in=roles.directors(users.all()).values("pk"))
        .order_by("username")
    )


def delete_demo_league() -> tuple[list[str], list[str]]:
    """Delete the demo seasons with everything of their leagues, and the demo's logins; the
    names of the seasons and the logins deleted.

    The venues' tournaments are marked as demo and go with the demo evening's, after this
    (the venues protect them); so do the league's clubs and players no one else uses. Runs
    inside the caller's transaction.
    """
    seasons = list(demo_seasons())
    groups = LeagueGroup.objects.filter(league__season__in=seasons)
    venues = Venue.objects.filter(match_day__group__in=groups)
    # Rows that protect others go first: reports (their signatures and protests name
    # teams), the teams at each venue, the venues (host team, tournament), then the teams.
    MatchReport.objects.filter(venue__in=venues).delete()
    VenueTeam.objects.filter(venue__in=venues).delete()
    venues.delete()
    MatchDay.objects.filter(group__in=groups).delete()
    RosterEntry.objects.filter(team__group__in=groups).delete()
    LeagueTeam.objects.filter(group__in=groups).delete()
    for season in seasons:
        season.delete()
    logins = list(demo_logins())
    names = [login.get_username() for login in logins]
    get_user_model().objects.filter(pk__in=[login.pk for login in logins]).delete()
    return [season.name for season in seasons], names


def delete_unused_demo_clubs() -> None:
    """The league demo's clubs and their players, where no tournament or team uses them."""
    clubs = Club.objects.filter(name__in=CLUBS)
    Player.objects.filter(
        club__in=clubs, participations__isnull=True, league_rosters__isnull=True
    ).delete()
    clubs.filter(players__isnull=True, tournaments__isnull=True, league_teams__isnull=True).delete()


def introduce() -> list[str]:
    """What ``manage.py demo`` says of the demo league: its logins, where the demo made both."""
    if demo_logins().filter(username__in=[LEADER, CAPTAIN]).count() != 2:
        return []
    return [
        _("Demo league: group leader %(leader)s, captain %(captain)s, password %(password)s.")
        % {"leader": LEADER, "captain": CAPTAIN, "password": PASSWORD}
    ]


def venue_tournaments():
    """The ids of the venues' tournaments: the league's, not the demo evening's."""
    return Venue.objects.values("tournament_id")


def listing() -> dict:
    """What deleting the demo league deletes, for templates/league/_demo_delete.html."""
    return {
        "seasons": list(demo_seasons().prefetch_related("leagues__groups")),
        "logins": [login.get_username() for login in demo_logins()],
    }


def delete_demo_part() -> dict[str, list[str]]:
    seasons, logins = delete_demo_league()
    return {"seasons": seasons, "logins": logins}


DEMO_PART = DemoPart(
    load=load_demo_league,
    introduce=introduce,
    tournaments=venue_tournaments,
    listing=listing,
    template="league/_demo_delete.html",
    delete=delete_demo_part,
    delete_leftovers=delete_unused_demo_clubs,
    clubs=tuple(CLUBS),
)
