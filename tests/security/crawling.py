"""Crawling every address an anonymous visitor can open (docs/privacy.md): every route of
the site and of the API with ids filled in, then the links of the pages it finds; each
answer read as text, files included (PDF, XLSX, ZIP with its members)."""

import io
import re
import zipfile
from dataclasses import dataclass, field

from django.urls import URLPattern, URLResolver, get_resolver
from openpyxl import load_workbook

from tests import factories as f

SKIPPED_PREFIXES = ("/leitung/", "/admin/", "/anmelden/", "/abmelden/", "/static/", "/kasse/")
# Every HTML page's footer links the privacy notice and the imprint.
LEGAL_LINKS = ('href="/datenschutz/"', 'href="/impressum/"')


@dataclass
class Crawl:
    opened: list[str] = field(default_factory=list)
    leaks: list[tuple[str, str]] = field(default_factory=list)
    unlinked: list[str] = field(default_factory=list)


def crawl(client, ids: dict, forbidden, skipped=SKIPPED_PREFIXES) -> Crawl:
    """Open every address (:func:`addresses`) and the links found, without login; note
    each answer that holds a ``forbidden`` text and each HTML page without the legal links."""
    to_visit = list(dict.fromkeys(addresses(ids, skipped)))
    seen, found = set(), Crawl()
    while to_visit:
        address = to_visit.pop()
        if address in seen:
            continue
        seen.add(address)
        response = client.get(address)
        if response.status_code != 200:
            continue
        found.opened.append(address)
        text = answer_text(response)
        found.leaks += [(address, name) for name in forbidden if name in text]
        if "html" in response.get("Content-Type", ""):
            to_visit += [link for link in links(text, skipped) if link not in seen]
            if not all(link in text for link in LEGAL_LINKS):
                found.unlinked.append(address)
    return found


def routes(patterns=None, prefix=""):
    """Every route of the site as a path pattern with its converters, e.g.
    ``api/v1/tournaments/<int:pk>/ranking/``."""
    for entry in patterns if patterns is not None else get_resolver().url_patterns:
        if isinstance(entry, URLResolver):
            yield from routes(entry.url_patterns, prefix + str(entry.pattern))
        elif isinstance(entry, URLPattern):
            route = prefix + str(entry.pattern)
            if "^" in route:  # a router's regular expression: its named groups as <name>
                if "\\." in route or "(?P<format>" in route:
                    continue
                route = re.sub(r"\(\?P<(\w+)>[^)]*\)", r"<\1>", route)
                route = route.replace("^", "").replace("$", "")
            yield route


def addresses(ids: dict, skipped=SKIPPED_PREFIXES):
    """The routes with ``ids`` filled in (by the argument's name; ``pk`` by the resource
    before it); routes with an argument ``ids`` does not know are left out."""
    for route in routes():
        if any(("/" + route).startswith(prefix) for prefix in skipped):
            continue
        names = re.findall(r"<(?:\w+:)?(\w+)>", route)
        if any(name not in ids for name in names):
            continue
        found = ["/" + route]
        for name in names:
            values = ids[name]
            if name == "pk":  # the resource before it says what the id is of
                resource = route.split("<")[0].rstrip("/").split("/")[-1]
                values = ids.get(resource, [])
            found = [
                re.sub(rf"<(?:\w+:)?{name}>", str(value), address, count=1)
                for address in found
                for value in values
            ]
        yield from found


def answer_text(response) -> str:
    kind = response.get("Content-Type", "")
    content = b"".join(response.streaming_content) if response.streaming else response.content
    return file_text(content, kind)


def file_text(content: bytes, kind: str) -> str:
    """A file's words: a PDF's text, a workbook's cells, a ZIP's members', else the bytes."""
    if kind.startswith("application/pdf"):
        return f.pdf_text(content)
    if "spreadsheetml" in kind:
        workbook = load_workbook(io.BytesIO(content), read_only=True)
        return "\n".join(
            str(value)
            for sheet in workbook.worksheets
            for row in sheet.iter_rows(values_only=True)
            for value in row
            if value is not None
        )
    if kind.startswith("application/zip"):
        with zipfile.ZipFile(io.BytesIO(content)) as archive:
            return "\n".join(
                file_text(archive.read(name), _kind_of(name)) for name in archive.namelist()
            )
    return content.decode("utf-8", errors="replace")


def _kind_of(name: str) -> str:
    kinds = {".pdf": "application/pdf", ".xlsx": "spreadsheetml", ".zip": "application/zip"}
    return next((kind for end, kind in kinds.items() if name.endswith(end)), "text/plain")


def links(text: str, skipped=SKIPPED_PREFIXES) -> set[str]:
    return {
        link.split("#")[0]
        for link in re.findall(r'href="(/[^"]*)"', text)
        if not link.startswith(skipped)
    }
