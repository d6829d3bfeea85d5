"""Every operation of the API × every role, with two clubs that named their directors and
treasurers.

The operations are read from the OpenAPI schema, so a new endpoint fails here until the
matrix says who may use it. Ids in a path name club A's objects (its tournament, series,
table, player; the league venue its team hosts, with its match report), so the matrix
shows that a director of club B changes nothing of club A, and what each league role
(group leader, captain, association admin) may do. "May" means the answer is not a
refusal for the role (401/403): an allowed request may still be a 400 for its empty body
or a 409 for the object's state. Every request runs in its own savepoint, so a delete by
one role does not change what the next one meets.
"""

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group as UserGroup
from django.db import transaction
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from league.models import Protest
from league.services import reports
from tests import factories as f
from tests.league.factories import make_group, make_league_team, make_match_day, play_venue
from tests.openapi import api_schema
from tournaments.models import Club, Player
from tournaments.services import money
from tournaments.services.roles import TREASURER_GROUP

pytestmark = pytest.mark.django_db

ROLES = (
    "anonymous",
    "member",
    "treasurer",
    "treasurer_a",
    "treasurer_b",
    "staff_without_club",
    "director_a",
    "director_b",
    "group_leader",
    "captain",
    "admin",
)
EVERYONE = frozenset(ROLES)
STAFF = frozenset({"staff_without_club", "director_a", "director_b", "admin"})
CLUB_A = frozenset({"director_a", "admin"})
ADMIN = frozenset({"admin"})
LEADER = frozenset({"group_leader", "admin"})
HOST = frozenset({"director_a", "group_leader", "admin"})
REFUSED = (401, 403)


def expected_roles(path: str, method: str) -> frozenset:
    """Who may call ``method path`` on club A's objects: the matrix."""
    write = method != "get"
    if path == "/api/v1/game-value/" or (path, method) == ("/api/v1/auth/token/", "post"):
        return EVERYONE
    if path == "/api/v1/auth/token/":  # revoking one's own token
        return EVERYONE - {"anonymous"}
    if path.startswith("/api/v1/access-blocks/"):
        return STAFF
    if "/verify/" in path:
        return EVERYONE
    # Club A's own treasurer records payments and prize payouts too; the treasurer named
    # for no club keeps only clubs that named none, and club A named one.
    if path.endswith(("/payments/", "/reverse/", "/payouts/", "/payouts/undo/")):
        return CLUB_A | {"treasurer_a"}
    if path.endswith(("/cash/", "/tariff/", "/prizes/")):
        return CLUB_A | {"treasurer_a"} if not write else CLUB_A
    if path.endswith(
        ("start-cards.pdf", "table-plan-codes.pdf", "table-cards.pdf", "card.pdf", "print-all.pdf")
    ):
        return CLUB_A
    if path.endswith("/results.json"):  # public once finished; club A's tournament is not
        return CLUB_A
    if path == "/api/v1/publishing/clubs/":  # a portal's superuser issues tokens
        return ADMIN
    if path in ("/api/v1/publishing/", "/api/v1/publishing/target/"):  # the hall's portal
        return STAFF
    if (path, method) == ("/api/v1/results/", "post"):
        return frozenset()  # a club's publishing token only, never a login (test_portal.py)
    if path.startswith("/api/v1/players/{id}/") and path.endswith(("/data/", "/data.pdf")):
        return CLUB_A  # a player's stored data (Art. 15): their club's directors
    if path.endswith("/site.zip"):  # the static website: the tournament's directors only
        return CLUB_A
    if path == "/api/v1/seasons/{id}/archive.zip":
        return ADMIN
    if path == "/api/v1/reports/{id}/report.pdf":  # the report is not published yet
        return HOST | {"captain"}
    if path.startswith(("/api/v1/seasons/", "/api/v1/leagues/")):
        return ADMIN if write else EVERYONE
    if path in ("/api/v1/groups/", "/api/v1/groups/{id}/leaders/"):
        return ADMIN if write else EVERYONE
    if path.startswith("/api/v1/groups/"):
        return LEADER if write else EVERYONE
    if path == "/api/v1/venues/{id}/result/":  # live results public: the group's default
        return EVERYONE
    if path.startswith("/api/v1/venues/"):
        return HOST if write else EVERYONE
    if path == "/api/v1/reports/{id}/signatures/":
        return HOST | {"captain"}
    if path == "/api/v1/reports/{id}/protest/":
        return LEADER | {"captain"}
    if path.startswith(("/api/v1/reports/", "/api/v1/protests/")):
        return LEADER if write else EVERYONE
    if path == "/api/v1/tables/{id}/differences/{number}/take/":
        return frozenset()  # a table device with its code only (tests/api/test_two_lists.py)
    if path == "/api/v1/tournaments/{id}/self-registrations/":
        return EVERYONE  # the player's own phone at the door, anonymous (docs/door.md)
    if "/arrivals/" in path or path == "/api/v1/participants/{id}/check-in/":
        return CLUB_A  # the desk at the door, reading included
    if not write:
        return EVERYONE
    if path == "/api/v1/clubs/{id}/directors/":
        return ADMIN
    if path in ("/api/v1/clubs/", "/api/v1/players/"):
        return STAFF
    if path == "/api/v1/tournaments/":
        return CLUB_A  # a tournament of club A (the body names the club)
    if path.startswith(("/api/v1/tournaments/", "/api/v1/series/", "/api/v1/tables/")):
        return CLUB_A
    if path.startswith(("/api/v1/clubs/{id}", "/api/v1/players/{id}")):
        return CLUB_A
    raise AssertionError(f"{method.upper()} {path} is missing from the access matrix")


