"""The demo league (docs/league.md): one group of eight teams of four clubs, two decentral
match days at two venues each, two series per match day.

Match day 1 is played: at venue 1 a team plays with three players (seated 4-4-4-3), a
substitute comes in for series 2, and the report is signed and published; at venue 2 the
report is signed and waits for the group leader. Match day 2 is set up and waits for play.
Loading again changes nothing. Logins: the group leader ``staffelleiter`` and a captain
``kapitaen`` (password ``skat-demo``, like the director's).
"""

import random
from dataclasses import dataclass
from datetime import date

from django.contrib.auth import get_user_model
from django.db import transaction

from league.models import LeagueTeam, Season
from tournaments.models import Club, Participant, Player, Table
from tournaments.services import draw, seating, states
from tournaments.services.demo.lists import random_game
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
    published = states.apply(venue_1.report, "publish", leader)
    return DemoLeague(teams=len(teams), venues=4, published=1 if published else 0, submitted=1)


def _user(username):
    user, _created = get_user_model().objects.get_or_create(username=username)
    user.is_active = True
    user.set_password(PASSWORD)
    user.save()
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
