"""Who receives a venue's lost-game money (docs/rules.md 6): on a decentral match day the
host team's club (the venue's tournament is the club's, so is its cash box); a group of a
central match day without a host is organised by the group leader, so its tournament
belongs to no club and the venue's ``organiser`` receives the money. The amount is the
cash box's (:func:`tournaments.services.money.settlement.settle_cash`)."""

from dataclasses import dataclass
from decimal import Decimal

from league.models import Venue
from tournaments.services.money.settlement import settle_cash


@dataclass(frozen=True)
class VenueMoney:
    """The lost-game money due at a venue and who receives it: ``recipient`` is "club" or
    "group_leader", ``name`` the club's name or the leader's login."""

    recipient: str
    name: str
    amount: Decimal


def lost_game_money(venue: Venue) -> VenueMoney:
    amount = settle_cash(venue.tournament).lost_game_fees_due
    if venue.host_id is None:
        organiser = venue.organiser
        name = (organiser.get_full_name() or organiser.get_username()) if organiser else ""
        return VenueMoney("group_leader", name, amount)
    club = venue.tournament.club
    return VenueMoney("club", club.name if club else "", amount)
