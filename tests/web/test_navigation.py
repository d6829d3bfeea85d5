"""People find their way: login or director pages from home, the table code one tap away,
the admin leads back, one small language menu, the developer links only in the footer."""

import re

import pytest

from tests import factories as f

pytestmark = pytest.mark.django_db


def nav_of(content: str) -> str:
    return re.search(r'<nav aria-label="[^"]*">(.*?)</nav>', content, re.S).group(1)


def test_logged_out_home_links_to_login_and_the_table_code_not_to_director_pages(client):
    content = client.get("/", headers={"accept-language": "de"}).content.decode()

    assert re.search(r'<a href="/anmelden/"[^>]*>Anmelden</a>', content)
    assert re.search(r'<a href="/tisch/"[^>]*>Am Tisch: Code eingeben</a>', content)
    assert 'href="/leitung/"' not in content


def test_logged_in_home_links_to_the_director_pages_instead_of_login(client):
    client.force_login(f.make_staff_user())

    content = client.get("/", headers={"accept-language": "de"}).content.decode()

    assert re.search(r'<a href="/leitung/"[^>]*>Turnierleitung</a>', content)
    assert 'href="/anmelden/"' not in content


def test_main_navigation_has_no_api_entry_which_moves_to_the_footer(client):
    content = client.get("/turniere/").content.decode()

    assert "/api/docs/" not in nav_of(content)
    footer = re.search(r'<footer class="site-footer">(.*?)</footer>', content, re.S).group(1)
    assert 'href="/api/docs/"' in footer


def test_language_switch_is_one_small_menu_with_one_form(client):
    content = client.get("/").content.decode()

    menu = re.search(r'<details class="language-menu">(.*?)</details>', content, re.S).group(1)
    assert content.count('action="/i18n/setlang/"') == 1
    assert 'name="language" value="en"' in menu and 'name="language" value="de"' in menu


def test_language_menu_button_switches_the_language(client):
    response = client.post("/i18n/setlang/", {"language": "en", "next": "/"}, follow=True)

    assert '<html lang="en">' in response.content.decode()


def test_admin_links_back_to_the_director_pages(client):
    client.force_login(f.make_superuser())

    content = client.get("/admin/", headers={"accept-language": "de"}).content.decode()

    assert re.search(r'<a href="/leitung/"[^>]*>Turnierleitung</a>', content)
