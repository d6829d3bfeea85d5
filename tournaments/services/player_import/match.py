"""Matching the rows of a player list to the clubs, players and teams already known.

:func:`preview_import` says what each row would do without writing anything.
"""

from collections import Counter

from django.db.models import Count
from django.utils.translation import gettext_noop

from tournaments.models import Club, Player, Team, Tournament
from tournaments.skat import Problem

from ..participants import classes, name_key
from .conflicts import conflict_note, new_player_note, same_person, skipped_note
from .parse import ImportRow
from .preview import ImportPreview, ImportStatus, PreviewLine, Resolution


def _length(model, field_name: str) -> int:
    return model._meta.get_field(field_name).max_length


class _Directory:
    """The clubs, players, registrations and teams a preview matches rows against.

    Loaded with a constant number of queries and matched in Python, because SQLite's
    ``LOWER`` only folds ASCII and would miss ``MÜLLER`` = ``Müller``.
    """

    def __init__(self, tournament: Tournament, rows: list[ImportRow]):
        self.clubs_by_name: dict[str, Club] = {}
        self.clubs_by_short_name: dict[str, list[Club]] = {}
        for club in Club.objects.all():
            self.clubs_by_name[name_key(club.name)] = club
            if club.short_name:
                self.clubs_by_short_name.setdefault(name_key(club.short_name), []).append(club)

        club_ids = set()
        wants_guests = False
        for row in rows:
            club = self.club(row.club)
            if isinstance(club, Club):
                club_ids.add(club.id)
            wants_guests |= not row.club
        players = Player.objects.filter(club_id__in=club_ids)
        if wants_guests:
            players |= Player.objects.filter(club__isnull=True)
        players = players.filter(erased_at__isnull=True)  # never re-identified by an import
        self.by_number: dict[tuple, Player] = {}
        self.by_name: dict[tuple, list[Player]] = {}
        for player in players.select_related("club"):
            if player.member_number:
                self.by_number[(player.club_id, name_key(player.member_number))] = player
            name = (player.club_id, name_key(player.first_name), name_key(player.last_name))
            self.by_name.setdefault(name, []).append(player)

        self.registered = {
            p.player_id: p for p in tournament.participants.only("player_id", "start_number")
        }
        self.teams = {
            name_key(team.name): team
            for team in tournament.teams.annotate(member_count=Count("members"))
        }
        self.team_size = tournament.team_size
        self.joining: Counter = Counter()  # rows the preview has put into each team so far
        # New clubs and teams already announced: the note stands on the first row only.
        self.announced: set[tuple[str, str]] = set()

    def club(self, name: str) -> Club | list[Club] | None:
        """The club a row names: by name, else by a unique short name; a list if ambiguous."""
        if not name:
            return None
        key = name_key(name)
        if key in self.clubs_by_name:
            return self.clubs_by_name[key]
        matches = self.clubs_by_short_name.get(key, [])
        if len(matches) == 1:
            return matches[0]
        return matches or None


def preview_import(
    tournament: Tournament, rows: list[ImportRow], resolutions: dict[int, str] | None = None
) -> ImportPreview:
    """What importing ``rows`` would do, row by row; writes nothing.

    ``resolutions`` (line → :class:`Resolution`) are the director's choices for rows whose
    member number belongs to a differently named player; without one such a row is a
    conflict, never silently merged.
    """
    directory = _Directory(tournament, rows)
    resolutions = resolutions or {}
    seen_keys: dict[tuple, int] = {}
    seen_players: dict[int, int] = {}
    return ImportPreview(
        tuple(_preview_line(row, directory, seen_keys, seen_players, resolutions) for row in rows)
    )


