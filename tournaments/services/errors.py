"""Why a use case refused to act, in a form every interface can show.

Each service module declares its refusals once, as :class:`Refusal` constants at its top
(field, code, English message id, kind), and raises them in one line::

    TABLE_NUMBER_TAKEN = Refusal("number", "table_number_taken", gettext_noop("…"), conflict=True)
    ...
    raise TABLE_NUMBER_TAKEN.rejected(number=number)
"""

from dataclasses import dataclass

from tournaments.skat import Problem


class Rejected(Exception):
    """A use case refused: bad input (400), a conflict with the list's state (409), a
    missing object (404), or a step the user's role does not allow (403).

    Carries :class:`~tournaments.skat.Problem` objects, like the rules engine, so the API,
    the pages and the importers report both the same way.
    """

    def __init__(
        self,
        problems: list[Problem],
        *,
        conflict: bool = False,
        missing: bool = False,
        forbidden: bool = False,
    ):
        self.problems = tuple(problems)
        self.conflict = conflict
        self.missing = missing
        self.forbidden = forbidden
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


@dataclass(frozen=True)
class Refusal:
    """One way a use case can refuse, declared once: the field the user has to change, the
    stable code, the English message id with its ``%(name)s`` placeholders (marked with
    ``gettext_noop`` where it is declared, so makemessages finds it), and whether it is a
    conflict (409), a missing object (404) or a step the user's role does not allow (403)
    rather than bad input (400).

    ``field`` is ``None`` when the refusing function names the field it was given (a
    shared reader such as :func:`~tournaments.services.input.whole_number`).
    """

    field: str | None
    code: str
    message: str
    conflict: bool = False
    missing: bool = False
    forbidden: bool = False

    def problem(self, field: str | None = None, /, **params) -> Problem:
        """The :class:`Problem` with these ``params``, on ``field`` if given (else the
        declared one)."""
        field = self.field if field is None else field
        if field is None:
            raise TypeError(f"The refusal {self.code!r} needs the field it is about.")
        return Problem(field, self.code, self.message, params)

    def rejected(self, field: str | None = None, /, **params) -> Rejected:
        """The exception to raise: this refusal alone, with its conflict/missing kind."""
        return Rejected(
            [self.problem(field, **params)],
            conflict=self.conflict,
            missing=self.missing,
            forbidden=self.forbidden,
        )


MAX_ID = 2**63 - 1


def is_id(value) -> bool:
    """A value that can be a database id: a whole number the database can store."""
    return isinstance(value, int) and not isinstance(value, bool) and 1 <= value <= MAX_ID
