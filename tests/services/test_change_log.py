"""Every change of a tournament, player or club is in the audit trail."""

import pytest

from tests import factories as f
from tournaments.models import AuditEntry

pytestmark = pytest.mark.django_db


def make_superuser():
    user = f.make_staff_user()
    user.is_superuser = True
    user.save()
    return user


def entries(action):
    return list(AuditEntry.objects.filter(action=action).order_by("id"))


@pytest.mark.parametrize(
    ("make", "name", "field", "value"),
    [
        (f.make_tournament, "tournament", "name", "Herbstpreisskat"),
        (f.make_player, "player", "last_name", "Umbenannt"),
        (f.make_club, "club", "name", "Skatfreunde Neustadt"),
    ],
)
def test_create_change_and_delete_are_recorded(make, name, field, value):
    obj = make()
    old = getattr(obj, field)

    setattr(obj, field, value)
    obj.save()
    obj.save()
    obj.delete()

    (created,) = entries(f"{name}_created")
    (changed,) = entries(f"{name}_changed")
    (deleted,) = entries(f"{name}_deleted")
    assert created.after[field] == old
    assert (changed.before, changed.after) == ({field: old}, {field: value})
    assert deleted.before[field] == value


def test_a_change_in_the_admin_names_the_director(client):
    director = make_superuser()
    player = f.make_player(first_name="Karl", last_name="Becker")
    client.force_login(director)

    response = client.post(
        f"/admin/tournaments/player/{player.pk}/change/",
        {"first_name": "Karl", "last_name": "Bäcker", "club": "", "member_number": ""},
    )

    assert response.status_code == 302
    (changed,) = entries("player_changed")
    assert (changed.user, changed.actor) == (director, director.get_username())
    assert changed.after == {"last_name": "Bäcker"}


def test_a_deletion_in_the_admin_is_recorded(client):
    director = make_superuser()
    club = f.make_club()
    client.force_login(director)

    response = client.post(f"/admin/tournaments/club/{club.pk}/delete/", {"post": "yes"})

    assert response.status_code == 302
    (deleted,) = entries("club_deleted")
    assert (deleted.actor, deleted.before["name"]) == (director.get_username(), club.name)
