"""Database models, one module per aggregate; import them from ``tournaments.models``."""

from tournaments.models.attempts import AttemptCounter
from tournaments.models.audit import AuditEntry
from tournaments.models.clubs import Club, Player, Publication
from tournaments.models.games import Game, GamePoints
from tournaments.models.idempotency import IdempotencyKey
from tournaments.models.locking import ListLocked, changes_allowed, seen_open
from tournaments.models.money import (
    Payment,
    PrizePayout,
    PrizeRule,
    SettlementSnapshot,
    Tariff,
)
from tournaments.models.second_list import ListDifference, SecondListGame
from tournaments.models.series import Series
from tournaments.models.signatures import Signature, SigningCertificate
from tournaments.models.tables import Seat, SummaryEntry, Table
from tournaments.models.tournaments import ExtraPoints, Participant, Team, Tournament
from tournaments.models.versions import TournamentVersion

__all__ = [
    "AttemptCounter",
    "AuditEntry",
    "Club",
    "ExtraPoints",
    "Game",
    "GamePoints",
    "IdempotencyKey",
    "ListDifference",
    "ListLocked",
    "Participant",
    "Payment",
    "PrizePayout",
    "Player",
    "PrizeRule",
    "Publication",
    "Seat",
    "SecondListGame",
    "Series",
    "SettlementSnapshot",
    "Signature",
    "SigningCertificate",
    "SummaryEntry",
    "Tariff",
    "Table",
    "Team",
    "Tournament",
    "TournamentVersion",
    "changes_allowed",
    "seen_open",
]
