"""The one table of transitions: every step it allows works and is audited, the rest is refused."""

import pytest
from django.core.exceptions import PermissionDenied

from league.services.report_states import REPORT_STATES
from tests import factories as f
from tournaments.models import AuditEntry, Series, Tournament
from tournaments.services import finishing, states
from tournaments.services.errors import Rejected
from tournaments.services.lists import listkeeping
from tournaments.services.roles import Role

pytestmark = pytest.mark.django_db


def _ended_table():
    table = f.make_seated_table(players=3, rounds_per_series=1)
    f.enter(table, passed=True)
    return states.apply(table, "end", f.make_staff_user(), "Zeit abgelaufen")


def _closed_table():
    table = f.make_complete_table(players=3)
    return states.apply(table, "close", f.make_staff_user(), "Platz 3 fehlt")


def _finished_series():
    series = _closed_table().series
    return states.apply(series, "finish", f.make_staff_user())


def _finished_tournament():
    tournament = _finished_series().tournament
    return states.apply(tournament, "finish", f.make_staff_user())


def _running_tournament():
    tournament = _finished_series().tournament
    tournament.refresh_from_db()
    return tournament


def _report(status="submitted"):
    """A league venue's match report in ``status`` (league/services/reports.py)."""
    from league.models import MatchReport
    from league.services import reports
    from tests.league.factories import make_group, make_league_team, make_match_day, play_venue

    group = make_group(series=1, rounds=1)
    venue = make_match_day(group, [[make_league_team(group) for _ in range(4)]]).venues.get()
    report = reports.submit_report(play_venue(venue))
    MatchReport.objects.filter(pk=report.pk).update(status=status)
    report.refresh_from_db()
    return report


def _captain_pin(report):
    from tournaments.models import Participant

    entry = report.venue.venue_teams.select_related("team").first()
    captain = Participant.objects.get(tournament=report.venue.tournament, player=entry.team.captain)
    return {"team": entry.team_id, "pin": captain.pin}


def _protesting_team(report):
    return {"team": report.venue.venue_teams.first().team_id}


# One object in each state, in the shape the step from that state needs.
BUILDERS = {
    ("table", "open"): lambda: f.make_complete_table(players=3),
    ("table", "ended"): _ended_table,
    ("table", "signed"): lambda: f.sign_all(f.make_complete_table(players=3)),
    ("table", "locked"): _closed_table,
    ("series", "planned"): lambda: f.make_series(f.make_tournament()),
    ("series", "running"): lambda: Series.objects.get(pk=_closed_table().series_id),
    ("series", "finished"): _finished_series,
    ("tournament", "planned"): lambda: f.make_tournament(),
    ("tournament", "running"): _running_tournament,
    ("tournament", "finished"): _finished_tournament,
    ("report", "submitted"): _report,
    ("report", "checked"): lambda: _report("checked"),
    ("report", "published"): lambda: _report("published"),
}

# What the steps that need more than a reason are given.
DETAILS = {
    ("table", "open", "enter"): lambda table: {"game": {"passed": True}},
    ("table", "open", "sign"): lambda table: _pin_of_seat_1(table),
    ("table", "ended", "sign"): lambda table: _pin_of_seat_1(table),
    ("report", "submitted", "sign"): _captain_pin,
    ("report", "checked", "sign"): _captain_pin,
    **{("report", state, "protest"): _protesting_team for state in REPORT_STATES},
}
DETAILS[("table", "open", "settle")] = lambda table: {"number": 1, "take": "rule"}
STARTS = {("table", "open", "enter"): lambda: f.make_seated_table(players=3, rounds_per_series=1)}
STARTS[("table", "open", "end")] = STARTS[("table", "open", "enter")]


def _lists_differing_in_game_1():
    table = f.make_two_list_table(players=3)
    f.enter(table, declarer_seat=1, game="clubs", matadors=1, won=True)
    f.enter_b(table, declarer_seat=1, game="clubs", matadors=1, won=False)
    return table


STARTS[("table", "open", "settle")] = _lists_differing_in_game_1


def _pin_of_seat_1(table):
    return {"seat": 1, "pin": table.seats.get(number=1).participant.pin}


def _start(key):
    return STARTS.get(key, BUILDERS[key[:2]])()


def _actor(kind):
    """Who takes the steps: a staff user directs the events of clubs without directors;
    a report's steps are the group leader's, which the association's admin holds too."""
    return f.make_superuser() if kind == "report" else f.make_staff_user()


@pytest.mark.parametrize("key", list(states.TRANSITIONS), ids="-".join)
def test_every_allowed_transition_works_and_is_audited(key):
    kind, state, action = key
    obj = _start(key)
    assert (states.kind_of(obj), states.state_of(obj)) == (kind, state)
    details = DETAILS.get(key, lambda _obj: {})(obj)
    transition = states.TRANSITIONS[key]
    before = AuditEntry.objects.filter(action=transition.audit).count()

    states.apply(obj, action, _actor(kind), "Grund", **details)
    if action == "sign" and kind == "table":
        f.sign_all(obj)
    obj.refresh_from_db()

    assert states.state_of(obj) == transition.target
    if action == "start":  # not audited: the game that starts the series is
        assert transition.audit == ""
    else:
        assert AuditEntry.objects.filter(action=transition.audit).count() > before


DISALLOWED = [
    (kind, state, action)
    for kind, state in BUILDERS
    for action in sorted(states.actions_of(kind))
    if (kind, state, action) not in states.TRANSITIONS
]


