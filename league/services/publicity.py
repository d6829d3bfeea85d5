"""What the public sees of a venue before its match report is published (RULES 6.1): the
group setting ``live_public`` decides. On, the venue's results are public live, marked
provisional; off, they are withheld from everyone but those who see unpublished results
(the group's leaders, the venue's director, its captains). Registered with the core's
:mod:`tournaments.services.result_access`, which every tournament page, API answer and
file asks."""

from league.services import roles as league_roles
from tournaments.services.result_access import Access


def venue_access(user, venue) -> Access:
    """How ``user`` may see the results of ``venue`` (its report and group loaded)."""
    report = getattr(venue, "report", None)
    if report is not None and report.published_at is not None:
        return Access.PUBLIC
    if venue.match_day.group.live_public or league_roles.may_see_unpublished(user, venue):
        return Access.PROVISIONAL
    return Access.WITHHELD


def tournament_rule(user, tournament_id: int) -> Access | None:
    """The rule for the core: a venue's tournament as :func:`venue_access`; others as the
    core decides."""
    from league.models import Venue

    venue = (
        Venue.objects.filter(tournament_id=tournament_id)
        .select_related("match_day__group", "report", "tournament")
        .first()
    )
    return None if venue is None else venue_access(user, venue)
