"""An invitation names a person: it is theirs in the Art. 15 export of the player it is
linked to, it loses the name when that player is erased, and an unused invitation is
deleted some days after it expired (docs/privacy.md, "Invitations")."""

import datetime

import pytest
from django.utils import timezone

from league.models import Invitation, LeagueTeam
from league.services import invitation_privacy, invitations
from tests import factories as f
from tests.league import factories as lf
from tournaments.models import AuditEntry
from tournaments.services.erasure import erase_player

pytestmark = pytest.mark.django_db


@pytest.fixture
def captain():
    """The captain of a league team, invited by name to be the team's captain login."""
    team = lf.make_league_team(lf.make_group())
    player = team.captain
    player.first_name, player.last_name = "Erika", "Mustermann"
    player.save()
    return player


def _invite(team, name="Erika Mustermann"):
    invitation, _ = invitations.invite(team, name)
    return invitation


def test_the_data_export_lists_the_invitations_naming_the_captain(director_client, captain):
    team = LeagueTeam.objects.get(captain=captain)
    mine = _invite(team, "erika  mustermann")
    _invite(team, "Hans Meier")  # a captain invited before her, another person
    _invite(lf.make_league_team(lf.make_group()), "Erika Mustermann")  # not her team

    data = director_client.get(f"/api/v1/players/{captain.pk}/data/").json()

    assert [(item["id"], item["name"], item["role"]) for item in data["invitations"]] == [
        (mine.pk, "erika mustermann", "captain")
    ]
    pdf = director_client.get(f"/api/v1/players/{captain.pk}/data.pdf")
    assert "Einladungen" in f.pdf_words(pdf.content)


def test_the_data_export_lists_the_invitation_whose_login_is_the_captains(captain):
    team = LeagueTeam.objects.get(captain=captain)
    login = invitations.accept(_token_of(team, "Frau Mustermann"), _passwords("erika"))

    assert [item["user"] for item in invitation_privacy.invitations_of(captain)] == [login.pk]


def test_erasure_removes_the_name_from_the_invitation_its_login_and_audit(captain):
    team = LeagueTeam.objects.get(captain=captain)
    token = _token_of(team, "Erika Mustermann")
    login = invitations.accept(token, _passwords("erika"))
    other = _invite(team, "Hans Meier")

    erase_player(captain, "Antrag der Spielerin")

    invitation = Invitation.objects.get(user=login)
    login.refresh_from_db()
    assert invitation.name == "Gelöschte Person 1"
    assert (login.first_name, login.last_name) == ("Gelöschte Person 1", "")
    assert Invitation.objects.get(pk=other.pk).name == "Hans Meier"
    created = AuditEntry.objects.get(action="invitation_created", after__invitation=invitation.pk)
    assert "Mustermann" not in f"{created.object_repr} {created.after}"


def test_an_unused_invitation_is_deleted_days_after_it_expired(captain):
    team = LeagueTeam.objects.get(captain=captain)
    old, recent, used = _invite(team), _invite(team), _invite(team, "Hans Meier")
    now = timezone.now()
    days = invitation_privacy.KEEP_EXPIRED_DAYS
    Invitation.objects.filter(pk__in=[old.pk, used.pk]).update(
        expires_at=now - datetime.timedelta(days=days + 1)
    )
    Invitation.objects.filter(pk=used.pk).update(used_at=now - datetime.timedelta(days=days + 20))
    Invitation.objects.filter(pk=recent.pk).update(expires_at=now - datetime.timedelta(days=1))

    _invite(lf.make_league_team(lf.make_group()), "Neue Person")  # every invitation tidies up

    assert not Invitation.objects.filter(pk=old.pk).exists()
    assert Invitation.objects.filter(pk__in=[recent.pk, used.pk]).count() == 2
    created = AuditEntry.objects.get(action="invitation_created", after__invitation=old.pk)
    assert "Mustermann" not in f"{created.object_repr} {created.after}"


def _token_of(team, name):
    _, token = invitations.invite(team, name)
    return token


def _passwords(login):
    return {"username": login, "password1": "Kreuz-Bube-17!", "password2": "Kreuz-Bube-17!"}
