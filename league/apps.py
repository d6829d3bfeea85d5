"""App configuration for the league app, and its registration with the core.

The league builds on the tournaments app and never the reverse (docs/architecture.md,
"Floors"): the core knows nothing of leagues, so the league hands it, once Django is
ready, what the core's one ways in need to take a league into account.
"""

from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class LeagueConfig(AppConfig):
    """Gives the app a translated name, which the admin shows as its section heading, and
    registers the league with the core's registries."""

    default_auto_field = "django.db.models.BigAutoField"
    name = "league"
    verbose_name = _("League")

    def ready(self) -> None:
        from league import benchmarks as league_benchmark
        from league.services import demo, invitation_privacy, publicity, report_states, roles
        from league.web import mine
        from tournaments import benchmarks
        from tournaments.services import erasure, personal_data, result_access
        from tournaments.services.demo import parts
        from tournaments.web import dashboard_links
        from tournaments.web.director import auth

        # The group leader and the captain, and the venue tournaments a leader directs.
        roles.register()
        # The match report's steps in the one table of transitions (states.apply).
        report_states.register()
        # The demo league: loaded by `manage.py demo`, deleted with the demo.
        parts.register("league", demo.DEMO_PART)
        # `manage.py bench league`.
        benchmarks.register(
            "league",
            benchmarks.Benchmark(
                league_benchmark.HELP, league_benchmark.add_arguments, league_benchmark.run
            ),
        )
        # Who sees a venue's results before its report is published (live_public).
        result_access.register(publicity.tournament_rule)
        # An invitation names a person: in their data (Art. 15), gone on erasure (Art. 17).
        personal_data.register_section(
            "invitations", _("Invitations"), invitation_privacy.invitations_of
        )
        erasure.on_player_erased(invitation_privacy.erase_invitations)
        # "Meine Liga" after the login, for group leaders and captains.
        auth.register_landing_page(mine.landing_page)
        # …and a link to it on the director's dashboard, where a director lands.
        dashboard_links.register_dashboard_link(mine.dashboard_link)
