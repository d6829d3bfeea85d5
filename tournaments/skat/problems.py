"""Validation problems: what is wrong with an entered game, for whom, and how to fix it."""

from dataclasses import dataclass, field

from .i18n import Translate, identity


@dataclass(frozen=True)
class Problem:
    """One thing wrong with the input, tied to the field the user has to change.

    ``code`` is stable (clients and tests rely on it); ``message`` is an English message
    id with ``%(name)s`` placeholders that the interface translates.
    """

    field: str
    code: str
    message: str
    params: dict[str, object] = field(default_factory=dict, compare=False)

    def text(self, translate: Translate = identity) -> str:
        return translate(self.message) % self.params if self.params else translate(self.message)

    def as_dict(self, translate: Translate = identity) -> dict[str, str]:
        return {"field": self.field, "code": self.code, "message": self.text(translate)}


class GameInvalid(ValueError):
    """Raised with every problem of an input at once, so the user fixes them in one go."""

    def __init__(self, problems: list[Problem]):
        self.problems = tuple(problems)
        super().__init__("; ".join(f"{p.field}: {p.text()}" for p in self.problems))
