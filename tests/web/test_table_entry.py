"""The table pages at /tisch/: code access, touch entry without JavaScript, undo, sign-off."""

import re

import pytest

from tests import factories as f
from tournaments.models import AuditEntry, Game, Series, Signature, Table
from tournaments.services import states, table_access
from tournaments.services.lists import running_list
from tournaments.services.lists.settlement import settle_table

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("fresh_cache")]
# Table, session, seats, last game, totals, signatures, list points, games. Whether the
# code still opens the table needs no query of its own while its list is open (a series
# whose lists are all locked is over; an open one of its own shows that this one is not).
TABLE_PAGE_QUERIES = {"": 10, "tastatur/": 10, "unterschreiben/": 10}
KREUZ_WON = {"declarer": "2", "game": "clubs", "with_matadors": "true", "matadors": "2"}


def page(table, suffix=""):
    return f"/tisch/{table.pk}/{suffix}"


def open_with_code(client, table):
    """The device types the table's code into /tisch/ (issued now if it has none)."""
    code = table_access.ensure_code(table)
    response = client.post("/tisch/", {"code": code})
    assert response.status_code == 302
    return client


def touch(client, table, number, **fields):
    return client.post(page(table), {"number": str(number), **fields})


@pytest.fixture
def table(db):
    return f.make_seated_table(players=4, rounds_per_series=2)


# --- Table codes ---------------------------------------------------------------------------


def test_code_form_opens_the_table_and_redirects_to_it(client, table):
    code = table_access.issue_code(table)

    response = client.post("/tisch/", {"code": table_access.format_code(code).lower()})

    assert response.status_code == 302
    assert response["Location"] == page(table)
    assert client.get(page(table)).status_code == 200


def test_qr_link_opens_the_table(client, table):
    code = table_access.issue_code(table)

    response = client.get(f"/tisch/code/{code}/")

    assert (response.status_code, response["Location"]) == (302, page(table))
    assert f"Tisch {table.number} · Serie" in client.get(page(table)).content.decode()


def test_code_form_page_has_a_labelled_input(client):
    response = client.get("/tisch/")

    assert response.status_code == 200
    assert '<label for="table-code-input">' in response.content.decode()


def test_wrong_code_shows_the_form_again_with_the_message(client, table):
    table_access.issue_code(table)

    response = client.post("/tisch/", {"code": "ZZZZZ-ZZZZZ"})

    assert response.status_code == 404
    content = response.content.decode()
    assert 'id="table-code-error"' in content
    assert 'value="ZZZZZ-ZZZZZ"' in content


def test_too_many_wrong_codes_give_429_with_retry_after(client, table):
    code = table_access.issue_code(table)
    for _ in range(table_access.MAX_FAILURES):
        client.post("/tisch/", {"code": "ZZZZZ-ZZZZZ"})

    response = client.post("/tisch/", {"code": "ZZZZZ-ZZZZY"})

    assert response.status_code == 429
    assert 0 < int(response["Retry-After"]) <= table_access.FAILURE_WINDOW_SECONDS
    assert "10" in response.content.decode()
    assert client.get(page(table)).status_code == 403
    assert client.post("/tisch/", {"code": code}).status_code == 302


def test_qr_link_is_rate_limited_too(client, table):
    for _ in range(table_access.MAX_FAILURES):
        client.get("/tisch/code/ZZZZZZZZZZ/")

    response = client.get("/tisch/code/ZZZZZZZZZZ/")

    assert response.status_code == 429
    assert int(response["Retry-After"]) > 0


def test_expired_code_says_so(client, table):
    code = table_access.issue_code(table)
    Series.objects.filter(pk=table.series_id).update(status=Series.Status.FINISHED)

    response = client.post("/tisch/", {"code": code})

    assert response.status_code == 409
    assert 'id="table-code-error"' in response.content.decode()


def test_table_page_without_code_asks_for_it(client, table):
    response = client.get(page(table))

    assert response.status_code == 403
    assert 'id="code-form"' in response.content.decode()


def test_staff_opens_every_table_without_code(client, table):
    client.force_login(f.make_staff_user())

    response = client.get(page(table))

    assert response.status_code == 200
    assert f"Tisch {table.number} · Serie {table.series.number}" in response.content.decode()


