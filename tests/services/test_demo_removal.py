"""The demo on a hall server: marked as demo, and deleted by the director in one step."""

import pytest

from tests import factories as f
from tournaments.models import AuditEntry, Club, Game, Payment, Player, Table, Tournament
from tournaments.services import money, participants
from tournaments.services.demo.evening import delete_demo, load_demo, may_delete_demo
from tournaments.services.errors import Rejected

pytestmark = pytest.mark.django_db


def test_the_demo_is_loaded_marked_and_deleted_without_touching_a_real_tournament():
    director = f.make_staff_user()
    load_demo(director)
    real = f.make_tournament(name="Clubabend Januar")
    # A demo player who also plays in a real tournament stays, and so does his club.
    regular = Player.objects.get(last_name="Becker")
    participants.register(real, regular)

    names = delete_demo(director)

    assert sorted(names) == ["Demo-Clubabend", "Demo-Herbstpokal"]
    assert list(Tournament.objects.values_list("name", flat=True)) == ["Clubabend Januar"]
    assert not Game.objects.exists() and not Table.objects.exists()
    assert list(Player.objects.all()) == [regular]
    assert list(Club.objects.values_list("name", flat=True)) == [regular.club.name]
    entry = AuditEntry.objects.get(action="demo_deleted")
    assert entry.user == director
    assert entry.after == {"tournaments": names}
    assert not AuditEntry.objects.filter(table__isnull=False).exists()
    # No login with the demo's published password was created on the way.
    assert not type(director).objects.filter(username="leitung").exists()


def test_only_tournaments_marked_as_demo_are_deleted_signed_lists_included():
    table = f.make_complete_table(players=4)
    f.sign_all(table)
    table.series.tournament.is_demo = True
    table.series.tournament.save()
    kept = f.make_complete_table(players=3)
    f.sign_all(kept)

    delete_demo(f.make_staff_user())

    assert list(Table.objects.all()) == [kept]
    assert Table.objects.get().status == Table.Status.SIGNED


def test_the_demo_is_deleted_completely_after_a_payment_reversal():
    admin = f.make_superuser()
    load_demo(admin)
    tournament = Tournament.objects.get(name="Demo-Clubabend")
    payment = Payment.objects.filter(tournament=tournament).order_by("pk").first()
    money.reverse_payment(tournament, payment.pk, "Doppelt gebucht", user=admin)

    names = delete_demo(admin)

    assert sorted(names) == ["Demo-Clubabend", "Demo-Herbstpokal"]
    assert not Tournament.objects.exists()
    assert not Payment.objects.exists()
    assert not Player.objects.exists() and not Club.objects.exists()


def test_the_demo_is_deleted_only_by_who_may_direct_all_its_clubs():
    own, other = f.make_club("Verein A"), f.make_club("Verein B")
    director_a, director_b = f.make_staff_user(), f.make_staff_user()
    own.directors.add(director_a)
    other.directors.add(director_b)
    f.make_tournament(name="Demo-Clubabend", is_demo=True, club=own)
    f.make_tournament(name="Clubabend B", club=other)

    with pytest.raises(Rejected) as refused:
        delete_demo(director_b)

    assert refused.value.problems[0].code == "demo_not_directed"
    assert Tournament.objects.count() == 2
    assert not may_delete_demo(director_b)
    assert may_delete_demo(director_a)
    assert delete_demo(director_a) == ["Demo-Clubabend"]
