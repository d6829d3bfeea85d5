"""What an import preview says about each row, shared by matching and applying."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from django.db import models
from django.utils.translation import gettext_lazy as _

from tournaments.models import Club, Player, Team
from tournaments.skat import Problem

from .parse import ImportRow


class ImportStatus(models.TextChoices):
    NEW_PLAYER = "new_player", _("new player")
    EXISTING_PLAYER = "existing_player", _("existing player")
    ALREADY_REGISTERED = "already_registered", _("already registered")
    DUPLICATE = "duplicate", _("duplicate in file")
    CONFLICT = "conflict", _("conflict: please choose")
    SKIPPED = "skipped", _("skipped")
    ERROR = "error", _("error")


class Resolution(models.TextChoices):
    """The director's choice for a row whose member number belongs to someone else."""

    EXISTING = "existing", _("register the existing player")
    NEW = "new", _("create a new player")
    SKIP = "skip", _("skip the row")


IMPORTABLE = (ImportStatus.NEW_PLAYER, ImportStatus.EXISTING_PLAYER)


@dataclass(frozen=True)
class PreviewLine:
    """What importing one row would do.

    ``problems`` say why an error row cannot be imported; ``notes`` are what the director
    should know about the others (a club or team that will be created, why a row is skipped).
    """

    row: ImportRow
    status: ImportStatus
    player: Player | None = None
    club: Club | None = None
    team: Team | None = None
    duplicate_of: int | None = None
    problems: tuple[Problem, ...] = ()
    notes: tuple[Problem, ...] = ()
    resolution: str = ""  # the director's :class:`Resolution` of a conflict, if any

    @property
    def importable(self) -> bool:
        return self.status in IMPORTABLE

    @property
    def team_name(self) -> str:
        return self.row.team

    @property
    def creates_club(self) -> bool:
        return self.importable and bool(self.row.club) and self.club is None

    @property
    def creates_team(self) -> bool:
        return self.importable and bool(self.row.team) and self.team is None


@dataclass(frozen=True)
class ImportPreview:
    lines: tuple[PreviewLine, ...]

    @property
    def counts(self) -> dict[str, int]:
        """Rows per status, every status present (0 when none), for the preview's summary."""
        found = Counter(line.status for line in self.lines)
        return {status.value: found[status] for status in ImportStatus}

    @property
    def importable(self) -> int:
        return sum(line.importable for line in self.lines)

    @property
    def conflicts(self) -> tuple[PreviewLine, ...]:
        """Rows the director still has to resolve before anything can be imported."""
        return tuple(line for line in self.lines if line.status == ImportStatus.CONFLICT)

    @property
    def has_errors(self) -> bool:
        return any(line.status == ImportStatus.ERROR for line in self.lines)
