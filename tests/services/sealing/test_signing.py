"""Signing, ending early, closing and reopening lists (docs/rules.md, section 4)."""

import datetime
import re

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.models import AnonymousUser
from django.core.exceptions import PermissionDenied
from django.utils import timezone

from tests import factories as f
from tournaments.models import AuditEntry, Signature, Table
from tournaments.services import seating, states
from tournaments.services.errors import Rejected
from tournaments.services.lists import listkeeping, summary
from tournaments.services.sealing import signature_image, signing
from tournaments.services.sealing.seal import SEAL_PATTERN, verify_seal

pytestmark = pytest.mark.django_db


@pytest.fixture
def table(signable_table):
    return signable_table


def wrong_pin(table, seat):
    return "0000" if f.pin_of(table, seat) != "0000" else "1111"


def refused(call) -> tuple[str, str, bool]:
    with pytest.raises(Rejected) as error:
        call()
    problem = error.value.problems[0]
    return problem.field, problem.code, error.value.conflict


def test_sign_by_pin_records_the_signature_and_an_audit_entry(table):
    signature = signing.sign_list(table, 2, pin=f.pin_of(table, 2))

    assert (signature.seat, signature.method, bytes(signature.image)) == (2, "pin", b"")
    assert signature.participant_id == table.seats.get(number=2).participant_id
    entry = AuditEntry.objects.get(table=table, action="signature_added")
    assert entry.after["seat"] == 2 and entry.after["method"] == "pin"
    table.refresh_from_db()
    assert table.status == Table.Status.OPEN and table.seal == ""


def test_sign_by_image_stores_the_png(table):
    signature = signing.sign_list(table, 1, image=f.png_data_url())

    assert signature.method == Signature.Method.IMAGE
    assert bytes(Signature.objects.get(pk=signature.pk).image) == f.png_bytes()


def test_wrong_pin_is_refused_naming_the_seat(table):
    with pytest.raises(Rejected) as error:
        signing.sign_list(table, 3, pin=wrong_pin(table, 3))

    problem = error.value.problems[0]
    assert (problem.field, problem.code) == ("pin", "pin_mismatch")
    assert "seat 3" in problem.text()
    assert not Signature.objects.exists()
    assert AuditEntry.objects.filter(action=signing.PIN_REFUSED, after__seat=3).count() == 1


def test_wrong_pins_are_limited_per_seat(table):
    for _ in range(signing.PIN_ATTEMPTS):
        refused(lambda: signing.sign_list(table, 1, pin=wrong_pin(table, 1)))

    with pytest.raises(signing.TooManyAttempts) as blocked:
        signing.sign_list(table, 1, pin=f.pin_of(table, 1))
    other_seat = signing.sign_list(table, 2, pin=f.pin_of(table, 2))

    assert blocked.value.problems[0].code == "too_many_pin_attempts"
    assert 0 < blocked.value.retry_after <= 600
    assert other_seat.seat == 2
    assert not Signature.objects.filter(seat=1).exists()


def test_pin_limit_ends_after_the_window(table):
    for _ in range(signing.PIN_ATTEMPTS):
        refused(lambda: signing.sign_list(table, 1, pin=wrong_pin(table, 1)))
    earlier = timezone.now() - signing.PIN_WINDOW - datetime.timedelta(seconds=1)
    AuditEntry.objects.filter(action=signing.PIN_REFUSED).update(created_at=earlier)

    assert signing.sign_list(table, 1, pin=f.pin_of(table, 1)).seat == 1


@pytest.mark.parametrize(
    ("image", "code"),
    [
        (12345, "image_not_png_data_url"),
        ("data:image/jpeg;base64,/9j/4AAQ", "image_not_png_data_url"),
        ("iVBORw0KGgo=", "image_not_png_data_url"),
        ("data:image/png;base64,this is not base64!", "image_not_base64"),
        ("data:image/png;base64,QUJD", "image_not_png"),
        (f.png_data_url(f.png_bytes()[:-12]), "image_not_png"),
        (f.png_data_url(f.png_bytes()[:30] + b"X" + f.png_bytes()[31:]), "image_not_png"),
        (f.png_data_url(f.png_bytes(width=0)), "image_not_png"),
        (f.png_data_url(f.png_bytes(chunks=[(b"tEXt", b"x" * 210_000)])), "image_too_large"),
        ("data:image/png;base64," + "A" * 300_000, "image_too_large"),
    ],
    ids=[
        "not-text",
        "jpeg",
        "no-data-url",
        "not-base64",
        "not-png",
        "truncated",
        "broken-crc",
        "zero-width",
        "too-large-png",
        "too-large-text",
    ],
)
def test_bad_signature_images_are_refused(table, image, code):
    assert refused(lambda: signing.sign_list(table, 1, image=image)) == ("image", code, False)
    assert not Signature.objects.exists()


