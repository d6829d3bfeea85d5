"""Drawing the tables of a series through the service (docs/rules.md 3): invariants and rules."""

from itertools import combinations

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from tests import factories as f
from tournaments.models import AuditEntry, Participant, Seat, Series, Table, Team
from tournaments.services import participants
from tournaments.services.draw import SEED_LIMIT, draw_series, stored_draw
from tournaments.services.draw_preview import preview_draw
from tournaments.services.errors import Rejected
from tournaments.services.lists.summary import save_summary
from tournaments.services.ranking import rank_tournament
from tournaments.skat.draw import table_sizes

pytestmark = pytest.mark.django_db


def _german(message):
    from django.utils.translation import gettext, override

    with override("de"):
        return gettext(message)


def seating(series):
    """Per table, by number: the participant ids on seats 1..n, read back from the database."""
    tables: dict[int, list] = {}
    for number, seat, participant in Seat.objects.filter(series=series).values_list(
        "table__number", "number", "participant_id"
    ):
        tables.setdefault(number, []).append((seat, participant))
    return [[p for _, p in sorted(tables[n])] for n in sorted(tables)]


def refusal(series, **options):
    with pytest.raises(Rejected) as caught:
        draw_series(series, **options)
    return caught.value


def test_draw_seats_every_present_player_once_for_every_count_from_3_to_200():
    tournament = f.make_tournament(planned_series=1)
    people = f.make_many_participants(tournament, 200)
    series = f.make_series(tournament)
    drawn = []

    for count in range(3, 201):
        Participant.objects.filter(tournament=tournament).update(withdrawn=False)
        Participant.objects.filter(start_number__gt=count, tournament=tournament).update(
            withdrawn=True
        )
        if count == 5:
            assert refusal(series, seed=count).problems[0].code == "five_players"
            continue
        draw = draw_series(series, seed=count)
        tables = seating(series)

        seated = [participant for table in tables for participant in table]
        assert [len(table) for table in tables] == table_sizes(count), count
        assert sorted(seated) == sorted(p.id for p in people[:count]), count
        assert [table.seats for table in draw.tables] == [tuple(t) for t in tables]
        drawn.append(count)

    assert drawn == [count for count in range(3, 201) if count != 5]
    assert Table.objects.filter(series=series).count() == len(table_sizes(200))


@pytest.mark.parametrize(("count", "sizes"), [(12, [3, 3, 3, 3]), (13, [4, 3, 3, 3]), (8, [4, 4])])
def test_draw_prefers_three_player_tables_when_asked(count, sizes):
    tournament = f.make_tournament()
    f.make_many_participants(tournament, count)
    series = f.make_series(tournament)

    draw_series(series, seed=1, prefer_three=True)

    assert [len(table) for table in seating(series)] == sizes
    assert Series.objects.get(pk=series.pk).draw_prefer_three is True


@pytest.mark.parametrize(
    ("count", "code"), [(0, "too_few_players"), (2, "too_few_players"), (5, "five_players")]
)
def test_draw_refuses_fewer_than_three_or_five_players_and_stores_nothing(count, code):
    tournament = f.make_tournament()
    f.make_many_participants(tournament, count)
    series = f.make_series(tournament)

    problem = refusal(series, seed=3).problems[0]

    assert (problem.field, problem.code, problem.params["count"]) == ("participants", code, count)
    assert str(count) in problem.text()
    assert not Table.objects.filter(series=series).exists()
    assert Series.objects.get(pk=series.pk).drawn_at is None


def test_draw_refuses_more_tables_than_a_series_may_have_and_keeps_the_old_draw(monkeypatch):
    # A table number is at most seating.MAX_TABLE_NUMBER (999) wherever a table is made,
    # by hand or by the draw; lowered here so that a dozen players reach it.
    monkeypatch.setattr("tournaments.services.seating.MAX_TABLE_NUMBER", 2)
    tournament = f.make_tournament()
    people = f.make_many_participants(tournament, 8)
    series = f.make_series(tournament)
    draw_series(series, seed=3)
    before = seating(series)
    f.make_many_participants(tournament, 1)

    problem = refusal(series, seed=3).problems[0]

    assert (problem.field, problem.code) == ("participants", "too_many_tables")
    assert (problem.params["count"], problem.params["tables"], problem.params["max"]) == (9, 3, 2)
    assert "9" in problem.text() and "2" in problem.text()
    assert seating(series) == before
    assert len(people) == 8


