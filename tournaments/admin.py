"""Admin pages: the tournament director's back office for every model."""

from django.contrib import admin, messages
from django.db.models import Count
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _
from rest_framework.authtoken.admin import TokenAdmin
from rest_framework.authtoken.models import TokenProxy

from tournaments.models import (
    AuditEntry,
    Club,
    Game,
    Participant,
    Player,
    Seat,
    Series,
    Signature,
    SigningCertificate,
    SummaryEntry,
    Table,
    Team,
    Tournament,
)
from tournaments.services import audit, states, tournament_settings
from tournaments.services.errors import Rejected
from tournaments.services.sealing.seal_document import image_digest
from tournaments.web.director.auth import AdminLoginForm

# The admin's login refuses over-long user names like the site's (web/director/auth.py).
admin.site.login_form = AdminLoginForm


@admin.action(description=_("Finish the selected (every list locked, every series finished)"))
def finish_selected(modeladmin, request, queryset):
    """The finish step of services.states for each row; the status is never edited directly.

    Reopening needs a reason and is done on the director pages.
    """
    for obj in queryset:
        try:
            states.apply(obj, "finish", request.user)
        except Rejected as rejected:
            for problem in rejected.problems:
                modeladmin.message_user(request, problem.text(gettext), messages.ERROR)
        else:
            modeladmin.message_user(request, gettext("%(name)s is finished.") % {"name": obj})


class KeepsClosedLists:
    """Deleting a tournament, series or table would take signed or locked lists with it.

    The delete confirmation lists those lists as protected, so the admin refuses instead of
    failing on the models' lock guard.
    """

    def get_deleted_objects(self, objs, request):
        deleted, counts, perms_needed, protected = super().get_deleted_objects(objs, request)
        closed = _closed_tables(self.model, [obj.pk for obj in objs])
        return deleted, counts, perms_needed, [*protected, *closed]


def _closed_tables(model, ids) -> list[str]:
    closed = Table.objects.exclude(status=Table.Status.OPEN).select_related("series__tournament")
    if model is Tournament:
        closed = closed.filter(series__tournament_id__in=ids)
    elif model is Series:
        closed = closed.filter(series_id__in=ids)
    else:
        closed = closed.filter(pk__in=ids)
    return [
        _("%(table)s of %(series)s (%(status)s)")
        % {"table": table, "series": table.series, "status": table.get_status_display()}
        for table in closed
    ]


@admin.register(Club)
class ClubAdmin(admin.ModelAdmin):
    """Clubs are few; list them with the numbers directors look up most."""

    list_display = ["name", "short_name", "federation_number", "created_at"]
    search_fields = ["name", "short_name", "federation_number"]
    list_filter = ["created_at"]
    filter_horizontal = ["directors"]


@admin.register(Player)
class PlayerAdmin(admin.ModelAdmin):
    """Players are many; make them quick to find by name, number and club."""

    list_display = ["last_name", "first_name", "club", "member_number"]
    list_display_links = ["last_name", "first_name"]
    search_fields = ["first_name", "last_name", "member_number", "club__name", "club__short_name"]
    list_filter = ["club"]
    list_select_related = ["club"]


class ReadOnlyAdmin(admin.ModelAdmin):
    """Shown, never changed here: the rows are written by a service that values, seals or audits."""

    def has_add_permission(self, request) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False

    def has_delete_permission(self, request, obj=None) -> bool:
        return False


class ReadOnlyInline(admin.TabularInline):
    """Lists change only through the list-keeping services, which value and audit every change."""

    extra = 0
    can_delete = False
    show_change_link = False

    def has_add_permission(self, request, obj=None) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False


class ParticipantInline(admin.TabularInline):
    model = Participant
    extra = 0
    fields = ["start_number", "player", "team", "withdrawn"]
    autocomplete_fields = ["player"]


class SeriesInline(admin.TabularInline):
    model = Series
    extra = 0
    fields = ["number", "status", "draw_mode", "draw_seed"]
    readonly_fields = ["status", "draw_mode", "draw_seed"]


@admin.register(Tournament)
class TournamentAdmin(KeepsClosedLists, admin.ModelAdmin):
    list_display = ["name", "date", "club", "rounds_per_series", "planned_series", "status"]
    list_filter = ["status", "club", "date", "extra_points"]
    search_fields = ["name", "venue", "club__name"]
    date_hierarchy = "date"
    inlines = [SeriesInline, ParticipantInline]
    readonly_fields = ["status", "finished_at"]
    actions = [finish_selected]

    def get_readonly_fields(self, request, obj=None):
        """The settings the kept lists depend on are shown, not offered, once games exist
        (services/tournament_settings.py)."""
        fixed = obj is not None and tournament_settings.has_games(obj)
        extra = list(tournament_settings.FIXED_ONCE_PLAYED) if fixed else []
        return [*super().get_readonly_fields(request, obj), *extra]


@admin.register(Team)
class TeamAdmin(admin.ModelAdmin):
    list_display = ["name", "tournament", "club"]
    list_filter = ["tournament"]
    search_fields = ["name"]


@admin.register(Participant)
class ParticipantAdmin(admin.ModelAdmin):
    list_display = ["start_number", "player", "tournament", "team", "withdrawn"]
    list_filter = ["tournament", "withdrawn", "gender", "category"]
    search_fields = ["player__first_name", "player__last_name", "start_number"]
    list_select_related = ["player", "tournament", "team"]
    autocomplete_fields = ["player"]


