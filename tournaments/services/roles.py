"""Who may do what: the roles of an event and what each of them may read and change.

One module below the API and the web pages, so that both ask the same question the same
way; they only translate the answer into their own refusal (a DRF permission class, a
403 page). Nothing here knows about requests: the callers pass a user, the HTTP method's
kind or an action's name.

The roles (Rollen):

- **director** (Turnierleitung): a staff user. Reads and changes everything of an event.
- **table device** (Tischgerät): no account; whoever holds a table's code keeps that one
  table's list while it is open — enter, correct and delete games, sign
  (:data:`TABLE_DEVICE_ACTIONS`); see :mod:`tournaments.services.table_access` for the
  code itself.
- **treasurer** (Kassenwart): a user in the group :data:`TREASURER_GROUP`. May see the
  money of an event (entry fees, lost-game money, prizes, the settlement) and record and
  reverse payments; changes nothing else (the tariff and the prize table are the
  director's). Directors see and handle money too.
- **player** (Spieler): confirms a list at the table with a PIN or a drawn signature;
  otherwise reads what the public reads.
- **public** (Öffentlichkeit): reads rankings, lists and table plans, never writes and
  never sees PINs, table codes or money before an event is finished.
"""

from enum import StrEnum


class Role(StrEnum):
    DIRECTOR = "director"
    TABLE_DEVICE = "table_device"
    TREASURER = "treasurer"
    PLAYER = "player"
    PUBLIC = "public"


# The Django group whose members are treasurers: its one name, used by every check, the
# docs and the tests. A migration moved the members of the group once named "treasurer".
TREASURER_GROUP = "Kassenwart"

# What a table device may write with its table's code: the actions of the table resource
# that keep the list (``games``, ``game``) and put players' signatures under it.
TABLE_DEVICE_ACTIONS = frozenset({"games", "game", "signatures"})


def is_director(user) -> bool:
    """A tournament director: a logged-in staff user."""
    return bool(user is not None and user.is_authenticated and user.is_staff)


def is_treasurer(user) -> bool:
    """A member of the treasurer group (a director is not one merely by being staff)."""
    if user is None or not user.is_authenticated:
        return False
    return user.groups.filter(name=TREASURER_GROUP).exists()


def roles_of(user) -> frozenset[Role]:
    """Every role ``user`` holds as a person; table devices are recognised by their code."""
    roles = {Role.PUBLIC}
    if is_director(user):
        roles.add(Role.DIRECTOR)
    if is_treasurer(user):
        roles.add(Role.TREASURER)
    return frozenset(roles)


def may_read_public(user) -> bool:
    """Rankings, lists, table plans: everybody, logged in or not."""
    return True


def money_visible(user, *, finished: bool) -> bool:
    """Whether a file or page about an event may carry its money for ``user``: always for
    directors and treasurers, for everyone else once the event is ``finished``."""
    return finished or may_see_money(user)


def may_change_event(user) -> bool:
    """Create and change clubs, players, tournaments, series, tables, games; draw; import."""
    return is_director(user)


def may_write(user, *, read_only: bool) -> bool:
    """The general rule of a resource: reading is public, changing is the director's."""
    return read_only or may_change_event(user)


def may_see_secrets(user) -> bool:
    """PINs and table codes (start cards, table plan with codes): directors only."""
    return is_director(user)


def may_take_signatures(user) -> bool:
    """Put a player's signature under a list on a logged-in device (the director's)."""
    return is_director(user)


def may_see_money(user) -> bool:
    """Fees, payments and the settlement of an event: directors and treasurers."""
    return is_director(user) or is_treasurer(user)


def may_record_payments(user) -> bool:
    """Take and refund money, and reverse a payment: directors and treasurers."""
    return is_director(user) or is_treasurer(user)


def may_set_tariff_and_prizes(user) -> bool:
    """The tariff and the prize table are the director's; a treasurer reads them."""
    return is_director(user)


def table_device_may(action: str | None, *, read_only: bool) -> bool:
    """Whether a holder of the right table code may do ``action`` of the table resource.

    Reads need no code (they are public); writes are limited to keeping the list.
    """
    return not read_only and action in TABLE_DEVICE_ACTIONS