def test_draw_leaves_withdrawn_players_out():
    tournament = f.make_tournament()
    people = f.make_many_participants(tournament, 9)
    for person in people[:2]:
        participants.update_participant(person, withdrawn=True)
    series = f.make_series(tournament)

    draw_series(series, seed=5)

    seated = {p for table in seating(series) for p in table}
    assert seated == {p.id for p in people[2:]}
    assert [len(table) for table in seating(series)] == [4, 3]


def test_draw_refuses_when_withdrawals_leave_five_players():
    tournament = f.make_tournament()
    people = f.make_many_participants(tournament, 6)
    participants.update_participant(people[0], withdrawn=True)

    assert refusal(f.make_series(tournament)).problems[0].code == "five_players"


def test_draw_includes_a_late_registration_in_the_next_series():
    tournament = f.make_tournament(planned_series=2)
    f.make_many_participants(tournament, 8)
    first = f.make_series(tournament)
    draw_series(first, seed=1)
    late = participants.register(tournament, f.make_player())
    second = f.make_series(tournament)

    draw_series(second, seed=1)

    assert late.id not in {p for table in seating(first) for p in table}
    assert late.id in {p for table in seating(second) for p in table}


def test_draw_keeps_team_mates_apart_when_possible():
    tournament = f.make_tournament()
    teams = [Team.objects.create(tournament=tournament, name=f"Team {n}") for n in range(4)]
    for team in teams:
        f.make_many_participants(tournament, 4, team=team)
    series = f.make_series(tournament)

    draw = draw_series(series, seed=11)

    team_of = dict(Participant.objects.values_list("id", "team_id"))
    for table in seating(series):
        assert len({team_of[p] for p in table}) == len(table)
    assert draw.conflicts == ()


def test_draw_keeps_club_mates_apart_only_when_asked():
    tournament = f.make_tournament()
    clubs = [f.make_club() for _ in range(3)]
    for club in clubs:
        f.make_many_participants(tournament, 3, club=club)
    series = f.make_series(tournament)

    draw_series(series, seed=2, separate_clubs=True)

    club_of = dict(Participant.objects.values_list("id", "player__club_id"))
    assert all(len({club_of[p] for p in table}) == 3 for table in seating(series))
    assert Series.objects.get(pk=series.pk).draw_separate_clubs is True


def test_draw_reports_the_team_conflicts_it_cannot_avoid_by_name():
    tournament = f.make_tournament()
    team = Team.objects.create(tournament=tournament, name="Kreuz Asse")
    mates = f.make_many_participants(tournament, 4, team=team)
    f.make_many_participants(tournament, 2)
    series = f.make_series(tournament)

    draw = draw_series(series, seed=4)

    assert [conflict.kind for conflict in draw.conflicts] == ["same_team", "same_team"]
    ids = {p.id for p in mates}
    assert all(set(conflict.players) <= ids for conflict in draw.conflicts)
    conflict = draw.conflicts[0]
    names = dict(Participant.objects.values_list("id", "player__last_name"))
    text = conflict.text(lambda message: message)
    assert "Kreuz Asse" in text
    assert all(names[player] in text for player in conflict.players)


def test_draw_avoids_players_meeting_again():
    tournament = f.make_tournament(planned_series=2)
    f.make_many_participants(tournament, 16)
    first = f.make_series(tournament)
    draw_series(first, seed=8)
    met = {frozenset(pair) for table in seating(first) for pair in combinations(table, 2)}

    second = f.make_series(tournament)
    draw = draw_series(second, seed=8)

    again = [pair for t in seating(second) for pair in combinations(t, 2) if frozenset(pair) in met]
    assert again == []
    assert draw.conflicts == ()


def test_draw_seeded_puts_the_ranking_places_1_to_4_at_table_1_and_newcomers_last():
    tournament = f.make_tournament(rounds_per_series=1, planned_series=2)
    people = f.make_many_participants(tournament, 8)
    first = f.make_series(tournament)
    table_a = f.make_table(first, people[:4])
    table_b = f.make_table(first, people[4:])
    f.enter(table_a, declarer_seat=2, game="grand", matadors=1, won=True)  # people[1]: 98
    f.enter(table_a, declarer_seat=3, game="clubs", matadors=1, won=True)  # people[2]: 74
    f.enter(table_b, declarer_seat=2, game="diamonds", matadors=1, won=True)  # people[5]: 68
    f.enter(table_b, declarer_seat=3, game="hearts", matadors=1, won=True)  # people[6]: 70
    late = f.make_many_participants(tournament, 4)
    second = f.make_series(tournament)

    draw_series(second, mode="seeded", seed=9)

    tables = seating(second)
    assert set(tables[0]) == {people[1].id, people[2].id, people[5].id, people[6].id}
    assert set(tables[1]) == {people[0].id, people[3].id, people[4].id, people[7].id}
    assert set(tables[2]) == {p.id for p in late}
    assert Series.objects.get(pk=second.pk).draw_mode == "seeded"


