"""Why a use case refused to act, in a form every interface can show."""

from tournaments.skat import Problem


class Rejected(Exception):
    """A use case refused: bad input (400), a conflict with the list's state (409), or a
    missing object (404).

    Carries :class:`~tournaments.skat.Problem` objects, like the rules engine, so the API,
    the pages and the importers report both the same way.
    """

    def __init__(self, problems: list[Problem], *, conflict: bool = False, missing: bool = False):
        self.problems = tuple(problems)
        self.conflict = conflict
        self.missing = missing
        super().__init__("; ".join(f"{p.field}: {p.text()}" for p in self.problems))

    @classmethod
    def because(
        cls,
        field: str,
        code: str,
        message: str,
        *,
        conflict: bool = False,
        missing: bool = False,
        **params,
    ) -> "Rejected":
        return cls([Problem(field, code, message, params)], conflict=conflict, missing=missing)


MAX_ID = 2**63 - 1


def is_id(value) -> bool:
    """A value that can be a database id: a whole number the database can store."""
    return isinstance(value, int) and not isinstance(value, bool) and 1 <= value <= MAX_ID
