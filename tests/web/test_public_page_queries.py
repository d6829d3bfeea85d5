"""Query counts of the public pages and the start cards: constant whatever the number of
tournaments, players or tables.

The data (one and three tournaments) is built once per count for the whole module; each
test's page visit is rolled back after it (and the pages cache emptied before the next).
"""

import pytest

from tests import factories as f
from tournaments.models import Player, Tournament
from tournaments.services import participants

pytestmark = pytest.mark.django_db

KARO = {"game": "diamonds", "matadors": 1}


def build(count):
    """``count`` running tournaments, each with ``count`` tables of four played in series 1
    and ``count`` teams; returns the ids of the first tournament and of one of its players."""
    first = None
    for _ in range(count):
        club = f.make_club()
        tournament = f.make_tournament(rounds_per_series=1, club=club)
        for n in range(count):
            team = participants.create_team(tournament, f"Team {n}", club=club)
            for _ in range(4):
                participants.register(tournament, f.make_player(club), team=team)
        series = f.make_series(tournament)
        people = list(tournament.participants.order_by("start_number"))
        for n in range(count):
            table = f.make_table(series, people[4 * n : 4 * n + 4])
            f.enter(table, declarer_seat=2, won=True, **KARO)
            f.enter(table, declarer_seat=3, won=False, **KARO)
        first = first or (tournament.id, people[0].player_id)
    return first


@pytest.fixture(scope="module", params=[1, 3], ids=["1", "3"])
def built(request, module_db):
    """(count, first tournament id, a player id) of :func:`build`, once per count."""
    return (request.param, *build(request.param))


# A first visit of a ranking also keeps the ranking, its first screen and its rendered
# table in the worker's pages cache, which is memory, not the database: no query for it
# (before it was in the database cache: 7 queries each). Later visits read them there or
# answer 304; the live table (?fragment=1) keeps the newest table rendered there too. A
# ranking's first visit reads the roster stamp, then the people it keeps under it.
# A ranking also asks once whether its results are withheld or provisional (the league's
# rule in services/result_access.py: is this tournament a league venue?).
# page: (its address, its queries, whom it shows: the tournament, a player or a team)
PAGES = {
    "list": (lambda t, p: "/turniere/", 1, "tournament"),
    "overview": (lambda t, p: f"/turniere/{t}/", 4, "tournament"),
    "ranking": (lambda t, p: f"/turniere/{t}/rangliste/", 9, "player"),
    "fragment": (lambda t, p: f"/turniere/{t}/rangliste/?fragment=1", 9, "player"),
    "series_ranking": (lambda t, p: f"/turniere/{t}/serie/1/rangliste/", 9, "player"),
    "team_ranking": (lambda t, p: f"/turniere/{t}/mannschaften/", 9, "team"),
    "table_plan": (lambda t, p: f"/turniere/{t}/serie/1/tischplan/", 8, "player"),
    "home": (lambda t, p: "/", 1, "tournament"),
}


@pytest.mark.parametrize("page", PAGES)
def test_public_page_query_count_is_constant(client, django_assert_num_queries, built, page):
    _count, tournament, player = built
    url, queries, shown = PAGES[page]

    with django_assert_num_queries(queries):
        response = client.get(url(tournament, player))

    names = {
        "tournament": Tournament.objects.get(pk=tournament).name,
        "player": Player.objects.get(pk=player).last_name,
        "team": "Team 0",
    }
    assert names[shown] in response.content.decode()


def test_start_cards_query_count_is_constant(client, django_assert_num_queries, built):
    _count, tournament, player = built
    client.force_login(f.make_staff_user())

    # 7: the director pages' guard reads the tournament and asks whether the user directs
    # it (services/roles.py, two queries) before the page reads what it shows.
    with django_assert_num_queries(7):
        response = client.get(f"/turniere/{tournament}/startkarten/")

    assert Player.objects.get(pk=player).last_name in response.content.decode()
