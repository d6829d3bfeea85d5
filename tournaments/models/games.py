"""Games (Spiel) of a list and the list points each player got from them."""

from django.db import models
from django.db.models import F, Q
from django.utils.translation import gettext_lazy as _

from tournaments.skat import (
    GAME_FIELDS,
    Declaration,
    Evaluation,
    ExtraPointsScheme,
    GameType,
    Outcome,
    evaluate,
)
from tournaments.skat.reading import DECLARATION_FIELDS, OUTCOME_FIELDS

from .checks import within
from .locking import ListRow
from .numbering import numbered_within
from .relations import participant_link, recorded_by, series_link, table_link, tournament_link

GAME_CHOICES = [
    (GameType.DIAMONDS.value, _("Diamonds")),
    (GameType.HEARTS.value, _("Hearts")),
    (GameType.SPADES.value, _("Spades")),
    (GameType.CLUBS.value, _("Clubs")),
    (GameType.GRAND.value, _("Grand")),
    (GameType.NULL.value, _("Null")),
]
# A stored game's columns, declared once for the API, the list sheet and the seal: the deal,
# the entered inputs (the entered "won" is ``won_entered``) and what the rules made of them.
DEAL_FIELDS = ("number", "dealer_seat", "table_size", "passed", "declarer_seat")
INPUT_FIELDS = tuple(name if name != "won" else "won_entered" for name in GAME_FIELDS)
RESULT_FIELDS = ("scored_as", "base_value", "multiplier", "game_value", "won", "overbid", "score")
STORED_GAME_FIELDS = DEAL_FIELDS + INPUT_FIELDS + RESULT_FIELDS