def test_image_data_url_may_be_wrapped_and_upper_case():
    wrapped = "DATA:IMAGE/PNG;BASE64," + "\n".join(re.findall(".{1,20}", f.png_data_url()[22:]))

    assert signature_image.read_signature_image(wrapped) == f.png_bytes()


def canvas_png(draw) -> bytes:
    """A PNG as the signing page's canvas makes it: transparent, black strokes."""
    import io

    from PIL import Image, ImageDraw

    image = Image.new("RGBA", (600, 200), (0, 0, 0, 0))
    draw(ImageDraw.Draw(image))
    buffer = io.BytesIO()
    image.save(buffer, "PNG")
    return buffer.getvalue()


def test_a_drawing_from_the_canvas_is_accepted(table):
    png = canvas_png(
        lambda pen: pen.line([(40, 150), (120, 40), (200, 160), (330, 60)], fill="black", width=5)
    )

    assert signing.sign_list(table, 1, image=f.png_data_url(png)).method == "image"


@pytest.mark.parametrize(
    ("png", "code"),
    [
        (f.png_bytes(ink=False), "image_blank"),
        (canvas_png(lambda pen: None), "image_blank"),
        (
            canvas_png(lambda pen: pen.ellipse([300, 100, 306, 106], fill="black")),
            "image_too_little_ink",
        ),
        (
            canvas_png(lambda pen: pen.line([(10, 100), (590, 100)], fill="black", width=3)),
            "image_too_little_ink",
        ),
        (f.png_bytes(width=3, height=2), "image_too_little_ink"),
        (canvas_png(lambda pen: pen.rectangle([0, 0, 599, 199], fill="black")), "image_filled"),
        (canvas_png(lambda pen: pen.rectangle([50, 40, 400, 160], fill="black")), "image_filled"),
    ],
    ids=["blank-grey", "blank-canvas", "dot", "one-straight-line", "tiny", "box", "blot"],
)
def test_a_signature_that_is_no_drawing_is_refused_naming_the_seat(table, png, code):
    with pytest.raises(Rejected) as error:
        signing.sign_list(table, 3, image=f.png_data_url(png))

    problem = error.value.problems[0]
    assert (problem.field, problem.code) == ("image", code)
    assert "seat 3" in problem.text()
    assert not Signature.objects.exists()


@pytest.mark.parametrize(
    "copy",
    [f.png_bytes(), f.png_bytes(chunks=[(b"tEXt", b"Comment\x00another file, same pixels")])],
    ids=["same-file", "same-pixels"],
)
def test_a_copy_of_another_seats_signature_is_refused(table, copy):
    signing.sign_list(table, 1, image=f.png_data_url(f.png_bytes()))

    with pytest.raises(Rejected) as error:
        signing.sign_list(table, 2, image=f.png_data_url(copy))

    problem = error.value.problems[0]
    assert (problem.field, problem.code) == ("image", "image_copied")
    assert "seat 2" in problem.text() and "seat 1" in problem.text()
    assert list(table.signatures.values_list("seat", flat=True)) == [1]


def scribble(seed: int, *, shift=(0, 0), scale=1.0) -> bytes:
    """A name-like drawing of a few wavy strokes, different for every ``seed``."""
    import math
    import random

    rng = random.Random(seed)

    def draw(pen):
        x = 40
        for stroke in range(rng.randint(2, 4)):
            base = rng.randint(70, 130)
            points = []
            for step in range(40):
                x += rng.uniform(2, 8)
                y = base + 40 * math.sin(step / rng.uniform(2, 6) + stroke) + rng.uniform(-6, 6)
                points.append(((x + shift[0]) * scale, (y + shift[1]) * scale))
            pen.line(points, fill="black", width=max(1, round(3 * scale)))
            x += rng.uniform(10, 30)

    return canvas_png(draw) if scale == 1.0 else _scaled_canvas(draw, scale)


