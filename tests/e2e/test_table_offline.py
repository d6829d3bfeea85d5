"""The table device without the hall's Wi-Fi, in a real browser.

A tablet opens its table with the code; the service worker keeps the pages; games entered
without a connection (or while the server answers 503) wait on the device and are sent
exactly once, in order, when the server answers again. A clash with another device's game
is shown with both versions, a re-issued code ends the device's access, and a new release
installs its own worker and cache.
"""

import re
import time

import pytest
from playwright.sync_api import expect

from tests import factories as f
from tests.e2e.network import GAMES_URL, swallow_the_first_answer
from tournaments.models import AuditEntry, Game
from tournaments.services import table_access

pytestmark = pytest.mark.django_db(transaction=True)

# (declarer seat or None for passed, game, with, matadors, won) by touch; lines by keyboard.
TOUCH_GAMES = [(2, "clubs", True, 2, True), (3, "grand", True, 1, True), (None,) * 5]
KEYBOARD_LINES = ["1 he o1 -", "2 kr m1 +", "3 gr m2 +"]
# What the server stores after the sixth game was taken back: number, declarer, game,
# value, won (passed: None).
STORED = [
    (1, 2, "clubs", 36, True),
    (2, 3, "grand", 48, True),
    (3, None, "", 0, None),
    (4, 1, "hearts", 20, False),
    (5, 2, "clubs", 24, True),
]
LONG_MS = 40_000
# Without an "online" event the device retries on its own, pausing up to 30 s between tries
# (MAX_PAUSE_MS in offline.js); waiting for the resend allows one full pause plus sending.
RESEND_MS = 90_000
# Whether one cache holds the given table pages and every file the open page loads (its
# scripts, style sheets and manifest), as offline.js asks the service worker to keep them.
# A script missing there fails to load offline: without entry.js the keyboard form would
# be posted by the browser itself, and the tablet would show the browser's offline error.
KEPT = """async (pages) => {
  const files = [...document.querySelectorAll(
    "script[src], link[rel=stylesheet], link[rel=manifest]"
  )].map((node) => node.getAttribute("src") || node.getAttribute("href"));
  const wanted = [...pages, ...files].map((path) => new URL(path, location.href).href);
  for (const name of await caches.keys()) {
    const cache = await caches.open(name);
    const hits = await Promise.all(wanted.map((url) => cache.match(url)));
    if (hits.every(Boolean)) return true;
  }
  return false;
}"""


def wait_until(page, script, arg=None, timeout_ms=LONG_MS):
    """Run ``script`` in the page until it gives a true value (it may be async).

    ``page.wait_for_function`` does not wait for a promise: an async function's promise
    counts as true at once, so a check of the service worker's cache must be polled here.
    """
    deadline = time.monotonic() + timeout_ms / 1000
    while not page.evaluate(script, arg):
        assert time.monotonic() < deadline, f"still false after {timeout_ms} ms: {script[:80]}"
        page.wait_for_timeout(100)


def open_table(new_page, table):
    code = table_access.ensure_code(table)
    tablet = new_page(viewport={"width": 1024, "height": 768})
    tablet.goto(f"/tisch/code/{code}/", timeout=LONG_MS)
    assert re.search(rf"/tisch/{table.pk}/$", tablet.url)
    pages = [f"/tisch/{table.pk}/", f"/tisch/{table.pk}/tastatur/"]
    wait_until(tablet, KEPT, pages)
    # Offline use starts once the service worker controls the page (it claims it after
    # activating); before that a navigation still goes to the network.
    tablet.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=LONG_MS)
    return tablet


def touch_game(page, declarer, game, with_, matadors, won):
    if declarer is None:
        page.locator("label[for=declarer-passed]").click()
    else:
        page.locator(f"label[for=declarer-{declarer}]").click()
        page.locator(f"label[for=game-{game}]").click()
        page.locator(f"label[for=with-matadors-{'true' if with_ else 'false'}]").click()
        page.fill("#matadors", str(matadors))
        page.locator(f"label[for=won-{'true' if won else 'false'}]").click()
    page.get_by_test_id("save-game").click()


