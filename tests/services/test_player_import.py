"""Importing a player list from CSV or XLSX: reading, preview and commit."""

import pytest
from django.contrib.auth import get_user_model

from tests import factories as f
from tournaments.models import AuditEntry, Club, Participant, Player, Team
from tournaments.services import participants
from tournaments.services.errors import Rejected
from tournaments.services.player_import import (
    MAX_ROWS,
    ImportRow,
    ImportStatus,
    commit_import,
    preview_import,
    read_player_rows,
)

pytestmark = pytest.mark.django_db

GERMAN_HEADER = ["Vorname", "Nachname", "Verein", "Mitgliedsnummer", "Mannschaft"]


def rejection(filename, content):
    with pytest.raises(Rejected) as caught:
        read_player_rows(filename, content)
    return caught.value.problems[0]


def member(club, first_name, last_name, number=""):
    return Player.objects.create(
        first_name=first_name, last_name=last_name, club=club, member_number=number
    )


def row(line, first_name="Karl", last_name="Müller", club="", member_number="", team=""):
    return ImportRow(line, first_name, last_name, club, member_number, team)


def statuses(preview):
    return [line.status for line in preview.lines]


def codes(problems):
    return [problem.code for problem in problems]


# --- Reading ----------------------------------------------------------------------------


def test_read_csv_with_bom_semicolons_and_german_headers_keeps_umlauts():
    content = f.csv_bytes(
        [
            GERMAN_HEADER,
            ["Jürgen", "Größer", "Skatfreunde Müllheim", "0815", "Müllheim 1"],
            [" Käthe ", "Öztürk ", "", "", ""],
        ]
    )

    rows = read_player_rows("anmeldung.csv", content)

    assert rows == [
        ImportRow(2, "Jürgen", "Größer", "Skatfreunde Müllheim", "0815", "Müllheim 1"),
        ImportRow(3, "Käthe", "Öztürk"),
    ]


def test_read_csv_in_windows_1252_keeps_umlauts():
    content = f.csv_bytes(
        [["Vorname", "Name", "Verein"], ["Jörg", "Weiß", "Herz Dame"]], ";", "cp1252"
    )

    rows = read_player_rows("export.csv", content)

    assert rows == [ImportRow(2, "Jörg", "Weiß", "Herz Dame")]


def test_read_csv_with_commas_and_english_headers():
    content = f.csv_bytes(
        [
            ["First Name", "last_name", "CLUB", "member_number", "Team"],
            ["Ann", "Lee", "SC", "7", ""],
        ],
        ",",
        "utf-8",
    )

    rows = read_player_rows("players.CSV", content)

    assert rows == [ImportRow(2, "Ann", "Lee", "SC", "7")]


@pytest.mark.parametrize(
    ("delimiter", "encoding"),
    [(";", "utf-8"), (",", "utf-8-sig"), ("\t", "utf-8"), ("\t", "utf-16")],
)
def test_read_csv_finds_the_delimiter(delimiter, encoding):
    content = f.csv_bytes([["Vorname", "Nachname"], ["Karl", "Kreuz"]], delimiter, encoding)

    assert read_player_rows("liste.txt", content) == [ImportRow(2, "Karl", "Kreuz")]


def test_read_csv_keeps_quoted_delimiters_inside_a_value():
    content = b'Vorname;Nachname;Verein\r\nKarl;Kreuz;"Skat; und mehr e.V."\r\n'

    assert read_player_rows("liste.csv", content)[0].club == "Skat; und mehr e.V."


def test_read_xlsx_from_the_first_sheet_with_numbers_as_text():
    content = f.xlsx_bytes(
        [
            ["Vorname", "Nachname", "Verein", "Mitgliedsnr.", "Mannschaft", "Geburtstag"],
            ["Jürgen", "Größer", "SF Musterstadt", 1234, None, "1950-01-01"],
            ["Käthe", "Öztürk", None, None, "Pik As"],
        ]
    )

    rows = read_player_rows("Anmeldungen.xlsx", content)

    assert rows == [
        ImportRow(2, "Jürgen", "Größer", "SF Musterstadt", "1234"),
        ImportRow(3, "Käthe", "Öztürk", team="Pik As"),
    ]