def _scaled_canvas(draw, scale) -> bytes:
    import io

    from PIL import Image, ImageDraw

    image = Image.new("RGBA", (round(600 * scale), round(200 * scale)), (0, 0, 0, 0))
    draw(ImageDraw.Draw(image))
    buffer = io.BytesIO()
    image.save(buffer, "PNG")
    return buffer.getvalue()


def one_pixel_changed(png: bytes) -> bytes:
    import io

    from PIL import Image

    image = Image.open(io.BytesIO(png))
    image.putpixel((300, 100), (0, 0, 0, 255))
    buffer = io.BytesIO()
    image.save(buffer, "PNG")
    return buffer.getvalue()


@pytest.mark.parametrize(
    "copy",
    [
        one_pixel_changed(scribble(7)),
        scribble(7, shift=(6, 4)),
        scribble(7, scale=0.75),
    ],
    ids=["one-pixel-changed", "shifted", "smaller"],
)
def test_a_near_copy_of_another_seats_signature_is_refused(table, copy):
    signing.sign_list(table, 1, image=f.png_data_url(scribble(7)))

    with pytest.raises(Rejected) as error:
        signing.sign_list(table, 2, image=f.png_data_url(copy))

    assert error.value.problems[0].code == "image_copied"


def test_different_scribbles_on_every_seat_seal_the_list(table):
    for seat in (1, 2, 3, 4):
        signing.sign_list(table, seat, image=f.png_data_url(scribble(seat * 11)))

    table.refresh_from_db()
    assert table.status == Table.Status.SIGNED


def test_a_huge_image_is_refused_from_its_header_before_it_is_decoded(table):
    import io

    from PIL import Image

    buffer = io.BytesIO()
    Image.new("L", (4096, 4096), 0).save(buffer, "PNG")

    with pytest.raises(Rejected) as error:
        signing.sign_list(table, 1, image=f.png_data_url(buffer.getvalue()))

    assert error.value.problems[0].code == "image_not_png"


@pytest.mark.parametrize(
    ("strokes", "code"),
    [
        (f.strokes_json(strokes=[[(150, 50)]]), "strokes_implausible"),
        (f.strokes_json(strokes=[[(150, 50), (151, 50)] * 5]), "strokes_too_small"),
        (f.strokes_json(strokes=[[(10 * i, 50)] for i in range(80)]), "strokes_implausible"),
        (f.strokes_json(strokes=[[(100 + i, 50) for i in range(20)]]), "strokes_too_small"),
        ("{not json", "strokes_unreadable"),
        ('{"width": 300, "height": 100, "strokes": [[["a", 1]]]}', "strokes_unreadable"),
    ],
    ids=["a-dot", "a-tap", "80-strokes", "one-short-line", "not-json", "not-numbers"],
)
def test_implausible_strokes_are_refused_naming_the_seat(table, strokes, code):
    with pytest.raises(Rejected) as error:
        signing.sign_list(table, 2, image=f.png_data_url(scribble(3)), strokes=strokes)

    problem = error.value.problems[0]
    assert (problem.field, problem.code) == ("strokes", code)
    if code != "strokes_unreadable":
        assert "seat 2" in problem.text()
    assert not Signature.objects.exists()


def test_plausible_strokes_are_accepted(table):
    signature = signing.sign_list(
        table, 2, image=f.png_data_url(scribble(3)), strokes=f.strokes_json()
    )

    assert signature.method == "image"


def test_a_tournament_that_signs_with_the_pin_refuses_drawings_and_takes_the_pin(table):
    tournament = table.series.tournament
    tournament.sign_with_pin = True
    tournament.save(update_fields=["sign_with_pin"])

    with pytest.raises(Rejected) as error:
        signing.sign_list(table, 1, image=f.png_data_url(scribble(1)), strokes=f.strokes_json())
    signature = signing.sign_list(table, 1, pin=f.pin_of(table, 1))

    assert (error.value.problems[0].field, error.value.problems[0].code) == (
        "image",
        "pin_required",
    )
    assert signature.method == "pin"


