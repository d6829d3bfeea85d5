"""Root URL configuration: admin, API schema and docs, language switch, health, web pages."""

from csp.decorators import csp_update
from django.contrib import admin
from django.urls import include, path
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerSplitView

from publishing.web.page import publishing_page
from skatverein.health import healthz

# Under /api/ Django's own error answers use the API's JSON error format (api/errors.py).
handler400 = "tournaments.api.errors.bad_request"
handler403 = "tournaments.api.errors.permission_denied"
handler404 = "tournaments.api.errors.page_not_found"
handler500 = "tournaments.api.errors.server_error"

urlpatterns = [
    path("admin/", admin.site.urls),
    path("i18n/", include("django.conf.urls.i18n")),
    path("healthz", healthz, name="healthz"),
    path("api/schema/", SpectacularAPIView.as_view(), name="schema"),
    # The split view serves its start-up script as a file (CSP: script-src 'self'); Swagger
    # UI's own inline stylesheet is the one relaxation of the policy.
    path(
        "api/docs/",
        csp_update({"style-src": ["'unsafe-inline'"]})(
            SpectacularSwaggerSplitView.as_view(url_name="schema")
        ),
        name="api-docs",
    ),
    # The core's API first: its table routes are the most asked for (tests/test_url_order.py).
    path("api/v1/", include("tournaments.api.urls")),
    path("api/v1/", include("publishing.api.urls")),
    path("api/v1/", include("league.api.urls")),
    path("api/v1/", include("door.api.urls")),
    path("leitung/veroeffentlichen/", publishing_page, name="publishing-page"),
    # The core's pages first, for the same reason as its API.
    path("", include("tournaments.web.urls")),
    path("", include("publishing.web.urls")),
    path("", include("league.web.urls")),
    path("", include("door.web.urls")),
]
