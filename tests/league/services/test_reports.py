"""The match report: sending, the captains' signatures (PIN or drawing), the group leader's
steps, the seal and its verification, protests and when results become binding."""

import datetime

import pytest
from django.contrib.auth import get_user_model
from django.core.exceptions import PermissionDenied
from django.utils import timezone, translation

from league.models import MatchReport
from league.services import reports
from league.services.report_document import is_current, verify_report_seal
from tests import factories as f
from tests.league.factories import (
    make_group,
    make_league_team,
    make_match_day,
    play_venue,
    publish_report,
)
from tournaments.models import AuditEntry, Participant, Table
from tournaments.services import states
from tournaments.services.errors import Rejected
from tournaments.services.lists import listkeeping
from tournaments.services.sealing import signing

pytestmark = pytest.mark.django_db


@pytest.fixture
def played():
    """A finished venue of four teams (one series of one round), its group's leader, and
    the host club's director."""
    group = make_group(series=1, rounds=1)
    leader = get_user_model().objects.create_user("staffelleiter")
    group.leaders.add(leader)
    teams = [make_league_team(group) for _ in range(4)]
    venue = make_match_day(group, [teams]).venues.get()
    director = f.make_staff_user()
    teams[0].club.directors.add(director)
    play_venue(venue)
    return {"venue": venue, "teams": teams, "leader": leader, "director": director}


def _captain_pin(venue, team):
    return Participant.objects.get(tournament=venue.tournament, player=team.captain).pin


def _sign(report, user, team, **how):
    return states.apply(report, "sign", user, team=team.pk, **how)


def test_the_report_waits_for_the_venue_to_finish():
    group = make_group(series=1, rounds=1)
    teams = [make_league_team(group) for _ in range(4)]
    venue = make_match_day(group, [teams]).venues.get()

    with pytest.raises(Rejected) as refused:
        reports.submit_report(venue)

    assert refused.value.problems[0].code == "venue_not_finished"


def test_a_sent_report_is_sealed_with_every_list_s_seal(played):
    report = reports.submit_report(played["venue"], user=played["director"])

    seals = sorted(
        Table.objects.filter(series__tournament=played["venue"].tournament).values_list(
            "seal", flat=True
        )
    )
    assert report.status == MatchReport.Status.SUBMITTED
    assert sorted(entry["seal"] for entry in report.document["lists"]) == seals
    assert verify_report_seal(report.seal).reason == "valid"
    assert AuditEntry.objects.filter(action="report_submitted", after__seal=report.seal).exists()


def test_a_captain_signs_with_the_pin_of_the_start_card_and_the_report_is_sealed_again(played):
    report = reports.submit_report(played["venue"], user=played["director"])
    first_seal = report.seal
    team = played["teams"][1]

    _sign(report, played["director"], team, pin=_captain_pin(played["venue"], team))

    report.refresh_from_db()
    assert [(s.team_id, s.method) for s in report.signatures.all()] == [(team.pk, "pin")]
    assert report.seal != first_seal
    assert verify_report_seal(first_seal).reason == "superseded"
    assert verify_report_seal(report.seal).valid


def test_a_wrong_pin_is_counted_with_the_lists_pins_and_blocks_after_five(played):
    report = reports.submit_report(played["venue"], user=played["director"])
    team = played["teams"][1]
    wrong = "0000" if _captain_pin(played["venue"], team) != "0000" else "1111"

    for _ in range(signing.PIN_ATTEMPTS):
        with pytest.raises(Rejected) as refused:
            _sign(report, played["director"], team, pin=wrong)
        assert refused.value.problems[0].code == "pin_mismatch"
    with pytest.raises(signing.TooManyAttempts) as blocked:
        _sign(report, played["director"], team, pin=_captain_pin(played["venue"], team))

    assert blocked.value.retry_after > 0
    assert AuditEntry.objects.filter(action=signing.PIN_REFUSED).count() == signing.PIN_ATTEMPTS


