"""The table draw of a series (Auslosung der Tische, docs/rules.md 3).

A series is played at 4-player tables where possible and at 3-player tables for the rest.
The draw has to be fair and auditable: every random choice comes from one
``random.Random(seed)``, and the input is sorted by id first, so the stored seed and the
same present players give the same tables again, whoever asks and in whatever order.

Beyond chance, the director wants team mates (and, on request, club mates) apart and
players who already met in earlier series not to meet again. Those wishes are a cost that
a small local search lowers by swapping players between tables (a field of up to 10
players is searched completely if the swaps leave a conflict); what it cannot remove is
reported as :class:`Conflict` so that the director sees it before play starts.
"""

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from math import comb
from random import Random

from .i18n import Translate, gettext_noop, identity
from .seatings import every_seating, seating_count

DEFAULT_ATTEMPTS = 8
# A field with at most this many seatings (10 players: 2,100) that the swaps leave with an
# avoidable-looking conflict is searched completely: the swaps move one pair of players
# at a time and can stop short of the best seating (7 players of two clubs, say, where
# only moving two players at once avoids a re-meeting).
EXHAUSTIVE_SEATINGS = 3_000

Allowed = Callable[[int, int], bool] | None  # may this player sit at that table?


class DrawMode(StrEnum):
    """How players are put at tables before conflicts are resolved."""

    RANDOM = "random"  # ausgelost
    SEEDED = "seeded"  # nach Rangliste gesetzt: Plätze 1–4 an Tisch 1, …


class ConflictKind(StrEnum):
    SAME_TEAM = "same_team"
    SAME_CLUB = "same_club"
    MET_BEFORE = "met_before"


@dataclass(frozen=True)
class DrawPlayer:
    """A present participant as the draw sees it; ``rank`` is the current ranking place."""

    id: int
    team: int | None = None
    club: int | None = None
    rank: int | None = None


@dataclass(frozen=True)
class Conflict:
    """Two players at one table although the director wanted them apart."""

    kind: ConflictKind
    table: int
    players: tuple[int, int]


@dataclass(frozen=True)
class Draw:
    """The tables (Tische) of a series: player ids in seat order, table 1 first."""

    seed: int
    tables: tuple[tuple[int, ...], ...]
    conflicts: tuple[Conflict, ...] = ()


class DrawImpossible(ValueError):
    """No seating exists for this many players; ``code`` is stable, ``message`` a msgid."""

    def __init__(self, code: str, message: str, params: dict[str, object] | None = None):
        self.code = code
        self.message = message
        self.params = dict(params or {})
        super().__init__(self.text())

    def text(self, translate: Translate = identity) -> str:
        return translate(self.message) % self.params if self.params else translate(self.message)


TOO_FEW_PLAYERS = gettext_noop(
    "A Skat table needs at least 3 players, but only %(count)s are present. "
    "Register or mark more players as present."
)
FIVE_PLAYERS = gettext_noop(
    "5 players cannot be seated: Skat is played at tables of 3 or 4. "
    "Add a sixth player or let one player sit out."
)


def table_sizes(player_count: int, prefer_three: bool = False) -> list[int]:
    """The sizes of the tables, 4-tables first.

    Normally as many 4-tables as possible: the number of 3-tables is the smallest ``b``
    with ``player_count - 3b`` divisible by 4, which is at most 3. With ``prefer_three``
    it is the other way round: the fewest 4-tables (at most 2) that leave a multiple of 3.
    Only 1, 2 and 5 players have no split at all.
    """
    if player_count < 3:
        raise DrawImpossible("too_few_players", TOO_FEW_PLAYERS, {"count": player_count})
    if player_count == 5:
        raise DrawImpossible("five_players", FIVE_PLAYERS, {"count": player_count})
    if prefer_three:
        fours = next(a for a in range(3) if (player_count - 4 * a) % 3 == 0)
        threes = (player_count - 4 * fours) // 3
    else:
        threes = next(b for b in range(4) if (player_count - 3 * b) % 4 == 0)
        fours = (player_count - 3 * threes) // 4
    return [4] * fours + [3] * threes