def _preview_line(row: ImportRow, directory: _Directory, seen_keys, seen_players, resolutions):
    problems = _row_problems(row)
    notes = []
    club = directory.club(row.club)
    if isinstance(club, list):
        problems.append(
            _problem(
                row,
                "club",
                "ambiguous_club",
                gettext_noop(
                    "Line %(line)d: several clubs are called %(club)s for short (%(clubs)s); "
                    "write the club's full name."
                ),
                club=row.club,
                clubs=", ".join(c.name for c in club),
            )
        )
        club = None
    elif club is None and row.club and ("club", name_key(row.club)) not in directory.announced:
        directory.announced.add(("club", name_key(row.club)))
        notes.append(
            _problem(
                row,
                "club",
                "new_club",
                gettext_noop("Line %(line)d: the club %(club)s is new and will be created."),
                club=row.club,
            )
        )

    player = None
    if not problems and club is not None:
        player, more = _match_player(row, club, directory)
        problems += more
    elif not problems and not row.club:
        player, more = _match_player(row, None, directory)
        problems += more
    if problems:
        return PreviewLine(row, ImportStatus.ERROR, club=club, problems=tuple(problems))

    resolution = ""
    if player is not None and player.member_number and row.member_number:
        if not same_person(player, row):
            resolution = resolutions.get(row.line, "")
            if not resolution:
                notes.append(conflict_note(row, player))
                return PreviewLine(row, ImportStatus.CONFLICT, player, club, notes=tuple(notes))
            if resolution == Resolution.SKIP:
                notes.append(skipped_note(row))
                return PreviewLine(
                    row, ImportStatus.SKIPPED, club=club, notes=tuple(notes), resolution=resolution
                )
            if resolution == Resolution.NEW:
                notes.append(new_player_note(row, player))
                player = None
        if player is not None and (
            name_key(player.first_name) != name_key(row.first_name)
            or name_key(player.last_name) != name_key(row.last_name)
        ):
            notes.append(
                _problem(
                    row,
                    "member_number",
                    "name_differs",
                    gettext_noop(
                        "Line %(line)d: member number %(number)s belongs to %(name)s; "
                        "that player is registered, not %(given)s."
                    ),
                    number=row.member_number,
                    name=player.full_name,
                    given=row.full_name,
                )
            )

    club_key = club.id if club is not None else ("new", name_key(row.club)) if row.club else None
    keys = [(club_key, name_key(row.first_name), name_key(row.last_name))]
    if row.member_number and row.club:
        keys.insert(0, (club_key, "#", name_key(row.member_number)))
    first = next((seen_keys[key] for key in keys if key in seen_keys), None)
    if first is None and player is not None:
        first = seen_players.get(player.id)
    if first is not None:
        notes.append(
            _problem(
                row,
                "player",
                "duplicate_in_file",
                gettext_noop(
                    "Line %(line)d: %(name)s is already listed in line %(first)d; this row "
                    "is skipped."
                ),
                name=row.full_name,
                first=first,
            )
        )
        return PreviewLine(
            row, ImportStatus.DUPLICATE, player, club, duplicate_of=first, notes=tuple(notes)
        )
    for key in keys:
        seen_keys[key] = row.line
    if player is not None:
        seen_players[player.id] = row.line

    participant = directory.registered.get(player.id) if player is not None else None
    if participant is not None:
        notes.append(
            _problem(
                row,
                "player",
                "already_registered",
                gettext_noop(
                    "Line %(line)d: %(name)s is already registered with start number "
                    "%(number)d; this row is skipped."
                ),
                name=player.full_name,
                number=participant.start_number,
            )
        )
        return PreviewLine(row, ImportStatus.ALREADY_REGISTERED, player, club, notes=tuple(notes))

    team = directory.teams.get(name_key(row.team)) if row.team else None
    if row.team:
        members = (team.member_count if team is not None else 0) + directory.joining[
            name_key(row.team)
        ]
        if members >= directory.team_size:
            problem = _problem(
                row,
                "team",
                "team_full",
                gettext_noop(
                    "Line %(line)d: the team %(team)s already has %(limit)d players, the most a "
                    "team may have in this tournament; put this player in another team."
                ),
                team=team.name if team is not None else row.team,
                limit=directory.team_size,
            )
            return PreviewLine(row, ImportStatus.ERROR, player, club, problems=(problem,))
        directory.joining[name_key(row.team)] += 1
    if row.team and team is None and ("team", name_key(row.team)) not in directory.announced:
        directory.announced.add(("team", name_key(row.team)))
        notes.append(
            _problem(
                row,
                "team",
                "new_team",
                gettext_noop("Line %(line)d: the team %(team)s is new and will be created."),
                team=row.team,
            )
        )
    status = ImportStatus.NEW_PLAYER if player is None else ImportStatus.EXISTING_PLAYER
    return PreviewLine(row, status, player, club, team, notes=tuple(notes), resolution=resolution)