@pytest.mark.parametrize(
    "strokes",
    [f.strokes_json(strokes=[[(150, 50)]]), f.strokes_json(strokes=[[(10, 10), (12, 11)]])],
)
def test_a_dot_on_the_pad_is_no_captain_s_signature(played, strokes):
    report = reports.submit_report(played["venue"], user=played["director"])
    team = played["teams"][0]

    with pytest.raises(Rejected) as refused:
        _sign(
            report,
            played["director"],
            team,
            image=f.png_data_url(f.png_bytes(variant=3)),
            strokes=strokes,
        )

    assert refused.value.problems[0].field == "image"
    assert team.name in refused.value.problems[0].text()
    assert report.signatures.count() == 0


def test_captains_sign_with_their_own_drawings_once(played):
    report = reports.submit_report(played["venue"], user=played["director"])
    first, second = played["teams"][:2]
    drawing = f.png_data_url(f.png_bytes(variant=3))

    _sign(report, played["director"], first, image=drawing)
    with pytest.raises(Rejected) as copied:
        _sign(report, played["director"], second, image=drawing)
    with pytest.raises(Rejected) as twice:
        _sign(report, played["director"], first, image=f.png_data_url(f.png_bytes(variant=9)))

    assert copied.value.problems[0].code == "image_copied"
    assert twice.value.problems[0].code == "already_signed"


def test_a_captain_signs_for_the_own_team_only(played):
    captain = get_user_model().objects.create_user("kapitaen")
    team, other = played["teams"][1], played["teams"][2]
    team.captain_user = captain
    team.save()
    report = reports.submit_report(played["venue"], user=played["director"])

    _sign(report, captain, team, image=f.png_data_url(f.png_bytes(variant=4)))
    with pytest.raises(PermissionDenied):
        _sign(report, captain, other, image=f.png_data_url(f.png_bytes(variant=5)))
    with pytest.raises(PermissionDenied):
        _sign(report, get_user_model().objects.create_user("fremd"), other, pin="1234")


def test_only_the_group_leader_publishes_and_only_after_the_check(played):
    report = reports.submit_report(played["venue"], user=played["director"])

    with pytest.raises(Rejected) as unchecked:
        states.apply(report, "publish", played["leader"])
    checked = states.apply(report, "check", played["leader"])
    with pytest.raises(PermissionDenied):
        states.apply(checked, "publish", played["director"], "Papierbericht")
    published = states.apply(checked, "publish", played["leader"], "Papierbericht")

    assert unchecked.value.problems[0].code == "report_not_checked"
    with translation.override("de"):
        said = unchecked.value.problems[0].text(translation.gettext)
    assert said.startswith("Markieren Sie den Bericht zuerst als geprüft: nur ein geprüfter")
    assert published.status == MatchReport.Status.PUBLISHED
    assert published.published_by == published.checked_by == played["leader"]


def test_a_corrected_list_makes_the_report_outdated_until_the_leader_corrects_it(played):
    report = reports.submit_report(played["venue"], user=played["director"])
    table = Table.objects.filter(series__tournament=played["venue"].tournament).first()
    leader = played["leader"]

    tournament = played["venue"].tournament
    tournament = states.apply(tournament, "reopen", leader, "Einspruch Tisch 1")
    series = states.apply(table.series, "reopen", leader, "Einspruch Tisch 1")
    table = states.apply(Table.objects.get(pk=table.pk), "reopen", leader, "Spiel 2 falsch notiert")
    listkeeping.correct_game(table, 2, {"game": "clubs", "matadors": 3}, partial=True, user=leader)
    states.apply(Table.objects.get(pk=table.pk), "close", leader, "Berichtigt")
    states.apply(series, "finish", leader)
    states.apply(tournament.__class__.objects.get(pk=tournament.pk), "finish", leader)
    report.refresh_from_db()

    assert not is_current(report)
    assert verify_report_seal(report.seal).reason == "changed"
    with pytest.raises(Rejected) as refused:
        states.apply(report, "check", leader)
    assert refused.value.problems[0].code == "report_outdated"

    corrected = states.apply(report, "correct", leader, "Liste 1 berichtigt")
    assert is_current(corrected)
    assert corrected.document["corrections"][0]["reason"] == "Liste 1 berichtigt"
    assert verify_report_seal(corrected.seal).valid
    assert publish_report(corrected, leader).status == "published"


