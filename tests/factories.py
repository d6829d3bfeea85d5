"""Plain factory functions for clubs, players, tournaments and game lists.

They go through the services wherever a service exists (registration, seating, game
entry), so the data they build is the data the product itself would build.
"""

import datetime
import itertools
import threading

from django.contrib.auth import get_user_model
from django.db import connection
from django.test import Client

from tournaments.models import Club, Player, Table, Tournament
from tournaments.services import participants, seating
from tournaments.services.lists import listkeeping
from tournaments.skat.rounds import deal_of, game_count

_numbers = itertools.count(1)
DIRECTOR_PASSWORD = "a-long-test-password-42"
# The game with every win level: the highest value a single game gives.
GRAND_OUVERT = {
    "game": "grand",
    "matadors": 4,
    "ouvert": True,
    "won": True,
    "schneider": True,
    "schwarz": True,
}
# A settlement's or ranking's sums, in the order the lists print them.
SUM_FIELDS = ("game_points", "won", "lost", "bonus_won_lost", "bonus_opponents_lost", "total")


def make_staff_user(username=None, password=None):
    """A tournament director: the staff user every write of the API needs."""
    username = username or f"director{next(_numbers)}"
    return get_user_model().objects.create_user(username=username, password=password, is_staff=True)


def make_superuser(username=None):
    """A director with every right, as the demo's login: what the admin pages need."""
    username = username or f"leitung{next(_numbers)}"
    return get_user_model().objects.create_user(username=username, is_staff=True, is_superuser=True)


def make_treasurer(username=None):
    """A treasurer (Kassenwart): a user in the treasurers' group, not a director."""
    from django.contrib.auth.models import Group

    from tournaments.services.roles import TREASURER_GROUP

    user = get_user_model().objects.create_user(username=username or f"kasse{next(_numbers)}")
    user.groups.add(Group.objects.get_or_create(name=TREASURER_GROUP)[0])
    return user


def make_club(name=None):
    return Club.objects.create(name=name or f"Skatclub {next(_numbers)}")


def player_name() -> str:
    """A new last name; zero-padded so that ties ranked in name order keep creation order
    whatever the counter stands at (Spieler10 would sort before Spieler9)."""
    return f"Spieler{next(_numbers):06d}"


def make_player(club=None, first_name="Karl", last_name=None):
    last_name = last_name or player_name()
    return Player.objects.create(first_name=first_name, last_name=last_name, club=club)


def make_tournament(rounds_per_series=12, **fields):
    fields.setdefault("name", f"Preisskat {next(_numbers)}")
    fields.setdefault("date", datetime.date(2026, 3, 14))
    return Tournament.objects.create(rounds_per_series=rounds_per_series, **fields)


def make_participants(tournament, n, club=None):
    """``n`` new players registered in one bulk step, with start numbers in that order."""
    return make_many_participants(tournament, n, club=club)


def make_series(tournament):
    return participants.add_series(tournament)


def make_table(series, players, number=None):
    """A table with ``players`` (participants) on seats 1..n in the given order."""
    return seating.create_table(series, number, [p.id for p in players])


def make_seated_table(players=4, rounds_per_series=1):
    """A new tournament with one series and one table of ``players`` on seats 1..n."""
    tournament = make_tournament(rounds_per_series=rounds_per_series)
    return make_table(make_series(tournament), make_participants(tournament, players))


def enter(table, **fields):
    """Enter the next game of ``table``'s list, e.g. ``enter(t, passed=True)``."""
    return listkeeping.enter_game(table, fields)


def make_two_list_table(players=4, rounds_per_series=1):
    """A new table of a tournament that keeps two lists per table (list A and list B)."""
    tournament = make_tournament(rounds_per_series=rounds_per_series, lists_per_table=2)
    return make_table(make_series(tournament), make_participants(tournament, players))


def enter_b(table, **fields):
    """Enter the next game of ``table``'s second list (list B)."""
    from tournaments.services.lists import second_list

    return second_list.enter_second_game(table, fields)


def make_many_participants(tournament, n, club=None, team=None):
    """``n`` new players registered in one bulk step, for draws of up to hundreds of players."""
    players = [Player(first_name="Karl", last_name=player_name(), club=club) for _ in range(n)]
    return participants.register_many(
        tournament, [participants.Registration(player, team) for player in players]
    )


def make_team(tournament, name=None, club=None):
    return tournament.teams.create(name=name or f"Team {next(_numbers)}", club=club)


def make_team_members(team, n, club=None):
    """``n`` new players registered for the team's tournament as members of ``team``."""
    return [participants.register(team.tournament, make_player(club), team=team) for _ in range(n)]