@pytest.mark.parametrize(
    ("method", "suffix", "data"),
    [
        ("get", "", None),
        ("post", "", {"number": "1", **KREUZ_WON, "won": "true"}),
        ("post", "vorschau/", {"number": "1", **KREUZ_WON, "won": "true"}),
        ("get", "tastatur/", None),
        ("post", "tastatur/", {"line": "2 kr m2 +"}),
        ("post", "notation/preview/", {"line": "2 kr m2 +"}),
        ("post", "rueckgaengig/", {"number": "1"}),
        ("get", "unterschreiben/", None),
        ("post", "unterschreiben/", {"seat": "1", "method": "pin", "pin": "0000"}),
    ],
)
def test_a_code_opens_only_its_own_table(device_client, table, method, suffix, data):
    other = f.make_table(table.series, f.make_participants(table.series.tournament, 4))
    f.enter(other, passed=True)
    args = (page(other, suffix),) if data is None else (page(other, suffix), data)

    response = getattr(device_client, method)(*args)

    assert response.status_code == 403
    assert other.games.count() == 1
    assert not Signature.objects.filter(table=other).exists()


def test_a_reissued_code_locks_the_old_device_out(device_client, table):
    table_access.issue_code(table)

    response = device_client.get(page(table))

    assert response.status_code == 403
    assert table_access.format_code(table.access_code) not in response.content.decode()


# --- Touch entry -------------------------------------------------------------------------


def test_table_page_shows_header_dealer_and_seats(device_client, table):
    content = device_client.get(page(table)).content.decode()

    assert 'id="next-game"' in content
    assert 'data-number="1"' in content and 'data-dealer="1"' in content
    for seat in table.seats.select_related("participant__player"):
        assert seat.participant.player.full_name in content
    assert 'id="touch-form"' in content


def test_dealer_at_a_4_table_cannot_be_chosen(device_client, table):
    content = device_client.get(page(table)).content.decode()

    dealer = re.search(r'<input type="radio" id="declarer-1"[^>]*>', content, re.S).group(0)
    other = re.search(r'<input type="radio" id="declarer-2"[^>]*>', content, re.S).group(0)
    assert "disabled" in dealer
    assert "disabled" not in other


def test_every_control_of_the_touch_form_is_labelled(device_client, table):
    content = device_client.get(page(table)).content.decode()
    start = content.index('id="touch-form"')
    form = content[start : content.index("</form>", start)]

    ids = re.findall(r'<(?:input|select)(?![^>]*type="hidden")[^>]*\bid="([^"]+)"', form)
    labelled = set(re.findall(r'<label[^>]*\bfor="([^"]+)"', form))
    assert ids
    assert set(ids) <= labelled


def test_touch_post_saves_the_game_and_redirects(device_client, table):
    response = touch(device_client, table, 1, **KREUZ_WON, hand="on", schneider="on", won="true")

    assert response.status_code == 302
    game = table.games.get()
    assert (game.declarer_seat, game.game, game.matadors, game.hand) == (2, "clubs", 2, True)
    assert (game.schneider, game.won, game.score) == (True, True, 60)
    follow = device_client.get(response["Location"].split("#")[0]).content.decode()
    assert 'data-testid="game-row-1"' in follow
    assert 'data-number="2"' in follow


def test_touch_entry_is_audited_as_the_table_device(device_client, table):
    touch(device_client, table, 1, **KREUZ_WON, won="true")

    entry = AuditEntry.objects.get(table=table, action="game_entered")
    assert entry.actor == table_access.device_actor(table)
    assert entry.user is None


def test_touch_post_passed_in(device_client, table):
    response = touch(device_client, table, 1, declarer="passed", game="clubs", won="true")

    assert response.status_code == 302
    assert table.games.get().passed


@pytest.mark.parametrize(
    ("fields", "expected"),
    [
        ({"declarer": "3", "game": "null", "matadors": "1", "won": "true"}, (23, None)),
        (
            {
                "declarer": "3",
                "game": "grand",
                "matadors": "1",
                "ouvert": "on",
                "won": "true",
                "schwarz": "on",
            },
            (192, 1),
        ),
        (
            {
                "declarer": "4",
                "game": "hearts",
                "matadors": "3",
                "with_matadors": "false",
                "won": "false",
            },
            (40, 3),
        ),
    ],
)
def test_touch_post_sends_what_the_game_needs(device_client, table, fields, expected):
    response = touch(device_client, table, 1, **fields)

    assert response.status_code == 302
    game = table.games.get()
    assert (game.game_value, game.matadors) == expected


def test_touch_error_is_shown_next_to_the_control_and_choices_are_kept(device_client, table):
    response = touch(device_client, table, 1, **KREUZ_WON, hand="on")

    assert response.status_code == 400
    content = response.content.decode()
    won_error = re.search(r'<p class="field-error" id="won-error"[^>]*>([^<]+)</p>', content)
    assert won_error and won_error.group(1).strip()
    assert re.search(r'id="declarer-2"[^>]*checked', content)
    assert re.search(r'id="game-clubs"[^>]*checked', content)
    assert re.search(r'id="hand"[^>]*checked', content)
    assert 'value="2"' in content
    assert not table.games.exists()


