"""Every change of a tournament, player or club lands in the audit trail, the admin included.

Model signals catch every way in (services, the admin, a shell): a creation records the new
row, a change only the fields that changed (before and after), a deletion the row as it
was. (Registrations are recorded by :mod:`.participants`, lists by their own services.)

Who acted comes from the request being served (:class:`tournaments.audit_middleware.
AuditUserMiddleware`); outside a request the entry names no user.
"""

from contextvars import ContextVar

from django.db.models.signals import post_delete, post_save, pre_save

from tournaments.models import Club, Player, Tournament

from . import audit

LOGGED_MODELS = {Tournament: "tournament", Player: "player", Club: "club"}
_BEFORE = "_change_log_before"

_request: ContextVar = ContextVar("change_log_request", default=None)


def serving(request):
    """Remember ``request`` while it is served; returns the token to :func:`served`."""
    return _request.set(request)


def served(token) -> None:
    _request.reset(token)


def _acting_user():
    return getattr(_request.get(), "user", None)


def _remember_before(sender, instance, raw=False, **kwargs) -> None:
    if raw or instance.pk is None:
        return
    stored = sender._base_manager.filter(pk=instance.pk).first()
    instance.__dict__[_BEFORE] = audit.snapshot(stored) if stored is not None else None


def _record_save(sender, instance, created, raw=False, **kwargs) -> None:
    if raw:
        return
    name = LOGGED_MODELS[sender]
    before = instance.__dict__.pop(_BEFORE, None)
    after = audit.snapshot(instance)
    if created or before is None:
        audit.record(f"{name}_created", user=_acting_user(), obj=instance, after=after)
        return
    changed = sorted(key for key in after if before.get(key) != after[key])
    if not changed:
        return
    audit.record(
        f"{name}_changed",
        user=_acting_user(),
        obj=instance,
        before={key: before.get(key) for key in changed},
        after={key: after.get(key) for key in changed},
    )


def _record_delete(sender, instance, **kwargs) -> None:
    before = audit.snapshot(instance)
    audit.record(
        f"{LOGGED_MODELS[sender]}_deleted", user=_acting_user(), obj=instance, before=before
    )


def connect() -> None:
    """Called once from the app's ``ready()``."""
    for model in LOGGED_MODELS:
        uid = f"change_log_{model.__name__}"
        pre_save.connect(_remember_before, sender=model, dispatch_uid=f"{uid}_before")
        post_save.connect(_record_save, sender=model, dispatch_uid=f"{uid}_save")
        post_delete.connect(_record_delete, sender=model, dispatch_uid=f"{uid}_delete")
