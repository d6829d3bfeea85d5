"""How long the bulk PDF of a big series takes, and whether its memory stays flat (issue 6).

Builds a series of ``tables`` 4-player tables with complete lists (48 games each at 12
rounds), every list signed by its four players (two drawn signatures, two PINs) and
sealed, then renders ``series/{id}/lists.pdf`` as the API does: all lists into one file,
then the PAdES signature. Times are wall-clock; memory is the peak that tracemalloc sees
in a second, traced run (tracing slows Python down, so it is not timed). A smaller
series of ``tables / 5`` tables is measured the same way: if memory is flat per table,
the peaks differ by about the size of the PDF written, not by the lists' data.
"""

import base64
import gc
import io
import tempfile
import time
import tracemalloc
from dataclasses import dataclass
from typing import TextIO

from django.db import connection, transaction
from PIL import Image, ImageDraw

from tournaments.exports.pades import add_digital_signature
from tournaments.exports.pdf_bulk import series_lists_pdf
from tournaments.models import Seat, Series
from tournaments.services.sealing import signing
from tournaments.services.sealing.certificates import certificate_for

from .options import WholeNumber, add_whole_numbers
from .ranking import add_rounds_and_seed, build_championship, machine

HELP = "Render and sign the PDF of all game lists of a generated series of 500 tables."
TARGET_S = 30
BASE_URL = "https://skat.example.org"


def add_arguments(parser) -> None:
    """Sizes are checked while parsing, before the throw-away database is created."""
    add_whole_numbers(
        parser, WholeNumber("--tables", low=5, high=2000, default=500, help="tables (default 500)")
    )
    add_rounds_and_seed(parser)


@dataclass(frozen=True)
class Measurement:
    tables: int
    pages: int
    render_s: float
    sign_s: float
    queries: int
    size_bytes: int
    peak_bytes: int


def run(options: dict, out: TextIO) -> None:
    tables, rounds, seed = options["tables"], options["rounds"], options["seed"]
    started = time.perf_counter()
    small = build_signed_series(tables // 5, rounds, seed)
    big = build_signed_series(tables, rounds, seed + 1)
    built_s = time.perf_counter() - started
    certificate_for(big.tournament.club)
    certificate_for(small.tournament.club)
    results = [measure(small), measure(big)]
    out.write(
        f"Bulk PDF benchmark: series of {tables} tables x {rounds} rounds "
        f"(built in {built_s:.1f} s)\n"
    )
    out.write(
        f"{'tables':>7}{'pages':>7}{'render s':>10}{'sign s':>8}{'total s':>9}"
        f"{'queries':>9}{'PDF MB':>8}{'peak MB':>9}{'peak-PDF MB':>13}\n"
    )
    for r in results:
        out.write(
            f"{r.tables:>7}{r.pages:>7}{r.render_s:>10.1f}{r.sign_s:>8.1f}"
            f"{r.render_s + r.sign_s:>9.1f}{r.queries:>9}{r.size_bytes / 1e6:>8.1f}"
            f"{r.peak_bytes / 1e6:>9.1f}{(r.peak_bytes - r.size_bytes) / 1e6:>13.1f}\n"
        )
    small_r, big_r = results
    per_table = (big_r.peak_bytes - small_r.peak_bytes) / (big_r.tables - small_r.tables)
    pdf_per_table = (big_r.size_bytes - small_r.size_bytes) / (big_r.tables - small_r.tables)
    out.write(
        f"Memory per extra table: {per_table / 1e3:.1f} KB peak "
        f"(the finished PDF grows by {pdf_per_table / 1e3:.1f} KB per list)\n"
    )
    total = big_r.render_s + big_r.sign_s
    verdict = "met" if total < TARGET_S else "NOT met"
    out.write(f"Target: {tables} lists rendered and signed under {TARGET_S} s: {verdict}\n")
    out.write(f"Machine: {machine()}\n")
    out.write(f"Database: {options.get('database', connection.vendor)}\n")


def measure(series: Series) -> Measurement:
    """One timed run, then one traced run for the peak memory of the same work."""
    counter = _QueryCounter()
    with tempfile.TemporaryFile() as pdf, connection.execute_wrapper(counter):
        gc.collect()
        started = time.perf_counter()
        pages = series_lists_pdf(series, pdf, base_url=BASE_URL)
        rendered = time.perf_counter()
        add_digital_signature(pdf, series.tournament.club, reason="Spielliste")
        signed = time.perf_counter()
        size = pdf.seek(0, io.SEEK_END)
    with tempfile.TemporaryFile() as pdf:
        gc.collect()
        tracemalloc.start()
        series_lists_pdf(series, pdf, base_url=BASE_URL)
        add_digital_signature(pdf, series.tournament.club, reason="Spielliste")
        peak = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
    return Measurement(
        tables=series.tables.count(),
        pages=pages,
        render_s=rendered - started,
        sign_s=signed - rendered,
        queries=counter.count,
        size_bytes=size,
        peak_bytes=peak,
    )


class _QueryCounter:
    """Counts SQL statements without keeping them (CaptureQueriesContext would keep all)."""

    def __init__(self):
        self.count = 0

    def __call__(self, execute, sql, params, many, context):
        self.count += 1
        return execute(sql, params, many, context)


@transaction.atomic
def build_signed_series(tables: int, rounds: int, seed: int) -> Series:
    """A series of ``tables`` complete 4-player lists, each signed by its players and sealed.

    The games are bulk-built like in the ranking benchmark, but the signatures go through
    :func:`tournaments.services.sealing.signing.sign_list` (two drawn, two with the start-card PIN),
    so the last signature seals each list exactly as at a real table: the status, seal and
    audit entry are the service's, and every seal verifies.
    """
    tournament = build_championship(tables * 4, 1, rounds, seed=seed)
    series = tournament.series.get()
    images = [png_data_url(signature_png(n)) for n in range(8)]
    seats = Seat.objects.filter(series=series).select_related("participant", "table")
    for n, seat in enumerate(seats.order_by("table__number", "number")):
        if seat.number % 2 == 1:
            signing.sign_list(seat.table, seat.number, image=images[n % len(images)])
        else:
            signing.sign_list(seat.table, seat.number, pin=seat.participant.pin)
    return series


def png_data_url(png: bytes) -> str:
    return "data:image/png;base64," + base64.b64encode(png).decode()


def signature_png(variant: int) -> bytes:
    """A small drawn signature, as a table device sends it (transparent PNG)."""
    image = Image.new("RGBA", (360, 120), (255, 255, 255, 0))
    pen = ImageDraw.Draw(image)
    points = [(12 + 34 * i, 60 + ((i * 37 + variant * 11) % 50) - 25) for i in range(10)]
    pen.line(points, fill=(20, 20, 110, 255), width=4)
    buffer = io.BytesIO()
    image.save(buffer, "PNG")
    return buffer.getvalue()