def test_touch_dealer_as_declarer_is_refused_next_to_the_declarer(device_client, table):
    response = touch(device_client, table, 1, **{**KREUZ_WON, "declarer": "1"}, won="true")

    assert response.status_code == 400
    assert re.search(r'id="declarer-error">[^<]*\S', response.content.decode())


def test_touch_double_submit_saves_once(device_client, table):
    first = touch(device_client, table, 1, **KREUZ_WON, won="true")
    second = touch(device_client, table, 1, **KREUZ_WON, won="true")

    assert first.status_code == 302
    assert second.status_code == 409
    assert table.games.count() == 1
    assert 'id="form-errors"' in second.content.decode()


def test_touch_preview_button_shows_value_and_totals_without_saving(device_client, table):
    response = touch(device_client, table, 1, **KREUZ_WON, won="false", action="preview")

    assert response.status_code == 200
    content = response.content.decode()
    assert re.search(r'id="preview-value"[^>]*>36<', content)
    assert re.search(r'id="preview-score"[^>]*>\u221272<', content)
    assert re.search(r'id="preview-total-3"[^>]*>30<', content)
    assert not table.games.exists()


def test_touch_preview_json_matches_what_saving_stores(device_client, table):
    touch(device_client, table, 1, **KREUZ_WON, won="true")
    fields = {"number": "2", "declarer": "1", "game": "spades", "matadors": "1", "won": "false"}

    preview = device_client.post(page(table, "vorschau/"), fields).json()
    touch(device_client, table, 2, **{k: v for k, v in fields.items() if k != "number"})

    assert preview["ok"] is True
    assert (preview["game_value"], preview["score"]) == (22, -44)
    last = running_list.running_list(table, {})[-1]
    assert preview["totals"] == {str(seat): total for seat, total in last.totals.items()}


def test_touch_preview_json_reports_problems_with_their_slot(device_client, table):
    response = device_client.post(page(table, "vorschau/"), {"declarer": "1", "game": "clubs"})

    assert response.status_code == 200
    data = response.json()
    assert data["ok"] is False
    slots = {error["field"] for error in data["errors"]}
    assert {"declarer", "matadors"} <= slots or {"declarer", "won"} <= slots


def test_touch_preview_json_for_a_passed_game(device_client, table):
    data = device_client.post(page(table, "vorschau/"), {"declarer": "passed"}).json()

    assert data["passed"] is True
    assert set(data["points"].values()) == {0}


# --- Undo ----------------------------------------------------------------------------------


def test_undo_asks_first_then_deletes_the_last_game_with_reason_undo(device_client, table):
    f.enter(table, passed=True)
    f.enter(table, declarer_seat=3, game="grand", matadors=1, won=True)

    question = device_client.get(page(table, "rueckgaengig/"))
    response = device_client.post(page(table, "rueckgaengig/"), {"number": "2"})

    assert 'id="undo-confirm"' in question.content.decode()
    assert response.status_code == 302
    assert list(table.games.values_list("number", flat=True)) == [1]
    entry = AuditEntry.objects.get(table=table, action="game_deleted")
    assert entry.reason == "undo"
    assert entry.actor == table_access.device_actor(table)


def test_undo_of_a_game_that_is_no_longer_the_last_is_refused(device_client, table):
    f.enter(table, passed=True)
    f.enter(table, passed=True)

    response = device_client.post(page(table, "rueckgaengig/"), {"number": "1"}, follow=True)

    assert table.games.count() == 2
    assert 'data-testid="message"' in response.content.decode()


def test_touch_page_offers_undo_inline(device_client, table):
    f.enter(table, passed=True)

    content = device_client.get(page(table)).content.decode()

    assert 'id="undo-link"' in content
    assert re.search(r'id="undo-form"[^>]*hidden', content)


# --- Read-only lists -----------------------------------------------------------------------


@pytest.mark.parametrize("status", [Table.Status.SIGNED, Table.Status.LOCKED])
def test_closed_list_is_read_only(device_client, table, status):
    f.enter(table, passed=True)
    Table.objects.filter(pk=table.pk).update(status=status)

    content = device_client.get(page(table)).content.decode()
    response = touch(device_client, table, 2, **KREUZ_WON, won="true")
    undo = device_client.post(page(table, "rueckgaengig/"), {"number": "1"})

    assert 'id="read-only-note"' in content
    assert 'id="touch-form"' not in content
    assert 'id="undo-link"' not in content
    assert response.status_code == 302
    assert undo.status_code == 302
    assert table.games.count() == 1


