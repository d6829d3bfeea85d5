"""Demo data loader: idempotent, the director can log in, and the evening has a cash box.

The demo is loaded once for the module, by ``manage.py demo`` (a thin wrapper around
``load_demo``), so the command's own tests are here too; the refusal without ``--force``
is in tests/management/test_demo_command.py.
"""

from decimal import Decimal as D
from io import StringIO
from typing import NamedTuple
from unittest import mock

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.http import HttpRequest
from django.utils import translation

from tournaments.management.commands import demo as demo_command
from tournaments.models import AuditEntry, Club, Participant, Player, Table, Tournament
from tournaments.services import money
from tournaments.services.demo.evening import CLUBS, DIRECTOR_PASSWORD, DIRECTOR_USERNAME, load_demo
from tournaments.services.demo.lists import DEMO_CUP, DEMO_TOURNAMENT

pytestmark = pytest.mark.django_db


# The clubs of the demo evening and cup; the demo league (league/services/demo.py) has
# clubs, players and logins of its own, tested below.
DEMO_CLUBS = [name for name, _short in CLUBS]


def _table_counts():
    return (
        Club.objects.filter(name__in=DEMO_CLUBS).count(),
        Player.objects.filter(club__name__in=DEMO_CLUBS).count(),
        get_user_model().objects.filter(is_staff=True).count(),
    )


class Loaded(NamedTuple):
    result: object  # what load_demo returned to the command
    rows: tuple  # clubs, players, users right after
    printed: str  # what the command printed


@pytest.fixture(scope="module")
def demo(module_db):
    """The demo loaded once into the empty database by ``manage.py demo --force``."""
    results = []

    def load_and_keep_the_result():
        results.append(load_demo())
        return results[-1]

    out = StringIO()
    with mock.patch.object(demo_command, "load_demo", load_and_keep_the_result):
        with translation.override("en"):
            call_command("demo", "--force", stdout=out)
    [result] = results
    return Loaded(result, _table_counts(), out.getvalue())


def test_demo_command_loads_data_and_prints_the_login(demo):
    assert "2 clubs, 16 players" in demo.printed
    assert "http://127.0.0.1:8000/" in demo.printed
    assert "leitung" in demo.printed
    assert "skat-demo" in demo.printed
    assert Player.objects.filter(club__name__in=DEMO_CLUBS).count() == 16


def test_demo_command_runs_in_debug_without_force(settings, demo):
    settings.DEBUG = True
    out = StringIO()

    with translation.override("en"):
        call_command("demo", stdout=out)

    assert "Demo data loaded: 2 clubs, 16 players" in out.getvalue()
    assert Player.objects.filter(club__name__in=DEMO_CLUBS).count() == 16


def test_loading_twice_gives_the_same_rows(demo):
    first, rows_after_first, _printed = demo
    second = load_demo()

    assert first == second
    assert (first.clubs, first.players, first.directors) == (2, 16, 1)
    assert _table_counts() == rows_after_first == (2, 16, 1)


def test_players_are_split_across_both_clubs_with_member_numbers(demo):
    for club in Club.objects.filter(name__in=DEMO_CLUBS):
        assert club.players.count() == 8
    assert not Player.objects.filter(club__name__in=DEMO_CLUBS, member_number="").exists()
    assert set(Club.objects.filter(name__in=DEMO_CLUBS).values_list("short_name", flat=True)) == {
        "SF Musterstadt",
        "HD Beispielheim",
    }


def test_director_can_log_in_to_the_admin(client, demo):
    assert client.login(
        request=HttpRequest(), username=DIRECTOR_USERNAME, password=DIRECTOR_PASSWORD
    )
    assert client.get("/admin/").status_code == 200


def test_loading_again_restores_the_directors_rights_but_never_a_password_someone_set(client, demo):
    """On a laptop that also serves the hall, ``leitung`` has the director's own password;
    the demo must not turn it into the published one."""
    user = get_user_model().objects.get(username=DIRECTOR_USERNAME)
    user.set_password("the directors own")
    user.is_staff = False
    user.save()
    out = StringIO()

    with translation.override("de"):
        call_command("demo", "--force", stdout=out)

    user.refresh_from_db()
    assert user.is_staff and user.is_superuser and user.is_active
    assert not client.login(
        request=HttpRequest(), username=DIRECTOR_USERNAME, password=DIRECTOR_PASSWORD
    )
    assert client.login(
        request=HttpRequest(), username=DIRECTOR_USERNAME, password="the directors own"
    )
    assert DIRECTOR_PASSWORD not in out.getvalue().split("Demo-Liga")[0]
    assert "Passwort: wie zuletzt gesetzt (die Demo ändert es nicht)" in out.getvalue()


def test_the_demo_league_never_changes_the_password_of_a_login_it_finds(demo):
    from league.models import Season
    from league.services.demo import LEADER, demo_logins, load_demo_league

    demo_logins().filter(username=LEADER).delete()
    leader = get_user_model().objects.create_user(LEADER, password="own password")
    Season.objects.update(name="Saison 2027")  # as if the demo league had never been loaded

    load_demo_league(get_user_model().objects.get(username=DIRECTOR_USERNAME))

    leader.refresh_from_db()
    assert leader.check_password("own password")
    assert LEADER not in [login.username for login in demo_logins()]


