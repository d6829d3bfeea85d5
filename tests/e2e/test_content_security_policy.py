"""The admin, the API docs and the pages render under the Content-Security-Policy.

Chromium reports every blocked script, style or image on the console; none may appear.
"""

import pytest

pytestmark = pytest.mark.django_db(transaction=True)

PASSWORD = "e2e-Admin-Passwort-2026"
PAGES = [
    "/admin/",
    "/admin/tournaments/tournament/",
    "/admin/tournaments/tournament/add/",
    "/admin/axes/accessattempt/",
    "/api/docs/",
    "/leitung/",
    "/leitung/sperren/",
    "/",
    "/rechner/",
    "/tisch/",
]


def test_pages_render_without_policy_violations(new_page, django_user_model):
    django_user_model.objects.create_superuser("root", password=PASSWORD)
    page = new_page()
    violations = []
    page.on(
        "console",
        lambda message: (
            violations.append(f"{page.url}: {message.text}")
            if "Content Security Policy" in message.text
            else None
        ),
    )
    page.goto("/admin/login/")
    page.fill("#id_username", "root")
    page.fill("#id_password", PASSWORD)
    page.click("input[type=submit]")
    page.wait_for_url("**/admin/")

    for path in PAGES:
        page.goto(path)
        page.wait_for_load_state("networkidle")

    assert violations == []


def test_api_docs_show_the_operations(new_page):
    page = new_page()

    page.goto("/api/docs/")

    page.locator(".opblock").first.wait_for()
    assert page.locator(".opblock").count() > 10
