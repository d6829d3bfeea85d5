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
        return at_table(
            table_size, self.opponent_credit_at_3_table, self.opponent_credit_at_4_table
        )

    def bonus_won_lost(self, won: int, lost: int) -> int:
        """The ±50 of ``won`` games won and ``lost`` games lost as declarer."""
        return self.won_bonus * won - self.lost_malus * lost

    def credits(self, table_size: int, lost_by_others: int) -> int:
        """The 30/40 a player collects for ``lost_by_others`` games the others at the table
        lost (a list kept on paper gives only these counts)."""
        return self.opponent_credit(table_size) * lost_by_others

    def means_stand_with_extra_points(self) -> bool:
        """Whether a list's running total (Stand) counts the SkWO points (docs/rules.md 2)."""
        return self.won_bonus != 0


def at_table(table_size: int, at_3_table: int, at_4_table: int) -> int:
    """The 30/40 rule's one choice: a table of four's value, else a table of three's."""
    return at_4_table if table_size == 4 else at_3_table


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
        return at_table(table_size, self.opponent_at_3_table, self.opponent_at_4_table)


def list_points(score: int, won: bool, scheme: ExtraPointsScheme = SKWO) -> ListPoints:
    """List points of a played game from the declarer's score (+value or -2 x value)."""
    if won:
        return ListPoints(score + scheme.bonus_won_lost(1, 0), 0, 0)
    return ListPoints(
        score + scheme.bonus_won_lost(0, 1),
        scheme.opponent_credit(3),
        scheme.opponent_credit(4),
    )