@pytest.mark.parametrize("filename", ["liste.csv", "liste.xlsx"])
def test_read_skips_empty_rows_and_keeps_the_spreadsheet_line_numbers(filename):
    table = [
        [],
        ["Vorname", "Nachname"],
        ["Karl", "Kreuz"],
        ["", ""],
        [],
        ["Paula", "Pik"],
        ["  ", ""],
    ]
    if filename.endswith(".xlsx"):
        content = f.xlsx_bytes([cells or [None] for cells in table])
    else:
        content = f.csv_bytes(table)

    rows = read_player_rows(filename, content)

    assert [(r.line, r.first_name) for r in rows] == [(3, "Karl"), (6, "Paula")]


@pytest.mark.parametrize("filename", ["liste.csv", "liste.xlsx"])
def test_read_with_wrong_columns_lists_found_and_expected(filename):
    table = [["Spieler", "Klubname", "Punkte"], ["Karl Kreuz", "SC", "1000"]]
    content = f.xlsx_bytes(table) if filename.endswith(".xlsx") else f.csv_bytes(table)

    problem = rejection(filename, content)

    assert problem.code == "missing_columns"
    assert problem.params["file"] == filename
    assert problem.params["found"] == "Spieler, Klubname, Punkte"
    assert "Vorname" in problem.params["expected"]
    assert "Nachname" in problem.params["expected"]
    assert problem.params["missing"] == "first_name, last_name"
    assert "Spieler, Klubname, Punkte" in problem.text()


def test_read_with_only_a_last_name_column_names_the_missing_one():
    problem = rejection("liste.csv", f.csv_bytes([["Name", "Verein"], ["Kreuz", "SC"]]))

    assert problem.params["missing"] == "first_name"


def test_read_with_two_columns_for_the_last_name_is_refused():
    content = f.csv_bytes([["Vorname", "Name", "Nachname"], ["Karl", "Kreuz", "Kreuz"]])

    problem = rejection("liste.csv", content)

    assert (problem.code, problem.params["first"], problem.params["second"]) == (
        "duplicate_column",
        "Name",
        "Nachname",
    )


@pytest.mark.parametrize(
    ("filename", "content", "code"),
    [
        ("kaputt.xlsx", bytes(range(256)) * 8, "unreadable_file"),
        ("kaputt.xlsx", b"Vorname;Nachname\r\nKarl;Kreuz\r\n", "unreadable_file"),
        ("halb.xlsx", f.xlsx_bytes([["Vorname", "Nachname"]])[:300], "unreadable_file"),
        ("liste.csv", f.xlsx_bytes([["Vorname", "Nachname"]]), "unreadable_file"),
        ("liste.csv", b"Vorname;Nachname\r\nJ\x81rgen;Kreuz\r\n", "unreadable_file"),
        ("liste.csv", "Vorname;Nachname".encode("utf-16-le"), "unreadable_file"),
        ("liste.xls", b"\xd0\xcf\x11\xe0", "unsupported_file_type"),
        ("geschuetzt.xlsx", b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + bytes(512), "unreadable_file"),
        ("liste.pdf", b"%PDF-1.7", "unsupported_file_type"),
        ("liste", b"Vorname;Nachname", "unsupported_file_type"),
        ("liste.csv", b"", "empty_file"),
        ("liste.csv", b"\r\n \r\n", "empty_file"),
        ("liste.csv", b"\xef\xbb\xbf", "empty_file"),
        ("liste.csv", b"Vorname;Nachname\r\n;\r\n", "empty_file"),
        ("liste.xlsx", f.xlsx_bytes([]), "empty_file"),
        ("liste.xlsx", f.xlsx_bytes([["Vorname", "Nachname"]]), "empty_file"),
    ],
)
def test_read_broken_files_are_refused_with_a_message(filename, content, code):
    problem = rejection(filename, content)

    assert (problem.field, problem.code) == ("file", code)
    assert problem.params["file"] in problem.text()


def test_read_refuses_more_than_the_row_limit():
    content = f.csv_bytes(
        [["Vorname", "Nachname"]] + [["Karl", f"K{n}"] for n in range(MAX_ROWS + 1)]
    )

    problem = rejection("riesig.csv", content)

    assert (problem.code, problem.params["limit"]) == ("too_many_rows", 5000)
    assert "5000" in problem.text()


@pytest.mark.parametrize("filename", ["voll.csv", "voll.xlsx"])
def test_read_accepts_exactly_the_row_limit(filename):
    table = [["Vorname", "Nachname"]] + [["Karl", f"K{n}"] for n in range(MAX_ROWS)]
    content = f.xlsx_bytes(table) if filename.endswith(".xlsx") else f.csv_bytes(table)

    rows = read_player_rows(filename, content)

    assert (len(rows), rows[-1].line) == (MAX_ROWS, MAX_ROWS + 1)


