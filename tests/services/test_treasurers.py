"""A club's directors name its treasurers (Kassenwart) without the admin; every step audited."""

import pytest
from django.contrib.auth import get_user_model
from django.core.exceptions import PermissionDenied

from tests import factories as f
from tournaments.models import AuditEntry
from tournaments.services import roles, treasurers
from tournaments.services.errors import Rejected

pytestmark = pytest.mark.django_db


@pytest.fixture
def club_and_director():
    club = f.make_club("Herz A")
    director = f.make_staff_user("leitung_a")
    club.directors.add(director)
    return club, director


def test_a_director_makes_a_new_login_the_clubs_treasurer(club_and_director):
    club, director = club_and_director
    event = f.make_tournament(club=club)

    treasurer = treasurers.name_treasurer(
        club, {"username": "kasse", "password": "Kassenbuch-2027"}, user=director
    )

    treasurer = get_user_model().objects.get(pk=treasurer.pk)
    assert treasurer.check_password("Kassenbuch-2027")
    assert roles.is_treasurer(treasurer) and not roles.is_director(treasurer)
    assert roles.may_see_money(treasurer, event)
    assert list(club.treasurers.all()) == [treasurer]
    entry = AuditEntry.objects.get(action="treasurer_named")
    assert entry.user == director
    assert entry.after == {"club": club.pk, "user": treasurer.pk, "new_login": True}


def test_an_existing_login_keeps_its_password(club_and_director):
    club, director = club_and_director
    member = get_user_model().objects.create_user("erna", password="Ernas-eigenes-1")

    treasurers.name_treasurer(club, {"username": "erna", "password": ""}, user=director)

    member.refresh_from_db()
    assert member.check_password("Ernas-eigenes-1")
    assert list(club.treasurers.all()) == [member]
    with pytest.raises(Rejected) as refused:
        treasurers.name_treasurer(club, {"username": "erna", "password": "x"}, user=director)
    assert refused.value.problems[0].field == "password"
    assert refused.value.problems[0].code == "login_exists"


@pytest.mark.parametrize(
    ("data", "field", "code"),
    [
        ({"username": "", "password": "Kassenbuch-2027"}, "username", "required"),
        ({"username": "kasse", "password": ""}, "password", "password_required"),
        ({"username": "kasse", "password": "123"}, "password", "weak_password"),
        ({"username": "Kasse Wart", "password": "Kassenbuch-2027"}, "username", "invalid_username"),
        ({"username": "k" * 151, "password": "Kassenbuch-2027"}, "username", "too_long"),
        ({"username": "kasse\x00", "password": "Kassenbuch-2027"}, "username", "control_character"),
    ],
)
def test_bad_input_is_refused_naming_the_field(club_and_director, data, field, code):
    club, director = club_and_director

    with pytest.raises(Rejected) as refused:
        treasurers.name_treasurer(club, data, user=director)

    assert (refused.value.problems[0].field, refused.value.problems[0].code) == (field, code)
    assert not club.treasurers.exists()
    assert (
        not get_user_model()
        .objects.filter(username__startswith="k")
        .exclude(username="leitung_a")
        .exists()
    )


def test_only_the_clubs_directors_name_its_treasurers(club_and_director):
    club, _director = club_and_director
    other = f.make_staff_user("leitung_b")
    f.make_club("Pik B").directors.add(other)

    with pytest.raises(PermissionDenied):
        treasurers.name_treasurer(
            club, {"username": "kasse", "password": "Kassenbuch-2027"}, user=other
        )

    assert not get_user_model().objects.filter(username="kasse").exists()


def test_removing_the_last_club_takes_the_treasurer_out_of_the_group(club_and_director):
    club, director = club_and_director
    second = f.make_club("Herz A II")
    second.directors.add(director)
    treasurer = treasurers.name_treasurer(
        club, {"username": "kasse", "password": "Kassenbuch-2027"}, user=director
    )
    treasurers.name_treasurer(second, {"username": "kasse"}, user=director)

    treasurers.remove_treasurer(club, treasurer.pk, user=director)
    still = roles.is_treasurer(get_user_model().objects.get(pk=treasurer.pk))
    treasurers.remove_treasurer(second, treasurer.pk, user=director)
    gone = not roles.is_treasurer(get_user_model().objects.get(pk=treasurer.pk))

    assert still and gone
    assert AuditEntry.objects.filter(action="treasurer_removed").count() == 2
    with pytest.raises(Rejected):
        treasurers.remove_treasurer(club, treasurer.pk, user=director)