def count_meetings(draws: Iterable[Sequence[Sequence[int]]]) -> dict[frozenset[int], int]:
    """How often each pair sat at one table in earlier draws: the ``met`` of the next draw."""
    meetings: dict[frozenset[int], int] = {}
    for tables in draws:
        for table in tables:
            for pair in _pairs(table):
                meetings[pair] = meetings.get(pair, 0) + 1
    return meetings


def draw_tables(
    players: Iterable[DrawPlayer],
    *,
    seed: int,
    mode: str = DrawMode.RANDOM,
    prefer_three: bool = False,
    separate_clubs: bool = False,
    met: Iterable[Iterable[int]] | Mapping[frozenset[int], int] = (),
    attempts: int = DEFAULT_ATTEMPTS,
) -> Draw:
    """Seat ``players`` at tables and draw the seat order inside every table.

    ``random``: ``attempts`` shuffles, each improved by swaps, the cheapest one wins (the
    search stops early when no conflict is left that could be avoided). ``seeded``: the
    ranking decides the table, and swaps only move team mates by one table, because a
    ranking draw that scatters the leaders is no longer one. Club mates are not moved at
    all: the page promises places 1-4 at table 1, and a director who asks for both gets
    the seeding, the club pairs reported as conflicts (:func:`seeding_overrides_clubs`).
    The leaders meet again by design, so re-meetings are reported there but not avoided.
    """
    mode = DrawMode(mode)
    players = sorted(players, key=lambda player: player.id)
    if len({player.id for player in players}) != len(players):
        raise ValueError("every player can be drawn only once")
    sizes = table_sizes(len(players), prefer_three)
    rng = Random(seed)
    met_weights = _met_weights(players, met)
    if mode is DrawMode.SEEDED:
        costs = _Costs(players, sizes, False, {})
        tables = _seeded_tables(players, sizes, costs, rng)
    else:
        costs = _Costs(players, sizes, separate_clubs, met_weights)
        tables = _random_tables(sizes, costs, rng, attempts)
    for table in tables:
        rng.shuffle(table)
    seated = tuple(tuple(players[index].id for index in table) for table in tables)
    conflicts = _conflicts(players, tables, separate_clubs, met_weights)
    return Draw(seed=seed, tables=seated, conflicts=conflicts)


def seeding_overrides_clubs(draw: Draw, mode: str, separate_clubs: bool) -> bool:
    """Whether the seeding kept club mates together that the director asked to keep apart:
    of the two wishes, keeping apart gave way (the ranking places decide the tables)."""
    return (
        DrawMode(mode) is DrawMode.SEEDED
        and separate_clubs
        and any(conflict.kind is ConflictKind.SAME_CLUB for conflict in draw.conflicts)
    )


