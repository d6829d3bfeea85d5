"""List B of a table as a CSV file: the second list's raw entries, kept for an appeal
(two lists per table, docs/rules.md 4.1). One line per game as its keeper entered it,
with what the rules made of it; the official list is list A's PDF."""

from django.utils.translation import gettext

from tournaments.models import SecondListGame, Table

from .columns import INTEGER, SIGNED, TEXT, Column
from .spreadsheets import columns_csv


def _yes_no(name: str):
    def value(game) -> str:
        flag = getattr(game, name)
        return "" if flag is None else (gettext("yes") if flag else gettext("no"))

    return value


def second_list_columns() -> list[Column]:
    return [
        Column(gettext("Game"), lambda g: g.number, INTEGER),
        Column(gettext("Dealer"), lambda g: g.dealer_seat, INTEGER),
        Column(gettext("Passed in"), _yes_no("passed")),
        Column(gettext("Declarer"), lambda g: g.declarer_seat, INTEGER),
        Column(gettext("Game type"), lambda g: g.game, TEXT),
        Column(gettext("with matadors"), _yes_no("with_matadors")),
        Column(gettext("Matadors"), lambda g: g.matadors, INTEGER),
        Column(gettext("Hand"), _yes_no("hand")),
        Column(gettext("Schneider announced"), _yes_no("schneider_announced")),
        Column(gettext("Schwarz announced"), _yes_no("schwarz_announced")),
        Column(gettext("Ouvert"), _yes_no("ouvert")),
        Column(gettext("Bid"), lambda g: g.bid, INTEGER),
        Column(gettext("won (as entered)"), _yes_no("won_entered")),
        Column(gettext("Schneider"), _yes_no("schneider")),
        Column(gettext("Schwarz"), _yes_no("schwarz")),
        Column(gettext("conceded"), _yes_no("conceded")),
        Column(gettext("Game value"), lambda g: g.game_value, INTEGER),
        Column(gettext("Score"), lambda g: g.score, SIGNED),
        Column(gettext("entered at"), lambda g: g.entered_at.isoformat(), TEXT),
        Column(gettext("updated at"), lambda g: g.updated_at.isoformat(), TEXT),
    ]


def second_list_csv(table: Table) -> bytes:
    games = SecondListGame.objects.filter(table=table).order_by("number")
    return columns_csv(second_list_columns(), list(games))
