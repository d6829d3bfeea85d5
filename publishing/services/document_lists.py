"""The lists of a results document: every series, its tables, who sat where, every game
with its values and list points, the paper summaries, the signatures and the seals.

Read with one query per kind of row for the whole tournament, whatever its size. Values
and list points are the stored ones (``Game.record_value`` wrote them); nothing is valued
here.
"""

from publishing.models import ImportedSeal
from tournaments.models import Game, GamePoints, Seat, Series, Signature, SummaryEntry, Table
from tournaments.services.sealing.seal_document import timestamp

from . import club_keys, table_seals

SIGNED_HOW = {Signature.Method.PIN: "pin", Signature.Method.IMAGE: "drawn"}
CLOSED = (Table.Status.SIGNED, Table.Status.LOCKED)
# A game's declaration and outcome as entered, and what the rules made of it, by the
# document's field name and the stored column it is read from.
GAME_COLUMNS = {
    "number": "number",
    "dealer": "dealer_seat",
    "table_size": "table_size",
    "declarer": "declarer_seat",
    "passed": "passed",
    "game": "game",
    "matadors": "matadors",
    "with_matadors": "with_matadors",
    "hand": "hand",
    "ouvert": "ouvert",
    "schneider_announced": "schneider_announced",
    "schwarz_announced": "schwarz_announced",
    "bid": "bid",
    "won_entered": "won_entered",
    "schneider": "schneider",
    "schwarz": "schwarz",
    "declarer_eyes": "declarer_eyes",
    "declarer_tricks": "declarer_tricks",
    "conceded": "conceded",
    "scored_as": "scored_as",
    "base_value": "base_value",
    "multiplier": "multiplier",
    "value": "game_value",
    "won": "won",
    "overbid": "overbid",
    "score": "score",
}
SUMMARY_COLUMNS = ("seat", "participant", "game_points", "won", "lost", "credits", "total")


def series_objects(tournament, refs: dict[int, str], club) -> list[dict]:
    """The document's ``series``: each series with its tables, in number order.
    ``refs`` maps participant ids to player references; ``club`` seals the closed lists
    (None: a tournament without a club has no key, its lists no seal)."""
    tables = list(
        Table.objects.filter(series__tournament=tournament)
        .order_by("series__number", "number")
        .values("id", "series_id", "number", "status", "entry_mode")
    )
    rows = _rows_by_table(tournament, refs)
    signer = _signer(tournament, club, [t["id"] for t in tables if t["status"] in CLOSED])
    by_series: dict[int, list[dict]] = {}
    for table in tables:
        by_series.setdefault(table["series_id"], []).append(_table_object(table, rows, signer))
    return [
        {"number": number, "status": status, "tables": by_series.get(pk, [])}
        for pk, number, status in Series.objects.filter(tournament=tournament)
        .order_by("number")
        .values_list("id", "number", "status")
    ]


def _rows_by_table(tournament, refs: dict[int, str]) -> dict[str, dict[int, list]]:
    """Seats, games, summaries and signatures of every table, each read in one query."""
    scope = {"table__series__tournament": tournament}
    rows: dict[str, dict[int, list]] = {"seats": {}, "games": {}, "summary": {}, "signatures": {}}
    seats = Seat.objects.filter(**scope).order_by("table_id", "number", "from_game")
    for table, seat, participant, from_game, until_game in seats.values_list(
        "table_id", "number", "participant_id", "from_game", "until_game"
    ):
        rows["seats"].setdefault(table, []).append(
            {
                "seat": seat,
                "player": refs[participant],
                "from_game": from_game,
                "until_game": until_game,
            }
        )
    points: dict[int, dict[str, int]] = {}
    for game, seat, value in (
        GamePoints.objects.filter(tournament=tournament)
        .order_by("game_id", "seat")
        .values_list("game_id", "seat", "points")
    ):
        points.setdefault(game, {})[str(seat)] = value
    games = Game.objects.filter(**scope).order_by("table_id", "number")
    for game in games.values("id", "table_id", *GAME_COLUMNS.values()):
        rows["games"].setdefault(game["table_id"], []).append(_game_object(game, points))
    summary = SummaryEntry.objects.filter(tournament=tournament).order_by("table_id", "seat")
    for entry in summary.values("table_id", *SUMMARY_COLUMNS):
        item = {name: entry[name] for name in SUMMARY_COLUMNS if name != "participant"}
        item["player"] = refs[entry["participant"]]
        rows["summary"].setdefault(entry["table_id"], []).append(item)
    # Two players may sign for one seat (a seat change) at the same moment: the start
    # number, which the document's reference repeats, orders them alike on every server.
    signatures = Signature.objects.filter(**scope).order_by(
        "table_id", "seat", "signed_at", "participant__start_number"
    )
    for table, seat, participant, method, signed_at in signatures.values_list(
        "table_id", "seat", "participant_id", "method", "signed_at"
    ):
        rows["signatures"].setdefault(table, []).append(
            {
                "seat": seat,
                "player": refs[participant],
                "how": SIGNED_HOW[method],
                "at": timestamp(signed_at),
            }
        )
    return rows


def _game_object(game: dict, points: dict[int, dict[str, int]]) -> dict:
    item = {name: game[column] for name, column in GAME_COLUMNS.items()}
    item["game"] = item["game"] or None
    item["scored_as"] = item["scored_as"] or None
    item["points"] = points.get(game["id"], {})
    return item


def _table_object(table: dict, rows: dict[str, dict[int, list]], signer) -> dict:
    pk = table["id"]
    item = {
        "number": table["number"],
        "status": table["status"],
        "seats": rows["seats"].get(pk, []),
        "games": rows["games"].get(pk, []),
        "summary": rows["summary"].get(pk)
        if table["entry_mode"] == Table.EntryMode.SUMMARY
        else None,
        "signatures": rows["signatures"].get(pk, []),
    }
    item["seal"] = signer(pk, item) if table["status"] in CLOSED else None
    return item


def _signer(tournament, club, closed_tables: list[int]):
    """A function giving a closed list's seal: the one its imported document carried, or
    a new signature by the club's key (the club's key is made only when a list needs it)."""
    imported = {
        table: {"algorithm": table_seals.ALGORITHM, "key": key, "signature": signature}
        for table, key, signature in ImportedSeal.objects.filter(
            table_id__in=closed_tables
        ).values_list("table_id", "key", "signature")
    }
    kept: list = []

    def seal(pk: int, item: dict) -> dict | None:
        if pk in imported:
            return imported[pk]
        if club is None:
            return None
        if not kept:
            kept.append(club_keys.signing_key(club))
        key, private_key = kept[0]
        return table_seals.seal_table(item, key, private_key)

    return seal