def enter_six_games_and_take_one_back(tablet, table, says="offline"):
    """``says``: how the status line names the state (the browser offline, or online while
    the server does not answer: never "offline" then)."""
    for number, game in enumerate(TOUCH_GAMES, start=1):
        touch_game(tablet, *game)
        tablet.get_by_test_id(f"queued-row-{number}").wait_for()
    tablet.locator("#mode-keyboard").click()
    tablet.wait_for_url(f"**/tisch/{table.pk}/tastatur/")
    field = tablet.get_by_test_id("notation-input")
    for number, line in enumerate(KEYBOARD_LINES, start=4):
        field.fill(line)
        field.press("Enter")
        tablet.get_by_test_id(f"queued-row-{number}").wait_for()
    tablet.reload()
    banner = tablet.get_by_test_id("offline-banner")
    # The page reads the waiting games from the device's store after it has loaded, so
    # the banner's text and the rows come a moment later: wait for them, do not sample.
    expect(banner).to_have_text(re.compile(rf"^{says} — 6 Spiele warten"))
    expect(tablet.get_by_test_id("queued-row-6")).to_contain_text("noch nicht gesendet")
    assert tablet.get_by_test_id("queued-row-6").inner_text().count("noch nicht gesendet") == 1
    # The device values the waiting games itself: Kreuz mit 2 won at a 3-table is 36.
    expect(tablet.get_by_test_id("queued-row-1")).to_contain_text("Kreuz mit 2 gewonnen")
    expect(tablet.get_by_test_id("queued-row-1").locator("td.score")).to_have_text("+36")
    tablet.get_by_test_id("queued-undo").click()
    tablet.get_by_test_id("queued-undo-confirm").click()
    tablet.get_by_test_id("queued-row-6").wait_for(state="detached")
    expect(banner).to_have_text(re.compile(rf"^{says} — 5 Spiele warten"))


def stored(table):
    return [
        (g.number, g.declarer_seat, g.game, g.game_value, g.won)
        for g in Game.objects.filter(table=table).order_by("number")
    ]


def test_games_entered_offline_are_stored_once_in_order(new_page):
    table = f.make_seated_table(players=3, rounds_per_series=4)
    tablet = open_table(new_page, table)

    tablet.context.set_offline(True)
    enter_six_games_and_take_one_back(tablet, table)
    tablet.locator("#mode-sign").click()
    assert "brauchen den Server" in tablet.get_by_test_id("offline-notes").inner_text()
    # No check of the database here: Chromium's offline emulation may let a request the
    # page sees fail reach the server; the key makes its resend harmless, as checked below.
    tablet.context.set_offline(False)

    tablet.get_by_test_id("game-row-5").wait_for(timeout=LONG_MS)
    assert tablet.get_by_test_id("offline-banner").is_hidden()
    assert stored(table) == STORED


@pytest.mark.parametrize("answer", ["503", "no answer"])
def test_games_entered_while_the_server_is_down_are_stored_once(new_page, answer):
    table = f.make_seated_table(players=3, rounds_per_series=4)
    tablet = open_table(new_page, table)

    def server_down(route):
        if answer == "503":
            route.fulfill(status=503, body="Service Unavailable")
        else:
            route.abort("connectionrefused")

    tablet.context.route("**/*", server_down)
    enter_six_games_and_take_one_back(tablet, table, says="Der Server antwortet nicht")
    assert not Game.objects.filter(table=table).exists()
    tablet.context.unroute("**/*", server_down)

    tablet.get_by_test_id("game-row-5").wait_for(timeout=RESEND_MS)
    assert stored(table) == STORED


def test_clash_with_another_device_is_shown_and_the_servers_game_kept(new_page):
    table = f.make_seated_table(players=3, rounds_per_series=4)
    tablet = open_table(new_page, table)

    tablet.context.set_offline(True)
    touch_game(tablet, *TOUCH_GAMES[0])
    touch_game(tablet, *TOUCH_GAMES[1])
    tablet.get_by_test_id("queued-row-2").wait_for()
    f.enter(table, declarer_seat=1, game="diamonds", matadors=1, won=True)
    tablet.context.set_offline(False)

    clash = tablet.get_by_test_id("offline-clash-1")
    clash.wait_for(timeout=LONG_MS)
    assert "Spiel 1" in clash.inner_text()
    assert AuditEntry.objects.filter(table=table, action="entry_clash").count() == 1
    # The device's game 1 is a version of the server's (the same deal): it is never
    # entered a second time behind the server's games.
    expect(tablet.get_by_test_id("renumber")).to_have_count(0)
    tablet.get_by_test_id("keep-server-1").click()

    tablet.get_by_test_id("game-row-2").wait_for(timeout=LONG_MS)
    assert [row[:3] for row in stored(table)] == [(1, 1, "diamonds"), (2, 3, "grand")]


