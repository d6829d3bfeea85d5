"""Why a use case refused to act, in a form every interface can show."""

from tournaments.skat import Problem


class Rejected(Exception):
    """A use case refused: bad input (400) or a conflict with the list's state (409).

    Carries :class:`~tournaments.skat.Problem` objects, like the rules engine, so the API,
    the pages and the importers report both the same way.
    """

    def __init__(self, problems: list[Problem], *, conflict: bool = False):
        self.problems = tuple(problems)
        self.conflict = conflict
        super().__init__("; ".join(f"{p.field}: {p.text()}" for p in self.problems))

    @classmethod
    def because(
        cls, field: str, code: str, message: str, *, conflict: bool = False, **params
    ) -> "Rejected":
        return cls([Problem(field, code, message, params)], conflict=conflict)
