"""Serializers of the API, one module per resource; they shape data, the services decide.

Everything is re-exported here so ``from tournaments.api.serializers import X`` works
whatever module ``X`` lives in.
"""

from .clubs_players import (
    ClubSerializer,
    PlayerSerializer,
)
from .games import (
    GameSerializer,
)
from .participant_import import (
    ImportLineSerializer,
    ImportRequestSerializer,
    ImportResultSerializer,
    ImportSerializer,
    ProblemSerializer,
)
from .participants import (
    NewPlayerSerializer,
    ParticipantCreateSerializer,
    ParticipantSerializer,
    ParticipantUpdateSerializer,
    PlayerSearchSerializer,
    RecordField,
    TeamSerializer,
)
from .series import (
    DrawConflictSerializer,
    DrawnTableSerializer,
    DrawRequestSerializer,
    DrawSerializer,
    SeriesSerializer,
)
from .tables import (
    AuditEntrySerializer,
    NextGameSerializer,
    SeatChangeSerializer,
    SeatSerializer,
    SettlementSerializer,
    SummaryRowSerializer,
    SummarySerializer,
    TableCreateSerializer,
    TableSerializer,
)
from .tournaments import (
    RankingRowSerializer,
    TournamentSerializer,
)

__all__ = [
    "AuditEntrySerializer",
    "ClubSerializer",
    "DrawConflictSerializer",
    "DrawRequestSerializer",
    "DrawSerializer",
    "DrawnTableSerializer",
    "GameSerializer",
    "ImportLineSerializer",
    "ImportRequestSerializer",
    "ImportResultSerializer",
    "ImportSerializer",
    "NewPlayerSerializer",
    "NextGameSerializer",
    "ParticipantCreateSerializer",
    "ParticipantSerializer",
    "ParticipantUpdateSerializer",
    "PlayerSearchSerializer",
    "PlayerSerializer",
    "ProblemSerializer",
    "RankingRowSerializer",
    "RecordField",
    "SeatChangeSerializer",
    "SeatSerializer",
    "SeriesSerializer",
    "SettlementSerializer",
    "SummaryRowSerializer",
    "SummarySerializer",
    "TableCreateSerializer",
    "TableSerializer",
    "TeamSerializer",
    "TournamentSerializer",
]
