"""What an imported document must hold together beyond its schema, checked before anything
is stored: clean text within the database's lengths, player references that name the
document's players, series and tables numbered once. Each refusal names the field as a
path into the document (``players/3/name``)."""

from django.utils.translation import gettext_noop

from tournaments.services.errors import Refusal
from tournaments.services.input import free_text

UNKNOWN_PLAYER = Refusal(
    None,
    "unknown_player",
    gettext_noop("%(ref)s is not one of the document's players."),
)
REF_NOT_START_NUMBER = Refusal(
    None,
    "ref_not_start_number",
    gettext_noop("A player's reference is p and the start number: %(expected)s."),
)
NUMBER_TWICE = Refusal(None, "number_twice", gettext_noop("Number %(number)d is used twice here."))
NAME_LENGTH = 200
PLAYER_NAME_LENGTH = 201  # first and last name of 100 each, and the space between


def ensure_consistent(document: dict) -> None:
    """Refuse, naming the field, what the schema cannot say of ``document``."""
    _text(document["tournament"]["name"], "tournament/name", NAME_LENGTH)
    _text(document["tournament"]["place"], "tournament/place", NAME_LENGTH)
    if document["club"] is not None:
        _text(document["club"]["name"], "club/name", NAME_LENGTH)
    refs = set()
    for index, player in enumerate(document["players"]):
        expected = f"p{player['start_number']}"
        if player["ref"] != expected:
            raise REF_NOT_START_NUMBER.rejected(f"players/{index}/ref", expected=expected)
        refs.add(expected)
        _text(player["name"], f"players/{index}/name", PLAYER_NAME_LENGTH)
        for field in ("club", "team"):
            _text(player[field], f"players/{index}/{field}", NAME_LENGTH)
    _numbered_once([player["start_number"] for player in document["players"]], "players")
    _numbered_once([series["number"] for series in document["series"]], "series")
    for s, series in enumerate(document["series"]):
        path = f"series/{s}/tables"
        _numbered_once([table["number"] for table in series["tables"]], path)
        for t, table in enumerate(series["tables"]):
            for part in ("seats", "summary", "signatures"):
                for r, row in enumerate(table[part] or ()):
                    _known(row["player"], refs, f"{path}/{t}/{part}/{r}/player")
    for kind, rows in (
        ("tournament", document["rankings"]["tournament"]),
        *((f"series/{number}", rows) for number, rows in document["rankings"]["series"].items()),
    ):
        for r, row in enumerate(rows):
            _known(row["player"], refs, f"rankings/{kind}/{r}/player")
    for r, row in enumerate(document["rankings"]["teams"]):
        _text(row["name"], f"rankings/teams/{r}/name", NAME_LENGTH)
        for m, member in enumerate(row["members"]):
            _known(member, refs, f"rankings/teams/{r}/members/{m}")


def _text(value: str | None, field: str, max_length: int) -> None:
    if value is not None:
        free_text(value, field=field, max_length=max_length, multiline=False)


def _known(ref: str, refs: set[str], field: str) -> None:
    if ref not in refs:
        raise UNKNOWN_PLAYER.rejected(field, ref=ref)


def _numbered_once(numbers: list[int], field: str) -> None:
    if len(set(numbers)) != len(numbers):
        raise NUMBER_TWICE.rejected(field, number=_twice(numbers))


def _twice(numbers) -> int:
    seen = set()
    for number in numbers:
        if number in seen:
            return number
        seen.add(number)
    return 0