def play_out(table):
    """Enter every remaining game of ``table``: valid games, won and lost in turn.

    The seats do not change meanwhile, so the deals are worked out once from them; after
    the first game the table is read with its series and tournament, which are running
    then, so each entry locks the table only (services/locking.py).
    """
    seats = list(table.seats.all())
    first = seating.deal_for_next_game(table, seats)
    if first is None:
        return table
    rounds = seating.table_rounds(table, seats)
    entering = table
    for number in range(first.number, game_count(rounds) + 1):
        deal = deal_of(number, rounds)
        declarer = deal.active[deal.number % len(deal.active)]
        listkeeping.enter_game(
            entering,
            {
                "declarer_seat": declarer,
                "game": "grand" if deal.number % 2 else "hearts",
                "matadors": 1 + deal.number % 3,
                "won": deal.number % 3 != 0,
            },
        )
        if entering is table:
            entering = Table.objects.select_related("series__tournament").get(pk=table.pk)
    return table


def make_complete_table(players=4, rounds_per_series=1):
    """A new table whose list is complete (every game entered) and ready to be signed."""
    return play_out(make_seated_table(players=players, rounds_per_series=rounds_per_series))


def make_replaced_table():
    """A complete 4-table of two rounds whose seat 2 a newcomer took over from game 5;
    returns the table and the newcomer (a participant)."""
    table = make_seated_table(players=4, rounds_per_series=2)
    for _ in range(4):
        enter(table, passed=True)
    newcomer = make_participants(table.series.tournament, 1)[0]
    seating.replace_player(table, 2, newcomer.id, 5)
    return play_out(table), newcomer


def sign_all(table, *, except_seats=()):
    """Every player at ``table`` who has not signed yet signs with the start-card PIN."""
    from tournaments.services.sealing import signing

    signed = set(table.signatures.values_list("participant_id", flat=True))
    for seat in table.seats.select_related("participant").order_by("number", "from_game"):
        if seat.number not in except_seats and seat.participant_id not in signed:
            signing.sign_list(
                table, seat.number, participant=seat.participant_id, pin=seat.participant.pin
            )
    table.refresh_from_db()
    return table


def pin_of(table, seat):
    """The start-card PIN of the player on ``seat`` of ``table``."""
    return table.seats.get(number=seat).participant.pin


def png_bytes(width=160, height=60, chunks=(), *, variant=0, ink=True):
    """A valid greyscale PNG built by hand: a zigzag signature of a few strokes.

    ``variant`` shifts the strokes (a different player's drawing), ``ink=False`` leaves
    the field blank, ``chunks`` adds (type, data) chunks before the image data.
    """
    import struct
    import zlib

    def chunk(kind, data):
        crc = struct.pack(">I", zlib.crc32(kind + data))
        return struct.pack(">I", len(data)) + kind + data + crc

    def pixel(x, y):
        if not ink or not width // 10 <= x < width - width // 10:
            return 255
        line = height // 6 + (x * 2 + variant * 7) % max(1, height * 2 // 3)
        return 0 if abs(y - line) <= 1 else 255

    rows = b"".join(b"\x00" + bytes(pixel(x, y) for x in range(width)) for y in range(height))
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 0, 0, 0, 0))
        + b"".join(chunk(kind, data) for kind, data in chunks)
        + chunk(b"IDAT", zlib.compress(rows))
        + chunk(b"IEND", b"")
    )


def strokes_json(width=300, height=100, strokes=None):
    """What a signing pad sends beside the image: its strokes, by default a name-like
    scribble of three strokes across the field."""
    import json

    if strokes is None:
        strokes = [
            [(20 + 8 * i, 50 + (15 if i % 2 else -15)) for i in range(12)],
            [(130 + 6 * i, 40 + 3 * i) for i in range(10)],
            [(200 + 7 * i, 60 - (10 if i % 2 else -10)) for i in range(10)],
        ]
    return json.dumps({"width": width, "height": height, "strokes": strokes})


def png_data_url(png=None):
    """``png`` (default: :func:`png_bytes`) as the data URL a signature pad sends."""
    import base64

    return "data:image/png;base64," + base64.b64encode(png or png_bytes()).decode()


