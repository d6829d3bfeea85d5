"""A member number that belongs to a differently named player is a conflict the director
resolves; the import never merges two people silently and applies all rows or none."""

import pytest

from tests import factories as f
from tournaments.models import Participant, Player
from tournaments.services.errors import Rejected
from tournaments.services.player_import import (
    ImportRow,
    ImportStatus,
    Resolution,
    commit_import,
    preview_import,
    read_resolutions,
)

pytestmark = pytest.mark.django_db


@pytest.fixture
def braun():
    return Player.objects.create(
        first_name="Werner", last_name="Braun", club=f.make_club("Herz Dame"), member_number="201"
    )


def row(line, first_name, last_name, club="Herz Dame", member_number="201"):
    return ImportRow(line, first_name, last_name, club, member_number)


def test_member_number_of_a_differently_named_player_is_a_conflict(braun):
    line = preview_import(f.make_tournament(), [row(2, "Walter", "Schäfer")]).lines[0]

    assert (line.status, line.player, line.importable) == (ImportStatus.CONFLICT, braun, False)
    assert [note.code for note in line.notes] == ["name_conflict"]
    assert "Werner Braun" in line.notes[0].text()


@pytest.mark.parametrize(
    ("first_name", "last_name"),
    [("WERNER", "braun"), ("Wérner", "Bräun"), ("Braun", "Werner"), ("werner ", " BRAUN")],
)
def test_same_name_up_to_case_accents_and_order_is_the_existing_player(
    braun, first_name, last_name
):
    line = preview_import(f.make_tournament(), [row(2, first_name, last_name)]).lines[0]

    assert (line.status, line.player) == (ImportStatus.EXISTING_PLAYER, braun)


def test_commit_with_an_unresolved_conflict_imports_nothing(braun):
    tournament = f.make_tournament()
    rows = [row(2, "Anna", "Acker", member_number=""), row(3, "Walter", "Schäfer")]

    with pytest.raises(Rejected) as caught:
        commit_import(tournament, rows)

    problem = caught.value.problems[0]
    assert (problem.field, problem.code, problem.params["lines"]) == (
        "resolutions",
        "conflicts_unresolved",
        "3",
    )
    assert (Participant.objects.count(), Player.objects.count()) == (0, 1)


@pytest.mark.parametrize(
    ("choice", "status", "players", "registered_name"),
    [
        (Resolution.EXISTING, ImportStatus.EXISTING_PLAYER, 1, "Werner Braun"),
        (Resolution.NEW, ImportStatus.NEW_PLAYER, 2, "Walter Schäfer"),
        (Resolution.SKIP, ImportStatus.SKIPPED, 1, None),
    ],
)
def test_commit_applies_the_directors_choice(braun, choice, status, players, registered_name):
    tournament = f.make_tournament()

    result = commit_import(tournament, [row(2, "Walter", "Schäfer")], resolutions={2: choice})

    assert result.lines[0].status == status
    assert Player.objects.count() == players
    registered = [str(p.player) for p in tournament.participants.select_related("player")]
    assert registered == ([registered_name] if registered_name else [])


def test_new_player_for_a_taken_member_number_is_created_without_it(braun):
    tournament = f.make_tournament()

    commit_import(tournament, [row(2, "Walter", "Schäfer")], resolutions={2: Resolution.NEW})

    walter = Player.objects.get(last_name="Schäfer")
    assert (walter.club, walter.member_number) == (braun.club, "")
    assert Player.objects.get(pk=braun.pk).member_number == "201"


def test_result_counts_rows_by_outcome(braun):
    f.make_club("Kreuz Bube")
    rows = [
        row(2, "Walter", "Schäfer"),
        row(3, "Anna", "Acker", member_number=""),
        row(4, "Werner", "Braun"),
        row(5, "Otto", "Ohm", member_number=""),
    ]

    result = commit_import(f.make_tournament(), rows, resolutions={2: "skip"})

    assert {k: v for k, v in result.counts.items() if v} == {
        "new_player": 2,
        "existing_player": 1,
        "skipped": 1,
    }


@pytest.mark.parametrize(
    "raw",
    ['{"2": "merge"}', '{"zwei": "new"}', "[1, 2]", "not json", {"2": ["new"]}],
)
def test_unreadable_resolutions_are_refused_naming_the_field(raw):
    with pytest.raises(Rejected) as caught:
        read_resolutions(raw)

    assert caught.value.problems[0].field == "resolutions"


@pytest.mark.parametrize(
    ("raw", "expected"),
    [
        (None, {}),
        ("", {}),
        ('{"3": "new", "4": "skip"}', {3: "new", 4: "skip"}),
        ({2: "existing"}, {2: "existing"}),
    ],
)
def test_resolutions_are_read_from_json_or_a_mapping(raw, expected):
    assert read_resolutions(raw) == expected
