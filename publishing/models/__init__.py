"""The publishing app's models: the public identities of clubs and tournaments, the
clubs' signing keys, a portal's publishing tokens, a hall's outbox."""

from .identities import ClubIdentity, ImportedSeal, TournamentIdentity
from .keys import ClubKey
from .outbox import OutboxEntry, PublishingTarget, SenderLease
from .portal import PublishingToken

__all__ = [
    "ClubIdentity",
    "ClubKey",
    "ImportedSeal",
    "OutboxEntry",
    "PublishingTarget",
    "PublishingToken",
    "SenderLease",
    "TournamentIdentity",
]
