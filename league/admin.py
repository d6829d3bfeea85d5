"""The league in the admin: the association's back office (read and correct the structure).

Results, line-ups and reports change only through the league's services and pages (they
are audited and sealed), so those models are shown read-only.
"""

from django.contrib import admin

from league.models import (
    League,
    LeagueGroup,
    LeagueTeam,
    MatchDay,
    MatchReport,
    RosterEntry,
    Season,
    Venue,
)


@admin.register(Season)
class SeasonAdmin(admin.ModelAdmin):
    list_display = ["name", "created_at"]


@admin.register(League)
class LeagueAdmin(admin.ModelAdmin):
    list_display = ["name", "season", "series_per_match_day", "protest_days", "min_games"]
    list_filter = ["season"]


@admin.register(LeagueGroup)
class LeagueGroupAdmin(admin.ModelAdmin):
    list_display = ["name", "league", "promotion_places", "relegation_places"]
    list_filter = ["league__season", "league"]
    filter_horizontal = ["leaders"]


class RosterInline(admin.TabularInline):
    model = RosterEntry
    fields = ["position", "player", "substitute"]
    raw_id_fields = ["player"]
    extra = 0

    def get_readonly_fields(self, request, obj=None):
        return ["position", "player", "substitute"]

    def has_add_permission(self, request, obj=None):
        return False


@admin.register(LeagueTeam)
class LeagueTeamAdmin(admin.ModelAdmin):
    list_display = ["name", "group", "club", "captain", "captain_user"]
    list_filter = ["group__league__season", "group"]
    raw_id_fields = ["captain_user"]
    readonly_fields = ["group", "club", "captain"]  # the roster's rules: league/services
    inlines = [RosterInline]

    def has_add_permission(self, request):
        return False


class ReadOnly(admin.ModelAdmin):
    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


@admin.register(MatchDay)
class MatchDayAdmin(ReadOnly):
    list_display = ["group", "number", "date", "central"]


@admin.register(Venue)
class VenueAdmin(ReadOnly):
    list_display = ["match_day", "number", "host", "tournament"]


@admin.register(MatchReport)
class MatchReportAdmin(ReadOnly):
    list_display = ["venue", "status", "sealed_at", "published_at"]
    exclude = ["document"]
