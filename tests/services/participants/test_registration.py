"""Registration services: one player, many at once, teams, withdrawal and search."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from tests import factories as f
from tournaments.models import AuditEntry, Participant, Player, Team, Tournament
from tournaments.services import participants
from tournaments.services.draw import draw_series
from tournaments.services.errors import Rejected
from tournaments.services.participants import Registration

pytestmark = pytest.mark.django_db


def refusal(call, *args, **kwargs):
    with pytest.raises(Rejected) as caught:
        call(*args, **kwargs)
    return caught.value


# --- register ---------------------------------------------------------------------------


def test_register_audits_the_registration_without_the_pin():
    director = f.make_staff_user()
    tournament = f.make_tournament()

    participant = participants.register(tournament, f.make_player(), user=director)

    entry = AuditEntry.objects.get(action="participant_registered")
    assert entry.user == director
    assert entry.after == {
        "player": participant.player_id,
        "start_number": 1,
        "team": None,
        "withdrawn": False,
        "gender": "",
        "category": "",
    }
    assert participant.pin not in str(entry.after)


@pytest.mark.parametrize("number", [0, -1, 100_000, True, "7"])
def test_register_refuses_an_impossible_start_number(number):
    problem = refusal(participants.register, f.make_tournament(), f.make_player(), number).problems[
        0
    ]

    assert (problem.field, problem.code) == ("start_number", "invalid_start_number")


def test_register_new_player_strips_spaces_and_refuses_empty_names():
    tournament = f.make_tournament()

    participant = participants.register_new_player(
        tournament, first_name="  Karl  Heinz ", last_name=" Kreuz"
    )
    rejected = refusal(participants.register_new_player, tournament, first_name=" ", last_name=None)

    assert str(participant.player) == "Karl Heinz Kreuz"
    assert [(p.field, p.code) for p in rejected.problems] == [
        ("new_player.first_name", "required"),
        ("new_player.last_name", "required"),
    ]


@pytest.mark.parametrize(
    ("stored", "given"),
    [
        (("Öztürk", ""), ("ÖZTÜRK", "")),
        (("Weiß", ""), ("weiß", "")),
        (("Anders", "A-17"), ("Ganz", "a-17")),
    ],
)
def test_find_duplicate_player_ignores_case_beyond_ascii(stored, given):
    club = f.make_club()
    known = Player.objects.create(
        first_name="Käthe", last_name=stored[0], club=club, member_number=stored[1]
    )

    found = participants.find_duplicate_player("KÄTHE", given[0], club, given[1])

    assert found == known


def test_find_duplicate_player_keeps_clubs_and_guests_apart():
    f.make_player(f.make_club(), "Karl", "Kreuz")

    assert participants.find_duplicate_player("Karl", "Kreuz", None) is None
    assert participants.find_duplicate_player("Karl", "Kreuz", f.make_club()) is None


# --- register_many ----------------------------------------------------------------------


def test_register_many_creates_players_teams_and_start_numbers_in_a_few_queries():
    tournament = f.make_tournament()
    f.make_participants(tournament, 2)
    known = f.make_player()
    team = Team(name="Neu")
    registrations = [Registration(known, team)] + [
        Registration(Player(first_name="Karl", last_name=f"K{n}"), team if n < 2 else None)
        for n in range(50)
    ]

    with CaptureQueriesContext(connection) as queries:
        registered = participants.register_many(tournament, registrations)

    assert [p.start_number for p in registered] == list(range(3, 54))
    assert Team.objects.get(tournament=tournament).members.count() == 3
    assert Player.objects.count() == 53
    assert len(queries) < 15
    entry = AuditEntry.objects.filter(action="participants_registered").latest("id")
    assert entry.after["start_numbers"] == [3, 53]
    assert entry.after["created_players"] == 50


@pytest.mark.parametrize("situation", ["team-full", "already-registered", "twice-in-list"])
def test_register_many_refuses_and_writes_nothing(situation):
    tournament = f.make_tournament(team_size=2)
    registered = f.make_participants(tournament, 1)[0]
    team = Team(name="Herz")
    newcomers = [Registration(Player(first_name="K", last_name=f"K{n}"), team) for n in range(2)]
    if situation == "team-full":
        newcomers.append(Registration(Player(first_name="K", last_name="Drei"), team))
        code = "team_full"
    elif situation == "already-registered":
        newcomers.append(Registration(registered.player))
        code = "already_registered"
    else:
        newcomers.append(newcomers[0])
        code = "already_registered"

    rejected = refusal(participants.register_many, tournament, newcomers)

    assert rejected.problems[0].code == code
    assert (Player.objects.count(), Participant.objects.count(), Team.objects.count()) == (1, 1, 0)


def test_register_many_refuses_a_team_of_another_tournament():
    other = Team.objects.create(tournament=f.make_tournament(), name="Fremd")

    rejected = refusal(
        participants.register_many, f.make_tournament(), [Registration(f.make_player(), other)]
    )

    assert rejected.problems[0].code == "team_of_other_tournament"


def test_register_many_after_every_series_is_drawn_is_refused():
    tournament = f.make_tournament(planned_series=1)
    f.make_many_participants(tournament, 3)
    draw_series(f.make_series(tournament), seed=1)

    rejected = refusal(participants.register_many, tournament, [Registration(f.make_player())])

    assert (rejected.conflict, rejected.problems[0].code) == (True, "all_series_drawn")


# --- registration open ------------------------------------------------------------------


def test_registration_reopens_when_a_series_is_added_to_the_plan():
    tournament = f.make_tournament(planned_series=1)
    f.make_many_participants(tournament, 3)
    draw_series(f.make_series(tournament), seed=1)
    closed = participants.registration_problem(tournament)
    Tournament.objects.filter(pk=tournament.pk).update(planned_series=2)
    tournament.refresh_from_db()

    assert closed.code == "all_series_drawn"
    assert participants.registration_problem(tournament) is None


# --- update and remove ------------------------------------------------------------------


def test_update_participant_without_changes_writes_no_audit_entry():
    participant = f.make_participants(f.make_tournament(), 1)[0]
    before = AuditEntry.objects.count()

    participants.update_participant(participant, withdrawn=False)

    assert AuditEntry.objects.count() == before


def test_update_participant_into_a_full_team_is_refused():
    tournament = f.make_tournament(team_size=1)
    team = participants.create_team(tournament, "Solo")
    f.make_many_participants(tournament, 1, team=team)
    participant = f.make_participants(tournament, 1)[0]

    problem = refusal(participants.update_participant, participant, team=team).problems[0]

    assert (problem.code, problem.params["team"], problem.params["limit"]) == (
        "team_full",
        "Solo",
        1,
    )


def test_update_participant_team_change_is_audited():
    tournament = f.make_tournament()
    team = participants.create_team(tournament, "Herz")
    participant = f.make_participants(tournament, 1)[0]

    participants.update_participant(participant, team=team)

    entry = AuditEntry.objects.get(action="participant_changed")
    assert (entry.before["team"], entry.after["team"]) == (None, team.id)


def test_remove_participant_who_only_sat_at_a_table_is_refused():
    tournament = f.make_tournament()
    people = f.make_participants(tournament, 3)
    f.make_table(f.make_series(tournament), people)

    rejected = refusal(participants.remove_participant, people[2])

    assert (rejected.conflict, rejected.problems[0].code) == (True, "participant_has_played")


def test_remove_participant_keeps_the_audit_entry():
    participant = f.make_participants(f.make_tournament(), 1)[0]

    participants.remove_participant(participant)

    entry = AuditEntry.objects.get(action="participant_removed")
    assert entry.before["start_number"] == 1
    assert not Participant.objects.exists()


def test_withdrawn_participant_keeps_the_results_already_played():
    tournament = f.make_tournament(rounds_per_series=1)
    people = f.make_participants(tournament, 3)
    table = f.make_table(f.make_series(tournament), people)
    f.enter(table, declarer_seat=2, game="clubs", matadors=1, won=True)

    participants.update_participant(people[1], withdrawn=True)

    assert people[1].game_points.exists()
    assert Participant.objects.get(pk=people[1].pk).withdrawn is True


# --- teams ------------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["", "   ", None, 42, "T" * 201])
def test_create_team_refuses_a_missing_or_long_name(name):
    problem = refusal(participants.create_team, f.make_tournament(), name).problems[0]

    assert (problem.field, problem.code) == ("name", "invalid_team_name")


def test_create_team_name_is_unique_per_tournament_only():
    first, second = f.make_tournament(), f.make_tournament()
    participants.create_team(first, "Kreuz Asse")

    participants.create_team(second, "Kreuz Asse")
    rejected = refusal(participants.create_team, first, "KREUZ  asse")

    assert (rejected.conflict, rejected.problems[0].params["team"]) == (True, "Kreuz Asse")


# --- search -----------------------------------------------------------------------------


def test_search_participants_with_a_number_also_matches_the_start_number_only():
    tournament = f.make_tournament()
    people = [
        participants.register(tournament, f.make_player(None, "Karl", f"Spieler {letter}"))
        for letter in "ABCDEFGHIJKL"
    ]

    found = list(participants.search_participants(tournament, "12"))

    assert found == [people[11]]


def test_search_players_finds_capitalised_umlauts_from_lower_case():
    wanted = f.make_player(None, "Ömer", "Özdemir")
    f.make_player(None, "Karl", "Kreuz")

    found = participants.search_players(f.make_tournament(), "özd")

    assert [match.player for match in found] == [wanted]


@pytest.mark.parametrize("text", [None, 42, ["a"]])
def test_search_players_with_no_text_finds_nothing(text):
    f.make_player()

    assert participants.search_players(f.make_tournament(), text) == []
