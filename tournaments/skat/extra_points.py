"""SkWO extra points ("Seeger-Fabian", docs/rules.md 2): what a game is worth on the list."""

from dataclasses import dataclass


@dataclass(frozen=True)
class ExtraPointsScheme:
    """Points on top of the declarer's score; a tournament setting, SkWO by default."""

    won_bonus: int = 50
    lost_malus: int = 50
    opponent_credit_at_3_table: int = 40
    opponent_credit_at_4_table: int = 30

    def opponent_credit(self, table_size: int) -> int:
        """What every other player at the table gets for a lost game (Gegenpartei)."""
        if table_size == 4:
            return self.opponent_credit_at_4_table
        return self.opponent_credit_at_3_table


SKWO = ExtraPointsScheme()
GAME_POINTS_ONLY = ExtraPointsScheme(0, 0, 0, 0)
"""No extra points: the list counts only the declarers' scores."""


@dataclass(frozen=True)
class ListPoints:
    """A game's list points (Listenpunkte) for the declarer and each other player."""

    declarer: int
    opponent_at_3_table: int
    opponent_at_4_table: int

    def for_opponent(self, table_size: int) -> int:
        return self.opponent_at_4_table if table_size == 4 else self.opponent_at_3_table


def list_points(score: int, won: bool, scheme: ExtraPointsScheme = SKWO) -> ListPoints:
    """List points of a played game from the declarer's score (+value or -2 x value)."""
    if won:
        return ListPoints(score + scheme.won_bonus, 0, 0)
    return ListPoints(
        score - scheme.lost_malus,
        scheme.opponent_credit_at_3_table,
        scheme.opponent_credit_at_4_table,
    )
