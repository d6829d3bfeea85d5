"""Who sees and handles money: the director (staff) and the treasurer (Kassenwart).

The treasurer is a user in the group named :data:`TREASURER_GROUP`; it sees every amount
and records payments, but only a director sets the tariff and the prize table.
"""

TREASURER_GROUP = "treasurer"


def is_treasurer(user) -> bool:
    if not (user and user.is_authenticated):
        return False
    return user.groups.filter(name=TREASURER_GROUP).exists()


def may_see_money(user) -> bool:
    return bool(user and user.is_authenticated and (user.is_staff or is_treasurer(user)))


def may_record_payments(user) -> bool:
    return may_see_money(user)


def may_set_tariff_and_prizes(user) -> bool:
    return bool(user and user.is_authenticated and user.is_staff)