@pytest.mark.parametrize("mode", ["random", "seeded"])
def test_draw_with_the_same_seed_gives_the_same_tables_after_a_redraw(mode):
    tournament = f.make_tournament()
    team = Team.objects.create(tournament=tournament, name="Herz")
    f.make_many_participants(tournament, 3, team=team)
    f.make_many_participants(tournament, 20, club=f.make_club())
    series = f.make_series(tournament)

    draw_series(series, mode=mode, seed=42, separate_clubs=True)
    first = seating(series)
    draw_series(series, mode=mode, seed=43, separate_clubs=True)
    other = seating(series)
    draw_series(series, mode=mode, seed=42, separate_clubs=True)

    assert seating(series) == first
    assert other != first


def test_draw_without_a_seed_chooses_and_stores_one_and_audits_it():
    tournament = f.make_tournament()
    f.make_many_participants(tournament, 7)
    series = f.make_series(tournament)

    draw = draw_series(series)

    series.refresh_from_db()
    assert 0 <= draw.seed < SEED_LIMIT
    assert (series.draw_seed, series.draw_mode) == (draw.seed, "random")
    assert series.drawn_at is not None
    entry = AuditEntry.objects.get(action="draw")
    assert entry.after["seed"] == draw.seed
    assert entry.after["options"] == {"prefer_three": False, "separate_clubs": False}
    assert entry.after["tables"] == seating(series)
    assert entry.before is None


def test_draw_again_replaces_the_tables_and_audits_the_old_seed():
    tournament = f.make_tournament()
    f.make_many_participants(tournament, 8)
    series = f.make_series(tournament)
    draw_series(series, seed=1)
    old_tables = set(Table.objects.filter(series=series).values_list("id", flat=True))

    draw_series(series, seed=2)

    assert Table.objects.filter(series=series).count() == 2
    assert not old_tables & set(Table.objects.filter(series=series).values_list("id", flat=True))
    assert Seat.objects.filter(series=series).count() == 8
    assert AuditEntry.objects.filter(action="draw").first().before["seed"] == 1


def test_draw_is_refused_once_the_first_game_is_entered():
    tournament = f.make_tournament()
    f.make_many_participants(tournament, 8)
    series = f.make_series(tournament)
    draw_series(series, seed=1)
    before = seating(series)
    f.enter(Table.objects.get(series=series, number=2), passed=True)

    rejected = refusal(series, seed=2)

    assert rejected.conflict
    assert rejected.problems[0].code == "series_started"
    assert "lose" in rejected.problems[0].text()
    assert seating(series) == before


def test_draw_is_refused_once_a_summary_is_entered():
    tournament = f.make_tournament(rounds_per_series=1)
    f.make_many_participants(tournament, 3)
    series = f.make_series(tournament)
    draw_series(series, seed=1)
    rows = [{"seat": seat, "game_points": 0, "won": 0, "lost": 0} for seat in (1, 2, 3)]
    save_summary(Table.objects.get(series=series), rows)

    assert refusal(series, seed=1).problems[0].code == "series_started"


@pytest.mark.parametrize(
    ("options", "field", "code"),
    [
        ({"mode": "alphabetical"}, "mode", "invalid_mode"),
        ({"seed": -1}, "seed", "invalid_seed"),
        ({"seed": SEED_LIMIT}, "seed", "invalid_seed"),
        ({"seed": True}, "seed", "invalid_seed"),
        ({"seed": "42"}, "seed", "invalid_seed"),
        ({"prefer_three": "yes"}, "prefer_three", "not_a_boolean"),
        ({"separate_clubs": 1}, "separate_clubs", "not_a_boolean"),
    ],
)
def test_draw_refuses_bad_options(options, field, code):
    tournament = f.make_tournament()
    f.make_many_participants(tournament, 4)

    problem = refusal(f.make_series(tournament), **options).problems[0]

    assert (problem.field, problem.code) == (field, code)


