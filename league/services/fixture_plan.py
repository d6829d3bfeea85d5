"""Fixture generation (Spielplan erzeugen, API.md §7.1 ``POST groups/{id}/fixtures/``):
the group's match days from a list of dates, with venues of four teams (three where the
number of teams needs it) and their hosts, and optionally a central match day with the
whole group (docs/league.md "Spielplan erzeugen").

Aims, in this order: every team meets every other team at some venue; each team hosts
once where there are no more venues than teams (else as evenly as possible). The plan is
searched, not constructed: per match day seeded random splits, each improved by swapping
teams between venues while that meets more new pairs, the best kept; the best of several
attempts taken — so the same group and dates give the same plan. Pairs that could not
meet (too few dates) are named in the answer.
"""

import datetime
import itertools
import random

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext_noop

from league.models import LeagueGroup
from tournaments.services import audit
from tournaments.services.errors import Rejected
from tournaments.skat import Problem

from . import central_days, fixtures, reading

INVITATION_DAYS = 14  # invitations go out at least two weeks ahead
MAX_DATES = 30
ATTEMPTS = 30
STARTS_PER_DAY = 8

SHORT_NOTICE = gettext_noop(
    "The match day on %(date)s is less than %(days)d days ahead: the invitations go out late."
)


def venue_sizes(count: int) -> list[int]:
    """Venues of four teams, of three where the count does not divide (a lone five for 5)."""
    if count < 3:
        raise Rejected.because(
            "dates",
            "too_few_teams",
            gettext_noop("A fixture list needs at least three teams in the group."),
        )
    if count == 5:
        return [5]
    threes = (4 - count % 4) % 4
    return [4] * ((count - 3 * threes) // 4) + [3] * threes


def read_dates(data: dict) -> tuple[list[datetime.date], datetime.date | None]:
    values = data.get("dates")
    if not isinstance(values, list) or not 1 <= len(values) <= MAX_DATES:
        raise Rejected.because(
            "dates",
            "invalid_list",
            gettext_noop("Give a list of 1 to %(high)d dates."),
            high=MAX_DATES,
        )
    dates = [reading.date(value, field="dates") for value in values]
    central = data.get("central_date")
    central = reading.date(central, field="central_date") if central not in (None, "") else None
    if len(set(dates + ([central] if central else []))) != len(dates) + bool(central):
        raise Rejected.because(
            "dates", "repeated_date", gettext_noop("Each date may be given only once.")
        )
    return dates, central


def plan_days(team_ids: list[int], days: int, *, seed: int) -> list[list[list[int]]]:
    """For each of ``days`` match days, its venues as lists of team ids, host first."""
    sizes = venue_sizes(len(team_ids))
    best, best_score = None, None
    total = len(team_ids) * (len(team_ids) - 1) // 2
    hosts_needed = -(-days * len(sizes) // len(team_ids))  # venues per team, rounded up
    for attempt in range(ATTEMPTS):
        chooser = random.Random(seed * 1000 + attempt)
        met, hosted, plan = set(), dict.fromkeys(team_ids, 0), []
        for _day in range(days):
            venues = _best_split(team_ids, sizes, met, chooser)
            met.update(_pairs(venues))
            plan.append([_host_first(venue, hosted) for venue in venues])
        score = (len(met), -max(hosted.values()), -sum(v == 0 for v in hosted.values()))
        if best_score is None or score > best_score:
            best, best_score = plan, score
        if len(met) == total and max(hosted.values()) <= hosts_needed:
            break  # everyone meets everyone, nobody hosts more than needed
    return best


def _pairs(venues):
    return {pair for venue in venues for pair in itertools.combinations(sorted(venue), 2)}


def _best_split(team_ids, sizes, met, chooser) -> list[list[int]]:
    """The split of a match day meeting most new pairs: random starts, each improved by
    swapping two teams of different venues while that meets more new pairs."""
    best, best_new = None, -1
    for _ in range(STARTS_PER_DAY):
        order = team_ids[:]
        chooser.shuffle(order)
        venues, start = [], 0
        for size in sizes:
            venues.append(order[start : start + size])
            start += size
        new = _improved(venues, met)
        if new > best_new:
            best, best_new = venues, new
    return best


def _new_pairs(venue, met) -> int:
    return sum(pair not in met for pair in itertools.combinations(sorted(venue), 2))


def _improved(venues, met) -> int:
    """Swap teams between venues (in place) while a swap meets more new pairs."""
    improved = True
    while improved:
        improved = False
        for a, b in itertools.combinations(range(len(venues)), 2):
            for i, j in itertools.product(range(len(venues[a])), range(len(venues[b]))):
                before = _new_pairs(venues[a], met) + _new_pairs(venues[b], met)
                venues[a][i], venues[b][j] = venues[b][j], venues[a][i]
                if _new_pairs(venues[a], met) + _new_pairs(venues[b], met) > before:
                    improved = True
                else:
                    venues[a][i], venues[b][j] = venues[b][j], venues[a][i]
    return sum(_new_pairs(venue, met) for venue in venues)


def _host_first(venue: list[int], hosted: dict) -> list[int]:
    """The venue with its host first: the team that has hosted least (then the first)."""
    host = min(venue, key=lambda team: hosted[team])
    hosted[host] += 1
    return [host, *[team for team in venue if team != host]]


@transaction.atomic
def generate(group: LeagueGroup, data: dict, *, user=None) -> dict:
    """The group's match days from ``dates`` (decentral) and ``central_date`` (the whole
    group at one place, in groups by the table), numbered by date; refused if the group
    has match days already."""
    dates, central = read_dates(data)
    teams = list(group.teams.order_by("pk"))
    team_ids = [team.pk for team in teams]
    venue_sizes(len(team_ids))
    if group.match_days.exists():
        raise Rejected.because(
            "dates",
            "fixtures_exist",
            gettext_noop("The group has match days already; fixtures are generated only once."),
            conflict=True,
        )
    plan = iter(plan_days(team_ids, len(dates), seed=group.pk))
    all_dates = sorted([(day, False) for day in dates] + ([(central, True)] if central else []))
    made, met = [], set()
    for number, (date, is_central) in enumerate(all_dates, start=1):
        if is_central:
            # A central day is played in groups of four or five scored among themselves
            # (RULES 6.1), formed by the table as it stands when the plan is made.
            groups = central_days.groups_from_table(group)
            venues = [{"teams": [team.pk for team in teams]} for teams in groups]
        else:
            day_venues = next(plan)
            met.update(_pairs(day_venues))
            venues = [{"host": v[0], "teams": v} for v in day_venues]
        made.append(
            fixtures.create_match_day(
                group,
                {
                    "number": number,
                    "date": date.isoformat(),
                    "central": is_central,
                    "venues": venues,
                },
                user=user,
            )
        )
    unmet = sorted(set(itertools.combinations(sorted(team_ids), 2)) - met)
    audit.record(
        "fixtures_generated",
        user=user,
        obj=group,
        after={"group": group.pk, "match_days": [day.pk for day in made]},
    )
    return {"match_days": made, "unmet_pairs": unmet, "warnings": short_notice(all_dates)}


def short_notice(dates, today=None) -> list[Problem]:
    """A warning for each match day less than 14 days ahead (the invitation period)."""
    today = today or timezone.localdate()
    return [
        Problem("dates", "short_notice", SHORT_NOTICE, {"date": f"{day:%d.%m.%Y}", "days": 14})
        for day, _central in dates
        if (day - today).days < INVITATION_DAYS
    ]