def make_pkcs12(password=b"geheim", *, name="Skatclub Eigenes Zertifikat", days=365, key=True):
    """A club's own signing certificate as a PKCS#12 file (self-signed, RSA 2048).

    ``days`` below zero gives an expired certificate; ``key=False`` a file without the
    private key, as an export that forgot it.
    """
    import datetime as dt

    from cryptography import x509
    from cryptography.hazmat.primitives import hashes, serialization
    from cryptography.hazmat.primitives.asymmetric import rsa
    from cryptography.hazmat.primitives.serialization import pkcs12
    from cryptography.x509.oid import NameOID

    private_key = rsa.generate_private_key(public_exponent=65537, key_size=2048)
    subject = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, name)])
    now = dt.datetime.now(dt.UTC)
    start, end = (now - dt.timedelta(days=1), now + dt.timedelta(days=days))
    if days < 0:
        start, end = now - dt.timedelta(days=400), now + dt.timedelta(days=days)
    certificate = (
        x509.CertificateBuilder()
        .subject_name(subject)
        .issuer_name(subject)
        .public_key(private_key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(start)
        .not_valid_after(end)
        .sign(private_key, hashes.SHA256())
    )
    encryption = (
        serialization.BestAvailableEncryption(password)
        if password
        else serialization.NoEncryption()
    )
    return pkcs12.serialize_key_and_certificates(
        name=b"club",
        key=private_key if key else None,
        cert=certificate if key else None,
        cas=None if key else [certificate],
        encryption_algorithm=encryption,
    )


def make_played_tournament(players=4, series=1, rounds_per_series=1, **fields):
    """A tournament of ``players`` (a multiple of 3 or 4 tables' worth, seated in tables of
    four, the rest of three) and ``series`` complete series, each seated anew in a rotated
    order so that the series rankings differ."""
    tournament = make_tournament(rounds_per_series=rounds_per_series, **fields)
    people = make_participants(tournament, players)
    sizes = [4] * (players // 4)
    if players % 4:
        sizes = [4] * (players // 4 - (3 - players % 4)) + [3] * (4 - players % 4)
    for index in range(series):
        one = make_series(tournament)
        order = people[index % players :] + people[: index % players]
        start = 0
        for number, size in enumerate(sizes, start=1):
            play_out(make_table(one, order[start : start + size], number=number))
            start += size
    return tournament


def csv_bytes(rows, delimiter=";", encoding="utf-8-sig"):
    """A player list as a CSV file's bytes (Excel's German default: ';', UTF-8 with BOM)."""
    return "\r\n".join(delimiter.join(row) for row in rows).encode(encoding)


def xlsx_bytes(rows):
    """The rows as an XLSX workbook's bytes (one sheet)."""
    import io

    from openpyxl import Workbook

    workbook = Workbook()
    for row in rows:
        workbook.active.append(row)
    buffer = io.BytesIO()
    workbook.save(buffer)
    return buffer.getvalue()


def pdf_text(pdf: bytes) -> str:
    """The text of every page of a PDF, page after page."""
    import io

    from pypdf import PdfReader

    return "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(pdf)).pages)


def pdf_words(pdf: bytes) -> str:
    """A PDF's text as one line with single spaces; a word wrapped after its own hyphen
    ("Müller-" / "Lüdenscheidt", exports/fitting.py) is joined again."""
    import re

    return " ".join(re.sub(r"-\n", "-", pdf_text(pdf)).split())


def page_text(response) -> str:
    """A page's text without tags and with single spaces, for phrase assertions."""
    import re

    html = response.content.decode()
    html = re.sub(r"<(script|style)[^>]*>.*?</\1>", " ", html, flags=re.S)
    return " ".join(re.sub(r"<[^>]+>", " ", html).replace("&#x27;", "'").split())


def run_together(count, call, *, prepare=None):
    """Run ``call`` in ``count`` threads released together by a barrier; their results.

    Each thread has its own database connection, closed when it ends. ``call`` gets the
    thread's index, or what ``prepare(index)`` returned: ``prepare`` runs before the
    barrier, so slow setup (logging a client in) stays out of the race.
    """
    barrier = threading.Barrier(count)
    results = [None] * count

    def run(index):
        try:
            ready = prepare(index) if prepare else index
            barrier.wait()
            results[index] = call(ready)
        finally:
            connection.close()

    threads = [threading.Thread(target=run, args=(i,)) for i in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    return results


def logged_in_client(user):
    client = Client()
    client.force_login(user)
    return client


# Names and a club that printing, searching and phone layouts get wrong: long, hyphenated,
# with umlauts, other Latin letters and Cyrillic.
LONG_CLUB = "Skatfreunde Herz Dame Bad Münstereifel-Nöthen 1978 e.V."
HARD_NAMES = {
    "mueller": ("Jürgen", "Müller-Lüdenscheidt"),
    "heydt": ("Wolfgang", "von der Heydt-Ærøskøbing"),
    "celik": ("Karin", "Ersatzmann-Çelik"),
    "schaefer": ("Hans-Peter", "Schäfer"),
    "grossmann": ("Karl-Heinz", "Großmann-Überlingen"),
    "wasik": ("Łukasz", "Wąsik"),
    "ivanov": ("Дмитрий", "Иванов"),
    "zimmermann": ("Elfriede", "Zimmermann-Wiesenthal"),
    "weiss": ("Ingrid", "Weiß"),
}


def hard_names(*keys):
    """(first, last) of :data:`HARD_NAMES` in the order asked."""
    return [HARD_NAMES[key] for key in keys]
