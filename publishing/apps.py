"""App configuration for the publishing app."""

from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class PublishingConfig(AppConfig):
    """Gives the app a translated name, which the admin shows as its section heading."""

    default_auto_field = "django.db.models.BigAutoField"
    name = "publishing"
    verbose_name = _("Publishing")

    def ready(self) -> None:
        from publishing import sender, signals
        from publishing.services.marks import publication_note, publishing_note
        from tournaments.web.notes import register_dashboard_note, register_tournament_note

        register_tournament_note(publication_note)
        register_dashboard_note(publishing_note)
        signals.connect()
        # gunicorn's workers start it in gunicorn.conf.py (post_worker_init).
        if sender.started_by_runserver():
            sender.start()

        from publishing.api.site import site_download
        from publishing.services import portal_links
        from tournaments.services import more_downloads, public_address

        # The core prints the portal's links and offers the static site without
        # importing this app.
        public_address.register(portal_links.PROVIDER)
        portal_links.connect()

        from publishing import benchmarks as publishing_benchmark
        from tournaments import benchmarks

        benchmarks.register(
            "publishing",
            benchmarks.Benchmark(
                publishing_benchmark.HELP,
                publishing_benchmark.add_arguments,
                publishing_benchmark.run,
            ),
        )
        more_downloads.register(site_download)
