"""The game value calculator page at /rechner/: languages, labelled controls, bids, script."""

import json
import re
from html.parser import HTMLParser

import pytest
from django.conf import settings
from django.contrib.staticfiles import finders
from django.urls import reverse

from tournaments.skat import POSSIBLE_GAME_VALUES, GameType

URL = "/rechner/"
FORM_CONTROLS = {"input", "select", "textarea"}


class ControlsParser(HTMLParser):
    """Collects form controls with their fieldset/legend context, labels and select options."""

    def __init__(self):
        super().__init__()
        self.controls = []
        self.label_targets = set()
        self.fieldsets = []
        self.in_legend = False
        self.select_id = None
        self.options = {}

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "fieldset":
            self.fieldsets.append({"legend": ""})
        elif tag == "legend":
            self.in_legend = True
        elif tag == "label" and attrs.get("for"):
            self.label_targets.add(attrs["for"])
        elif tag in FORM_CONTROLS and attrs.get("type") != "hidden":
            in_legend_fieldset = any(fieldset["legend"].strip() for fieldset in self.fieldsets)
            self.controls.append({**attrs, "tag": tag, "in_legend_fieldset": in_legend_fieldset})
            if tag == "select":
                self.select_id = attrs.get("id")
                self.options[self.select_id] = []
        elif tag == "option" and self.select_id is not None:
            self.options[self.select_id].append(attrs.get("value"))

    def handle_endtag(self, tag):
        if tag == "fieldset":
            self.fieldsets.pop()
        elif tag == "legend":
            self.in_legend = False
        elif tag == "select":
            self.select_id = None

    def handle_data(self, data):
        if self.in_legend and self.fieldsets:
            self.fieldsets[-1]["legend"] += data


def parse(content):
    parser = ControlsParser()
    parser.feed(content)
    return parser


@pytest.fixture
def page(client):
    response = client.get(URL)
    assert response.status_code == 200
    return response.content.decode()


def test_calculator_url_is_named():
    assert reverse("web:calculator") == URL


def test_page_is_german_by_default(page):
    assert '<html lang="de">' in page
    assert "<h1>Spielwertrechner</h1>" in page
    assert "Spielwert" in page
    for word in ("Karo", "Herz", "Pik", "Kreuz", "Grand", "Null", "Spitzen", "Reizwert"):
        assert word in page


def test_page_follows_accept_language(client):
    response = client.get(URL, headers={"accept-language": "en-GB,en;q=0.9"})

    content = response.content.decode()
    assert '<html lang="en">' in content
    assert "<h1>Game value calculator</h1>" in content
    assert "Clubs" in content
    assert 'data-language="en"' in content


def test_page_follows_language_cookie(client):
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"

    response = client.get(URL, headers={"accept-language": "de"})

    assert "<h1>Game value calculator</h1>" in response.content.decode()


def test_every_form_control_is_labelled(page):
    parser = parse(page)

    assert len(parser.controls) > 15
    unlabelled = [
        control
        for control in parser.controls
        if control.get("id") not in parser.label_targets and not control["in_legend_fieldset"]
    ]
    assert unlabelled == []


def test_every_control_id_is_unique(page):
    ids = re.findall(r'\sid="([^"]+)"', page)

    assert len(ids) == len(set(ids))


def test_game_choices_are_radio_buttons_for_every_game(page):
    games = [
        control["value"]
        for control in parse(page).controls
        if control.get("name") == "game" and control.get("type") == "radio"
    ]

    assert games == [game.value for game in GameType]


def test_bid_select_lists_every_possible_game_value(page):
    options = parse(page).options["bid"]

    assert options[0] == ""
    assert options[1] == "18"
    assert options[-1] == "264"
    assert options[1:] == [str(value) for value in POSSIBLE_GAME_VALUES]


def test_matadors_stepper_starts_at_one_and_allows_up_to_eleven(page):
    matadors = next(c for c in parse(page).controls if c.get("id") == "matadors")

    assert (matadors["type"], matadors["min"], matadors["max"], matadors["value"]) == (
        "number",
        "1",
        "11",
        "1",
    )


def test_page_talks_to_the_api_in_the_page_language(page):
    assert 'data-api-url="/api/v1/game-value/"' in page
    assert 'data-language="de"' in page


def test_result_region_is_announced_politely(page):
    assert re.search(r'<section[^>]*id="result"[^>]*aria-live="polite"', page)


def test_script_and_styles_are_referenced_and_local(page):
    assert '<script type="module" src="/static/js/calculator.js"></script>' in page
    assert 'href="/static/css/calculator.css"' in page
    assert finders.find("js/calculator.js")
    assert finders.find("css/calculator.css")
    assert not re.search(r'(src|href)="(https?:)?//', page)


def test_page_gives_the_script_the_rules_messages_in_the_page_language(page):
    pattern = r'<script id="calculator-data" type="application/json">(.*?)</script>'
    data = json.loads(re.search(pattern, page, re.S).group(1))

    assert data["catalogue"]["Clubs"] == "Kreuz"
    assert data["catalogue"]["won: %(score)s"] == "gewonnen: %(score)s"


def test_navigation_links_to_the_calculator(page):
    assert page.count(f'href="{URL}"') >= 1


def test_post_is_not_allowed(client):
    response = client.post(URL, {"game": "clubs"})

    assert (response.status_code, response["Allow"]) == (405, "GET, HEAD")