@admin.register(Series)
class SeriesAdmin(KeepsClosedLists, admin.ModelAdmin):
    list_display = ["__str__", "tournament", "status", "draw_mode", "draw_seed"]
    list_filter = ["status", "tournament"]
    readonly_fields = ["status", "finished_at", "draw_mode", "draw_seed"]
    actions = [finish_selected]


class SeatInline(ReadOnlyInline):
    model = Seat
    fields = ["number", "participant", "from_game", "until_game"]
    readonly_fields = fields


class GameInline(ReadOnlyInline):
    model = Game
    fields = [
        "number",
        "dealer_seat",
        "declarer_seat",
        "passed",
        "game",
        "matadors",
        "with_matadors",
        "hand",
        "ouvert",
        "bid",
        "game_value",
        "won",
        "overbid",
        "score",
    ]
    readonly_fields = fields


class SummaryInline(ReadOnlyInline):
    model = SummaryEntry
    fields = ["seat", "participant", "game_points", "won", "lost", "credits", "total"]
    readonly_fields = fields


class SignatureInline(ReadOnlyInline):
    model = Signature
    fields = ["seat", "participant", "method", "signed_at"]
    readonly_fields = fields


@admin.register(Table)
class TableAdmin(KeepsClosedLists, admin.ModelAdmin):
    """Tables with their seats and games; corrections go through the list, not the admin.

    Signing, closing and sealing happen through the signing services only, so their fields
    are read-only here; a signed or locked table cannot be changed or deleted at all.
    """

    list_display = ["__str__", "series", "status", "entry_mode", "game_count"]
    list_filter = ["status", "entry_mode", "series__tournament"]
    search_fields = ["series__tournament__name", "number", "seal"]
    readonly_fields = [
        "series",
        "number",
        "status",
        "entry_mode",
        "ended_early_at",
        "ended_reason",
        "locked_at",
        "closed_reason",
        "seal",
        "sealed_at",
    ]
    inlines = [SeatInline, GameInline, SummaryInline, SignatureInline]

    def get_queryset(self, request):
        return (
            super()
            .get_queryset(request)
            .select_related("series__tournament")
            .annotate(games_entered=Count("games"))
        )

    @admin.display(description=_("games"), ordering="games_entered")
    def game_count(self, table) -> int:
        return table.games_entered

    def has_add_permission(self, request) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return (obj is None or obj.is_open) and super().has_change_permission(request, obj)

    def has_delete_permission(self, request, obj=None) -> bool:
        return (obj is None or obj.is_open) and super().has_delete_permission(request, obj)


@admin.register(Game)
class GameAdmin(ReadOnlyAdmin):
    """Read-only: a game is changed through the list so the rules value it and it is audited."""

    list_display = [
        "__str__",
        "table",
        "dealer_seat",
        "declarer_seat",
        "game",
        "game_value",
        "won",
        "overbid",
        "score",
    ]
    list_filter = ["game", "won", "overbid", "passed", "table__series__tournament"]
    list_select_related = ["table__series__tournament"]
    search_fields = ["table__series__tournament__name"]


@admin.register(AuditEntry)
class AuditEntryAdmin(ReadOnlyAdmin):
    list_display = ["created_at", "actor", "action_shown", "table", "object_repr", "reason_shown"]
    list_filter = ["action", "created_at"]
    search_fields = ["actor", "object_repr", "reason"]
    readonly_fields = [f.name for f in AuditEntry._meta.fields]

    @admin.display(description=_("action"), ordering="action")
    def action_shown(self, entry) -> str:
        return audit.action_label(entry.action)

    @admin.display(description=_("reason"), ordering="reason")
    def reason_shown(self, entry) -> str:
        return audit.reason_text(entry.reason)


@admin.register(Signature)
class SignatureAdmin(ReadOnlyAdmin):
    """Read-only: players sign through the signing service, which seals the list."""

    list_display = ["table", "seat", "participant", "method", "signed_at"]
    list_filter = ["method", "table__series__tournament"]
    list_select_related = ["table__series__tournament", "participant__player"]
    fields = ["table", "seat", "participant", "method", "signed_at", "image_fingerprint"]
    readonly_fields = fields

    @admin.display(description=_("image (SHA-256)"))
    def image_fingerprint(self, signature) -> str:
        return image_digest(signature.image) or "–"


@admin.register(SigningCertificate)
class SigningCertificateAdmin(ReadOnlyAdmin):
    """Read-only, and never the key: certificates are made or uploaded by the PDF signing."""

    list_display = ["subject", "club", "uploaded", "valid_until", "created_at"]
    fields = ["subject", "club", "uploaded", "valid_until", "created_at"]
    readonly_fields = fields


# --- API tokens: listed masked -------------------------------------------------------------
# A token is a password: the admin list shows its first characters, enough to tell tokens
# apart, never the whole key (docs/privacy.md).
TOKEN_SHOWN_CHARACTERS = 4


class MaskedTokenAdmin(TokenAdmin):
    list_display = ("masked_key", "user", "created")

    @admin.display(description=_("key"))
    def masked_key(self, token) -> str:
        return f"{token.key[:TOKEN_SHOWN_CHARACTERS]}…"


admin.site.unregister(TokenProxy)
admin.site.register(TokenProxy, MaskedTokenAdmin)
