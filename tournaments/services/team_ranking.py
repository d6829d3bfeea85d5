"""The team ranking (Mannschaftswertung) of a tournament: each team by the sum of its
members' tournament results, with the tie rule of docs/rules.md 2, and every member under
the team, best first.

Built from the parts of :mod:`.ranking`: the sums per participant in one query, the teams
and the members with their players in two more (kept under the tournament's roster stamp,
:mod:`.roster_cache`), the rest in Python on those rows.
"""

from collections import defaultdict
from dataclasses import dataclass, field

from tournaments.models import Participant, Team, Tournament
from tournaments.text import sort_key

from .lists.settlement import ScoreColumns
from .public_names import PublicName, named_publicly, published_name
from .ranking import NOT_PLAYED, frozen_row, full_name, score_key, tournament_totals
from .roster_cache import kept_people


@dataclass(frozen=True)
class TeamMember:
    """A member's own tournament result inside a team's row."""

    participant: int
    start_number: int
    name: str
    won: int
    lost: int
    total: int
    published_name: str = field(default="", compare=False, repr=False)

    @property
    def public(self) -> PublicName:
        """The member as an anonymous visitor may see them (no club: the team's is shown)."""
        return named_publicly(self.published_name, None, self.start_number)


@dataclass(frozen=True)
class TeamRankingRow(ScoreColumns):
    """A team (Mannschaft): the sums of its members' tournament results."""

    rank: int
    team: int
    name: str
    club: str
    members: tuple[TeamMember, ...]


def rank_teams(tournament: Tournament) -> list[TeamRankingRow]:
    """Teams by the sum of their members' tournament totals; two queries (the roster
    stamp and the sums) while the teams and their members are kept under the stamp
    (:mod:`.roster_cache`), four when they are read again.

    Every team is listed, also one whose members have not played yet (total 0), and every
    member is listed under the team, with the own total, best first.
    """
    scheme = tournament.scheme
    teams, team_members = kept_people(
        tournament.pk, ("teams",), lambda: _teams_and_members(tournament)
    )
    totals = tournament_totals(tournament.pk)
    members = defaultdict(list)
    # Each member as one tuple that sorts as it stands: the score (:func:`score_key`),
    # the stored German sort name, the start number, then the member's own row.
    for participant, team, start_number, sort_name, first_name, last_name, consent in team_members:
        sums = totals.get(participant, NOT_PLAYED)
        game_points, won, lost, opponents_lost = sums
        total = game_points + scheme.bonus_won_lost(won, lost) + opponents_lost
        members[team].append(
            (
                score_key(total, won, lost),
                sort_name,
                start_number,
                {
                    "participant": participant,
                    "start_number": start_number,
                    "name": full_name(first_name, last_name),
                    "won": won,
                    "lost": lost,
                    "total": total,
                    "published_name": published_name(first_name, last_name, consent),
                },
                sums,
            )
        )
    keyed = []
    for team, name, club in teams:
        ranked = sorted(members[team])  # start numbers differ: rows never compare
        # The members' sums added as plain numbers (a Totals per addition cost more).
        game_points = won = lost = bonus_opponents_lost = 0
        for *_, sums in ranked:
            game_points += sums.game_points
            won += sums.won
            lost += sums.lost
            bonus_opponents_lost += sums.bonus_opponents_lost
        bonus = scheme.bonus_won_lost(won, lost)
        total = game_points + bonus + bonus_opponents_lost
        row = {
            "team": team,
            "name": name,
            "club": club or "",
            "game_points": game_points,
            "won": won,
            "lost": lost,
            "bonus_won_lost": bonus,
            "bonus_opponents_lost": bonus_opponents_lost,
            "total": total,
            "members": tuple(frozen_row(TeamMember, member[3]) for member in ranked),
        }
        keyed.append((score_key(total, won, lost), sort_key(name), team, row))
    return [frozen_row(TeamRankingRow, row) for row in _ranked(keyed)]


def _teams_and_members(tournament: Tournament) -> tuple[tuple, tuple]:
    """The tournament's teams (id, name, club) and their members (participant, team,
    start number, the player's sort name, first and last name, consent), as plain tuples."""
    teams = Team.objects.filter(tournament=tournament).values_list("id", "name", "club__name")
    members = Participant.objects.filter(tournament=tournament, team__isnull=False).values_list(
        "id",
        "team",
        "start_number",
        "player__sort_name",
        "player__first_name",
        "player__last_name",
        "player__publication",
    )
    return tuple(teams.order_by()), tuple(members.order_by())


def _ranked(keyed: list[tuple]) -> list[dict]:
    """The rows (last item of each tuple in ``keyed``, first item its :func:`score_key`,
    the items between unique per row, so that rows never compare) in order, each with its
    place: equal scores share a place, as :func:`sort_and_rank` gives them."""
    keyed.sort()
    rows, previous, rank = [], None, 0
    for place, entry in enumerate(keyed, 1):
        row = entry[-1]
        if entry[0] != previous:
            rank, previous = place, entry[0]
        row["rank"] = rank
        rows.append(row)
    return rows
