"""The groups of a central match day (RULES 6.1): four teams each (five where the number
of teams asks for it), formed by the group leader, usually by the table: places 1–4,
5–8, … The fixtures service creates the day (:func:`.fixtures.create_match_day`)."""

from league.models import LeagueGroup, LeagueTeam

from . import results

GROUP_SIZE = 4


def group_sizes(count: int) -> list[int]:
    """How ``count`` teams split into groups of four: as many groups as fours fit, the
    teams left over added one each to the last groups (14 → 4, 5, 5); fewer than eight
    teams play as one group."""
    groups = max(1, count // GROUP_SIZE)
    size, left = divmod(count, groups)
    return [size] * (groups - left) + [size + 1] * left


def groups_from_table(group: LeagueGroup) -> list[list[LeagueTeam]]:
    """The central day's groups by the published table: the first four places, the next
    four, … (a team of a shared place goes by the table's order)."""
    rows = results.group_table(group).rows
    teams = {team.pk: team for team in group.teams.select_related("club")}
    ordered = [teams[row.team] for row in rows]
    groups, start = [], 0
    for size in group_sizes(len(ordered)):
        groups.append(ordered[start : start + size])
        start += size
    return groups