def test_read_xlsx_refuses_more_than_the_row_limit():
    table = [["Vorname", "Nachname"]] + [["Karl", f"K{n}"] for n in range(MAX_ROWS + 1)]

    assert rejection("riesig.xlsx", f.xlsx_bytes(table)).code == "too_many_rows"


# --- Preview ----------------------------------------------------------------------------


def test_preview_of_a_new_player_writes_nothing():
    tournament = f.make_tournament()

    preview = preview_import(tournament, [row(2, club="Neuer Skatclub", team="Herz")])

    (line,) = preview.lines
    assert line.status == ImportStatus.NEW_PLAYER
    assert codes(line.notes) == ["new_club", "new_team"]
    assert (line.creates_club, line.creates_team, line.team_name) == (True, True, "Herz")
    assert (Club.objects.count(), Player.objects.count(), Team.objects.count()) == (0, 0, 0)


def test_a_new_club_and_team_are_announced_once_each():
    tournament = f.make_tournament()
    rows = [
        row(2, last_name="Eins", club="Neuer Skatclub", team="Herz"),
        row(3, last_name="Zwei", club="Neuer Skatclub", team="Herz"),
        row(4, last_name="Drei", club="neuer skatclub", team="Pik"),
    ]

    preview = preview_import(tournament, rows)

    assert [codes(line.notes) for line in preview.lines] == [
        ["new_club", "new_team"],
        [],
        ["new_team"],
    ]
    assert [line.creates_club for line in preview.lines] == [True, True, True]
    assert [line.creates_team for line in preview.lines] == [True, True, True]


@pytest.mark.parametrize(
    ("fields", "field", "code"),
    [
        ({"last_name": ""}, "last_name", "last_name_missing"),
        ({"first_name": ""}, "first_name", "first_name_missing"),
        ({"last_name": "x" * 101}, "last_name", "last_name_too_long"),
        ({"member_number": "1" * 31, "club": "SC"}, "member_number", "member_number_too_long"),
        ({"club": "C" * 201}, "club", "club_too_long"),
        ({"team": "T" * 201}, "team", "team_too_long"),
    ],
)
def test_preview_row_errors_name_the_field_and_the_line(fields, field, code):
    tournament = f.make_tournament()

    line = preview_import(tournament, [row(7, **fields)]).lines[0]

    assert line.status == ImportStatus.ERROR
    assert [(p.field, p.code, p.params["line"]) for p in line.problems] == [(field, code, 7)]
    assert line.problems[0].text().startswith("Line 7:")


def test_preview_an_error_row_does_not_stop_the_others():
    tournament = f.make_tournament()

    preview = preview_import(tournament, [row(2, last_name=""), row(3, last_name="Kreuz")])

    assert statuses(preview) == [ImportStatus.ERROR, ImportStatus.NEW_PLAYER]
    assert (preview.has_errors, preview.importable) == (True, 1)


def test_preview_matches_a_club_by_short_name_ignoring_case():
    club = Club.objects.create(name="Skatfreunde Musterstadt e.V.", short_name="SF Musterstadt")
    tournament = f.make_tournament()

    line = preview_import(tournament, [row(2, club="sf  MUSTERSTADT")]).lines[0]

    assert (line.club, line.creates_club, line.notes) == (club, False, ())


def test_preview_refuses_a_short_name_two_clubs_share():
    Club.objects.create(name="Skatclub Nord", short_name="SC")
    Club.objects.create(name="Skatclub Süd", short_name="SC")

    line = preview_import(f.make_tournament(), [row(2, club="sc")]).lines[0]

    assert codes(line.problems) == ["ambiguous_club"]


def test_preview_matches_an_existing_player_by_member_number():
    club = f.make_club("Herz Dame")
    known = member(club, "Karl-Heinz", "Schulze", "0815")

    line = preview_import(
        f.make_tournament(), [row(2, "Karl Heinz", "Schulze", "herz dame", "0815")]
    ).lines[0]

    assert (line.status, line.player) == (ImportStatus.EXISTING_PLAYER, known)
    assert codes(line.notes) == ["name_differs"]