class EnteredGame(ListRow):
    """What was entered for one game of a list and what the rules engine made of it.

    The inputs are kept as entered (``None`` = not given) so the engine can re-value the
    game at any time; the results are stored so that settlements and rankings are
    database aggregates. The official list's :class:`Game` and the second list's
    :class:`~tournaments.models.second_list.SecondListGame` (docs/rules.md 4) are both
    such a game, valued by the same entry path.
    """

    number = models.PositiveSmallIntegerField(_("game number"))
    dealer_seat = models.PositiveSmallIntegerField(_("dealer seat"))
    table_size = models.PositiveSmallIntegerField(_("players at the table"))
    passed = models.BooleanField(_("passed in (eingepasst)"), default=False)
    declarer_seat = models.PositiveSmallIntegerField(_("declarer seat"), null=True, blank=True)

    game = models.CharField(_("game"), max_length=10, choices=GAME_CHOICES, blank=True)
    matadors = models.PositiveSmallIntegerField(_("matadors"), null=True, blank=True)
    with_matadors = models.BooleanField(_("with matadors"), default=True)
    hand = models.BooleanField(_("hand"), null=True, blank=True)
    ouvert = models.BooleanField(_("ouvert"), default=False)
    schneider_announced = models.BooleanField(_("Schneider announced"), default=False)
    schwarz_announced = models.BooleanField(_("Schwarz announced"), default=False)
    bid = models.PositiveSmallIntegerField(_("bid"), null=True, blank=True)
    won_entered = models.BooleanField(_("won (as entered)"), null=True, blank=True)
    schneider = models.BooleanField(_("Schneider"), null=True, blank=True)
    schwarz = models.BooleanField(_("Schwarz"), null=True, blank=True)
    declarer_eyes = models.PositiveSmallIntegerField(_("declarer's eyes"), null=True, blank=True)
    declarer_tricks = models.PositiveSmallIntegerField(
        _("declarer's tricks"), null=True, blank=True
    )
    conceded = models.BooleanField(_("lost by rule violation or conceded"), default=False)

    scored_as = models.CharField(_("scored as"), max_length=10, choices=GAME_CHOICES, blank=True)
    base_value = models.PositiveSmallIntegerField(_("base value"), null=True, blank=True)
    multiplier = models.PositiveSmallIntegerField(_("multiplier"), null=True, blank=True)
    game_value = models.PositiveSmallIntegerField(_("game value"), default=0)
    won = models.BooleanField(_("won"), null=True, blank=True)
    overbid = models.BooleanField(_("overbid"), default=False)
    score = models.IntegerField(_("score"), default=0)
    declarer_points = models.IntegerField(_("declarer's list points"), default=0)
    opponent_points = models.IntegerField(_("list points of every other player"), default=0)

    entered_at = models.DateTimeField(_("entered at"), auto_now_add=True)
    updated_at = models.DateTimeField(_("updated at"), auto_now=True)

    class Meta:
        abstract = True

    def __str__(self) -> str:
        return _("Game %(number)d") % {"number": self.number}

    # The columns carry the names of the rules' fields, so a stored game reads back into
    # the rules engine's declaration and outcome field by field; only "won" is stored as
    # what was entered (``won_entered``), beside the result the rules worked out.
    def declaration(self) -> Declaration:
        fields = {name: getattr(self, name) for name in DECLARATION_FIELDS}
        return Declaration(**{**fields, "game": GameType(self.game)})

    def outcome(self) -> Outcome:
        fields = {name: getattr(self, name) for name in OUTCOME_FIELDS if name != "won"}
        return Outcome(won=self.won_entered, **fields)

    def inputs(self) -> dict:
        """The game as it was entered, in the field names of the API (``None`` left out)."""
        data = {"passed": self.passed}
        if self.passed:
            return data
        data["declarer_seat"] = self.declarer_seat
        for field, attribute in zip(GAME_FIELDS, INPUT_FIELDS, strict=True):
            value = getattr(self, attribute)
            if value is not None:
                data[field] = value
        return data

    def evaluation(self, scheme: ExtraPointsScheme) -> Evaluation | None:
        """The rules' reading of the stored entry (its explanation, the levels that counted),
        for the pages, the API and the list sheet; None for a passed game. The stored
        results were made from the same entry when it was saved (:meth:`record_value`).
        Raises :class:`~tournaments.skat.GameInvalid` for an entry the rules no longer
        accept."""
        if self.passed:
            return None
        kept = self.__dict__.get("_valued")
        if kept is not None and kept[0] == scheme:
            return kept[1]  # the game was just valued (record_value): no second valuation
        return evaluate(self.declaration(), self.outcome(), scheme)

    # The one place a game's value is written: list keeping, the preview of the next game,
    # the demo (through list keeping) and the benchmark data all go through these methods,
    # so the stored game, its per-seat rows and what the preview shows cannot drift apart.

    def record_value(
        self,
        declarer_seat: int,
        declaration: Declaration,
        outcome: Outcome,
        evaluation: Evaluation,
        scheme: ExtraPointsScheme | None = None,
    ) -> None:
        """Keep the inputs as entered and the rules engine's results (not saved here).

        With the ``scheme`` the evaluation was made with, :meth:`evaluation` answers with it
        for this instance instead of valuing the game again (the answer to an entry)."""
        self._valued = None if scheme is None else (scheme, evaluation)
        self.passed = False
        self.declarer_seat = declarer_seat
        for name, attribute in zip(GAME_FIELDS, INPUT_FIELDS, strict=True):
            source = declaration if hasattr(declaration, name) else outcome
            value = getattr(source, name)
            setattr(self, attribute, value.value if name == "game" else value)
        self.scored_as = evaluation.scored_as.value
        self.base_value = evaluation.base_value
        self.multiplier = evaluation.multiplier
        self.game_value = evaluation.game_value
        self.won = evaluation.won
        self.overbid = evaluation.overbid
        self.score = evaluation.score
        self.declarer_points = evaluation.list_points.declarer
        self.opponent_points = evaluation.list_points.for_opponent(self.table_size)

    def record_passed(self) -> None:
        """A passed-in game (eingepasst): no declarer, no inputs, no value (not saved here)."""
        for attribute in INPUT_FIELDS:
            setattr(self, attribute, type(self)._meta.get_field(attribute).get_default())
        self.passed = True
        self.declarer_seat = None
        self.game = self.scored_as = ""
        self.base_value = self.multiplier = self.won = None
        self.game_value = self.score = self.declarer_points = self.opponent_points = 0
        self.overbid = False

    def points_of_seat(self, seat: int) -> int:
        """The list points the player on ``seat`` gets from this game."""
        if self.passed:
            return 0
        return self.declarer_points if seat == self.declarer_seat else self.opponent_points


def entered_game_checks(name: str) -> list:
    """The database's checks every entered game keeps, list A's and list B's alike: numbered
    within its table, a table of 3 or 4, and either passed or declared by a seat."""
    return [
        *numbered_within("table", name),
        models.CheckConstraint(
            condition=Q(table_size__in=[3, 4]), name=f"{name}_table_size_3_or_4"
        ),
        models.CheckConstraint(
            condition=(
                Q(passed=True, declarer_seat__isnull=True, game="", score=0)
                | Q(passed=False, declarer_seat__gte=1, declarer_seat__lte=4) & ~Q(game="")
            ),
            name=f"{name}_passed_or_declared",
        ),
    ]