def test_demo_shows_a_finished_tournament_next_to_a_running_one(demo):
    evening = Tournament.objects.get(name=DEMO_TOURNAMENT)
    cup = Tournament.objects.get(name=DEMO_CUP)

    assert (evening.status, cup.status) == ("running", "finished")
    assert cup.finished_at is not None
    assert list(evening.series.values_list("status", flat=True)) == ["finished", "running"]
    assert not Table.objects.filter(series__status="finished", status="open").exists()
    finished = AuditEntry.objects.filter(action="tournament_finished")
    assert [entry.object_repr for entry in finished if "Demo" in entry.object_repr] == [str(cup)]


def test_demo_shows_money_on_every_list_and_a_balanced_settlement_once(demo):
    """The demo evening has a cash box (services/demo/money.py): a tariff, payments, a
    prize table and a live settlement; loading it again pays nothing twice."""
    tournament = Tournament.objects.get(name=DEMO_TOURNAMENT)
    payments = tournament.payments.count()

    load_demo()

    settlement = money.settlement_of(tournament)
    lists = money.tables_money(Table.objects.filter(series__tournament=tournament))
    assert sum(result.total for result in lists.values()) == settlement.lost_game_fees_due > 0
    # The demo evening is still running (series 2 waits for signatures): a live settlement.
    assert tournament.status == Tournament.Status.RUNNING and not settlement.frozen
    assert settlement.entry_fees_paid == D("140.00")
    assert settlement.lost_game_fees_paid > 0
    assert {a.classification for a in settlement.awards} == {"overall", "women"}
    assert settlement.collected == settlement.prizes + settlement.balance
    assert Participant.objects.filter(tournament=tournament, gender="f").count() == 8
    assert tournament.payments.count() == payments


def test_demo_has_a_small_league_with_a_published_and_a_submitted_report(demo, client):
    """One group of 8 teams, two decentral match days at two venues each with 2 series, a
    team of three, a substitute who played, one report published and one submitted."""
    from league.models import LeagueGroup, MatchReport, RosterEntry
    from league.services.demo import CAPTAIN, LEADER, PASSWORD
    from tournaments.models import Seat

    group = LeagueGroup.objects.get()
    days = list(group.match_days.order_by("number"))
    substitute = RosterEntry.objects.get(substitute=True).player

    assert group.teams.count() == 8
    assert [day.venues.count() for day in days] == [2, 2]
    assert all(not day.central for day in days)
    assert {venue.tournament.planned_series for day in days for venue in day.venues.all()} == {2}
    assert (
        sorted(team.roster.filter(substitute=False).count() for team in group.teams.all())
        == [3] + [4] * 7
    )
    assert Seat.objects.filter(participant__player=substitute).exists()
    assert sorted(MatchReport.objects.values_list("status", flat=True)) == [
        "published",
        "submitted",
    ]
    assert all(report.signatures.count() == 4 for report in MatchReport.objects.all())
    assert client.login(request=HttpRequest(), username=LEADER, password=PASSWORD)
    assert "Staffel Nord" in client.get("/liga/meine/").content.decode()
    assert client.login(request=HttpRequest(), username=CAPTAIN, password=PASSWORD)


def test_the_demo_league_is_marked_as_demo_data(demo, client):
    from league.models import Season, Venue
    from league.services.demo import CAPTAIN, LEADER, demo_logins

    assert client.get("/liga/").content.decode().count('data-testid="demo-mark"') == 1

    assert list(Season.objects.values_list("is_demo", flat=True)) == [True]
    venue_tournaments = Tournament.objects.filter(league_venue__in=Venue.objects.all())
    assert venue_tournaments.count() == 4
    assert set(venue_tournaments.values_list("is_demo", flat=True)) == {True}
    assert [login.username for login in demo_logins()] == [CAPTAIN, LEADER]


def test_deleting_the_demo_removes_the_demo_league_its_logins_clubs_and_players(demo):
    from league.models import LeagueTeam, MatchReport, Season, Venue
    from league.services.demo import CAPTAIN, LEADER
    from league.services.demo import CLUBS as LEAGUE_CLUBS
    from tournaments.services.demo.evening import delete_demo

    director = get_user_model().objects.get(username=DIRECTOR_USERNAME)
    real = Club.objects.create(name="Skatfreunde Echt")
    Player.objects.create(first_name="Erna", last_name="Echt", club=real)

    names = delete_demo(director)

    assert "Demo-Saison 2027" in names and LEADER in names and CAPTAIN in names
    assert not Season.objects.exists() and not LeagueTeam.objects.exists()
    assert not Venue.objects.exists() and not MatchReport.objects.exists()
    assert not Tournament.objects.exists()
    assert not Club.objects.filter(name__in=LEAGUE_CLUBS + DEMO_CLUBS).exists()
    assert list(Player.objects.values_list("last_name", flat=True)) == ["Echt"]
    users = get_user_model().objects.values_list("username", flat=True)
    assert list(users) == [DIRECTOR_USERNAME]
    entry = AuditEntry.objects.get(action="demo_deleted")
    assert entry.after["seasons"] == ["Demo-Saison 2027"]
    assert entry.after["logins"] == [CAPTAIN, LEADER]


def test_the_delete_page_names_the_demo_league_and_its_logins(client, demo):
    client.force_login(get_user_model().objects.get(username=DIRECTOR_USERNAME))

    page = client.get("/leitung/demo/loeschen/").content.decode()

    assert "Demo-Saison 2027" in page
    assert "Landesliga" in page and "Staffel Nord" in page
    assert "staffelleiter" in page and "kapitaen" in page
    assert "Demo-Clubabend" in page