def _user(name, **flags):
    return get_user_model().objects.create_user(name, **flags)


@pytest.fixture(autouse=True)
def _portal(settings):
    """The portal's endpoints answer 404 elsewhere; here they show who may use them."""
    settings.SKATVEREIN_PORTAL = True


@pytest.fixture(scope="module")
def world(module_db):
    """Club A and club B with their directors, club A's played tournament, a league group
    whose venue club A's team hosts (played, its report sent, a protest lodged)."""
    club_a, club_b = f.make_club("Herz A"), f.make_club("Pik B")
    people = {
        "member": _user("mitglied"),
        "treasurer": _user("kasse"),
        "treasurer_a": _user("kasse_a"),
        "treasurer_b": _user("kasse_b"),
        "staff_without_club": _user("ohne_verein", is_staff=True),
        "director_a": _user("leitung_a", is_staff=True),
        "director_b": _user("leitung_b", is_staff=True),
        "group_leader": _user("staffelleiter"),
        "captain": _user("kapitaen"),
        "admin": _user("verband", is_staff=True, is_superuser=True),
    }
    treasurers = UserGroup.objects.get_or_create(name=TREASURER_GROUP)[0]
    treasurers.user_set.add(people["treasurer"], people["treasurer_a"], people["treasurer_b"])
    club_a.treasurers.add(people["treasurer_a"])
    club_b.treasurers.add(people["treasurer_b"])
    club_a.directors.add(people["director_a"])
    club_b.directors.add(people["director_b"])
    tournament = f.make_played_tournament(players=4, club=club_a)
    series = tournament.series.get()
    table = series.tables.get()
    group = make_group(series=1, rounds=1)
    group.leaders.add(people["group_leader"])
    host = make_league_team(group, club=club_a)
    guest = make_league_team(group, club=club_b, captain_user=people["captain"])
    others = [make_league_team(group, club=club_b) for _ in range(2)]
    venue = make_match_day(group, [[host, guest, *others]]).venues.get()
    play_venue(venue)
    report = reports.submit_report(venue)
    protest = Protest.objects.create(report=report, team=guest, reason="Zählung")
    participant = tournament.participants.first()
    payment = money.record_payment(
        tournament, {"participant": participant.pk, "kind": "entry_fee", "amount": "10.00"}
    )
    ids = {
        "tournaments": tournament.pk,
        "series": series.pk,
        "tables": table.pk,
        "clubs": club_a.pk,
        "players": f.make_player(club_a).pk,
        "groups": group.pk,
        "seasons": group.league.season_id,
        "leagues": group.league_id,
        "teams": host.pk,
        "venues": venue.pk,
        "reports": report.pk,
        "protests": protest.pk,
        "payment_id": payment.pk,
        "participants": participant.pk,
    }
    return {"people": {k: v.pk for k, v in people.items()}, "ids": ids, "club_a": club_a.pk}


def _url(path: str, ids: dict) -> str:
    resource = path.split("/")[3]
    url = path.replace("{id}", str(ids.get(resource, 1)))
    url = url.replace("{number}", "1").replace("{participant_id}", "1")
    url = url.replace("{arrival_id}", "1")
    url = url.replace("{payment_id}", str(ids["payment_id"])).replace("{team}", str(ids["teams"]))
    return url.replace("{seal}", "0" * 64).replace("{address}", "192.0.2.1")