class Game(EnteredGame):
    """One game of the official list (Spielliste): settlements, rankings, the seal and the
    PDF read it; its per-seat list points are :class:`GamePoints` rows."""

    # No index of its own: the unique (table, number) begins with it (tests/models/
    # test_indexes.py); one b-tree fewer to change on every game entered.
    table = table_link("games", db_index=False)
    declarer = participant_link("declared_games", _("declarer"), optional=True)
    entered_by = recorded_by(_("entered by"))

    class Meta:
        verbose_name = _("game")
        verbose_name_plural = _("games")
        ordering = ["table_id", "number"]
        constraints = [
            *entered_game_checks("game"),
            within("game", "dealer_seat", 1, 4),
            models.CheckConstraint(
                condition=Q(table_size=3) | Q(passed=True) | ~Q(declarer_seat=F("dealer_seat")),
                name="game_dealer_sits_out_at_4_table",
            ),
        ]

    def record_passed(self) -> None:
        super().record_passed()
        self.declarer = None

    def point_rows(self, participants: dict[int, int], active, series) -> list["GamePoints"]:
        """One unsaved row of list points per player present (``participants``: seat → id).

        ``active`` are the seats playing this game; at a table of four the dealer sits out
        and still gets the credit for an opponent's lost game.
        """
        rows = []
        for seat, participant_id in participants.items():
            row = GamePoints(
                game=self,
                table_id=self.table_id,
                series=series,
                tournament_id=series.tournament_id,
                participant_id=participant_id,
                seat=seat,
                role=GamePoints.Role.OPPONENT if seat in active else GamePoints.Role.DEALER_OUT,
            )
            if not self.passed and seat == self.declarer_seat:
                row.role = GamePoints.Role.DECLARER
                row.game_points = self.score
                row.won, row.lost = (1, 0) if self.won else (0, 1)
                row.points = self.declarer_points
            elif not self.passed:
                row.credit = row.points = self.opponent_points
            rows.append(row)
        return rows


class GamePoints(ListRow):
    """The list points one player got from one game (declarer, opponent or dealer out).

    One row per player present, so a settlement or a ranking is a single GROUP BY.
    """

    class Role(models.TextChoices):
        DECLARER = "declarer", _("declarer")
        OPPONENT = "opponent", _("opponent")
        DEALER_OUT = "out", _("dealer sitting out")

    # These four links have no index of their own: each begins one of the unique
    # constraints or indexes below, which serve the same reads. A game entered writes
    # one row per player, so every index left out is a b-tree fewer changed per row.
    game = models.ForeignKey(
        Game,
        verbose_name=_("game"),
        on_delete=models.CASCADE,
        related_name="points",
        db_index=False,
    )
    table = table_link("+", db_index=False)
    series = series_link("+", db_index=False)
    tournament = tournament_link("+", db_index=False)
    participant = participant_link("game_points")
    seat = models.PositiveSmallIntegerField(_("seat"))
    role = models.CharField(_("role"), max_length=8, choices=Role.choices)
    game_points = models.IntegerField(_("game points"), default=0)
    won = models.PositiveSmallIntegerField(_("won as declarer"), default=0)
    lost = models.PositiveSmallIntegerField(_("lost as declarer"), default=0)
    credit = models.IntegerField(_("points for an opponent's lost game"), default=0)
    points = models.IntegerField(_("list points"), default=0)

    class Meta:
        verbose_name = _("list points of a game")
        verbose_name_plural = _("list points of games")
        constraints = [
            models.UniqueConstraint(fields=["game", "seat"], name="gamepoints_unique_seat"),
            models.UniqueConstraint(
                fields=["game", "participant"], name="gamepoints_unique_participant"
            ),
            models.CheckConstraint(
                condition=Q(won__lte=1) & Q(lost__lte=1) & Q(won__lte=1 - F("lost")),
                name="gamepoints_won_or_lost_once",
            ),
        ]
        # Rankings sum these columns per participant; with the summed columns in the index
        # the database answers from the index alone (SQLite has no INCLUDE, hence fields).
        indexes = [
            models.Index(fields=["table", "participant"]),
            models.Index(
                fields=["series", "participant", "game_points", "won", "lost", "credit"],
                name="gamepoints_series_sums",
            ),
            models.Index(
                fields=[
                    "tournament",
                    "participant",
                    "series",
                    "game_points",
                    "won",
                    "lost",
                    "credit",
                ],
                name="gamepoints_tournament_sums",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.game} / {_('Seat %(number)d') % {'number': self.seat}}: {self.points}"
