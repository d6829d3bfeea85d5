"""The publishing app's models: the public identities of clubs and tournaments, and the
clubs' signing keys."""

from .identities import ClubIdentity, ImportedSeal, TournamentIdentity
from .keys import ClubKey

__all__ = ["ClubIdentity", "ClubKey", "ImportedSeal", "TournamentIdentity"]
