"""Writing the audit trail; every service that changes a list calls :func:`record`.

The stored action is a stable English verb (``game_deleted``) that scripts read through
the API; people read it through :func:`action_label`, in their language.
"""

from django.forms.models import model_to_dict
from django.utils.translation import gettext, gettext_noop

from tournaments.models import AuditEntry

from . import roles
from .row_writes import insert_rows


def snapshot(instance) -> dict:
    """A JSON-safe copy of a row's fields, for the before/after columns."""
    return {key: _json_safe(value) for key, value in model_to_dict(instance).items()}


def _json_safe(value):
    if value is None or isinstance(value, bool | int | float | str):
        return value
    return str(value)


def record(
    action, *, user=None, actor="", table=None, obj=None, before=None, after=None, reason=""
):
    """Append one entry; ``actor`` names who acted when there is no user (a table code)."""
    signed_in = user is not None and user.is_authenticated
    entry = AuditEntry(
        action=action,
        user=user if signed_in else None,
        actor=actor or (user.get_username() if signed_in else "?"),
        table=table,
        object_repr=str(obj if obj is not None else table)[:200],
        before=before,
        after=after,
        reason=reason,
    )
    insert_rows([entry], read_ids=True)
    return entry


ACTION_LABELS = {
    "certificate_uploaded": gettext_noop("signing certificate uploaded"),
    "demo_deleted": gettext_noop("demo data deleted"),
    "draw": gettext_noop("tables drawn"),
    "game_corrected": gettext_noop("game corrected"),
    "game_deleted": gettext_noop("game removed"),
    "game_entered": gettext_noop("game entered"),
    "second_game_entered": gettext_noop("game entered on list B"),
    "second_game_corrected": gettext_noop("game corrected on list B"),
    "second_game_deleted": gettext_noop("game removed from list B"),
    "difference_settled": gettext_noop("difference between the lists settled"),
    "second_code_issued": gettext_noop("code of list B issued"),
    "second_code_reissued": gettext_noop("new code of list B issued"),
    "list_closed": gettext_noop("list closed"),
    "list_ended_early": gettext_noop("list ended early"),
    "list_reopened": gettext_noop("list reopened"),
    "list_signed": gettext_noop("list signed"),
    "participant_registered": gettext_noop("player registered"),
    "participant_removed": gettext_noop("registration removed"),
    "participants_registered": gettext_noop("players registered"),
    "players_imported": gettext_noop("players imported"),
    "seat_joined": gettext_noop("player joined the table"),
    "seat_left": gettext_noop("player left the table"),
    "seat_replaced": gettext_noop("player replaced"),
    "seat_replacement_undone": gettext_noop("replacement undone"),
    "signature_added": gettext_noop("list confirmed by a player"),
    "signatures_voided": gettext_noop("confirmations voided"),
    "summary_saved": gettext_noop("paper list totals saved"),
    "table_code_issued": gettext_noop("table code issued"),
    "table_code_reissued": gettext_noop("table code replaced"),
    "table_created": gettext_noop("table set up"),
    "team_created": gettext_noop("team created"),
    "tournament_created": gettext_noop("tournament created"),
    "tournament_changed": gettext_noop("tournament changed"),
    "tournament_deleted": gettext_noop("tournament deleted"),
    "player_created": gettext_noop("player created"),
    "player_changed": gettext_noop("player changed"),
    "player_erased": gettext_noop("person erased (Art. 17)"),
    "player_deleted": gettext_noop("player deleted"),
    "club_created": gettext_noop("club created"),
    "club_changed": gettext_noop("club changed"),
    "club_renamed": gettext_noop("club renamed"),
    "club_legal_texts_changed": gettext_noop("privacy notice or imprint changed"),
    "participant_classes_changed": gettext_noop("prize classes of the participants changed"),
    "player_classes_changed": gettext_noop("prize classes of the club's players changed"),
    "club_deleted": gettext_noop("club deleted"),
    "list_end_taken_back": gettext_noop("early end taken back"),
    "series_finished": gettext_noop("series finished"),
    "series_reopened": gettext_noop("series reopened"),
    "tournament_finished": gettext_noop("tournament finished"),
    "tournament_reopened": gettext_noop("tournament reopened"),
    "tariff_changed": gettext_noop("fees changed"),
    "prizes_changed": gettext_noop("prizes changed"),
    "payment_recorded": gettext_noop("payment recorded"),
    "payment_reversed": gettext_noop("payment reversed by a counter-entry"),
    "prize_paid_out": gettext_noop("prize paid out"),
    "prize_payout_undone": gettext_noop("prize payout taken back"),
    "entry_clash": gettext_noop("games sent from a device clashed with the list"),
    "signature_pin_refused": gettext_noop("wrong PIN when confirming"),
    "table_code_guessing": gettext_noop("many wrong table codes from one address"),
    "table_code_block_lifted": gettext_noop("table code block lifted"),
    "api_token_revoked": gettext_noop("API token revoked"),
    "participant_changed": gettext_noop("registration changed"),
    "participant_withdrawn": gettext_noop("player withdrawn"),
    "participant_returned": gettext_noop("player takes part again"),
    "club_director_added": gettext_noop("club director named"),
    "club_director_removed": gettext_noop("club director removed"),
    "treasurer_named": gettext_noop("treasurer named"),
    "treasurer_removed": gettext_noop("treasurer removed"),
    "season_created": gettext_noop("season created"),
    "league_created": gettext_noop("league created"),
    "group_changed": gettext_noop("group settings changed"),
    "group_created": gettext_noop("group created"),
    "group_leader_added": gettext_noop("group leader named"),
    "league_team_created": gettext_noop("league team created"),
    "league_team_changed": gettext_noop("league team changed"),
    "match_day_created": gettext_noop("match day created"),
    "lineup_set": gettext_noop("line-up set"),
    "team_no_show": gettext_noop("team did not turn up"),
    "team_no_show_withdrawn": gettext_noop("team did turn up after all"),
    "team_late": gettext_noop("late team joins"),
    "report_submitted": gettext_noop("match report sent"),
    "report_signed": gettext_noop("match report signed by a captain"),
    "report_checked": gettext_noop("match report checked"),
    "report_published": gettext_noop("match report published"),
    "report_corrected": gettext_noop("match report corrected"),
    "protest_lodged": gettext_noop("protest lodged"),
    "protest_decided": gettext_noop("protest decided"),
    "fixtures_imported": gettext_noop("fixtures imported"),
}
# Reasons the software itself writes (not typed by a person), shown translated.
GENERATED_REASONS = {
    "undo": gettext_noop("undone at the table"),
    "took_a": gettext_noop("list A's version taken at the table"),
    "took_b": gettext_noop("list B's version taken at the table"),
}


# How a table device names itself in the trail (services/table_access.device_actor).
DEVICE_ACTOR_PREFIX = "table code "


def public_actor(entry: AuditEntry) -> str:
    """Who acted, as the public may read it: a role, never a staff member's user name.

    User names are half of a login, and the trail is public; directors see the names on
    their own pages and through the API. A table device's name ("table code T3") and "?"
    (unknown) stay as they are.
    """
    if entry.actor.startswith(DEVICE_ACTOR_PREFIX) or entry.actor == "?":
        return entry.actor
    if entry.user is not None and roles.is_director(entry.user):
        return "director"
    return "user"


def action_label(action: str) -> str:
    """What ``action`` means, in the reader's language; an unknown verb without underscores."""
    label = ACTION_LABELS.get(action)
    return gettext(label) if label else action.replace("_", " ")


def reason_text(reason: str) -> str:
    """A stored reason as people read it: generated reasons translated, typed ones as typed."""
    generated = GENERATED_REASONS.get(reason)
    return gettext(generated) if generated else reason
