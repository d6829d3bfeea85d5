"""The seal of a closed list: canonical document, HMAC and verification."""

import datetime
import hashlib
import hmac
import json

import pytest
from django.db import connection
from hypothesis import given
from hypothesis import strategies as st

from tests import factories as f
from tournaments.models import Club, Game, GamePoints, Signature, Table
from tournaments.services import states
from tournaments.services.sealing import signing
from tournaments.services.sealing.seal import REASONS, Mismatch, find_mismatches, verify_seal
from tournaments.services.sealing.seal_document import (
    canonical,
    content_digest,
    list_document,
    seal_of,
)

pytestmark = pytest.mark.django_db

text = st.text(st.characters(exclude_categories=["Cs"]), max_size=8)
json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | text,
    lambda children: st.lists(children, max_size=4) | st.dictionaries(text, children, max_size=4),
    max_leaves=20,
)


@pytest.fixture(scope="module")
def _sealed_id(module_db):
    table = f.make_complete_table(players=4, rounds_per_series=1)
    signing.sign_list(table, 1, image=f.png_data_url())
    return f.sign_all(table).pk


@pytest.fixture
def sealed(_sealed_id, db):
    """A complete 4-table, signed by everybody: seat 1 with a drawn signature (built once
    for the module, module_db)."""
    return Table.objects.get(pk=_sealed_id)


def raw_sql(statement, *params):
    with connection.cursor() as cursor:
        cursor.execute(statement, params)


@given(st.dictionaries(text, json_values, max_size=6))
def test_canonical_form_ignores_key_order_and_keeps_the_data(document):
    reversed_order = dict(reversed(list(document.items())))

    assert canonical(reversed_order) == canonical(document)
    assert json.loads(canonical(document)) == document


def test_canonical_form_is_compact_sorted_utf8():
    assert canonical({"b": 1, "a": ["Jürgen", None]}) == '{"a":["Jürgen",null],"b":1}'.encode()


def test_canonical_form_keeps_a_lone_surrogate():
    assert canonical({"name": "a\ud800"}) == b'{"name":"a\xed\xa0\x80"}'


def test_seal_is_the_hmac_sha256_of_the_canonical_document(settings):
    settings.SEAL_SECRET = "geheim"
    document = {"table": 1, "games": []}

    expected = hmac.new(b"geheim", canonical(document), hashlib.sha256).hexdigest()

    assert seal_of(document) == expected
    assert seal_of(document, secret="anderes") != expected


def test_document_holds_the_whole_list_but_no_pin_or_image(sealed):
    document = list_document(sealed)
    text = canonical(document).decode()

    assert document["tournament"]["name"] == sealed.series.tournament.name
    assert (document["series"], document["table"]["number"]) == (1, sealed.number)
    assert [g["number"] for g in document["games"]] == [1, 2, 3, 4]
    assert [len(g["points"]) for g in document["games"]] == [4, 4, 4, 4]
    assert [s["seat"] for s in document["settlement"]] == [1, 2, 3, 4]
    assert document["signatures"][0]["image_sha256"] == hashlib.sha256(f.png_bytes()).hexdigest()
    assert [s["method"] for s in document["signatures"]] == ["image", "pin", "pin", "pin"]
    for seat in sealed.seats.select_related("participant"):
        assert f'"pin":"{seat.participant.pin}"' not in text
    assert f.png_data_url()[22:40] not in text


def test_content_digest_ignores_signatures_status_and_reason(sealed):
    document = list_document(sealed)
    unsigned = {**document, "signatures": [], "status": "open", "closed_reason": "x"}

    assert content_digest(unsigned) == content_digest(document)
    assert content_digest({**document, "series": 2}) != content_digest(document)


def test_a_sealed_list_verifies(sealed):
    result = verify_seal(sealed.seal)

    assert (result.valid, result.reason, result.mismatches) == (True, "valid", [])
    assert (result.table, result.table_number, result.series) == (sealed.id, sealed.number, 1)
    assert result.tournament["name"] == sealed.series.tournament.name
    assert result.sealed_at == sealed.sealed_at.isoformat()
    assert result.status == "signed"


def test_a_seal_typed_in_upper_case_with_blanks_verifies(sealed):
    typed = " ".join(sealed.seal[i : i + 8] for i in range(0, 64, 8)).upper()

    assert verify_seal(typed).valid


def test_a_game_changed_by_raw_sql_fails_verification_naming_it(sealed):
    game = Game.objects.get(table=sealed, number=3)

    raw_sql("UPDATE tournaments_game SET score = %s WHERE id = %s", game.score + 10, game.id)
    result = verify_seal(sealed.seal)

    assert (result.valid, result.reason) == (False, "changed")
    assert result.mismatches == [Mismatch("games[3].score", game.score, game.score + 10)]


def test_list_points_changed_behind_the_guards_fail_verification(sealed):
    row = GamePoints.objects.get(game__table=sealed, game__number=2, seat=1)

    GamePoints._base_manager.filter(pk=row.pk).update(points=row.points + 30, credit=99)
    result = verify_seal(sealed.seal)

    paths = [m.path for m in result.mismatches]
    assert not result.valid
    assert "games[2].points[1].points" in paths and "games[2].points[1].credit" in paths
    assert "settlement[1].total" in paths


def test_a_removed_signature_fails_verification(sealed):
    signature = Signature.objects.get(table=sealed, seat=4)

    raw_sql("DELETE FROM tournaments_signature WHERE id = %s", signature.id)
    result = verify_seal(sealed.seal)

    assert result.reason == "changed"
    assert [m.path for m in result.mismatches] == [
        f"signatures[participant {signature.participant_id}]"
    ]
    assert result.mismatches[0].current is None


