"""Writing the audit trail; every service that changes a list calls :func:`record`."""

from django.forms.models import model_to_dict

from tournaments.models import AuditEntry


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
    return AuditEntry.objects.create(
        action=action,
        user=user if signed_in else None,
        actor=actor or (user.get_username() if signed_in else "?"),
        table=table,
        object_repr=str(obj if obj is not None else table)[:200],
        before=before,
        after=after,
        reason=reason,
    )