@pytest.mark.parametrize(
    ("suffix", "data", "back"),
    [
        ("", {"number": "2", **KREUZ_WON, "won": "true"}, ""),
        ("tastatur/", {"line": "2 kr m2 +"}, "tastatur/"),
        ("rueckgaengig/", {"number": "1"}, ""),
        ("rueckgaengig/?from=keyboard", {"number": "1"}, "tastatur/"),
        ("unterschreiben/", {"seat": "1", "method": "pin", "pin": "0000"}, "unterschreiben/"),
        ("spiel/1/korrigieren/", {"number": "1", **KREUZ_WON, "won": "true"}, ""),
    ],
)
def test_a_refused_change_of_a_locked_list_returns_to_its_page(
    device_client, table, suffix, data, back
):
    f.enter(table, passed=True)
    Table.objects.filter(pk=table.pk).update(status=Table.Status.LOCKED)

    response = device_client.post(page(table, suffix), data)

    assert response.status_code == 302
    assert response["Location"] == page(table, back)
    assert table.games.get().passed


def test_finished_series_is_read_only_for_a_device_but_not_for_staff(client, device_client, table):
    Series.objects.filter(pk=table.series_id).update(status=Series.Status.FINISHED)

    device_page = device_client.get(page(table)).content.decode()
    touch(device_client, table, 1, **KREUZ_WON, won="true")

    assert 'id="touch-form"' not in device_page
    assert not table.games.exists()


def test_finished_series_staff_still_enters(client, table):
    Series.objects.filter(pk=table.series_id).update(status=Series.Status.FINISHED)
    client.force_login(f.make_staff_user())

    response = touch(client, table, 1, **KREUZ_WON, won="true")

    assert response.status_code == 302
    assert table.games.count() == 1


def test_complete_list_shows_no_entry_form_but_the_way_to_sign(device_client, table):
    f.play_out(table)

    content = device_client.get(page(table)).content.decode()

    assert 'id="touch-form"' not in content
    assert 'id="go-sign"' in content


# --- Query counts --------------------------------------------------------------------------


def enter_games(table, count):
    """``count`` valid games, won, lost and passed in turn, by the active seats."""
    from tournaments.services import seating

    for _ in range(count):
        deal = seating.deal_for_next_game(table)
        if deal.number % 3 == 0:
            f.enter(table, passed=True)
        else:
            f.enter(
                table,
                declarer_seat=deal.active[0],
                game="grand",
                matadors=1,
                won=deal.number % 3 == 1,
            )


@pytest.mark.parametrize("games", [1, 40])
@pytest.mark.parametrize("suffix", ["", "tastatur/", "unterschreiben/"])
def test_table_pages_run_the_same_queries_for_1_and_40_games(
    client, django_assert_num_queries, games, suffix
):
    # The page once on another table first: a process's first read of a kind compiles its
    # SQL and checks it with a second read (services/prepared_reads.py), which a test run
    # alone would count.
    warm = f.make_seated_table(players=4, rounds_per_series=12)
    enter_games(warm, 1)
    open_with_code(client, warm)
    client.get(page(warm, suffix))
    table = f.make_seated_table(players=4, rounds_per_series=12)
    enter_games(table, games)
    open_with_code(client, table)

    with django_assert_num_queries(TABLE_PAGE_QUERIES[suffix]):
        response = client.get(page(table, suffix))

    assert response.status_code == 200
    if suffix != "unterschreiben/":
        assert f'data-testid="game-row-{games}"' in response.content.decode()


# --- Sign-off ------------------------------------------------------------------------------


@pytest.fixture
def complete(table):
    return f.play_out(table)


def test_sign_page_before_the_list_is_complete_has_no_forms(device_client, table):
    content = device_client.get(page(table, "unterschreiben/")).content.decode()

    assert 'id="sign-not-ready"' in content
    assert "pin-form-" not in content


def test_sign_page_shows_every_players_totals(device_client, complete):
    content = device_client.get(page(complete, "unterschreiben/")).content.decode()

    for line in settle_table(complete):
        section = content[content.index(f'data-testid="signer-{line.seat}"') :]
        total = re.search(rf'data-testid="signer-total-{line.seat}">([^<]+)<', section).group(1)
        assert total.replace(".", "").replace("\u2212", "-") == str(line.total)