def test_reissued_code_ends_access_and_keeps_the_games_visible(new_page):
    table = f.make_seated_table(players=3, rounds_per_series=4)
    tablet = open_table(new_page, table)

    tablet.context.set_offline(True)
    touch_game(tablet, *TOUCH_GAMES[0])
    tablet.get_by_test_id("queued-row-1").wait_for()
    table_access.issue_code(table)
    tablet.context.set_offline(False)

    notes = tablet.get_by_test_id("offline-notes")
    notes.get_by_text("gilt nicht mehr").wait_for(timeout=LONG_MS)
    tablet.reload()
    leftovers = tablet.get_by_test_id("offline-leftovers")
    leftovers.wait_for()
    assert "Tisch 1 · 1: Platz 2" in leftovers.inner_text()
    assert not Game.objects.filter(table=table).exists()
    tablet.get_by_test_id("clear-leftovers").click()
    leftovers.wait_for(state="hidden")


# Whether the registration's newest worker (installing, waiting or active) is the given
# release's, and that release's cache is made.
RELEASE_ON_DEVICE = """async (release) => {
  const registration = await navigator.serviceWorker.getRegistration();
  const newest = registration.installing || registration.waiting || registration.active;
  const version = new URL(newest.scriptURL).searchParams.get("v");
  return version === release && (await caches.keys()).includes("skatverein-table-" + release);
}"""


def test_new_release_installs_its_worker_and_cache_on_the_next_online_load(new_page, settings):
    table = f.make_seated_table(players=3, rounds_per_series=4)
    settings.TABLE_DEVICE_CACHE_VERSION = "release-1"
    tablet = open_table(new_page, table)
    names = "async () => (await caches.keys()).join(',')"
    assert tablet.evaluate(names) == "skatverein-table-release-1"

    settings.TABLE_DEVICE_CACHE_VERSION = "release-2"
    tablet.reload()

    # The new worker deletes release-1's cache when it takes over. It asks to at once
    # (skipWaiting), but Chromium lets it wait while the old worker is still busy, which
    # on a loaded machine took longer than this test may wait; the new release is on the
    # device once its worker and its cache are.
    wait_until(tablet, RELEASE_ON_DEVICE, "release-2")


def test_waiting_games_are_corrected_on_the_device_before_sending(new_page):
    table = f.make_seated_table(players=3, rounds_per_series=4)
    tablet = open_table(new_page, table)

    tablet.context.set_offline(True)
    touch_game(tablet, 2, "clubs", True, 2, True)
    tablet.get_by_test_id("queued-row-1").wait_for()
    tablet.get_by_test_id("queued-edit-1").click()
    tablet.locator("label[for=won-false]").click()
    tablet.get_by_test_id("save-game").click()
    tablet.locator("#mode-keyboard").click()
    field = tablet.get_by_test_id("notation-input")
    field.fill("3 gr m1 +")
    field.press("Enter")
    tablet.get_by_test_id("queued-row-2").wait_for()
    tablet.get_by_test_id("queued-edit-2").click()
    assert field.input_value() == "3 gr m1 +"
    field.fill("3 gr m2 +")
    field.press("Enter")
    tablet.get_by_test_id("queued-row-2").get_by_text("3 gr m2 +").first.wait_for()
    field.press("Control+z")
    tablet.get_by_test_id("queued-row-2").wait_for(state="detached")
    assert field.input_value() == "3 gr m2 +"
    field.press("Enter")
    tablet.get_by_test_id("queued-row-2").wait_for()
    tablet.context.set_offline(False)

    tablet.get_by_test_id("game-row-2").wait_for(timeout=LONG_MS)
    assert stored(table) == [(1, 2, "clubs", 36, False), (2, 3, "grand", 72, True)]


def keep_three_games_offline(tablet):
    tablet.context.set_offline(True)
    for number, game in enumerate(TOUCH_GAMES, start=1):
        touch_game(tablet, *game)
        tablet.get_by_test_id(f"queued-row-{number}").wait_for()


# How long the device waits for the answer to a game (SEND_MS in static/js/lib/http.js).
SEND_WITHIN_MS = 20_000


