"""When the hall queues a tournament by itself: a list signed or locked, a series or the
tournament finished, and a person erased (Art. 17: every tournament published with them
goes out again, naming the pseudonym). Connected from ``publishing/apps.py`` to the core's
signals, its finishing hooks and its erasure hook (the core never imports this app).
Queued after the change commits, so a step that is rolled back queues nothing and the step
itself never waits for the outbox; the sender's comparison of versions
(:func:`.services.outbox.queue_changed_published`) catches any change of a published
tournament these miss."""

from functools import partial

from django.db import transaction
from django.db.models.signals import post_save

from publishing.models import OutboxEntry
from tournaments.models import Series, Table
from tournaments.services import erasure, finishing

from .services import outbox

SEALED = (Table.Status.SIGNED, Table.Status.LOCKED)


def _queue(tournament_id: int | None) -> None:
    if tournament_id is not None:
        outbox.queue(tournament_id)


def _queue_table(table_id: int) -> None:
    _queue(
        Table.objects.filter(pk=table_id).values_list("series__tournament_id", flat=True).first()
    )


def _table_saved(sender, instance: Table, **kwargs) -> None:
    if instance.status in SEALED:
        transaction.on_commit(partial(_queue_table, instance.pk))


def _series_saved(sender, instance: Series, **kwargs) -> None:
    if instance.status == Series.Status.FINISHED:
        transaction.on_commit(partial(_queue, instance.tournament_id))


def _tournament_finished(tournament) -> None:
    transaction.on_commit(partial(_queue, tournament.pk))


def _queue_published(tournament_ids: list[int]) -> None:
    """Queue those of the tournaments the hall has queued or sent before: one never
    published is not sent because a person in it was erased."""
    published = OutboxEntry.objects.filter(tournament_id__in=tournament_ids)
    for tournament_id in sorted(set(published.values_list("tournament_id", flat=True))):
        outbox.queue(tournament_id)


def _player_erased(erased) -> None:
    transaction.on_commit(partial(_queue_published, erased.tournaments))


def connect() -> None:
    post_save.connect(_table_saved, sender=Table, dispatch_uid="publishing-table-sealed")
    post_save.connect(_series_saved, sender=Series, dispatch_uid="publishing-series-finished")
    finishing.on_tournament_finished(_tournament_finished)
    erasure.on_player_erased(_player_erased)