def test_sign_with_pin_for_every_player_completes_the_list(device_client, complete):
    seats = list(complete.seats.select_related("participant").order_by("number"))
    for seat in seats:
        response = device_client.post(
            page(complete, "unterschreiben/"),
            {
                "seat": seat.number,
                "participant": seat.participant_id,
                "method": "pin",
                "pin": seat.participant.pin,
            },
        )
        assert response.status_code == 302

    content = device_client.get(page(complete, "unterschreiben/")).content.decode()
    complete.refresh_from_db()
    assert complete.status == Table.Status.SIGNED
    assert 'id="sign-done"' in content
    assert complete.seal in content
    assert Signature.objects.filter(table=complete, method="pin").count() == 4
    actors = set(
        AuditEntry.objects.filter(action="signature_added").values_list("actor", flat=True)
    )
    assert actors == {table_access.device_actor(complete)}


def test_sign_with_drawn_signature(device_client, complete):
    seat = complete.seats.order_by("number").first()

    response = device_client.post(
        page(complete, "unterschreiben/"),
        {
            "seat": "1",
            "participant": seat.participant_id,
            "method": "image",
            "image": f.png_data_url(),
            "strokes": f.strokes_json(),
        },
    )

    assert response.status_code == 302
    signature = Signature.objects.get(table=complete)
    assert signature.method == "image" and signature.image.startswith(b"\x89PNG")
    content = device_client.get(page(complete, "unterschreiben/")).content.decode()
    assert 'data-testid="signed-1"' in content


def test_sign_with_empty_drawing_asks_to_sign_first(device_client, complete):
    seat = complete.seats.order_by("number").first()

    response = device_client.post(
        page(complete, "unterschreiben/"),
        {"seat": "1", "participant": seat.participant_id, "method": "image", "image": ""},
    )

    assert response.status_code == 400
    assert not Signature.objects.exists()
    assert re.search(r'id="image-error-1-\d+"[^>]*>[^<]*\S', response.content.decode())


def test_sign_with_wrong_pin_shows_the_error_at_the_pin(device_client, complete):
    seat = complete.seats.select_related("participant").order_by("number").first()
    wrong = "0000" if seat.participant.pin != "0000" else "1111"

    response = device_client.post(
        page(complete, "unterschreiben/"),
        {"seat": "1", "participant": seat.participant_id, "method": "pin", "pin": wrong},
    )

    assert response.status_code == 400
    assert re.search(r'id="pin-error-1-\d+"', response.content.decode())
    assert not Signature.objects.exists()


def test_sign_with_wrong_pins_too_often_gives_429(device_client, complete):
    seat = complete.seats.select_related("participant").order_by("number").first()
    wrong = "0000" if seat.participant.pin != "0000" else "1111"
    data = {"seat": "1", "participant": seat.participant_id, "method": "pin", "pin": wrong}
    for _ in range(5):
        device_client.post(page(complete, "unterschreiben/"), data)

    response = device_client.post(
        page(complete, "unterschreiben/"), {**data, "pin": seat.participant.pin}
    )

    assert response.status_code == 429
    assert "Retry-After" in response
    assert not Signature.objects.exists()


def test_sign_before_complete_is_refused(device_client, table):
    seat = table.seats.select_related("participant").order_by("number").first()

    response = device_client.post(
        page(table, "unterschreiben/"),
        {
            "seat": "1",
            "participant": seat.participant_id,
            "method": "pin",
            "pin": seat.participant.pin,
        },
    )

    assert response.status_code == 409
    assert not Signature.objects.exists()


def test_signed_list_stays_readable_for_the_device(device_client, complete):
    from tests.factories import sign_all

    sign_all(complete)

    response = device_client.get(page(complete))

    assert response.status_code == 200
    assert 'id="read-only-note"' in response.content.decode()
    assert Game.objects.filter(table=complete).count() == 8


def test_list_ended_early_takes_no_more_games_and_goes_to_signing(device_client, table):

    f.enter(table, passed=True)
    states.apply(table, "end", f.make_staff_user(), "time is up")

    content = device_client.get(page(table)).content.decode()
    response = touch(device_client, table, 2, **{**KREUZ_WON, "declarer": "3"}, won="true")
    signing_page = device_client.get(page(table, "unterschreiben/")).content.decode()

    assert 'id="list-ended-early"' in content and 'id="go-sign"' in content
    assert 'id="touch-form"' not in content
    assert response.status_code == 409
    assert table.games.count() == 1
    assert "pin-form-" in signing_page


def test_table_code_url_is_the_absolute_qr_link(client, table, rf):
    from tournaments.web.table.access import table_code_url

    assert table_code_url(table, rf.get("/")) is None
    code = table_access.issue_code(table)

    link = table_code_url(table, rf.get("/"))

    assert link == f"http://testserver/tisch/code/{code}/"
    assert client.get(link.removeprefix("http://testserver")).status_code == 302