def test_draw_refusing_a_mode_names_the_allowed_ones():
    tournament = f.make_tournament()
    f.make_many_participants(tournament, 4)

    text = refusal(f.make_series(tournament), mode="x").problems[0].text()

    assert "random" in text and "seeded" in text


@pytest.mark.parametrize("mode", ["random", "seeded"])
def test_draw_takes_about_the_same_queries_for_12_and_200_players(mode):
    counts = []
    for size in (12, 200):
        tournament = f.make_tournament(planned_series=2)
        f.make_many_participants(tournament, size)
        first = f.make_series(tournament)
        draw_series(first, seed=1)
        series = f.make_series(tournament)
        draw_series(series, seed=1)
        with CaptureQueriesContext(connection) as queries:
            draw_series(series, mode=mode, seed=2)  # a redraw: deletes and creates again
        counts.append(len(queries))

    assert counts[1] <= counts[0] + 2  # SQLite splits the 200 seats into two inserts
    assert counts[1] < 40


def test_stored_draw_shows_the_same_tables_and_conflicts_as_the_draw():
    tournament = f.make_tournament()
    team = Team.objects.create(tournament=tournament, name="Pik")
    f.make_many_participants(tournament, 4, team=team)
    f.make_many_participants(tournament, 3)
    series = f.make_series(tournament)
    made = draw_series(series, seed=6, prefer_three=True)

    stored = stored_draw(Series.objects.get(pk=series.pk))

    assert (stored.seed, stored.mode, stored.prefer_three) == (6, "random", True)
    assert stored.tables == made.tables
    assert stored.conflicts == made.conflicts
    assert len(stored.conflicts) >= 1


def test_stored_draw_of_an_undrawn_series_is_missing():
    series = f.make_series(f.make_tournament())

    with pytest.raises(Rejected) as caught:
        stored_draw(series)

    assert caught.value.missing
    assert caught.value.problems[0].code == "not_drawn"


def test_draw_seeded_with_club_separation_keeps_places_1_to_4_at_table_1():
    # After series 1 the places 1-4 are three members of club Rot and one of Blau: keeping
    # club mates apart would move a leader to table 2 and bring a lower place to table 1.
    tournament = f.make_tournament(rounds_per_series=1, planned_series=2)
    red, blue = f.make_club("Rot"), f.make_club("Blau")
    people = f.make_many_participants(tournament, 4, club=red)
    people += f.make_many_participants(tournament, 4, club=blue)
    first = f.make_series(tournament)
    table_a = f.make_table(first, [people[0], people[1], people[2], people[4]])
    f.make_table(first, [people[3], people[5], people[6], people[7]])
    f.enter(table_a, declarer_seat=2, game="grand", matadors=4, won=True)  # people[1]
    f.enter(table_a, declarer_seat=3, game="grand", matadors=3, won=True)  # people[2]
    f.enter(table_a, declarer_seat=4, game="grand", matadors=2, won=True)  # people[4]
    f.enter(table_a, declarer_seat=1, game="grand", matadors=1, won=True)  # people[0]
    ranking = {row.participant: row.rank for row in rank_tournament(tournament)}
    leaders = {pk for pk, rank in ranking.items() if rank <= 4}
    assert leaders == {people[0].id, people[1].id, people[2].id, people[4].id}
    second = f.make_series(tournament)

    drawn = draw_series(second, mode="seeded", separate_clubs=True, seed=3)

    tables = seating(second)
    assert people[1].id in tables[0]  # the leader
    assert set(tables[0]) == leaders
    club_conflicts = [c for c in drawn.conflicts if c.kind == "same_club"]
    assert {c.table for c in club_conflicts} == {1, 2}
    assert "Setzliste" in club_conflicts[0].text(_german)


def test_preview_of_a_seeded_draw_says_the_club_separation_gave_way_and_saves_nothing():
    tournament = f.make_tournament(rounds_per_series=1, planned_series=2)
    club = f.make_club("Rot")
    f.make_many_participants(tournament, 4, club=club)
    f.make_many_participants(tournament, 4)
    series = f.make_series(tournament)

    preview = preview_draw(series, mode="seeded", separate_clubs=True, seed=4)

    assert not Table.objects.filter(series=series).exists()
    assert preview.gave_way == "separate_clubs"
    assert preview.seed == 4
    assert preview.conflicts and {c.kind for c in preview.conflicts} == {"same_club"}