@dataclass
class _Costs:
    """Pair costs between players (by index in the sorted list), kept sparse.

    The weights are chosen so that the wishes rank strictly: one pair of team mates costs
    more than every club pair and re-meeting a draw can contain, and one club pair more
    than all re-meetings. The search then never trades a team conflict for anything else.
    """

    players: Sequence[DrawPlayer]
    sizes: Sequence[int]
    separate_clubs: bool
    met: Mapping[tuple[int, int], int]
    adjacent: list[dict[int, int]] = field(init=False)
    lower_bound: int = field(init=False)

    def __post_init__(self):
        club_weight = sum(self.met.values()) + 1
        max_pairs = sum(comb(size, 2) for size in self.sizes)
        team_weight = club_weight * (max_pairs + 1) if self.separate_clubs else club_weight
        self.adjacent = [{} for _ in self.players]
        for (a, b), weight in self.met.items():
            self._add(a, b, weight)
        team_groups = _groups(self.players, "team")
        club_groups = _groups(self.players, "club") if self.separate_clubs else []
        for groups, weight in ((team_groups, team_weight), (club_groups, club_weight)):
            for group in groups:
                for position, a in enumerate(group):
                    for b in group[position + 1 :]:
                        self._add(a, b, weight)
        self.lower_bound = team_weight * _least_pairs(team_groups, len(self.sizes))
        self.lower_bound += club_weight * _least_pairs(club_groups, len(self.sizes))

    def _add(self, a: int, b: int, weight: int) -> None:
        self.adjacent[a][b] = self.adjacent[a].get(b, 0) + weight
        self.adjacent[b][a] = self.adjacent[b].get(a, 0) + weight

    def towards(self, player: int, table: Sequence[int]) -> int:
        """What ``player`` costs sitting with ``table`` (not counting themself)."""
        weights = self.adjacent[player]
        return sum(weights.get(other, 0) for other in table) if weights else 0

    def total(self, tables: Sequence[Sequence[int]]) -> int:
        return sum(self.towards(player, table) for table in tables for player in table) // 2


def _random_tables(sizes, costs: _Costs, rng: Random, attempts: int) -> list[list[int]]:
    """The cheapest of ``attempts`` improved shuffles; restarts escape local minima. A
    small field they leave above the lower bound gets one of its cheapest seatings."""
    best, best_cost = None, None
    for _ in range(max(1, attempts)):
        order = list(range(len(costs.players)))
        rng.shuffle(order)
        tables = _cut(order, sizes)
        cost = _improve(tables, costs, rng, allowed=None)
        if best_cost is None or cost < best_cost:
            best, best_cost = tables, cost
        if best_cost <= costs.lower_bound:
            return best
    if seating_count(sizes) <= EXHAUSTIVE_SEATINGS:
        return _cheapest_seating(sizes, costs, rng)
    return best


def _cheapest_seating(sizes, costs: _Costs, rng: Random) -> list[list[int]]:
    """One of the cheapest seatings of all, drawn by lot, as are the numbers of its tables."""
    cheapest, least = [], None
    for tables in every_seating(tuple(range(len(costs.players))), tuple(sizes)):
        cost = costs.total(tables)
        if least is None or cost < least:
            cheapest, least = [tables], cost
        elif cost == least:
            cheapest.append(tables)
    chosen = rng.choice(cheapest)
    # In the order of ``sizes`` (not a set's): the lot is drawn the same way on every machine.
    by_size = {size: [list(t) for t in chosen if len(t) == size] for size in dict.fromkeys(sizes)}
    for tables in by_size.values():
        rng.shuffle(tables)
    return [by_size[size].pop() for size in sizes]


def _seeded_tables(players, sizes, costs: _Costs, rng: Random) -> list[list[int]]:
    """Best players together: ranking order, unranked last, ties drawn by lot."""
    tiebreak = [rng.random() for _ in players]
    order = sorted(
        range(len(players)),
        key=lambda i: (players[i].rank is None, players[i].rank or 0, tiebreak[i]),
    )
    tables = _cut(order, sizes)
    home = {player: number for number, table in enumerate(tables) for player in table}
    _improve(tables, costs, rng, allowed=lambda player, table: abs(home[player] - table) <= 1)
    return tables


def _cut(order: Sequence[int], sizes: Sequence[int]) -> list[list[int]]:
    tables, start = [], 0
    for size in sizes:
        tables.append(list(order[start : start + size]))
        start += size
    return tables