def test_a_game_whose_answer_never_comes_is_sent_again_and_stored_once(new_page):
    """Poor Wi-Fi can swallow an answer and keep the connection open: the device gives up
    waiting after a while and sends the game again; its key makes that harmless."""
    table = f.make_seated_table(players=3, rounds_per_series=4)
    tablet = open_table(new_page, table)
    tablet.context.set_offline(True)
    touch_game(tablet, *TOUCH_GAMES[0])
    tablet.get_by_test_id("queued-row-1").wait_for()
    swallowed = swallow_the_first_answer(tablet)
    tablet.clock.install()
    tablet.context.set_offline(False)
    expect(tablet.get_by_test_id("queued-row-1")).to_contain_text("wird gesendet")
    while not swallowed:  # route handlers run while Playwright waits
        tablet.wait_for_timeout(50)
    assert len(stored(table)) == 1

    tablet.clock.fast_forward(SEND_WITHIN_MS)

    tablet.get_by_test_id("game-row-1").wait_for(timeout=LONG_MS)
    assert stored(table) == STORED[:1]
    assert tablet.get_by_test_id("offline-banner").is_hidden()


def test_game_stored_but_answered_with_503_is_sent_again_and_stored_once(new_page):
    table = f.make_seated_table(players=3, rounds_per_series=4)
    tablet = open_table(new_page, table)
    keep_three_games_offline(tablet)
    answered = set()

    def store_then_fail(route):
        key = route.request.headers.get("idempotency-key")
        if key in answered:
            route.continue_()
            return
        answered.add(key)
        route.fetch()  # the server stores the game …
        route.fulfill(status=503, body="Service Unavailable")  # … the answer is lost

    tablet.context.route(GAMES_URL, store_then_fail)
    tablet.context.set_offline(False)

    tablet.get_by_test_id("game-row-3").wait_for(timeout=RESEND_MS)
    assert len(answered) == 3
    assert stored(table) == STORED[:3]


def test_device_without_waiting_games_rechecks_its_code_when_back_online(new_page):
    table = f.make_seated_table(players=3, rounds_per_series=4)
    tablet = open_table(new_page, table)

    tablet.context.set_offline(True)
    table_access.issue_code(table)
    tablet.context.set_offline(False)

    tablet.get_by_test_id("offline-notes").get_by_text("gilt nicht mehr").wait_for(timeout=LONG_MS)


class HeldRequests:
    """The device's game requests go unanswered until released, as over poor Wi-Fi."""

    def __init__(self, page):
        self.page, self.routes, self.released = page, [], False
        page.context.route(GAMES_URL, self.arrive)

    def arrive(self, route):
        if self.released:
            route.continue_()
        else:
            self.routes.append(route)

    def wait_for_the_first(self):
        while not self.routes:
            self.page.wait_for_timeout(50)

    def release(self):
        self.released = True
        for route in self.routes:
            route.continue_()


def take_back_the_third(tablet):
    tablet.get_by_test_id("queued-undo").click()
    tablet.get_by_test_id("queued-undo-confirm").click()
    tablet.get_by_test_id("queued-row-3").wait_for(state="detached")


def mark_the_second_lost(tablet):
    tablet.get_by_test_id("queued-edit-2").click()
    tablet.locator("label[for=won-false]").click()
    tablet.get_by_test_id("save-game").click()
    expect(tablet.get_by_test_id("queued-row-2")).to_contain_text("verloren")


@pytest.mark.parametrize(
    ("change", "expected"),
    [
        (take_back_the_third, STORED[:2]),
        (mark_the_second_lost, [STORED[0], (2, 3, "grand", 48, False), STORED[2]]),
    ],
)
def test_games_changed_while_an_earlier_one_is_on_its_way_are_sent_as_changed(
    new_page, change, expected
):
    """Poor Wi-Fi: the first waiting game's request hangs; meanwhile the keeper takes back
    or corrects a later one. The games are sent as the device holds them then, not as
    they were when sending began."""
    table = f.make_seated_table(players=3, rounds_per_series=4)
    tablet = open_table(new_page, table)
    keep_three_games_offline(tablet)
    held = HeldRequests(tablet)
    tablet.context.set_offline(False)
    held.wait_for_the_first()

    change(tablet)
    held.release()

    tablet.get_by_test_id(f"game-row-{len(expected)}").wait_for(timeout=LONG_MS)
    assert stored(table) == expected


