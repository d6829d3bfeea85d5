"""The director frame's breadcrumbs: every tournament page leads back to its tournament,
whose own page marks it as the current one (templates/director/base.html)."""

import re

import pytest
from django.urls import reverse

from tests import factories as f

pytestmark = pytest.mark.django_db


def crumbs_of(client, url) -> list[str]:
    content = client.get(url, headers={"accept-language": "de"}).content.decode()
    trail = re.search(r'<nav class="director-breadcrumbs"[^>]*>(.*?)</nav>', content, re.S)
    return [" ".join(item.split()) for item in re.findall(r"<li[^>]*>.*?</li>", trail.group(1))]


def test_tournament_page_shows_its_name_as_the_current_crumb(director_client):
    tournament = f.make_tournament(name="Herbstpreisskat")

    crumbs = crumbs_of(director_client, reverse("web:director-tournament", args=[tournament.id]))

    assert crumbs[1] == '<li aria-current="page">Herbstpreisskat</li>'
    assert len(crumbs) == 2


@pytest.mark.parametrize(
    ("name", "current"),
    [
        ("web:director-participants", "Teilnehmer"),
        ("web:director-cash", "Kasse"),
        ("web:director-tournament-edit", "Einstellungen"),
    ],
)
def test_tournament_subpage_links_back_to_the_tournament(director_client, name, current):
    tournament = f.make_tournament(name="Herbstpreisskat")
    link = reverse("web:director-tournament", args=[tournament.id])

    crumbs = crumbs_of(director_client, reverse(name, args=[tournament.id]))

    assert crumbs[1] == f'<li><a href="{link}">Herbstpreisskat</a></li>'
    assert crumbs[-1] == f'<li aria-current="page">{current}</li>'


def test_table_page_leads_back_through_tournament_and_series(director_client):
    table = f.make_seated_table()
    series = table.series

    crumbs = crumbs_of(director_client, reverse("web:director-table", args=[table.id]))

    assert reverse("web:director-tournament", args=[series.tournament.id]) in crumbs[1]
    assert reverse("web:director-series", args=[series.id]) in crumbs[2]
    assert crumbs[3].startswith('<li aria-current="page">')


@pytest.mark.parametrize("url", ["/leitung/", "/leitung/sperren/", "/leitung/turniere/neu/"])
def test_pages_without_a_tournament_have_no_tournament_crumb(director_client, url):
    crumbs = crumbs_of(director_client, url)

    assert not any("/leitung/turniere/" in crumb for crumb in crumbs[1:])