def test_different_drawings_on_every_seat_seal_the_list(table):
    for seat in (1, 2, 3, 4):
        signing.sign_list(table, seat, image=f.png_data_url(f.png_bytes(variant=seat)))

    table.refresh_from_db()
    assert table.status == Table.Status.SIGNED


def test_wrong_pins_are_limited_per_player_not_per_seat(db):
    table, newcomer = f.make_replaced_table()
    leaver = table.seats.get(number=2, from_game=1).participant
    wrong = "0000" if leaver.pin != "0000" else "1111"
    for _ in range(signing.PIN_ATTEMPTS):
        refused(lambda: signing.sign_list(table, 2, participant=leaver.id, pin=wrong))

    blocked = refused(lambda: signing.sign_list(table, 2, participant=leaver.id, pin=leaver.pin))
    signature = signing.sign_list(table, 2, participant=newcomer.id, pin=newcomer.pin)

    assert blocked == ("pin", "too_many_pin_attempts", False)
    assert signature.participant_id == newcomer.id


@pytest.mark.parametrize(
    ("kwargs", "field", "code"),
    [
        ({"seat": 0, "pin": "1234"}, "seat", "invalid_seat"),
        ({"seat": "1", "pin": "1234"}, "seat", "invalid_seat"),
        ({"seat": True, "pin": "1234"}, "seat", "invalid_seat"),
        ({"seat": 1}, "pin", "pin_or_image"),
        ({"seat": 1, "pin": "1234", "image": "data:"}, "pin", "pin_or_image"),
        ({"seat": 1, "pin": 1234}, "pin", "invalid_pin"),
        ({"seat": 1, "pin": "12a4"}, "pin", "invalid_pin"),
        ({"seat": 1, "pin": "１２３４"}, "pin", "invalid_pin"),
        ({"seat": 1, "pin": "1234", "participant": "x"}, "participant", "invalid_participant"),
    ],
)
def test_bad_signing_input_is_refused(table, kwargs, field, code):
    seat = kwargs.pop("seat")

    assert refused(lambda: signing.sign_list(table, seat, **kwargs))[:2] == (field, code)


def test_signing_a_seat_twice_is_a_conflict(table):
    signing.sign_list(table, 1, pin=f.pin_of(table, 1))

    again = refused(lambda: signing.sign_list(table, 1, image=f.png_data_url()))

    assert again == ("seat", "already_signed", True)
    assert Signature.objects.count() == 1


def test_signing_before_the_list_is_complete_is_a_conflict(db):
    table = f.make_seated_table(players=3, rounds_per_series=1)
    f.enter(table, passed=True)

    result = refused(lambda: signing.sign_list(table, 1, pin=f.pin_of(table, 1)))

    assert result == ("table", "list_not_complete", True)


def test_list_ended_early_can_be_signed_with_the_games_entered(director_user):
    table = f.make_seated_table(players=3, rounds_per_series=2)
    f.enter(table, passed=True)
    f.enter(table, declarer_seat=1, game="grand", matadors=2, won=True)

    states.apply(table, "end", director_user, "  Zeit abgelaufen  ")
    f.sign_all(table)

    assert table.status == Table.Status.SIGNED
    assert (table.ended_reason, table.games.count()) == ("Zeit abgelaufen", 2)
    entry = AuditEntry.objects.get(table=table, action="list_ended_early")
    assert entry.reason == "Zeit abgelaufen"
    assert entry.after == {"games_entered": 2, "games_planned": 6}
    assert verify_seal(table.seal).valid


@pytest.mark.parametrize("reason", ["", "   ", None, 42, "x" * (states.MAX_REASON_LENGTH + 1)])
def test_director_actions_need_a_reason(director_user, reason):
    table = f.make_seated_table(players=3, rounds_per_series=1)

    field, code, _ = refused(lambda: states.apply(table, "end", director_user, reason))

    assert field == "reason" and code in ("reason_required", "too_long")


