"""Refusing XLSX archives that would unpack to far more than a player list, before parsing.

An XLSX file is a zip archive; a few hundred KB can declare gigabytes of sheet XML (an
"import bomb"). The central directory lists each member's packed and unpacked size, and
:mod:`zipfile` never unpacks more than the size a member declares, so checking the declared
sizes here bounds what openpyxl can be made to read.
"""

import zipfile

from django.conf import settings
from django.utils.translation import gettext_noop

from tournaments.skat import Problem

from ..errors import Rejected

MAX_UNPACKED_BYTES = 20 * 1024 * 1024  # a sheet of 5,000 players unpacks to about 2 MB
MAX_COMPRESSION_RATIO = 100  # Excel's own files pack 5 to 20 times
# Small members (styles, empty sheets) pack very tightly; only larger ones are a danger.
RATIO_CHECKED_FROM_BYTES = 1024 * 1024
MAX_MEMBERS = 1000
_MB = 1024 * 1024


def max_unpacked_bytes() -> int:
    return getattr(settings, "PLAYER_IMPORT_MAX_UNPACKED_BYTES", MAX_UNPACKED_BYTES)


def max_compression_ratio() -> int:
    return getattr(settings, "PLAYER_IMPORT_MAX_COMPRESSION_RATIO", MAX_COMPRESSION_RATIO)


def archive_problem(name: str, archive: zipfile.ZipFile) -> Problem | None:
    """Why ``archive`` unpacks to too much to be a player list, or None."""
    members = archive.infolist()
    unpacked = sum(member.file_size for member in members)
    limit = max_unpacked_bytes()
    if unpacked > limit or len(members) > MAX_MEMBERS:
        return Problem(
            "file",
            "archive_too_large",
            gettext_noop(
                "%(file)s would unpack to %(size)s MB; an Excel player list may unpack to at "
                "most %(limit)s MB. Copy only the players into a new workbook, or export the "
                "list as CSV."
            ),
            {"file": name, "size": f"{unpacked / _MB:.0f}", "limit": megabytes(limit)},
        )
    ratio_limit = max_compression_ratio()
    for member in members:
        if member.file_size < RATIO_CHECKED_FROM_BYTES:
            continue
        ratio = member.file_size / max(member.compress_size, 1)
        if ratio > ratio_limit:
            return Problem(
                "file",
                "archive_too_compressed",
                gettext_noop(
                    "%(file)s is packed %(ratio)s times tighter than its contents allow "
                    "(at most %(limit)s times), so it is not an ordinary player list. Copy "
                    "only the players into a new workbook, or export the list as CSV."
                ),
                {"file": name, "ratio": f"{ratio:.0f}", "limit": ratio_limit},
            )
    return None


def megabytes(size: int) -> str:
    """A byte limit as people read it in a message: ``2`` (MB), or ``0.5`` below a whole MB."""
    return f"{size / _MB:.0f}" if size % _MB == 0 else f"{size / _MB:.1f}"


def ensure_reasonable_archive(name: str, archive: zipfile.ZipFile) -> None:
    problem = archive_problem(name, archive)
    if problem is not None:
        raise Rejected([problem])
