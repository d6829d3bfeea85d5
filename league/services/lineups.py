"""Line-ups (Aufstellungen) per series and teams that did not turn up (docs/rules.md 6).

A series' line-up is the set of players the draw seats (``Series.players``); each team
plays with 3 or 4 of its roster. It may change until the series is drawn; later a
substitute comes in at the table at the start of a round (``tables/{id}/replace/``),
recorded game-exactly in the list and its audit trail. Every change of a line-up is
audited with the players before and after.
"""

from django.db import transaction
from django.utils.translation import gettext_noop

from league.models import LeagueTeam, Venue, VenueTeam
from tournaments.models import Participant, Player, Seat, Series
from tournaments.services import audit, participants
from tournaments.services.errors import Rejected
from tournaments.services.locking import lock_series

from . import reading
from .structure import MIN_PLAYING, PLAYING, playing, roster_of

NOT_AT_VENUE = gettext_noop("The team with the id %(id)s does not play at this venue.")
NOT_ON_ROSTER = gettext_noop("The player with the id %(id)s is not on this team's roster.")


def venue_team(venue: Venue, team_id) -> VenueTeam:
    """The team at ``venue`` named by ``team_id``, or a refusal naming the field ``team``."""
    return (
        reading.object_of(
            LeagueTeam.objects.filter(venue_entries__venue=venue),
            team_id,
            field="team",
            missing=NOT_AT_VENUE,
        )
        .venue_entries.select_related("tournament_team", "team")
        .get(venue=venue)
    )


def series_of(venue: Venue, number) -> Series:
    number = reading.count(number, field="series", low=1, high=venue.tournament.planned_series)
    series = venue.tournament.series.filter(number=number).first()
    if series is None:
        raise Rejected.because(
            "series",
            "no_such_series",
            gettext_noop("Series %(number)d does not exist."),
            missing=True,
            number=number,
        )
    return series


@transaction.atomic
def set_lineup(venue: Venue, data: dict, *, user=None) -> list[Participant]:
    """``{"series": n, "team": id, "players": [3 or 4 player ids]}``: who plays for the
    team in that series; the players are registered for the venue's tournament as needed."""
    entry = venue_team(venue, data.get("team"))
    series = series_of(venue, data.get("series"))
    players = reading.objects_of(
        Player.objects.filter(league_rosters__team=entry.team),
        data.get("players"),
        field="players",
        missing=NOT_ON_ROSTER,
        low=playing(venue.match_day.group.league) - (PLAYING - MIN_PLAYING),
        high=playing(venue.match_day.group.league),
    )
    series = lock_series(series.pk)
    _ensure_not_drawn(series)
    if entry.no_show:
        raise Rejected.because(
            "team",
            "team_did_not_come",
            gettext_noop("%(team)s did not turn up at this venue and has no line-up."),
            conflict=True,
            team=entry.team.name,
        )
    if entry.from_series and series.number < entry.from_series:
        raise Rejected.because(
            "series",
            "team_late",
            gettext_noop(
                "%(team)s came late and plays from series %(first)d, so it has no line-up "
                "in series %(number)d."
            ),
            conflict=True,
            team=entry.team.name,
            number=series.number,
            first=entry.from_series,
        )
    present = venue.venue_teams.filter(no_show=False).count()
    if present == 2 and len(players) < PLAYING:
        raise _two_teams_need_four("players", entry.team.name)
    chosen = _participants(venue, entry, players, user=user)
    before = sorted(
        series.players.filter(team=entry.tournament_team).values_list("player_id", flat=True)
    )
    series.players.remove(*series.players.filter(team=entry.tournament_team))
    series.players.add(*chosen)
    audit.record(
        "lineup_set",
        user=user,
        obj=series,
        before={"players": before},
        after={
            "venue": venue.pk,
            "series": series.number,
            "team": entry.team_id,
            "players": [p.pk for p in players],
        },
    )
    return chosen


def _participants(venue: Venue, entry: VenueTeam, players, *, user) -> list[Participant]:
    """The venue's participants of ``players``, registering those not yet registered."""
    tournament = venue.tournament
    found = {p.player_id: p for p in tournament.participants.filter(player__in=players)}
    missing = [player for player in players if player.pk not in found]
    if missing:
        for participant in participants.register_many(
            tournament,
            [participants.Registration(player, entry.tournament_team) for player in missing],
            user=user,
        ):
            found[participant.player_id] = participant
    wrong = next(
        (found[p.pk] for p in players if found[p.pk].team_id != entry.tournament_team_id), None
    )
    if wrong is not None:
        raise Rejected.because(
            "players",
            "player_of_other_team",
            gettext_noop("%(player)s is registered for another team at this venue."),
            conflict=True,
            player=wrong.player.full_name,
        )
    return [found[player.pk] for player in players]


def _ensure_not_drawn(series: Series) -> None:
    if series.drawn_at is not None:
        raise Rejected.because(
            "series",
            "series_drawn",
            gettext_noop(
                "Series %(number)d is already drawn, so its line-up is fixed. A substitute "
                "comes in at the table at the start of a round (replace the player there)."
            ),
            conflict=True,
            number=series.number,
        )


@transaction.atomic
def mark_no_show(venue: Venue, data: dict, *, user=None) -> VenueTeam:
    """The team did not turn up: it leaves every line-up of the venue and scores nothing
    there; each team present gets the point for it in every series (docs/rules.md 6)."""
    entry = venue_team(venue, data.get("team"))
    entry = (
        VenueTeam.objects.select_for_update()
        .select_related("team", "tournament_team")
        .get(pk=entry.pk)
    )
    _ensure_not_seated(venue, entry)
    if not entry.no_show:
        _ensure_two_teams_have_four(venue, leaving=entry)
        entry.no_show = True
        entry.from_series = None
        entry.save(update_fields=["no_show", "from_series"])
        for series in venue.tournament.series.all():
            series.players.remove(*series.players.filter(team=entry.tournament_team))
        audit.record(
            "team_no_show",
            user=user,
            obj=entry,
            after={"venue": venue.pk, "team": entry.team_id},
        )
    return entry