def rename_player(table):
    player = table.seats.get(number=1).participant.player
    player.last_name = "Umbenannt"
    player.save()


def rename_club(table):
    player = table.seats.get(number=1).participant.player
    player.club = player.club or Club.objects.create(name="Skatfreunde")
    player.save()
    player.club.name = "Umbenannter Skatclub"
    player.club.save()


def rename_tournament(table):
    tournament = table.series.tournament
    tournament.name = "Umbenanntes Turnier"
    tournament.date = tournament.date + datetime.timedelta(days=1)
    tournament.save()


def renumber_participant(table):
    participant = table.seats.get(number=2).participant
    participant.start_number = 999
    participant.save()


@pytest.mark.parametrize(
    "edit", [rename_player, rename_club, rename_tournament, renumber_participant]
)
def test_an_edit_outside_the_list_keeps_the_seal_valid(sealed, edit):
    names = list_document(sealed)

    edit(sealed)
    result = verify_seal(sealed.seal)

    assert (result.valid, result.reason, result.mismatches) == (True, "valid", [])
    assert result.tournament == names["tournament"]
    assert list_document(sealed) != names or edit is rename_club


def test_the_sealed_document_is_kept_with_the_table(sealed):
    entry = sealed.audit_entries.get(action="list_signed")

    assert sealed.seal_document == entry.after["document"]
    assert seal_of(sealed.seal_document) == sealed.seal
    assert sealed.seal_document["seats"][0]["name"] == (
        sealed.seats.get(number=1).participant.player.full_name
    )


def test_a_seat_given_to_another_player_by_raw_sql_is_named(sealed):
    first, second = sealed.seats.order_by("number")[:2]

    raw_sql("UPDATE tournaments_seat SET from_game = 99 WHERE id = %s", first.id)
    raw_sql("UPDATE tournaments_seat SET number = 1 WHERE id = %s", second.id)
    raw_sql("UPDATE tournaments_seat SET number = 2, from_game = 1 WHERE id = %s", first.id)
    result = verify_seal(sealed.seal)

    assert (result.valid, result.reason) == (False, "changed")
    assert "seats[1].participant" in [m.path for m in result.mismatches]


def test_an_altered_stored_document_cannot_be_confirmed(sealed):
    document = {**sealed.seal_document, "closed_reason": "untergeschoben"}
    Table._base_manager.filter(pk=sealed.pk).update(seal_document=document)
    raw_sql("UPDATE tournaments_table SET closed_reason = %s WHERE id = %s", "x", sealed.id)

    result = verify_seal(sealed.seal)

    assert (result.valid, result.reason) == (False, "not_reproducible")


def test_timestamps_cut_to_milliseconds_keep_the_seal_valid(sealed):
    for signature in Signature.objects.filter(table=sealed):
        cut = signature.signed_at.replace(
            microsecond=signature.signed_at.microsecond // 1000 * 1000
        )
        Signature._base_manager.filter(pk=signature.pk).update(signed_at=cut)

    assert verify_seal(sealed.seal).valid


def test_a_seal_made_with_another_secret_cannot_be_confirmed(sealed, settings):
    settings.SEAL_SECRET = "a-different-seal-secret"

    result = verify_seal(sealed.seal)

    assert (result.valid, result.reason, result.mismatches) == (False, "not_reproducible", [])


def test_an_altered_audit_record_does_not_make_a_changed_list_valid(sealed):
    game = Game.objects.get(table=sealed, number=1)
    raw_sql("UPDATE tournaments_game SET score = %s WHERE id = %s", 1, game.id)
    entry = sealed.audit_entries.get(action="list_signed")
    entry.after["document"]["games"][0]["score"] = 1
    entry.save()

    result = verify_seal(sealed.seal)

    assert (result.valid, result.reason) == (False, "changed")
    assert [m.path for m in result.mismatches][0] == "games[1].score"


@pytest.mark.parametrize(
    ("code", "reason"),
    [
        ("0" * 64, "unknown"),
        ("not-a-seal", "malformed"),
        ("g" * 64, "malformed"),
        ("", "malformed"),
    ],
)
def test_unknown_and_malformed_seals_are_not_valid(db, code, reason):
    result = verify_seal(code)

    assert (result.valid, result.reason, result.table) == (False, reason, None)
    assert result.message == REASONS[reason]


def test_a_superseded_seal_names_its_table(sealed):
    old_seal = sealed.seal
    states.apply(sealed, "reopen", f.make_staff_user(), "Korrektur")

    result = verify_seal(old_seal)

    assert (result.valid, result.reason, result.table) == (False, "superseded", sealed.id)
    assert result.status == "open"
    assert [m.path for m in result.mismatches] == [
        f"signatures[participant {p}]"
        for p in sealed.seats.order_by("number").values_list("participant_id", flat=True)
    ] + ["status"]


def test_mismatches_match_list_items_by_their_key():
    first, second = {"seat": 4, "from_game": 1, "name": "A"}, {"seat": 4, "from_game": 5}
    stored = {
        "games": [{"number": 1, "score": 24}, {"number": 2, "score": 0}],
        "seats": [first, {**second, "name": "B"}],
        "series": 1,
    }
    current = {
        "games": [{"number": 1, "score": 24}],
        "seats": [first, {**second, "name": "C"}],
        "series": 2,
    }

    assert find_mismatches(stored, current) == [
        Mismatch("games[2]", {"number": 2, "score": 0}, None),
        Mismatch("seats[4@5].name", "B", "C"),
        Mismatch("series", 1, 2),
    ]