def test_the_game_on_its_way_can_be_neither_taken_back_nor_changed(new_page):
    """Its request has left the device: the server may store it whatever the device does
    now. The list says it is being sent, and offers no take-back or change for it."""
    table = f.make_seated_table(players=3, rounds_per_series=4)
    tablet = open_table(new_page, table)
    tablet.context.set_offline(True)
    touch_game(tablet, *TOUCH_GAMES[0])
    tablet.get_by_test_id("queued-row-1").wait_for()
    # The device tries to send the game at once; while that try is under way it offers no
    # take-back either, so wait until the try has failed.
    expect(tablet.get_by_test_id("queued-undo")).to_be_visible()
    held = HeldRequests(tablet)

    tablet.context.set_offline(False)
    held.wait_for_the_first()

    expect(tablet.get_by_test_id("queued-row-1")).to_contain_text("wird gesendet")
    assert tablet.get_by_test_id("queued-undo").count() == 0
    assert tablet.get_by_test_id("queued-edit-1").count() == 0
    held.release()
    tablet.get_by_test_id("game-row-1").wait_for(timeout=LONG_MS)
    assert stored(table) == STORED[:1]


# Makes the device's first read of its waiting games slow, as on a busy old tablet: the
# first read-only transaction of the page's storage completes 1.5 s late.
SLOW_FIRST_READ = """(() => {
  const transaction = IDBDatabase.prototype.transaction;
  const complete = Object.getOwnPropertyDescriptor(IDBTransaction.prototype, "oncomplete");
  let first = true;
  IDBDatabase.prototype.transaction = function (...args) {
    const opened = transaction.apply(this, args);
    if (first && args[1] === "readonly") {
      first = false;
      Object.defineProperty(opened, "oncomplete", {
        get() { return complete.get.call(opened); },
        set(handler) {
          complete.set.call(opened, (event) => setTimeout(() => handler.call(opened, event), 1500));
        },
      });
    }
    return opened;
  };
})()"""


@pytest.mark.parametrize("online", [False, True], ids=["offline", "online"])
def test_a_game_entered_before_the_device_has_read_its_waiting_games_comes_after_them(
    new_page, online
):
    table = f.make_seated_table(players=3, rounds_per_series=4)
    tablet = open_table(new_page, table)
    tablet.context.set_offline(True)
    touch_game(tablet, 2, "clubs", True, 2, True)
    tablet.get_by_test_id("queued-row-1").wait_for()
    tablet.add_init_script(SLOW_FIRST_READ)
    if online:  # game 1 must not reach the server before the keeper's line does
        held = HeldRequests(tablet)
    tablet.context.set_offline(not online)

    tablet.locator("#mode-keyboard").click()
    tablet.wait_for_url(f"**/tisch/{table.pk}/tastatur/", timeout=LONG_MS)
    field = tablet.get_by_test_id("notation-input")
    field.fill("3 gr m1 +")
    field.press("Enter")

    tablet.get_by_test_id("queued-row-2").wait_for(timeout=LONG_MS)
    if online:
        held.release()
    tablet.context.set_offline(False)
    tablet.get_by_test_id("game-row-2").wait_for(timeout=LONG_MS)
    assert stored(table) == [(1, 2, "clubs", 36, True), (2, 3, "grand", 48, True)]


# A device whose storage refuses to work (a private window), found out only after a moment.
STORAGE_REFUSED_LATE = """(() => {
  IDBFactory.prototype.open = function () {
    const request = {};
    setTimeout(() => request.onerror && request.onerror(new Event("error")), 1500);
    return request;
  };
})()"""


def test_a_touch_game_saved_while_storage_turns_out_unusable_is_sent_from_memory(new_page):
    table = f.make_seated_table(players=3, rounds_per_series=4)
    tablet = new_page(viewport={"width": 1024, "height": 768})
    tablet.add_init_script(STORAGE_REFUSED_LATE)
    tablet.goto(f"/tisch/code/{table_access.ensure_code(table)}/", timeout=LONG_MS)

    touch_game(tablet, 2, "clubs", True, 2, True)

    tablet.get_by_test_id("game-row-1").wait_for(timeout=LONG_MS)
    assert stored(table) == [(1, 2, "clubs", 36, True)]