@pytest.mark.parametrize("key", DISALLOWED, ids="-".join)
def test_every_disallowed_transition_is_a_conflict_with_a_message(key):
    kind, state, action = key
    obj = BUILDERS[(kind, state)]()

    with pytest.raises(Rejected) as refused:
        states.apply(obj, action, _actor(kind), "Grund", **DETAILS.get(key, lambda _o: {})(obj))

    assert refused.value.conflict
    assert refused.value.problems[0].text()


FORBIDDEN = [
    (key, role)
    for key, transition in states.TRANSITIONS.items()
    for role in Role
    if role not in transition.roles
]


@pytest.mark.parametrize(("key", "role"), FORBIDDEN, ids=lambda v: "-".join(v) if v else v)
def test_every_role_not_allowed_is_refused(key, role):
    kind, state, action = key
    obj = _start(key)

    with pytest.raises(PermissionDenied):
        states.apply(obj, action, None, "Grund", roles={role})

    obj.refresh_from_db()
    assert states.state_of(obj) == state


def test_finishing_a_series_names_its_open_lists():
    series = f.make_complete_table(players=3).series
    other = _second_table(series)

    with pytest.raises(Rejected) as refused:
        states.apply(series, "finish", f.make_staff_user())

    problem = refused.value.problems[0]
    assert (problem.code, problem.params["tables"]) == ("lists_open", f"1, {other.number}")


def _second_table(series):
    from tests.factories import make_participants, make_table

    return make_table(series, make_participants(series.tournament, 3))


def test_finishing_a_tournament_needs_every_series_finished():
    tournament = _finished_series().tournament
    f.make_series(tournament)

    with pytest.raises(Rejected) as refused:
        states.apply(tournament, "finish", f.make_staff_user())

    assert refused.value.problems[0].code == "series_not_finished"


def test_finish_stores_the_date_and_reopen_clears_it_with_the_reason():
    tournament = _finished_tournament()
    assert tournament.finished_at is not None

    states.apply(tournament, "reopen", f.make_staff_user(), "Einspruch zu Serie 1")
    tournament.refresh_from_db()

    assert (tournament.status, tournament.finished_at) == (Tournament.Status.RUNNING, None)
    entry = AuditEntry.objects.get(action="tournament_reopened")
    assert entry.reason == "Einspruch zu Serie 1"


@pytest.mark.parametrize("kind", ["series", "tournament"])
def test_reopen_needs_a_reason(kind):
    obj = BUILDERS[(kind, "finished")]()

    with pytest.raises(Rejected) as refused:
        states.apply(obj, "reopen", f.make_staff_user(), "  ")

    assert refused.value.problems[0].code == "reason_required"


def test_a_list_of_a_finished_series_is_not_reopened_before_the_series():
    series = _finished_series()
    table = series.tables.get()

    with pytest.raises(Rejected) as refused:
        states.apply(table, "reopen", f.make_staff_user(), "Korrektur")

    assert refused.value.problems[0].code == "series_finished"


def test_a_series_of_a_finished_tournament_is_not_reopened_before_the_tournament():
    series = _finished_tournament().series.get()

    with pytest.raises(Rejected) as refused:
        states.apply(series, "reopen", f.make_staff_user(), "Korrektur")

    assert refused.value.problems[0].code == "tournament_finished"


def test_taking_back_an_early_end_lets_the_list_go_on():
    table = _ended_table()

    states.apply(table, "reopen", f.make_staff_user(), "Doch weiter")
    f.enter(table, passed=True)
    table.refresh_from_db()

    assert (states.state_of(table), table.ended_reason, table.games.count()) == ("open", "", 2)


def test_a_signed_list_that_was_ended_early_is_corrected_after_one_reopening():
    table = f.sign_all(_ended_table())
    director = f.make_staff_user()

    states.apply(table, "reopen", director, "Spiel 1 war Karo, nicht eingepasst")
    listkeeping.correct_game(
        table, 1, {"declarer_seat": 1, "game": "diamonds", "matadors": 1, "won": True}
    )
    table.refresh_from_db()

    assert (states.state_of(table), table.ended_early_at, table.signatures.count()) == (
        "open",
        None,
        0,
    )
    reopened = AuditEntry.objects.get(action="list_reopened")
    assert reopened.reason == "Spiel 1 war Karo, nicht eingepasst"
    assert reopened.before["ended_reason"] == "Zeit abgelaufen"
    assert not AuditEntry.objects.filter(action="list_end_taken_back").exists()
    # Ended again, the corrected list is signed as it is.
    states.apply(table, "end", director, "Zeit abgelaufen")
    assert states.possible(table, {Role.PLAYER}) == ["sign"]


def test_finishing_a_tournament_runs_the_finish_hooks(monkeypatch):
    frozen = []
    monkeypatch.setattr(finishing, "ON_TOURNAMENT_FINISHED", [frozen.append])
    tournament = _running_tournament()

    states.apply(tournament, "finish", f.make_staff_user())

    assert frozen == [tournament]


def test_the_first_game_starts_the_series_and_the_tournament_through_apply(monkeypatch):
    table = f.make_seated_table(players=3, rounds_per_series=1)
    steps = []
    original = states.apply
    monkeypatch.setattr(
        states,
        "apply",
        lambda obj, action, *a, **k: steps.append(action) or original(obj, action, *a, **k),
    )

    f.enter(table, passed=True)
    f.enter(table, passed=True)
    table.series.refresh_from_db()
    table.series.tournament.refresh_from_db()

    assert steps == ["start", "start"]
    assert (table.series.status, table.series.tournament.status) == ("running", "running")