def test_preview_matches_an_existing_player_by_name_and_club_ignoring_case():
    club = f.make_club("Herz Dame")
    known = member(club, "Jürgen", "Müller")
    member(f.make_club("Kreuz Bube"), "Jürgen", "Müller")

    line = preview_import(f.make_tournament(), [row(2, "JÜRGEN", "müller", "Herz Dame")]).lines[0]

    assert (line.status, line.player, line.notes) == (ImportStatus.EXISTING_PLAYER, known, ())


def test_preview_matches_a_guest_only_with_a_guest():
    guest = member(None, "Karl", "Kreuz")
    member(f.make_club("Herz Dame"), "Karl", "Kreuz")

    line = preview_import(f.make_tournament(), [row(2, "Karl", "Kreuz")]).lines[0]

    assert line.player == guest


def test_preview_refuses_a_member_number_that_contradicts_the_stored_one():
    club = f.make_club("Herz Dame")
    member(club, "Karl", "Kreuz", "100")

    line = preview_import(f.make_tournament(), [row(2, "Karl", "Kreuz", "Herz Dame", "999")]).lines[
        0
    ]

    assert codes(line.problems) == ["member_number_conflict"]


def test_preview_needs_the_member_number_when_two_players_share_a_name():
    club = f.make_club("Herz Dame")
    member(club, "Karl", "Kreuz")
    member(club, "Karl", "Kreuz")

    line = preview_import(f.make_tournament(), [row(2, "Karl", "Kreuz", "Herz Dame")]).lines[0]

    assert codes(line.problems) == ["ambiguous_player"]


def test_preview_finds_duplicates_in_the_file():
    f.make_club("Herz Dame")
    rows = [
        row(2, "Karl", "Kreuz", "Herz Dame", "1"),
        row(3, "Carl", "Kreuz", "HERZ DAME", "1"),
        row(4, "Paula", "Pik", "Neuer Club"),
        row(5, "paula", "PIK", "neuer club"),
        row(6, "Paula", "Pik"),
    ]

    preview = preview_import(f.make_tournament(), rows)

    assert [(line.status, line.duplicate_of) for line in preview.lines] == [
        (ImportStatus.NEW_PLAYER, None),
        (ImportStatus.DUPLICATE, 2),
        (ImportStatus.NEW_PLAYER, None),
        (ImportStatus.DUPLICATE, 4),
        (ImportStatus.NEW_PLAYER, None),
    ]
    assert codes(preview.lines[1].notes) == ["duplicate_in_file"]


def test_preview_finds_the_same_existing_player_named_two_ways():
    club = f.make_club("Herz Dame")
    member(club, "Karl", "Kreuz", "1")
    rows = [row(2, "Karl", "Kreuz", "Herz Dame", "1"), row(3, "Karl", "Kreuz", "Herz Dame")]

    preview = preview_import(f.make_tournament(), rows)

    assert statuses(preview) == [ImportStatus.EXISTING_PLAYER, ImportStatus.DUPLICATE]


def test_preview_marks_players_already_registered():
    club = f.make_club("Herz Dame")
    tournament = f.make_tournament()
    known = member(club, "Karl", "Kreuz", "1")
    participants.register(tournament, known)

    line = preview_import(tournament, [row(2, "Karl", "Kreuz", "Herz Dame", "1")]).lines[0]

    assert line.status == ImportStatus.ALREADY_REGISTERED
    assert line.notes[0].params["number"] == 1


@pytest.mark.parametrize("size", [1, 3])
def test_preview_takes_a_constant_number_of_queries(size, django_assert_num_queries):
    club = f.make_club("Herz Dame")
    tournament = f.make_tournament()
    rows = []
    for n in range(size):
        member(club, "Karl", f"Kreuz{n}", str(n))
        rows += [row(2 + n, "Karl", f"Kreuz{n}", "Herz Dame", str(n), "Team")]
        rows += [row(100 + n, "Paula", f"Pik{n}")]

    with django_assert_num_queries(4):
        preview = preview_import(tournament, rows)

    assert preview.counts["existing_player"] == size


# --- Commit -----------------------------------------------------------------------------


