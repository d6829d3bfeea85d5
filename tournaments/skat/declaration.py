"""Immutable value objects for what the declarer announced and how the game ended.

``None`` means "not given": the engine then applies the rule's default or derives the
value (for example ``won`` from the declarer's eyes), and only an explicit contradiction
is an error.
"""

from dataclasses import dataclass

from .games import GameType


@dataclass(frozen=True)
class Declaration:
    """The game as announced (Spielansage), plus the last bid (Reizwert) if known."""

    game: GameType
    matadors: int | None = None
    with_matadors: bool = True
    hand: bool | None = None
    ouvert: bool = False
    schneider_announced: bool = False
    schwarz_announced: bool = False
    bid: int | None = None

    @property
    def is_hand(self) -> bool:
        """Ouvert trump games are always hand games; Null ouvert may take up the skat."""
        return bool(self.hand) or (self.ouvert and not self.game.is_null)

    @property
    def schneider_is_announced(self) -> bool:
        trump_ouvert = self.ouvert and not self.game.is_null
        return self.schneider_announced or self.schwarz_announced or trump_ouvert

    @property
    def schwarz_is_announced(self) -> bool:
        return self.schwarz_announced or (self.ouvert and not self.game.is_null)


@dataclass(frozen=True)
class Outcome:
    """How the game was played out (Spielausgang).

    Either ``won`` or the declarer's eyes (Augen, skat included) tell the result; the
    declarer's tricks (Stiche) tell Schwarz, which is about tricks, never eyes.
    ``conceded`` marks a game lost by a rule violation or given up: lost "einfach".
    """

    won: bool | None = None
    schneider: bool | None = None
    schwarz: bool | None = None
    declarer_eyes: int | None = None
    declarer_tricks: int | None = None
    conceded: bool = False
