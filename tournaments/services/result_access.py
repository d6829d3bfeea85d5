"""Who may see a tournament's results, as one question every public surface asks.

An ordinary tournament's results are public, live while it runs. An app built on the core
may hold some tournaments' results back from some people, or mark them provisional: the
league does for a venue's tournament before its match report is published. Such an app
registers a rule here; the core asks only this module and knows nothing of the app.
"""

from collections.abc import Callable
from enum import Enum

from django.core.exceptions import PermissionDenied


class Access(Enum):
    PUBLIC = "public"
    PROVISIONAL = "provisional"  # shown, marked "vorläufig"
    WITHHELD = "withheld"  # not shown to this user


# A rule: (user, tournament id) -> Access, or None when the rule has nothing to say.
Rule = Callable[[object, int], Access | None]
_rules: list[Rule] = []


def register(rule: Rule) -> None:
    """Add ``rule``; registering the same rule again changes nothing."""
    if rule not in _rules:
        _rules.append(rule)


def access_to_results(user, tournament_id: int) -> Access:
    """The strictest answer of the registered rules; public when none has one."""
    answers = {rule(user, tournament_id) for rule in _rules}
    for strictest in (Access.WITHHELD, Access.PROVISIONAL):
        if strictest in answers:
            return strictest
    return Access.PUBLIC


def refuse_withheld(user, tournament_id: int) -> Access:
    """The access, or ``PermissionDenied`` (403) when the results are withheld from ``user``."""
    access = access_to_results(user, tournament_id)
    if access is Access.WITHHELD:
        raise PermissionDenied("The results of this tournament are not public yet.")
    return access
