"""Files made once and kept in storage: a locked list by its seal, a series' lists and the
rankings by the tournament's version (names and storage here; the series' bulk PDF is
written in the background by :mod:`.background`).

A sealed list cannot change until the director reopens it, and reopening clears the seal
(the next lock makes a new one), so the seal is a name that can never point to an older
file. The series' bulk PDF of 500 lists takes seconds; it is written by a background
thread into storage under the tournament version (``services/versions.py``) while the
browser shows a "being prepared" page that reloads itself until the file is there, so no
request worker is held for it and table entry carries on.

A ranking file (PDF, XLSX, CSV of a series, the tournament or its teams) is named by the
tournament's version and the time of that change, like the cached rankings
(``services/ranking_cache.py``): a championship's workbook is written once per change and
then served from storage to everyone who downloads it; the older file of the same ranking
is deleted when the newer one is stored.

Files live in Django's default storage (``MEDIA_ROOT``, under ``var/`` by default); a
file name also holds the language and a digest of the site address, which the PDFs print
(headings, the QR code of the verification page).
"""

import hashlib

from django.core.files import File
from django.core.files.base import ContentFile
from django.core.files.storage import default_storage
from django.utils.translation import get_language

from tournaments.models import Table
from tournaments.services import public_address
from tournaments.services.versions import current_version, tournament_version


def _variant(base_url: str, tournament_id: int) -> str:
    # The seal's link leads to a results portal when one is set (services/public_address),
    # so a print made before the portal was set is kept apart from one made after.
    printed = base_url + (public_address.tournament_url(tournament_id) or "")
    site = hashlib.sha256(printed.encode()).hexdigest()[:12]
    return f"{get_language()}-{site}"


def sealed_list_name(
    table, base_url: str, *, with_money: bool = False, public: bool = False
) -> str | None:
    """Where a locked list's PDF is kept; None for a list that can still change.

    The copy with money is kept apart from the public one, and the copy naming players as
    they consented (``public``) apart from the one with full names.
    """
    if not table.seal:
        return None
    money = "-money" if with_money else ""
    audience = "-public" if public else ""
    variant = _variant(base_url, table.series.tournament_id)
    return f"exports/lists/{table.seal}-{variant}{money}{audience}.pdf"


def stored_or_rendered(name: str | None, render) -> File:
    """The stored file ``name``; made with ``render() -> bytes`` and stored on first use.

    Without a name (an open list) the PDF is rendered for this request only.
    """
    if name is None:
        return ContentFile(render())
    if not default_storage.exists(name):
        data = render()
        if not default_storage.exists(name):  # another request may have stored it meanwhile
            default_storage.save(name, ContentFile(data))
        return ContentFile(data)
    return default_storage.open(name, "rb")


def series_lists_name(
    series, base_url: str, *, with_money: bool = False, public: bool = False
) -> str:
    version = tournament_version(series.tournament_id)[0]
    money = "-money" if with_money else ""
    audience = "-public" if public else ""
    variant = _variant(base_url, series.tournament_id)
    return f"exports/series/{series.pk}-v{version}-{variant}{money}{audience}.pdf"


def ranking_file_name(document: str, key: int, tournament_id: int, extension: str) -> str:
    """Where the ranking file ``document`` (e.g. ``tournament-ranking``) of object ``key`` is
    kept for the tournament's current version. The change's time is part of the name, so a
    tournament made anew under a reused id and version can never get an older file."""
    version, changed_at = current_version(tournament_id)
    stamp = int(changed_at.timestamp() * 1_000_000)
    layout = f"l{RANKING_LAYOUT}"
    return f"{RANKINGS}/{document}-{key}-v{version}-{stamp}-{layout}-{get_language()}.{extension}"


RANKINGS = "exports/rankings"
# Part of every kept ranking file's name: raise it when the printed files change their look
# (long names wrapped instead of cut, the minus sign), so that no file made by an earlier
# release is handed out after an upgrade.
RANKING_LAYOUT = 2


def stored_ranking_file(name: str, render) -> bytes:
    """The ranking file ``name`` (from :func:`ranking_file_name`), made by ``render() ->
    bytes`` on first use; the older versions of the same file are deleted then.

    The file is opened without asking first whether it exists: a newer version's download
    in another worker may delete it in between, and then it is simply made again."""
    try:
        with default_storage.open(name, "rb") as stored:
            return stored.read()
    except FileNotFoundError:
        pass
    data = render()
    if not default_storage.exists(name):  # another request may have stored it meanwhile
        default_storage.save(name, ContentFile(data))
        _delete_older(name)
    return data


def _delete_older(name: str) -> None:
    file_name = name.rsplit("/", 1)[1]
    same_ranking = file_name.split("-v", 1)[0] + "-v"
    language_and_type = file_name.rsplit("-", 1)[1]
    try:
        _, files = default_storage.listdir(RANKINGS)
    except (FileNotFoundError, NotImplementedError):
        return
    for other in files:
        if (
            other != file_name
            and other.startswith(same_ranking)
            and other.endswith("-" + language_and_type)
        ):
            default_storage.delete(f"{RANKINGS}/{other}")


def forget_names(seals) -> int:
    """Delete every kept file that may print a name now erased (Art. 17, docs/privacy.md):
    the lists kept under ``seals``, every series' bulk PDF and every ranking file. They are
    made again, with the pseudonym, when next asked for. Returns how many were deleted."""
    seals = [seal for seal in seals if seal]
    deleted = 0
    for folder, matches in (
        ("exports/lists", lambda name: any(name.startswith(f"{seal}-") for seal in seals)),
        ("exports/series", lambda name: True),
        (RANKINGS, lambda name: True),
    ):
        try:
            _, names = default_storage.listdir(folder)
        except (FileNotFoundError, NotImplementedError):
            continue
        for name in names:
            if matches(name):
                default_storage.delete(f"{folder}/{name}")
                deleted += 1
    return deleted


def forget_names_of(player) -> int:
    """:func:`forget_names` for the lists ``player`` sat at: what an erasure deletes."""
    seals = Table.objects.filter(seats__participant__player=player).values_list("seal", flat=True)
    return forget_names(seals)
