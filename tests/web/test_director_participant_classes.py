"""Prize classes the product can award: the director marks women, juniors and seniors; a
prize for a class nobody is marked for is pointed out; a withdrawal after the draw says
that the player still sits at a table."""

import pytest

from tests import factories as f
from tournaments.models import AuditEntry, Participant
from tournaments.services import money, participants

pytestmark = pytest.mark.django_db


def test_the_director_marks_a_participant_for_the_womens_and_seniors_prizes(director_client):
    tournament = f.make_tournament()
    person = f.make_participants(tournament, 4)[0]

    page = director_client.get(f"/leitung/turniere/{tournament.id}/teilnehmer/").content.decode()
    director_client.post(
        f"/leitung/teilnehmer/{person.id}/wertung/", {"gender": "f", "category": "senior"}
    )

    person.refresh_from_db()
    assert f'data-testid="save-classes-{person.id}"' in page
    assert (person.gender, person.category) == ("f", "senior")
    entry = AuditEntry.objects.get(action="participant_changed")
    assert (entry.before["gender"], entry.after["gender"]) == ("", "f")


def test_a_class_that_does_not_exist_is_refused_with_the_choices(director_client):
    person = f.make_participants(f.make_tournament(), 3)[0]

    response = director_client.post(
        f"/leitung/teilnehmer/{person.id}/wertung/", {"gender": "x", "category": ""}, follow=True
    )

    assert "Wählen Sie eines von: nicht angegeben, weiblich, männlich, divers." in (
        response.content.decode()
    )
    assert Participant.objects.get(pk=person.pk).gender == ""


def test_a_womens_prize_with_nobody_marked_is_pointed_out_until_someone_is(director_client):
    tournament = f.make_tournament()
    money.set_tariff(tournament, {"entry_fee": "10.00", "lost_game_fee": "0.50"})
    people = f.make_participants(tournament, 4)
    director_client.post(
        f"/leitung/turniere/{tournament.id}/kasse/preise/",
        {"prizes": "1: 20,00\nDamen 1: 10,00", "confirm": "on"},
    )

    before = director_client.get(f"/leitung/turniere/{tournament.id}/kasse/").content.decode()
    participants.update_participant(people[2], gender="f")
    after = director_client.get(f"/leitung/turniere/{tournament.id}/kasse/").content.decode()

    assert 'data-testid="unmarked-classes"' in before
    assert "Niemand ist markiert für: beste Damen." in before
    assert 'data-testid="unmarked-classes"' not in after


def test_a_withdrawal_after_the_draw_says_the_player_still_sits_at_a_table(director_client):
    table = f.make_seated_table(players=4)
    person = table.seats.get(number=3).participant

    director_client.post(f"/leitung/teilnehmer/{person.id}/status/", {"withdrawn": "1"})
    page = director_client.get(
        f"/leitung/turniere/{table.series.tournament_id}/teilnehmer/"
    ).content.decode()

    assert f'data-testid="still-seated-{person.id}"' in page
    assert "Sitzt noch an Tisch 1 von Serie 1" in page
    assert f'href="/leitung/tische/{table.id}/#seat-changes"' in page