def _body(path: str, world) -> dict:
    if path == "/api/v1/tournaments/":
        return {"name": "Frühjahrspreisskat", "date": "2027-04-01", "club": world["club_a"]}
    return {}


OPERATIONS = sorted(
    (path, method)
    for path, operations in api_schema()["paths"].items()
    for method in operations
    if method in ("get", "post", "put", "patch", "delete")
)


@pytest.mark.parametrize(("path", "method"), OPERATIONS, ids=[f"{m} {p}" for p, m in OPERATIONS])
def test_each_role_may_use_exactly_its_operations(world, path, method):
    allowed = expected_roles(path, method)
    url = _url(path, world["ids"])
    answers = {}
    for role in ROLES:
        client = APIClient()
        if role != "anonymous":
            client.force_authenticate(get_user_model().objects.get(pk=world["people"][role]))
        with transaction.atomic():
            response = getattr(client, method)(url, _body(path, world), format="json")
            transaction.set_rollback(True)
        answers[role] = response.status_code

    refused = {role for role, code in answers.items() if code in REFUSED}
    assert refused == set(EVERYONE - allowed), sorted(answers.items())


def test_the_matrix_covers_every_operation():
    assert len(OPERATIONS) > 120
    for path, method in OPERATIONS:
        expected_roles(path, method)


# --- A director writes only their own clubs' players, and only their own token ------------


def _as(world, role):
    client = APIClient()
    client.force_authenticate(get_user_model().objects.get(pk=world["people"][role]))
    return client


def test_a_director_cannot_create_a_player_in_another_club(world):
    response = _as(world, "director_b").post(
        "/api/v1/players/",
        {"first_name": "Fritz", "last_name": "Fremd", "club": world["club_a"]},
        format="json",
    )

    assert response.status_code == 403
    assert response.json()["errors"][0]["field"] == "club"
    assert response.json()["errors"][0]["message"] == (
        "Nur die Turnierleitung von Herz A darf deren Spieler anlegen oder ändern."
    )
    assert not Player.objects.filter(last_name="Fremd").exists()


def test_a_director_creates_players_in_their_own_club(world):
    response = _as(world, "director_a").post(
        "/api/v1/players/",
        {"first_name": "Fritz", "last_name": "Eigen", "club": world["club_a"]},
        format="json",
    )

    assert response.status_code == 201
    assert Player.objects.get(last_name="Eigen").club_id == world["club_a"]


@pytest.mark.parametrize("method", ["patch", "put"])
def test_a_director_cannot_move_a_player_of_another_club_into_theirs(world, method):
    player = Player.objects.get(pk=world["ids"]["players"])
    club_b = Club.objects.get(name="Pik B")
    body = {"first_name": player.first_name, "last_name": player.last_name, "club": club_b.pk}

    response = getattr(_as(world, "director_b"), method)(
        f"/api/v1/players/{player.pk}/", body, format="json"
    )

    player.refresh_from_db()
    assert response.status_code == 403
    assert player.club_id == world["club_a"]


def test_a_director_cannot_move_their_player_into_another_club(world):
    player = f.make_player(Club.objects.get(name="Pik B"))

    response = _as(world, "director_b").patch(
        f"/api/v1/players/{player.pk}/", {"club": world["club_a"]}, format="json"
    )

    player.refresh_from_db()
    assert response.status_code == 403
    assert player.club.name == "Pik B"


def test_a_director_revokes_only_their_own_token(world):
    director_a = get_user_model().objects.get(pk=world["people"]["director_a"])
    Token.objects.create(user=director_a)

    response = _as(world, "director_b").delete("/api/v1/auth/token/?username=leitung_a")

    assert response.status_code == 403
    assert response.json()["errors"][0]["message"] == (
        "Nur die Administration des Verbands darf den Token eines anderen Benutzers widerrufen."
    )
    assert Token.objects.filter(user=director_a).exists()


def test_the_association_admin_revokes_a_directors_token(world):
    director_a = get_user_model().objects.get(pk=world["people"]["director_a"])
    Token.objects.create(user=director_a)

    response = _as(world, "admin").delete("/api/v1/auth/token/?username=leitung_a")

    assert response.status_code == 204
    assert not Token.objects.filter(user=director_a).exists()
