"""Applying an import: all rows or none, in one transaction."""

from dataclasses import dataclass, field

from django.db import IntegrityError, transaction
from django.utils.translation import gettext_noop

from tournaments.models import Club, Player, Team, Tournament

from .. import participants
from ..errors import Refusal
from ..participants import classes
from .conflicts import unresolved
from .match import preview_import
from .parse import ImportRow
from .preview import ImportPreview, PreviewLine, Resolution

IMPORT_CONFLICT = Refusal(
    "file",
    "import_conflict",
    gettext_noop(
        "Someone changed the clubs or players while the list was imported; nothing "
        "was imported. Please import the file again."
    ),
    conflict=True,
)


@dataclass(frozen=True)
class ImportResult:
    created_players: int
    matched_players: int
    registered: int
    skipped: int
    created_clubs: int
    created_teams: int
    lines: tuple[PreviewLine, ...]
    participants: tuple = field(default=(), repr=False)

    @property
    def counts(self) -> dict[str, int]:
        """Rows by outcome (new player, existing player, skipped, …), every outcome present."""
        return ImportPreview(self.lines).counts


@transaction.atomic
def commit_import(
    tournament: Tournament,
    rows: list[ImportRow],
    *,
    resolutions: dict[int, str] | None = None,
    user=None,
) -> ImportResult:
    """Create the missing clubs, players and teams and register every importable row.

    Nothing is written while a row's member number belongs to a differently named player
    and ``resolutions`` does not say what to do with it (:mod:`.conflicts`).
    All or nothing: a conflict (e.g. someone registered the same player meanwhile) undoes
    the whole import, so the director can simply run it again. Start numbers continue after
    the existing participants, in the file's order. Clubs, players, teams and participants
    are each written with one bulk insert (:func:`participants.register_many`), so a list
    of 5,000 players is committed in seconds.
    """
    Tournament.objects.select_for_update().filter(pk=tournament.pk).first()
    participants.ensure_registration_open(tournament, "file")
    preview = preview_import(tournament, rows, resolutions)
    if preview.conflicts:
        raise unresolved(preview.conflicts)
    importable = [line for line in preview.lines if line.importable]
    team_clubs = _team_clubs(preview)
    try:
        clubs = _create_clubs(importable)
        teams: dict[str, Team] = {}
        registrations = []
        for line in importable:
            row = line.row
            club = (
                line.club if line.club is not None else clubs.get(participants.name_key(row.club))
            )
            team = line.team
            if team is None and row.team:
                if participants.name_key(row.team) not in teams:
                    teams[participants.name_key(row.team)] = Team(
                        tournament=tournament,
                        name=row.team,
                        club=_team_club(team_clubs[participants.name_key(row.team)], clubs),
                    )
                team = teams[participants.name_key(row.team)]
            player = line.player or Player(
                first_name=row.first_name,
                last_name=row.last_name,
                club=club,
                # the number belongs to someone else when the director chose a new player
                member_number="" if line.resolution == Resolution.NEW else row.member_number,
                publication=row.publication_level,
                gender=classes.gender_of_word(row.gender),
                category=classes.category_of_word(row.category),
            )
            if player.pk is not None and row.publication_level not in ("", player.publication):
                # The file carries the consent the player gave last (a membership form);
                # saved one by one so that the change log records each change.
                player.publication = row.publication_level
                player.save(update_fields=["publication"])
            if player.pk is not None:
                _take_classes(player, row)
            registrations.append(participants.Registration(player, team))
        created_players = sum(r.player.pk is None for r in registrations)
        # Named as ImportResult's fields; the audit entry keeps the same numbers.
        counts = {
            "registered": len(registrations),
            "created_players": created_players,
            "matched_players": len(registrations) - created_players,
            "skipped": len(preview.lines) - len(registrations),
            "created_clubs": len(clubs),
            "created_teams": len(teams),
        }
        registered = participants.register_many(
            tournament,
            registrations,
            user=user,
            action="players_imported",
            details=counts,
            field="file",
        )
    except IntegrityError as error:
        raise IMPORT_CONFLICT.rejected() from error
    return ImportResult(**counts, lines=preview.lines, participants=tuple(registered))


def _take_classes(player: Player, row: ImportRow) -> None:
    """The classes a filled cell gives replace the player's; an empty one keeps them."""
    given = {
        "gender": classes.gender_of_word(row.gender),
        "category": classes.category_of_word(row.category),
    }
    changed = [name for name, value in given.items() if value and value != getattr(player, name)]
    for name in changed:
        setattr(player, name, given[name])
    if changed:
        player.save(update_fields=changed)


def _create_clubs(lines) -> dict[str, Club]:
    """The clubs the file names that do not exist yet, created with one insert."""
    clubs: dict[str, Club] = {}
    for line in lines:
        if line.creates_club and participants.name_key(line.row.club) not in clubs:
            clubs[participants.name_key(line.row.club)] = Club(name=line.row.club)
    Club.objects.bulk_create(clubs.values())
    return clubs


def _team_clubs(preview: ImportPreview) -> dict[str, set]:
    """For each new team, the clubs its rows name (a club, or a club name still to create)."""
    found: dict[str, set] = {}
    for line in preview.lines:
        if line.creates_team:
            club = (
                line.club if line.club is not None else participants.name_key(line.row.club) or None
            )
            found.setdefault(participants.name_key(line.row.team), set()).add(club)
    return found


def _team_club(names: set, created: dict[str, Club]) -> Club | None:
    """The club of a new team when all its imported members play for the same club."""
    if len(names) != 1:
        return None
    (club,) = names
    if isinstance(club, str):
        return created.get(club)
    return club