def test_commit_imports_a_mixed_file_and_skips_what_it_cannot():
    club = f.make_club("Herz Dame")
    tournament = f.make_tournament()
    known = member(club, "Karl", "Kreuz", "1")
    registered = member(club, "Bernd", "Bube", "2")
    participants.register(tournament, registered)
    rows = [
        row(2, "Karl", "Kreuz", "Herz Dame", "1"),
        row(3, "Paula", "Pik", "Neuer Club", "5"),
        row(4, "Paula", "Pik", "Neuer Club", "5"),
        row(5, "Bernd", "Bube", "Herz Dame", "2"),
        row(6, "Ohne", ""),
        row(7, "Gerda", "Gast"),
    ]

    result = commit_import(tournament, rows)

    assert (result.created_players, result.matched_players) == (2, 1)
    assert (result.registered, result.skipped, result.created_clubs) == (3, 3, 1)
    assert [line.row.line for line in result.lines] == [2, 3, 4, 5, 6, 7]
    assert tournament.participants.count() == 4
    assert tournament.participants.filter(player=known).exists()
    new_player = Player.objects.get(last_name="Pik")
    assert (new_player.club.name, new_player.member_number) == ("Neuer Club", "5")
    assert Player.objects.get(last_name="Gast").club is None


def test_commit_creates_an_unknown_club_once():
    tournament = f.make_tournament()
    rows = [row(2, "Karl", "Kreuz", "Skatfreunde Ost"), row(3, "Paula", "Pik", "skatfreunde ost")]

    result = commit_import(tournament, rows)

    club = Club.objects.get()
    assert (club.name, result.created_clubs) == ("Skatfreunde Ost", 1)
    assert set(club.players.values_list("last_name", flat=True)) == {"Kreuz", "Pik"}


def test_commit_continues_start_numbers_after_existing_participants():
    tournament = f.make_tournament()
    f.make_participants(tournament, 3)

    result = commit_import(tournament, [row(2, last_name="Kreuz"), row(3, last_name="Pik")])

    assert [p.start_number for p in result.participants] == [4, 5]
    assert list(
        tournament.participants.filter(start_number__gt=3).values_list(
            "start_number", "player__last_name"
        )
    ) == [(4, "Kreuz"), (5, "Pik")]


def test_commit_creates_teams_and_puts_members_in_them():
    club = f.make_club("Herz Dame")
    tournament = f.make_tournament()
    existing = Team.objects.create(tournament=tournament, name="Kreuz Asse")
    rows = [
        row(2, "Karl", "A", "Herz Dame", team="Herz 1"),
        row(3, "Karl", "B", "herz dame", team="HERZ 1"),
        row(4, "Karl", "C", "Herz Dame", team="kreuz asse"),
        row(5, "Karl", "D", team="Gemischt"),
        row(6, "Karl", "E", "Herz Dame", team="Gemischt"),
    ]

    result = commit_import(tournament, rows)

    herz = Team.objects.get(name="Herz 1")
    assert result.created_teams == 2
    assert (herz.club, herz.members.count()) == (club, 2)
    assert existing.members.get().player.last_name == "C"
    assert Team.objects.get(name="Gemischt").club is None


def test_commit_runs_in_one_transaction():
    tournament = f.make_tournament()
    f.make_participants(tournament, 2)
    before = (Club.objects.count(), Player.objects.count(), Participant.objects.count())
    ghost = get_user_model()(username="ghost")  # never saved: the audit entry cannot be written

    with pytest.raises(ValueError, match="unsaved related object"):
        commit_import(tournament, [row(2, club="Neu", team="T"), row(3, last_name="B")], user=ghost)

    after = (Club.objects.count(), Player.objects.count(), Participant.objects.count())
    assert after == before
    assert not Team.objects.exists()


def test_commit_records_who_imported_in_the_audit_trail():
    director = f.make_staff_user()
    tournament = f.make_tournament()

    commit_import(tournament, [row(2), row(3, last_name="")], user=director)

    entry = AuditEntry.objects.get(action="players_imported")
    assert (entry.user, entry.after["registered"], entry.after["skipped"]) == (director, 1, 1)


def test_import_from_file_to_registration_end_to_end():
    f.make_club("Herz Dame")
    tournament = f.make_tournament()
    content = f.csv_bytes(
        [GERMAN_HEADER, ["Jürgen", "Größer", "Herz Dame", "7", ""], [], ["Käthe", "", "", "", ""]]
    )
    rows = read_player_rows("anmeldung.csv", content)

    preview = preview_import(tournament, rows)
    result = commit_import(tournament, rows)

    assert [(line.row.line, line.status) for line in preview.lines] == [
        (2, ImportStatus.NEW_PLAYER),
        (4, ImportStatus.ERROR),
    ]
    assert (result.registered, result.skipped) == (1, 1)
    assert str(tournament.participants.get().player) == "Jürgen Größer"