@pytest.mark.parametrize("action", ["end", "close", "reopen"])
@pytest.mark.parametrize("who", ["nobody", "anonymous", "player"])
def test_director_actions_refuse_other_users(table, action, who):
    user = {
        "nobody": None,
        "anonymous": AnonymousUser(),
        "player": get_user_model().objects.create_user("spieler"),
    }[who]

    with pytest.raises(PermissionDenied):
        states.apply(table, action, user, "weil")


def test_ending_a_complete_list_early_is_a_conflict(table, director_user):
    result = refused(lambda: states.apply(table, "end", director_user, "weil"))

    assert result == ("table", "list_already_ended", True)


def test_all_signed_makes_the_list_signed_and_sealed(table):
    f.sign_all(table)

    assert table.status == Table.Status.SIGNED
    assert SEAL_PATTERN.match(table.seal)
    assert table.locked_at == table.sealed_at is not None
    assert table.closed_reason == ""
    sealing = AuditEntry.objects.get(table=table, action="list_signed")
    assert sealing.after["seal"] == table.seal
    assert sealing.after["document"]["status"] == "signed"
    assert len(sealing.after["document"]["signatures"]) == 4
    assert verify_seal(table.seal).valid


def test_the_list_stays_open_until_the_last_player_signed(table):
    f.sign_all(table, except_seats=[4])

    assert table.status == Table.Status.OPEN and table.seal == ""

    signing.sign_list(table, 4, image=f.png_data_url())
    table.refresh_from_db()

    assert table.status == Table.Status.SIGNED


def test_close_with_reason_locks_and_seals_a_list_missing_a_signature(table, director_user):
    f.sign_all(table, except_seats=[3])

    states.apply(table, "close", director_user, "Platz 3 ist ohne Unterschrift gegangen")
    table.refresh_from_db()

    assert table.status == Table.Status.LOCKED
    assert table.closed_reason == "Platz 3 ist ohne Unterschrift gegangen"
    assert SEAL_PATTERN.match(table.seal)
    assert table.signatures.count() == 3
    entry = AuditEntry.objects.get(table=table, action="list_closed")
    assert entry.reason == table.closed_reason
    result = verify_seal(table.seal)
    assert (result.valid, result.status) == (True, "locked")


def test_close_before_the_list_is_complete_is_a_conflict(director_user):
    table = f.make_seated_table(players=3, rounds_per_series=1)

    result = refused(lambda: states.apply(table, "close", director_user, "weil"))

    assert result == ("table", "list_not_complete", True)


@pytest.mark.parametrize("action", ["sign", "close", "end"])
def test_a_sealed_list_refuses_signing_closing_and_ending(table, director_user, action):
    f.sign_all(table, except_seats=[2])
    states.apply(table, "close", director_user, "Spieler fehlt")
    calls = {
        "sign": lambda: signing.sign_list(table, 2, pin=f.pin_of(table, 2)),
        "close": lambda: states.apply(table, "close", director_user, "nochmal"),
        "end": lambda: states.apply(table, "end", director_user, "nochmal"),
    }

    assert refused(calls[action]) == ("table", "list_locked", True)


def test_reopening_an_open_list_is_a_conflict(table, director_user):
    assert refused(lambda: states.apply(table, "reopen", director_user, "weil")) == (
        "table",
        "list_not_closed",
        True,
    )


def test_reopen_correct_and_sign_again_gives_a_new_seal(table, director_user):
    f.sign_all(table)
    first_seal = table.seal

    states.apply(table, "reopen", director_user, "Spiel 2 falsch eingetragen")
    table.refresh_from_db()
    reopened = (table.status, table.seal, table.sealed_at, table.signatures.count())
    listkeeping.correct_game(
        table, 2, {"passed": True}, user=director_user, reason="Spiel 2 war eingepasst"
    )
    f.sign_all(table)

    assert reopened == (Table.Status.OPEN, "", None, 0)
    assert table.status == Table.Status.SIGNED
    assert SEAL_PATTERN.match(table.seal) and table.seal != first_seal
    assert verify_seal(table.seal).valid
    old = verify_seal(first_seal)
    assert (old.valid, old.reason, old.table) == (False, "superseded", table.id)
    changed = {m.path for m in old.mismatches if m.path.startswith("games")}
    assert {"games[2].passed", "games[2].score", "games[2].points[1].points"} <= changed
    assert all(path.startswith("games[2].") for path in changed)


