"""Who sees and handles money: the director and the treasurer (Kassenwart).

The treasurer is a user in the group named :data:`TREASURER_GROUP`; it sees every amount
and records payments, but only a director sets the tariff and the prize table. Given the
tournament, "director" means one of its directors (``roles.may_direct``); without, any.
"""

from tournaments.services import roles

TREASURER_GROUP = roles.TREASURER_GROUP
is_treasurer = roles.is_treasurer


def may_see_money(user, tournament=None) -> bool:
    if not (user and user.is_authenticated):
        return False
    return roles.may_change_event(user, tournament) or is_treasurer(user)


def may_record_payments(user, tournament=None) -> bool:
    return may_see_money(user, tournament)


def may_set_tariff_and_prizes(user, tournament=None) -> bool:
    return bool(user and user.is_authenticated and roles.may_change_event(user, tournament))