def _improve(tables: list[list[int]], costs: _Costs, rng: Random, allowed: Allowed) -> int:
    """Swap players between tables while a swap lowers the cost; return the final cost.

    Only players who cost something where they sit are worth moving, so a pass looks at
    those few and tries every partner at every other table: cheap even for 200 players.
    A draw already at the lower bound (say, all players of one team) is left as it is.
    """
    table_of = {player: number for number, table in enumerate(tables) for player in table}
    while (cost := costs.total(tables)) > costs.lower_bound:
        troubled = [p for t in tables for p in t if costs.towards(p, t)]
        rng.shuffle(troubled)
        swapped = False
        for player in troubled:
            swap = _best_swap(player, tables, table_of, costs, allowed)
            if swap is not None:
                _swap(player, swap, tables, table_of)
                swapped = True
        if not swapped:
            break
    return cost


def _best_swap(player, tables, table_of, costs: _Costs, allowed: Allowed) -> int | None:
    """The partner whose swap with ``player`` saves most, or None if no swap saves."""
    home = table_of[player]
    here = costs.towards(player, tables[home])
    if not here:
        return None
    weights = costs.adjacent[player]
    best, best_gain = None, 0
    for number, table in enumerate(tables):
        if number == home or (allowed and not allowed(player, number)):
            continue
        there = costs.towards(player, table)
        for other in table:
            if allowed and not allowed(other, home):
                continue
            between = weights.get(other, 0)
            before = here + costs.towards(other, table)
            after = there - between + costs.towards(other, tables[home]) - between
            if before - after > best_gain:
                best, best_gain = other, before - after
    return best


def _swap(player: int, other: int, tables, table_of) -> None:
    home, away = table_of[player], table_of[other]
    tables[home][tables[home].index(player)] = other
    tables[away][tables[away].index(other)] = player
    table_of[player], table_of[other] = away, home


def _met_weights(players, met) -> dict[tuple[int, int], int]:
    """``met`` as index pairs of present players; absent players' meetings do not matter."""
    index = {player.id: position for position, player in enumerate(players)}
    items = met.items() if isinstance(met, Mapping) else ((pair, 1) for pair in met)
    weights: dict[tuple[int, int], int] = {}
    for pair, times in items:
        pair = tuple(pair)
        if len(pair) != 2 or times <= 0 or not all(player in index for player in pair):
            continue
        key = tuple(sorted(index[player] for player in pair))
        weights[key] = weights.get(key, 0) + times
    return weights


def _groups(players: Sequence[DrawPlayer], attribute: str) -> list[list[int]]:
    """Indices of players sharing a team or club, groups of one left out."""
    groups: dict[int, list[int]] = {}
    for position, player in enumerate(players):
        key = getattr(player, attribute)
        if key is not None:
            groups.setdefault(key, []).append(position)
    return [group for group in groups.values() if len(group) > 1]


def _least_pairs(groups: Sequence[Sequence[int]], table_count: int) -> int:
    """Pairs no draw can avoid: each group spread as evenly as possible over the tables."""
    total = 0
    for group in groups:
        per_table, rest = divmod(len(group), table_count)
        total += rest * comb(per_table + 1, 2) + (table_count - rest) * comb(per_table, 2)
    return total


def _pairs(table: Sequence[int]) -> Iterable[frozenset[int]]:
    for position, player in enumerate(table):
        for other in table[position + 1 :]:
            yield frozenset((player, other))


def _conflicts(players, tables, separate_clubs: bool, met) -> tuple[Conflict, ...]:
    """Every unwanted pair at a table, by table and then by player ids."""
    conflicts = []
    for number, table in enumerate(tables, start=1):
        for a, b in sorted(tuple(sorted(pair)) for pair in _pairs(table)):
            first, second = players[a], players[b]
            ids = (first.id, second.id)
            if first.team is not None and first.team == second.team:
                conflicts.append(Conflict(ConflictKind.SAME_TEAM, number, ids))
            if separate_clubs and first.club is not None and first.club == second.club:
                conflicts.append(Conflict(ConflictKind.SAME_CLUB, number, ids))
            if met.get((a, b)):
                conflicts.append(Conflict(ConflictKind.MET_BEFORE, number, ids))
    return tuple(conflicts)
