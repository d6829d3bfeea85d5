"""The people a ranking keeps per worker under the tournament's roster stamp: read once,
kept while only games change, read again after any change of who plays or their names."""

import datetime

import pytest

from tests import factories as f
from tournaments.models import Player, TournamentVersion
from tournaments.models.tournaments import ExtraPoints
from tournaments.services import participants, ranking, roster_cache, season_ranking, team_ranking

pytestmark = pytest.mark.django_db

KARO = {"game": "diamonds", "matadors": 1}


@pytest.fixture
def table():
    club = f.make_club("Skatfreunde Nord")
    tournament = f.make_tournament(rounds_per_series=2, club=club)
    members = f.make_team_members(f.make_team(tournament, "Kreuz Bube", club=club), 4, club=club)
    return f.make_table(f.make_series(tournament), members)


def _stamp(tournament_id: int) -> str:
    return TournamentVersion.objects.get(pk=tournament_id).roster


def _rankings(table):
    return ranking.rank_series(table.series), ranking.rank_tournament(table.series.tournament)


def test_a_game_keeps_the_people_and_changes_the_sums(table, django_assert_num_queries):
    tournament_id = table.series.tournament_id
    _rankings(table)
    stamp = _stamp(tournament_id)

    f.enter(table, declarer_seat=2, won=True, **KARO)
    with django_assert_num_queries(4):  # per ranking: the stamp and the sums, no people
        series_rows, tournament_rows = _rankings(table)

    assert _stamp(tournament_id) == stamp
    declarer = table.seats.get(number=2).participant_id
    for rows in (series_rows, tournament_rows):
        leader = rows[0]
        assert (leader.participant, leader.won, leader.game_points) == (declarer, 1, 18)
        assert (leader.total, leader.rank) == (68, 1)


def _rename_player(table):
    player = table.seats.get(number=1).participant.player
    player.last_name = "Umbenannt"
    player.save()
    return "Umbenannt", lambda row: row.name.split()[-1]


def _rename_club(table):
    club = table.series.tournament.club
    club.name = "Skatclub Neuer Name"
    club.save()
    return "Skatclub Neuer Name", lambda row: row.club


def _rename_team(table):
    team = table.series.tournament.teams.get()
    team.name = "Pik Dame"
    team.save()
    return "Pik Dame", lambda row: row.team


@pytest.mark.parametrize("change", [_rename_player, _rename_club, _rename_team])
def test_a_new_name_reaches_the_next_ranking(table, change):
    tournament_id = table.series.tournament_id
    _rankings(table)
    stamp = _stamp(tournament_id)

    new_name, shown = change(table)
    series_rows, tournament_rows = _rankings(table)

    assert _stamp(tournament_id) != stamp
    for rows in (series_rows, tournament_rows):
        assert new_name in {shown(row) for row in rows}


def test_a_new_table_of_players_reaches_the_next_ranking(table):
    tournament = table.series.tournament
    before = _rankings(table)
    newcomers = [
        participants.register(tournament, Player.objects.create(first_name="Erna", last_name=n))
        for n in ("Albers", "Brandt", "Claasen", "Dreyer")
    ]

    f.make_table(table.series, newcomers, number=2)
    after = _rankings(table)

    assert [len(rows) for rows in before] == [4, 4]
    assert [len(rows) for rows in after] == [8, 8]
    assert {"Erna Albers", "Erna Dreyer"} <= {row.name for row in after[0]}


def test_without_a_stamp_the_people_are_read_every_time(table, django_assert_num_queries):
    TournamentVersion.objects.filter(pk=table.series.tournament_id).delete()

    for _ in range(2):
        with django_assert_num_queries(3):  # the missing stamp, the people, the sums
            rows = ranking.rank_series(table.series)
        assert len(rows) == 4


def test_what_is_kept_cannot_be_changed_by_a_reader(table):
    people, played, seats = ranking.seated_people(table.series.tournament)

    with pytest.raises(TypeError):
        played[people[0][0]] = 7
    assert isinstance(people, tuple) and isinstance(seats, tuple)
    assert ranking.seated_people(table.series.tournament)[1] == played


def test_the_kept_people_are_bounded(table, monkeypatch):
    monkeypatch.setattr(roster_cache, "MAX_KEPT", 2)
    roster_cache.forget_all()
    reads = []

    def read(what):
        reads.append(what)
        return what

    for what in [*range(5), 4]:
        kept = roster_cache.kept_people(
            table.series.tournament_id, ("probe", what), lambda what=what: read(what)
        )
        assert kept == what

    assert len(roster_cache._kept) <= 2
    assert reads == [0, 1, 2, 3, 4]  # the last one kept


def test_the_team_ranking_shows_a_renamed_team_and_member(table, django_assert_num_queries):
    tournament = table.series.tournament
    team_ranking.rank_teams(tournament)
    with django_assert_num_queries(2):  # the stamp and the sums: teams and members kept
        team_ranking.rank_teams(tournament)

    _rename_team(table)
    _rename_player(table)
    (row,) = team_ranking.rank_teams(tournament)

    assert row.name == "Pik Dame"
    assert "Umbenannt" in {member.name.split()[-1] for member in row.members}


@pytest.fixture
def season():
    """A club's year of two played tournaments, ranked once (its seats kept)."""
    club = f.make_club("Skatclub Saison")
    tournaments = [
        f.make_played_tournament(players=4, club=club, date=datetime.date(2026, 5, day))
        for day in (1, 2)
    ]
    season_ranking.rank_season(club, 2026)
    return club, tournaments


def test_the_season_values_kept_seats_with_the_setting_of_now(season):
    club, (first, _second) = season
    before = {row.player: row for row in season_ranking.rank_season(club, 2026)}

    first.extra_points = ExtraPoints.NONE
    first.save()
    after = {row.player: row for row in season_ranking.rank_season(club, 2026)}

    changed = [player for player in before if before[player].total != after[player].total]
    assert changed  # the ±50 of the first tournament's games no longer counts
    for player in changed:
        assert after[player].bonus_won_lost != before[player].bonus_won_lost


def test_the_season_shows_a_renamed_player_and_a_new_tournament(season):
    club, (first, _second) = season
    player = first.participants.order_by("start_number").first().player
    player.last_name = "Umbenannt"
    player.save()
    third = f.make_played_tournament(players=4, club=club, date=datetime.date(2026, 6, 1))

    rows = season_ranking.rank_season(club, 2026)

    assert "Umbenannt" in {row.name.split()[-1] for row in rows}
    assert {row.player for row in rows} >= {p.player_id for p in third.participants.all()}
    assert len(rows) == 12


def test_a_table_seated_by_hand_from_registered_players_reaches_the_next_ranking(table):
    """The seats of a new table are written in one bulk insert, which sends no signal:
    the table's own creation must renew the roster stamp."""
    tournament = table.series.tournament
    waiting = [
        participants.register(tournament, Player.objects.create(first_name="Ilse", last_name=n))
        for n in ("Ahrens", "Bode", "Carstens", "Dahl")
    ]
    before = _rankings(table)  # the four new participants are not seated yet

    f.make_table(table.series, waiting, number=2)
    after = _rankings(table)

    assert [len(rows) for rows in before] == [4, 4]
    assert [len(rows) for rows in after] == [8, 8]
