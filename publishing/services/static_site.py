"""A tournament's static website as one ZIP (docs/publishing.md): index, rankings, every
list as HTML and PDF, player pages, a page that checks the seals in the browser, and
``results.json``; and the privacy notice and imprint of the club that runs the site
(``datenschutz.html``, ``impressum.html``, tournaments/services/legal_texts.py), linked
from every page's footer.

Built from the results document, so it shows what a portal would and names players as
the document does. It works opened from disk or from any web space: every link is
relative, the style is inline, nothing is loaded from elsewhere, and nothing leads back
to the hall. The list PDFs are the core's list writer's, given the document's names.
"""

import hashlib
import io
import json
import zipfile
from datetime import date, datetime

from django.template.loader import render_to_string
from django.utils.translation import get_language, gettext

from tournaments.exports import pades
from tournaments.exports.listsheet import table_queryset
from tournaments.exports.pdf_list import game_list_pdf
from tournaments.models import Participant, Tournament
from tournaments.services import legal_texts, public_address

from . import portal_links, results_document, site_pages

TEMPLATES = "publishing/site/"
LEGAL_PAGES = {"privacy_notice": "datenschutz.html", "imprint": "impressum.html"}


def site_zip(tournament: Tournament, document: dict | None = None) -> bytes:
    """The whole site of ``tournament`` as ZIP bytes (from ``document``, its results
    document, when the caller has it already)."""
    if document is None:
        document = results_document.results_document(tournament)
    files = site_files(document, legal_pages())
    files.update(_list_pdfs(tournament, document))
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, content in files.items():
            archive.writestr(name, content)
    return out.getvalue()


def legal_pages() -> dict[str, dict]:
    """The privacy notice's and the imprint's page of the site, by their file's name."""
    return {name: legal_texts.site_page(field) for field, name in LEGAL_PAGES.items()}


def site_files(document: dict, legal: dict[str, dict] | None = None) -> dict[str, bytes]:
    """Every page of the site and ``results.json``, by path inside the site; ``legal``
    the privacy notice's and imprint's pages (:func:`legal_pages`), none without it."""
    common = {
        "document": document,
        "club": document["club"],
        "about": document["tournament"],
        "day": date.fromisoformat(document["tournament"]["date"]),
        "written": datetime.fromisoformat(document["generated"]),
    }
    files = {
        "results.json": json.dumps(document, ensure_ascii=False, indent=1).encode("utf-8"),
        "index.html": _page("index.html", common, players=document["players"]),
        "rangliste.html": _page(
            "ranking.html",
            common,
            rows=site_pages.ranking_rows(document, document["rankings"]["tournament"]),
            teams=document["rankings"]["teams"],
            players=site_pages.players_by_ref(document),
        ),
        "pruefen.html": _page("verify.html", common, lists=site_pages.sealed_lists(document)),
    }
    for name, page in (legal or {}).items():
        # ``club`` is the document's organiser in the header; the texts' club is apart.
        text = {key: value for key, value in page.items() if key != "club"}
        files[name] = _page("legal.html", common, legal_club=page["club"], **text)
    for series in document["series"]:
        rows = document["rankings"]["series"].get(str(series["number"]), [])
        files[f"serie-{series['number']}.html"] = _page(
            "series.html",
            common,
            series=series,
            rows=site_pages.ranking_rows(document, rows),
            lists=site_pages.series_lists(document, series),
        )
        for table in series["tables"]:
            page = site_pages.list_page(document, series, table)
            files[f"listen/{page['stem']}.html"] = _page("list.html", common, root="../", **page)
    for player in document["players"]:
        page = site_pages.player_page(document, player["ref"])
        files[f"spieler/{player['ref']}.html"] = _page("player.html", common, root="../", **page)
    return files


def _page(template: str, common: dict, root: str = "", **context) -> bytes:
    return render_to_string(TEMPLATES + template, {**common, "root": root, **context}).encode()


def _list_pdfs(tournament: Tournament, document: dict) -> dict[str, bytes]:
    """Each list as the core prints it, naming players as the document does; the seal's
    link leads to the portal's page of the list when a portal is set, else to this site's
    verification page."""
    shown = {player["start_number"]: player["name"] for player in document["players"]}
    names = {
        pk: shown[number]
        for pk, number in Participant.objects.filter(tournament=tournament).values_list(
            "pk", "start_number"
        )
    }
    files = {}
    tables = table_queryset().filter(series__tournament=tournament)
    for table in tables.order_by("series__number", "number"):
        stem = site_pages.list_stem(table.series.number, table.number)
        check = public_address.list_url(tournament.pk, table.series.number, table.number)
        stream = io.BytesIO(
            game_list_pdf(table, names=names, check_url=check or f"../pruefen.html#{stem}")
        )
        if tournament.club is not None:
            pades.add_digital_signature(
                stream, tournament.club, reason=gettext("Game list"), location=tournament.venue
            )
        files[f"listen/{stem}.pdf"] = stream.getvalue()
    return files


def kept_name(document: dict) -> str:
    """Where the site of exactly this document is kept (exports/kept/): by a digest of the
    document without ``generated``, so a changed list, name or portal gives a new file,
    and by the language and the portal the PDFs' links lead to; by the texts of the club
    that runs the site as well."""
    body = {name: value for name, value in document.items() if name != "generated"}
    club = legal_texts.site_club()  # a changed privacy notice or imprint: a new site
    body["legal"] = [club.pk, club.privacy_notice, club.imprint] if club is not None else None
    digest = hashlib.sha256(json.dumps(body, sort_keys=True).encode()).hexdigest()[:20]
    portal = hashlib.sha256(portal_links.portal_address().encode()).hexdigest()[:8]
    return f"exports/sites/{document['id']}-{get_language()}-{portal}-{digest}.zip"