def _problem(row: ImportRow, field_name: str, code: str, message: str, **params) -> Problem:
    return Problem(field_name, code, message, {"line": row.line, **params})


def _class_problems(row: ImportRow) -> list[Problem]:
    """A word in the column Geschlecht or Altersklasse that names no class."""
    problems = []
    for field_name, reader, message in (
        (
            "gender",
            classes.gender_of_word,
            gettext_noop("Line %(line)d: “%(value)s” is no gender; write w, m or d."),
        ),
        (
            "category",
            classes.category_of_word,
            gettext_noop("Line %(line)d: “%(value)s” is no age class; write Junior or Senior."),
        ),
    ):
        value = getattr(row, field_name)
        if reader(value) is None:
            problems.append(
                _problem(row, field_name, f"{field_name}_unknown", message, value=value[:40])
            )
    return problems


def _row_problems(row: ImportRow) -> list[Problem]:
    problems = []
    for field_name, missing_message in (
        ("first_name", gettext_noop("Line %(line)d: the first name is missing; fill it in.")),
        ("last_name", gettext_noop("Line %(line)d: the last name is missing; fill it in.")),
    ):
        if not getattr(row, field_name):
            problems.append(_problem(row, field_name, f"{field_name}_missing", missing_message))
    if row.publication_level is None:
        problems.append(
            _problem(
                row,
                "publication",
                "publication_unknown",
                gettext_noop(
                    "Line %(line)d: “%(value)s” says nothing about publication; write voll, "
                    "kurz or nein."
                ),
                value=row.publication.strip()[:40],
            )
        )
    problems += _class_problems(row)
    for field_name, model, model_field in (
        ("first_name", Player, "first_name"),
        ("last_name", Player, "last_name"),
        ("member_number", Player, "member_number"),
        ("club", Club, "name"),
        ("team", Team, "name"),
    ):
        limit = _length(model, model_field)
        if len(getattr(row, field_name)) > limit:
            problems.append(
                _problem(
                    row,
                    field_name,
                    f"{field_name}_too_long",
                    gettext_noop(
                        "Line %(line)d: %(value)s is too long; at most %(limit)d characters "
                        "fit here."
                    ),
                    value=getattr(row, field_name)[:40] + "…",
                    limit=limit,
                )
            )
    return problems


def _match_player(row: ImportRow, club: Club | None, directory: _Directory):
    """The known player a row means: by member number in the club, else by name and club."""
    club_id = club.id if club is not None else None
    if club is not None and row.member_number:
        player = directory.by_number.get((club_id, name_key(row.member_number)))
        if player is not None:
            return player, []
    same_name = directory.by_name.get(
        (club_id, name_key(row.first_name), name_key(row.last_name)), []
    )
    if club is not None and row.member_number:
        numbered = [p for p in same_name if p.member_number]
        if numbered and len(numbered) == len(same_name):
            stored = ", ".join(p.member_number for p in numbered)
            return None, [
                _problem(
                    row,
                    "member_number",
                    "member_number_conflict",
                    gettext_noop(
                        "Line %(line)d: in %(club)s, %(name)s has the member number "
                        "%(stored)s, not %(number)s; correct the number in the file."
                    ),
                    club=club.name,
                    name=row.full_name,
                    stored=stored,
                    number=row.member_number,
                )
            ]
        same_name = [p for p in same_name if not p.member_number]
    if len(same_name) > 1 and club is None:
        return None, [
            _problem(
                row,
                "club",
                "ambiguous_guest",
                gettext_noop(
                    "Line %(line)d: there are several guest players called %(name)s; "
                    "register this one by hand."
                ),
                name=row.full_name,
            )
        ]
    if len(same_name) > 1:
        return None, [
            _problem(
                row,
                "member_number",
                "ambiguous_player",
                gettext_noop(
                    "Line %(line)d: there are several players called %(name)s in %(club)s; "
                    "add the member number to say which one."
                ),
                name=row.full_name,
                club=club.name,
            )
        ]
    return (same_name[0] if same_name else None), []
