"""The demo evening's cash box: a tariff, some payments and a prize table.

So that ``make run`` shows money on every list, a director's cash box with people who
still owe something, and a settlement that balances. Idempotent: a demo tournament that
already has a tariff is left as it is.
"""

from tournaments.models import Participant, Tournament

from .. import money

TARIFF = {
    "entry_fee": "10.00",
    "lost_game_fee": "0.50",
    "lost_game_fee_from": 4,
    "lost_game_fee_higher": "1.00",
    "passed_game_fee": "0.00",
}
PRIZES = [
    {"rank": 1, "percent": "30"},
    {"rank": 2, "percent": "20"},
    {"rank": 3, "percent": "10"},
    {"rank": 4, "amount": "10.00"},
    {"classification": "women", "rank": 1, "amount": "10.00"},
]
WOMEN = {"Monika", "Sabine", "Renate", "Petra", "Ingrid", "Gisela", "Brigitte", "Karin"}
UNPAID_ENTRY_FEES = 2  # the last two start numbers still owe their entry fee


def load_demo_money(tournament: Tournament) -> bool:
    """Give the demo tournament its money; False if it already had a tariff."""
    if money.tariff_of(tournament).pk is not None:
        return False
    people = list(tournament.participants.select_related("player").order_by("start_number"))
    Participant.objects.filter(
        pk__in=[p.pk for p in people if p.player.first_name in WOMEN]
    ).update(gender=Participant.Gender.FEMALE)
    money.set_tariff(tournament, TARIFF)
    for participant in people[:-UNPAID_ENTRY_FEES]:
        money.mark_entry_fee_paid(participant)
    first = tournament.series.order_by("number").first()
    if first is not None:
        for table in first.tables.order_by("number")[:3]:
            money.mark_table_paid(table)
    money.set_prize_table(tournament, PRIZES, confirm=True)
    if tournament.status == Tournament.Status.FINISHED:
        money.freeze_settlement(tournament)
    return True
