"""Who may do what in the league: the group leader's and the captain's roles and questions.

The league's half of tournaments/services/roles.py, registered with it from
``LeagueConfig.ready()`` (:func:`register`): the roles a user holds for a league object,
the venue tournaments a group's leaders direct, and the path from a venue or its report
to its tournament. The league's pages and API ask the questions below; the core's own
(:func:`may_direct`, :func:`~tournaments.services.roles.roles_of`) answer with the
league's roles included.

- **group leader** (Staffelleiter): a user listed among a league group's leaders. Sees
  and corrects everything of the group: its venues' tournaments (lists, corrections,
  finishing) as their director, its match reports (check, correct, publish, protests).
- **captain** (Mannschaftsführer): the user linked to a league team's captain. Sees the
  team's results and lists before they are published, signs the team's match reports
  and lodges protests; at the venue the captain may sign on the host's device instead,
  with the PIN of the start card.
"""

from enum import StrEnum

from league.models import LeagueGroup, Venue
from tournaments.services import roles
from tournaments.services.roles import is_association_admin, may_direct, signed_in

from . import invitations


class LeagueRole(StrEnum):
    GROUP_LEADER = "group_leader"
    CAPTAIN = "captain"


def register() -> None:
    """Add the league's roles and scope to the core's (``LeagueConfig.ready()`` calls it)."""
    roles.register(
        holders={LeagueRole.GROUP_LEADER: holds_group_leader, LeagueRole.CAPTAIN: holds_captain},
        scope=roles.DirectorScope(directs=leads_venue_group, directed=led_venue_tournaments),
        tournament_path="venue.tournament",
        organiser=leads_any_group,
    )
    # A venue's director invited for its match day (services/invitations.py).
    roles.register(
        scope=roles.DirectorScope(
            directs=invitations.directs_venue_today, directed=invitations.venues_directed_today
        )
    )


# --- Where a league object belongs -------------------------------------------------------

# How each league object reaches its group: itself, a team or match day, a venue, a report,
# a venue's team, a protest.
GROUP_PATHS = (
    (),
    ("group",),
    ("match_day", "group"),
    ("venue", "match_day", "group"),
    ("report", "venue", "match_day", "group"),
)
VENUE_PATHS = ((), ("venue",), ("report", "venue"))


def group_of(obj):
    """The league group of a league object (group, team, match day, venue, report), or None."""
    return _reached(obj, GROUP_PATHS, LeagueGroup)


def venue_of(obj):
    """The league venue of a venue, a venue's team, a report or a protest, or None."""
    return _reached(obj, VENUE_PATHS, Venue)


def _reached(obj, paths, model):
    """The first ``model`` object that one of ``paths`` (attribute names followed from
    ``obj``) leads to, or None."""
    for path in paths:
        found = obj
        for name in path:
            found = getattr(found, name, None)
        if isinstance(found, model):
            return found
    return None


# --- The roles, as the core asks for them -----------------------------------------------


def holds_group_leader(user, obj) -> bool:
    """Whether ``user`` leads the group ``obj`` belongs to (the admin leads every group)."""
    group = group_of(obj)
    return group is not None and leads_group(user, group)


def holds_captain(user, obj) -> bool:
    """Whether ``user`` captains a team at the venue ``obj`` belongs to."""
    venue = venue_of(obj)
    return venue is not None and bool(captained_teams(user, venue))


def leads_venue_group(user, tournament) -> bool:
    """Whether ``tournament`` is a league venue's play in a group ``user`` leads."""
    if not signed_in(user):
        return False
    return Venue.objects.filter(match_day__group__leaders=user, tournament=tournament).exists()


def led_venue_tournaments(user):
    """The ids of the venue tournaments of every group ``user`` leads (a subquery)."""
    return Venue.objects.filter(match_day__group__leaders=user).values("tournament_id")


# --- The league's questions ---------------------------------------------------------------


def leads_group(user, group) -> bool:
    """A leader of the league ``group`` (Staffelleiter), or the admin."""
    if is_association_admin(user):
        return True
    if not signed_in(user) or group is None:
        return False
    return group.leaders.filter(pk=user.pk).exists()


def captains_team(user, team) -> bool:
    """Whether ``user`` is the login of ``team``'s captain."""
    return signed_in(user) and team is not None and team.captain_user_id == user.pk


def captained_teams(user, venue) -> frozenset[int]:
    """The ids of the teams at ``venue`` whose captain ``user`` is."""
    if not signed_in(user):
        return frozenset()
    return frozenset(
        venue.venue_teams.filter(team__captain_user=user).values_list("team_id", flat=True)
    )


def may_administer(user, obj=None) -> bool:
    """Create seasons, leagues and groups, name group leaders: the association's admin."""
    return is_association_admin(user)


def may_lead(user, obj) -> bool:
    """Change a league object: the admin for seasons, leagues and groups; the group's
    leaders for everything of their group (teams, fixtures, reports)."""
    group = group_of(obj)
    return is_association_admin(user) if group is None else leads_group(user, group)


def may_follow_group(user, obj) -> bool:
    """The group leader's pages (fixtures, live match day, reports): its leaders."""
    return leads_group(user, group_of(obj))


def may_run_venue(user, venue) -> bool:
    """A venue's page (line-ups, no-show, sending the report): its director, the group's
    leaders; its captains see it and sign there."""
    return may_direct(user, venue) or bool(captained_teams(user, venue))


def may_see_report_signing(user, report) -> bool:
    """The signing page of a report: who may sign for some team there."""
    return may_run_venue(user, report.venue) or leads_group(user, group_of(report))


def may_see_report(user, report) -> bool:
    """A report before it is published: the venue's director, its captains, the leaders."""
    return report.status == "published" or may_see_unpublished(user, report.venue)


def leads_any_group(user) -> bool:
    return is_association_admin(user) or (signed_in(user) and user.led_groups.exists())


def captains_any_team(user) -> bool:
    return signed_in(user) and user.captained_teams.exists()


def may_see_unpublished(user, venue) -> bool:
    """Results of a venue before its report is published: the group's leaders, the
    venue's director and the captains of its teams."""
    return (
        leads_group(user, group_of(venue))
        or may_direct(user, venue.tournament)
        or bool(captained_teams(user, venue))
    )


def may_submit_report(user, venue) -> bool:
    """The host director sends the match report (the group's leaders may too)."""
    return may_direct(user, venue.tournament)


def may_sign_report(user, report, team) -> bool:
    """A captain signs for their own team; on the host's device (its director) or the
    group leader's, a captain signs with the PIN or a drawing."""
    return captains_team(user, team) or may_direct(user, report.venue.tournament)


def may_protest(user, team) -> bool:
    """A captain lodges a protest for their own team; the group leader records one."""
    return captains_team(user, team) or leads_group(user, group_of(team))


def grant_director_login(user) -> None:
    """Let ``user`` log in as a tournament director (staff): an invited club director."""
    user.is_staff = True
    user.save(update_fields=["is_staff"])
