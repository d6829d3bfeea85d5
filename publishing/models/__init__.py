"""The publishing app's models: the public identities of clubs and tournaments, the
clubs' signing keys, a portal's publishing tokens."""

from .identities import ClubIdentity, ImportedSeal, TournamentIdentity
from .keys import ClubKey
from .portal import PublishingToken

__all__ = ["ClubIdentity", "ClubKey", "ImportedSeal", "PublishingToken", "TournamentIdentity"]
