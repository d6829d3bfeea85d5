"""How many queries a player's signature takes.

At the end of a series every player of every table signs within minutes, each signature
under its table's row lock; its query count is fixed here so that a change that adds a
query shows up as a failing test, not as a longer wait at the last tables.
"""

import pytest

from tests import factories as f
from tournaments.models import Table
from tournaments.services.sealing import signing

pytestmark = pytest.mark.django_db

# Before the lock: the table, its seats and players, the games entered, and the PIN check
# in a savepoint (the player's row, their refused PINs). Under the lock, in a savepoint:
# the table, its seats, the games entered; the list as the signature confirms it (seats,
# list points, games, summary, settlement, signatures); the signatures given so far (read
# once: stale ones, a second signature of the player, who is still missing); the
# signature, the tournament's version and the audit entry, which names the player read
# with the seats. The signature's write skips the lock check of models/locking.py: the
# service holds the table's row lock and has just seen the list open.
SIGN_BY_PIN_QUERIES = 22
# A drawn signature has no PIN check; it is compared with the drawn ones already read.
SIGN_BY_IMAGE_QUERIES = 18


def pin_of(table, seat):
    return table.seats.select_related("participant").get(number=seat).participant.pin


def test_a_signature_by_pin_takes_a_fixed_number_of_queries(django_assert_num_queries):
    table = f.make_complete_table(players=4)
    signing.sign_list(table, 1, pin=pin_of(table, 1))
    pin = pin_of(table, 2)

    with django_assert_num_queries(SIGN_BY_PIN_QUERIES):
        signing.sign_list(table, 2, pin=pin)


def test_a_drawn_signature_takes_a_fixed_number_of_queries(django_assert_num_queries):
    table = f.make_complete_table(players=4)
    signing.sign_list(table, 1, image=f.png_data_url())

    with django_assert_num_queries(SIGN_BY_IMAGE_QUERIES):
        signing.sign_list(table, 2, image=f.png_data_url(f.png_bytes(variant=1)))

    assert Table.objects.get(pk=table.pk).signatures.count() == 2