def _ensure_not_seated(venue: Venue, entry: VenueTeam) -> None:
    if Seat.objects.filter(
        series__tournament=venue.tournament, participant__team=entry.tournament_team
    ).exists():
        raise Rejected.because(
            "team",
            "team_has_played",
            gettext_noop("%(team)s has players seated at this venue, so it did turn up."),
            conflict=True,
            team=entry.team.name,
        )


def _two_teams_need_four(field: str, team: str) -> Rejected:
    return Rejected.because(
        field,
        "two_teams_need_four",
        gettext_noop(
            "Only two teams are present, so both play with four players (Anlage 10); "
            "%(team)s has fewer in a series."
        ),
        conflict=True,
        team=team,
    )


def _ensure_two_teams_have_four(
    venue: Venue, *, leaving: VenueTeam, before_series: int | None = None
) -> None:
    """A no-show (or a late team, in the series ``before_series`` it misses) that leaves two
    teams present: each needs four players in every such series not yet drawn."""
    others = list(
        venue.venue_teams.filter(no_show=False).exclude(pk=leaving.pk).select_related("team")
    )
    if len(others) != 2:
        return
    undrawn = venue.tournament.series.filter(drawn_at__isnull=True)
    if before_series is not None:
        undrawn = undrawn.filter(number__lt=before_series)
    for series in undrawn:
        for other in others:
            if series.players.filter(team=other.tournament_team_id).count() < PLAYING:
                raise _two_teams_need_four("team", other.team.name)


@transaction.atomic
def take_back_no_show(venue: Venue, team_id, *, user=None) -> VenueTeam:
    """The team recorded as not turned up is there after all (Anlage 10): possible until
    the first series is drawn; it plays with its first four regular players in every
    series, as a new venue starts."""
    entry = venue_team(venue, team_id)
    entry = (
        VenueTeam.objects.select_for_update()
        .select_related("team", "tournament_team")
        .get(pk=entry.pk)
    )
    drawn = venue.tournament.series.filter(drawn_at__isnull=False).order_by("number").first()
    if drawn is not None:
        raise Rejected.because(
            "team",
            "series_drawn",
            gettext_noop(
                "Series %(number)d is already drawn: %(team)s stays recorded as not turned "
                "up. A late team joins at the start of a round or the next series."
            ),
            conflict=True,
            number=drawn.number,
            team=entry.team.name,
        )
    if entry.no_show:
        entry.no_show = False
        entry.save(update_fields=["no_show"])
        regulars = _regulars_of(venue, entry)
        for series in venue.tournament.series.all():
            series.players.add(*regulars)
        audit.record(
            "team_no_show_withdrawn",
            user=user,
            obj=entry,
            after={"venue": venue.pk, "team": entry.team_id},
        )
    return entry


def _regulars_of(venue: Venue, entry: VenueTeam) -> list[Participant]:
    """The team's first regular players (four; ISPA six or eight), as a new venue lines
    them up."""
    size = playing(venue.match_day.group.league)
    regulars = [e.player_id for e in roster_of(entry.team) if not e.substitute][:size]
    return list(Participant.objects.filter(tournament=venue.tournament, player__in=regulars))


@transaction.atomic
def add_late_team(venue: Venue, data: dict, *, user=None) -> VenueTeam:
    """``{"team": id, "from_series": n}``: a late team (Anlage 10) plays from series n on,
    with its first four regular players where it has no line-up yet; in the series before
    it counts as not turned up (each team present gets the point for it).

    Anlage 10 also lets a team join at the start of a round when the tables need not
    change; a drawn series' tables are drawn without the team, so it would change them:
    the team joins at the start of a series not yet drawn (docs/league.md).
    """
    entry = venue_team(venue, data.get("team"))
    number = reading.count(
        data.get("from_series"), field="from_series", low=1, high=venue.tournament.planned_series
    )
    entry = (
        VenueTeam.objects.select_for_update()
        .select_related("team", "tournament_team")
        .get(pk=entry.pk)
    )
    _ensure_not_seated(venue, entry)
    series = [lock_series(one.pk) for one in venue.tournament.series.order_by("number")]
    drawn = next((one for one in series if one.number >= number and one.drawn_at), None)
    if drawn is not None:
        raise Rejected.because(
            "from_series",
            "series_drawn",
            gettext_noop(
                "Series %(number)d is already drawn, so %(team)s cannot join it: a late "
                "team joins at the start of a series not yet drawn (its tables are drawn "
                "without the team)."
            ),
            conflict=True,
            number=drawn.number,
            team=entry.team.name,
        )
    if not entry.no_show:
        _ensure_two_teams_have_four(venue, leaving=entry, before_series=number)
    regulars = _regulars_of(venue, entry)
    for one in series:
        mine = one.players.filter(team=entry.tournament_team)
        if one.number < number:
            one.players.remove(*mine)
        elif not mine.exists():
            one.players.add(*regulars)
    entry.no_show = False
    entry.from_series = number if number > 1 else None
    entry.save(update_fields=["no_show", "from_series"])
    audit.record(
        "team_late",
        user=user,
        obj=entry,
        after={"venue": venue.pk, "team": entry.team_id, "from_series": number},
    )
    return entry