def test_audit_trail_shows_the_whole_story(table, director_user):
    f.sign_all(table)
    states.apply(table, "reopen", director_user, "Korrektur")
    listkeeping.correct_game(
        table, 1, {"passed": True}, user=director_user, reason="war eingepasst"
    )
    states.apply(table, "close", director_user, "Spieler schon weg")

    actions = list(
        AuditEntry.objects.filter(table=table)
        .exclude(action__in=["game_entered", "table_created"])
        .order_by("id")
        .values_list("action", flat=True)
    )
    reopened = AuditEntry.objects.get(table=table, action="list_reopened")

    assert actions == [
        *["signature_added"] * 4,
        "list_signed",
        "list_reopened",
        "game_corrected",
        "list_closed",
    ]
    assert reopened.reason == "Korrektur"
    assert reopened.before["seal"] and len(reopened.before["signatures"]) == 4
    assert {"seat", "participant", "method", "signed_at", "image_sha256"} == set(
        reopened.before["signatures"][0]
    )


def test_a_correction_voids_the_signatures_given_before_it(table, director_user):
    f.sign_all(table, except_seats=[3, 4])
    listkeeping.correct_game(table, 4, {"passed": True}, user=director_user, reason="Tippfehler")

    signing.sign_list(table, 3, pin=f.pin_of(table, 3))

    assert list(table.signatures.values_list("seat", flat=True)) == [3]
    voided = AuditEntry.objects.get(table=table, action="signatures_voided")
    assert [s["seat"] for s in voided.before] == [1, 2]


def test_signing_status_marks_signatures_of_an_earlier_list_state(table, director_user):
    f.sign_all(table, except_seats=[2, 3, 4])
    listkeeping.correct_game(table, 4, {"passed": True}, user=director_user)

    status = signing.signing_status(table)

    assert status["ready_to_sign"] is True and status["all_signed"] is False
    assert [(row.seat, row.signed, row.current) for row in status["signatures"]] == [
        (1, True, False),
        (2, False, None),
        (3, False, None),
        (4, False, None),
    ]


def test_a_player_who_left_has_to_sign_too(db):
    table = f.make_seated_table(players=4, rounds_per_series=2)
    for _ in range(4):
        f.enter(table, passed=True)
    seating.leave_table(table, 4, 4)
    f.play_out(table)

    f.sign_all(table, except_seats=[4])
    assert table.status == Table.Status.OPEN

    signing.sign_list(table, 4, pin=f.pin_of(table, 4))
    table.refresh_from_db()
    assert table.status == Table.Status.SIGNED


def test_a_seat_with_a_replacement_needs_the_participant(db):
    table, newcomer = f.make_replaced_table()

    ambiguous = refused(lambda: signing.sign_list(table, 2, pin=newcomer.pin))
    stranger = refused(lambda: signing.sign_list(table, 1, participant=newcomer.id, pin="1234"))
    signature = signing.sign_list(table, 2, participant=newcomer.id, pin=newcomer.pin)

    assert ambiguous == ("participant", "participant_required", False)
    assert stranger == ("participant", "not_on_seat", False)
    assert (signature.seat, signature.participant_id) == (2, newcomer.id)
    f.sign_all(table)
    assert table.status == Table.Status.SIGNED and table.signatures.count() == 5


def test_nobody_on_the_seat_is_refused(db):
    table = f.make_complete_table(players=3)

    assert refused(lambda: signing.sign_list(table, 4, pin="1234"))[:2] == (
        "seat",
        "no_player_on_seat",
    )


def test_a_summary_table_is_signed_and_sealed(db):
    table = f.make_seated_table(players=3, rounds_per_series=1)
    summary.save_summary(
        table,
        [
            {"seat": 1, "game_points": 120, "won": 2, "lost": 0},
            {"seat": 2, "game_points": -48, "won": 0, "lost": 1},
            {"seat": 3, "game_points": 0, "won": 0, "lost": 0},
        ],
    )

    f.sign_all(table)

    assert table.status == Table.Status.SIGNED
    result = verify_seal(table.seal)
    assert result.valid
