"""The season's end: each group's leader confirms the promotion and relegation marks of
the table, and the association admin makes the next season from them (API.md §7.1
``POST seasons/{id}/next/``, docs/league.md "Nach der Saison").

The next season has the same leagues (settings and level) and groups (places, live
setting, leaders). Each team is registered again with its club, name, roster, captain
and captain's login: a promoted team in a group of the league one level higher, a
relegated one a level lower (the group with the fewest teams there, then by name), every
other team — and a team with no league above or below — in its group's successor.
"""

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext_noop

from league.models import League, LeagueGroup, LeagueTeam, Season
from tournaments.services import audit
from tournaments.services.errors import Rejected
from tournaments.services.input import MAX_REASON_LENGTH, free_text

from . import results, structure, structure_changes

PROMOTION, RELEGATION = "promotion", "relegation"


def marks_of(group: LeagueGroup) -> dict[int, str | None]:
    """The marks of the group's table as it stands (published match days)."""
    table = results.group_table(group, published_only=True, confirmed=False)
    return {row.team: row.mark for row in table.rows}


MARKS = (PROMOTION, RELEGATION)


@transaction.atomic
def confirm_marks(group: LeagueGroup, *, changes=None, reason="", user=None) -> dict:
    """The leader confirms the table's marks; the next season moves teams by them.

    ``changes`` (``{team: "promotion" | "relegation" | ""}``) are the leader's own marks
    for teams of the group, made before confirming: a team that withdrew goes down, one
    that waives promotion stays. A mark other than the table's needs ``reason``; both stay
    in the audit trail. Confirming again replaces the marks confirmed before."""
    table = marks_of(group)
    chosen = _changed_marks(table, changes or {})
    changed = {str(team): mark for team, mark in chosen.items() if mark != table[team]}
    reason = free_text(reason, field="reason", max_length=MAX_REASON_LENGTH)
    if changed and not reason:
        raise Rejected.because(
            "reason",
            "mark_change_unexplained",
            gettext_noop("Give a reason for marks other than the table's."),
        )
    marks = {str(team): chosen.get(team, mark) for team, mark in table.items()}
    group.confirmed_marks = marks
    group.marks_confirmed_at = timezone.now()
    group.marks_confirmed_by = user if user is not None and user.is_authenticated else None
    group.save(update_fields=["confirmed_marks", "marks_confirmed_at", "marks_confirmed_by"])
    after = {"group": group.pk, **marks}
    if changed:
        after["changed"] = changed
    audit.record(
        "marks_confirmed", user=user, obj=group, after=after, reason=reason if changed else ""
    )
    return marks


def _changed_marks(table: dict[int, str | None], changes: dict) -> dict[int, str | None]:
    """``changes`` read: teams of the table's group, each with a known mark or none."""
    chosen = {}
    for team, mark in changes.items():
        try:
            team = int(team)
        except (TypeError, ValueError):
            team = None
        if team not in table:
            raise Rejected.because(
                "marks",
                "mark_team_unknown",
                gettext_noop("Marks are set for the teams of this group only."),
            )
        if mark not in (*MARKS, "", None):
            raise Rejected.because(
                "marks",
                "mark_unknown",
                gettext_noop('A mark is "promotion", "relegation" or none.'),
            )
        chosen[team] = mark or None
    return chosen


def unconfirmed_groups(season: Season) -> list[LeagueGroup]:
    return list(
        LeagueGroup.objects.filter(league__season=season, marks_confirmed_at__isnull=True)
        .select_related("league")
        .order_by("league__level", "league__name", "name")
    )


@transaction.atomic
def next_season(season: Season, name, *, user=None) -> Season:
    """The season after ``season``, called ``name``; refused while a group's leader has not
    confirmed its marks."""
    waiting = unconfirmed_groups(season)
    if waiting:
        raise Rejected.because(
            "season",
            "marks_not_confirmed",
            gettext_noop(
                "The group leaders have not confirmed promotion and relegation of: %(groups)s."
            ),
            conflict=True,
            groups=", ".join(str(group) for group in waiting),
        )
    new = structure.create_season(name, user=user)
    successor, levels = {}, {}
    for league in season.leagues.order_by("level", "name"):
        copy = League.objects.create(
            season=new,
            **{field: getattr(league, field) for field in _LEAGUE_COPIED},
        )
        levels.setdefault(copy.level, [])
        for group in league.groups.order_by("name"):
            twin = LeagueGroup.objects.create(
                league=copy, **{field: getattr(group, field) for field in _GROUP_COPIED}
            )
            twin.leaders.set(group.leaders.all())
            successor[group.pk] = twin
            levels[copy.level].append(twin)
    teams = LeagueTeam.objects.filter(group__league__season=season).select_related(
        "group__league", "club"
    )
    for team in teams.order_by("group__league__level", "group__name", "name"):
        target = _target(team, successor, levels)
        _register_again(team, target, user=user)
    audit.record("season_rolled_over", user=user, obj=new, after={"from": season.pk})
    return new


# What the next season keeps of a league and a group: what the association's pages edit,
# and a league's rules (an ISPA league stays ISPA with its team size).
_LEAGUE_COPIED = (*structure_changes.LEAGUE_FIELDS, "scheme", "players_per_team")
_GROUP_COPIED = structure_changes.GROUP_FIELDS


def _target(team: LeagueTeam, successor: dict, levels: dict) -> LeagueGroup:
    mark = (team.group.confirmed_marks or {}).get(str(team.pk))
    level = team.group.league.level
    step = {PROMOTION: -1, RELEGATION: 1}.get(mark, 0)
    candidates = levels.get(level + step) if step else None
    if not candidates:
        return successor[team.group_id]
    return min(candidates, key=lambda group: (group.teams.count(), group.name))


def _register_again(team: LeagueTeam, group: LeagueGroup, *, user) -> LeagueTeam:
    roster = list(team.roster.order_by("position"))
    return structure.create_team(
        group,
        {
            "club": team.club_id,
            "name": team.name,
            "players": [entry.player_id for entry in roster if not entry.substitute],
            "substitutes": [entry.player_id for entry in roster if entry.substitute],
            "captain": team.captain_id,
            "captain_user": team.captain_user_id,
        },
        user=user,
    )