def test_a_correction_needs_a_reason(played):
    report = reports.submit_report(played["venue"], user=played["director"])

    with pytest.raises(Rejected) as refused:
        states.apply(report, "correct", played["leader"], "  ")

    assert refused.value.problems[0].code == "reason_required"


def test_a_published_report_becomes_binding_after_the_protest_window(played):
    report = publish_report(reports.submit_report(played["venue"]), played["leader"])
    day = played["venue"].match_day.date

    assert reports.state_of(report, day + datetime.timedelta(days=13)) == "published"
    assert reports.state_of(report, day + datetime.timedelta(days=14)) == "binding"


def test_a_protest_keeps_the_report_from_binding_until_it_is_decided(played):
    report = publish_report(reports.submit_report(played["venue"]), played["leader"])
    captain = get_user_model().objects.create_user("kapitaen")
    team = played["teams"][2]
    team.captain_user = captain
    team.save()
    played["venue"].match_day.date = timezone.localdate()
    played["venue"].match_day.save()
    later = timezone.localdate() + datetime.timedelta(days=30)
    report = MatchReport.objects.get(pk=report.pk)

    protest = states.apply(report, "protest", captain, "Tisch 2 falsch gezählt", team=team.pk)

    assert reports.state_of(report, later) == "published"
    reports.decide_protest(protest, {"decision": "rejected", "reason": "Zählung stimmt"})
    assert reports.state_of(report, later) == "binding"


def test_no_protest_after_the_window(played):
    report = publish_report(reports.submit_report(played["venue"]), played["leader"])
    played["venue"].match_day.date = timezone.localdate() - datetime.timedelta(days=20)
    played["venue"].match_day.save()
    report = MatchReport.objects.get(pk=report.pk)

    with pytest.raises(Rejected) as refused:
        states.apply(report, "protest", played["leader"], "zu spät", team=played["teams"][0].pk)

    assert refused.value.problems[0].code == "protest_window_closed"


def test_captains_cannot_sign_a_published_report(played):
    report = publish_report(reports.submit_report(played["venue"]), played["leader"])
    team = played["teams"][0]

    with pytest.raises(Rejected) as refused:
        _sign(report, played["director"], team, pin=_captain_pin(played["venue"], team))

    assert refused.value.conflict


def test_publishing_names_the_teams_whose_captain_has_not_signed_and_needs_a_reason(played):
    venue, leader, teams = played["venue"], played["leader"], played["teams"]
    report = reports.submit_report(venue, user=played["director"])
    for team in teams[:2]:
        _sign(report, played["director"], team, pin=_captain_pin(venue, team))
    checked = states.apply(MatchReport.objects.get(pk=report.pk), "check", leader)

    with pytest.raises(Rejected) as refused:
        states.apply(checked, "publish", leader)
    published = states.apply(checked, "publish", leader, "Kapitäne mussten zum Zug")

    problem = refused.value.problems[0]
    assert (problem.field, problem.code) == ("missing_signatures_reason", "signatures_missing")
    with translation.override("de"):
        said = problem.text(translation.gettext)
    missing = sorted(team.name for team in teams[2:])
    assert all(name in said for name in missing)
    assert not any(team.name in said for team in teams[:2])
    assert "Begründung" in said
    assert published.status == MatchReport.Status.PUBLISHED
    entry = AuditEntry.objects.filter(action="report_published").get()
    assert entry.reason == "Kapitäne mussten zum Zug"
    assert sorted(entry.after["missing_signatures"]) == sorted(team.pk for team in teams[2:])


def test_a_fully_signed_report_is_published_without_a_reason(played):
    venue, leader, teams = played["venue"], played["leader"], played["teams"]
    report = reports.submit_report(venue, user=played["director"])
    for team in teams:
        _sign(report, played["director"], team, pin=_captain_pin(venue, team))

    published = publish_report(MatchReport.objects.get(pk=report.pk), leader, reason="")

    assert published.status == MatchReport.Status.PUBLISHED
    assert reports.missing_signatures(published) == []
