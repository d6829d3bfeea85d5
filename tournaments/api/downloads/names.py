"""One pattern for the names of every downloaded file, and the header that carries them.

``Herbstpokal_2026-10-03_Serie-1_Tisch-3_Spielliste.pdf``: who (the tournament and its
date, or the club and the season), which part (series, table), what (the kind of file).
Parts are joined by ``_``, the words inside a part by ``-``, so the name sorts by event in
a downloads folder. The header carries the name twice (RFC 6266): an ASCII fallback
(umlauts spelled out, ``ä`` → ``ae``) for old clients, and the exact name UTF-8 encoded.
"""

import re
import unicodedata
from urllib.parse import quote

from django.utils.translation import gettext

_UNSAFE = re.compile(r"[\\/:*?\"<>|\x00-\x1f\x7f]+")
_SPACES = re.compile(r"[\s_]+")
_GERMAN = str.maketrans(
    {"ä": "ae", "ö": "oe", "ü": "ue", "Ä": "Ae", "Ö": "Oe", "Ü": "Ue", "ß": "ss", "ẞ": "SS"}
    | {"ł": "l", "Ł": "L", "đ": "d", "Đ": "D", "ı": "i", "ø": "o", "Ø": "O"}
)
MAX_STEM = 120


def download_name(
    kind: str,
    *,
    extension: str,
    tournament=None,
    series: int | None = None,
    table: int | None = None,
    club=None,
    year: int | None = None,
    event: str = "",
) -> str:
    """The file name of one download, e.g. ``Herbstpokal_2026-10-03_Serie-1_Rangliste.pdf``.

    ``event`` names what has no tournament: a league's group or season.
    """
    parts = [event] if event else []
    if tournament is not None:
        parts += [tournament.name, f"{tournament.date:%Y-%m-%d}" if tournament.date else ""]
    if club is not None:
        parts.append(club.name)
    if year is not None:
        parts.append(str(year))
    if series is not None:
        parts.append(gettext("Series %(number)d") % {"number": series})
    if table is not None:
        parts.append(gettext("Table %(number)d") % {"number": table})
    parts.append(kind)
    cleaned = [_part(part) for part in parts]
    stem = "_".join(part for part in cleaned if part)[:MAX_STEM].strip("._-") or "export"
    return f"{stem}.{extension}"


def _part(text) -> str:
    text = _UNSAFE.sub(" ", unicodedata.normalize("NFC", str(text)))
    return "-".join(_SPACES.split(text.strip())).strip(".-")


def ascii_name(name: str) -> str:
    """``name`` in plain ASCII for the header's fallback: umlauts spelled out, accents dropped."""
    text = unicodedata.normalize("NFKD", name.translate(_GERMAN))
    text = "".join(char for char in text if char.isascii() and not unicodedata.combining(char))
    return re.sub(r"[^A-Za-z0-9._-]+", "-", text).strip("-") or "export"


def attachment_header(name: str) -> str:
    """``Content-Disposition`` for a download: ASCII ``filename`` plus UTF-8 ``filename*``."""
    return f"attachment; filename=\"{ascii_name(name)}\"; filename*=UTF-8''{quote(name, safe='')}"
