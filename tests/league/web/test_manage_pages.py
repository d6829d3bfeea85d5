"""The league's working pages: the group leader's fixtures, import and live match day, the
host's venue page, the captains' signing page and the report page."""

import pytest
from django.contrib.auth import get_user_model

from league.models import MatchDay, MatchReport
from league.services import reports
from tests import factories as f
from tests.league.factories import (
    make_group,
    make_league_team,
    make_match_day,
    make_season,
    play_venue,
)
from tournaments.models import Participant

pytestmark = pytest.mark.django_db


def _text(response):
    return response.content.decode()


@pytest.fixture
def group_with_leader():
    group = make_group(series=2)
    leader = get_user_model().objects.create_user("staffelleiter")
    group.leaders.add(leader)
    teams = [make_league_team(group, name=f"Team {n}") for n in "ABCDEFGH"]
    return group, leader, teams


def test_only_the_group_s_leaders_open_its_pages(client, group_with_leader):
    group, leader, _teams = group_with_leader
    url = f"/liga/leitung/staffel/{group.pk}/"

    anonymous = client.get(url)
    client.force_login(f.make_staff_user())
    stranger = client.get(url)
    client.force_login(leader)
    allowed = client.get(url)

    assert anonymous.status_code == 302 and "/anmelden/" in anonymous.url
    assert stranger.status_code == 403
    assert allowed.status_code == 200 and 'data-testid="match-day-form"' in _text(allowed)


def test_a_match_day_is_entered_on_the_page(client, group_with_leader):
    group, leader, teams = group_with_leader
    client.force_login(leader)

    response = client.post(
        f"/liga/leitung/staffel/{group.pk}/",
        {
            "number": "1",
            "date": "2027-03-14",
            "venue-1-host": teams[0].pk,
            "venue-1-teams": [t.pk for t in teams[1:4]],
            "venue-2-host": teams[4].pk,
            "venue-2-teams": [t.pk for t in teams[5:]],
        },
    )

    assert response.status_code == 302
    day = MatchDay.objects.get(group=group)
    assert day.venues.count() == 2
    assert day.venues.get(number=2).tournament.participants.count() == 16


def test_a_wrong_match_day_keeps_the_page_with_the_message(client, group_with_leader):
    group, leader, teams = group_with_leader
    client.force_login(leader)

    response = client.post(
        f"/liga/leitung/staffel/{group.pk}/",
        {
            "number": "1",
            "date": "14.03.",
            "venue-1-host": teams[0].pk,
            "venue-1-teams": [t.pk for t in teams[1:4]],
        },
    )

    assert response.status_code == 400
    assert "2027-03-22" in _text(response)
    assert not MatchDay.objects.exists()


def test_fixtures_are_imported_after_a_preview(client, group_with_leader):
    group, leader, _teams = group_with_leader
    client.force_login(leader)
    content = (
        b"Spieltag;Datum;Ausrichter;Gast 1;Gast 2;Gast 3\n"
        b"1;22.03.2027;Team A;Team B;Team C;Team D\n"
        b"1;22.03.2027;Team E;Team F;Team G;Team H\n"
    )
    from django.core.files.uploadedfile import SimpleUploadedFile

    upload = client.post(
        f"/liga/leitung/staffel/{group.pk}/spielplan-import/",
        {"file": SimpleUploadedFile("plan.csv", content)},
    )
    preview = client.get(upload.url)
    before = MatchDay.objects.count()
    saved = client.post(upload.url, {})

    assert 'data-testid="fixture-preview"' in _text(preview) and "Team E" in _text(preview)
    assert before == 0
    assert saved.status_code == 302
    assert MatchDay.objects.get(group=group).venues.count() == 2


def test_the_live_page_follows_every_venue(client):
    group = make_group(series=1, rounds=1)
    leader = get_user_model().objects.create_user("staffelleiter")
    group.leaders.add(leader)
    teams = [make_league_team(group) for _ in range(8)]
    day = make_match_day(group, [teams[:4], teams[4:]])
    first, second = day.venues.order_by("number")
    play_venue(first)
    reports.submit_report(first)
    client.force_login(leader)

    page = _text(client.get(f"/liga/leitung/spieltag/{day.pk}/live/"))

    assert page.count('data-testid="live-venue"') == 2
    assert "eingereicht" in page
    assert "noch nicht ausgelost" in page
    assert 'data-testid="day-best"' in page and "Beste Spieler des 1. Spieltags" in page


def test_the_host_sets_a_line_up_and_sends_the_report(client):
    group = make_group(series=1, rounds=1)
    teams = [make_league_team(group, substitutes=1)] + [make_league_team(group) for _ in range(3)]
    venue = make_match_day(group, [teams]).venues.get()
    director = f.make_staff_user()
    teams[0].club.directors.add(director)
    client.force_login(director)
    roster = [e.player_id for e in teams[0].roster.order_by("position")]

    saved = client.post(
        f"/liga/spielort/{venue.pk}/",
        {"action": "lineup", "series": 1, "team": teams[0].pk, "players": roster[1:]},
    )
    early = client.post(f"/liga/spielort/{venue.pk}/", {"action": "report", "confirmed": "1"})
    play_venue(venue)
    asked = client.post(f"/liga/spielort/{venue.pk}/", {"action": "report"})
    not_yet = MatchReport.objects.filter(venue=venue).exists()
    sent = client.post(f"/liga/spielort/{venue.pk}/", {"action": "report", "confirmed": "1"})

    assert saved.status_code == 302
    assert early.status_code == 400 and "noch nicht beendet" in _text(early)
    # Asked on a page of its own, without JavaScript: the form sends the answer back.
    assert asked.status_code == 200 and 'data-testid="confirm-step"' in _text(asked)
    assert 'name="confirmed" value="1"' in _text(asked) and "data-confirm" not in _text(asked)
    assert not not_yet
    assert sent.status_code == 302 and MatchReport.objects.filter(venue=venue).exists()


def test_not_turned_up_is_confirmed_on_a_page_of_its_own(client):
    group = make_group(series=1, rounds=1)
    teams = [make_league_team(group) for _ in range(4)]
    venue = make_match_day(group, [teams]).venues.get()
    director = f.make_staff_user()
    teams[0].club.directors.add(director)
    client.force_login(director)
    url = f"/liga/spielort/{venue.pk}/"

    venue_page = _text(client.get(url))
    asked = client.post(url, {"action": "no_show", "team": teams[3].pk})
    before = venue.venue_teams.get(team=teams[3]).no_show
    recorded = client.post(url, {"action": "no_show", "team": teams[3].pk, "confirmed": "1"})

    assert "data-confirm" not in venue_page
    assert asked.status_code == 200 and teams[3].name in _text(asked)
    assert 'data-testid="confirm-step"' in _text(asked)
    assert f'href="{url}"' in _text(asked)  # "Abbrechen" leads back, nothing changed
    assert before is False
    assert recorded.status_code == 302 and venue.venue_teams.get(team=teams[3]).no_show
    page = _text(client.get(url))
    assert 'data-testid="no-show-back"' in page
    back = client.post(url, {"action": "no_show_back", "team": teams[3].pk})
    assert back.status_code == 302 and not venue.venue_teams.get(team=teams[3]).no_show


def test_another_club_s_director_cannot_run_the_venue(client):
    group = make_group(series=1, rounds=1)
    teams = [make_league_team(group) for _ in range(4)]
    venue = make_match_day(group, [teams]).venues.get()
    client.force_login(f.make_staff_user())
    teams[0].club.directors.add(f.make_staff_user())

    response = client.get(f"/liga/spielort/{venue.pk}/")

    assert response.status_code == 403
    assert "<h1>Kein Zugang</h1>" in response.content.decode()


def test_captains_sign_on_the_host_s_device_with_pin_or_drawing(client):
    group, teams = make_season(publish=False)
    report = MatchReport.objects.get()
    director = f.make_staff_user()
    teams[0].club.directors.add(director)
    client.force_login(director)
    pin = Participant.objects.get(tournament=report.venue.tournament, player=teams[1].captain).pin
    url = f"/liga/spielbericht/{report.pk}/unterschreiben/"

    wrong = client.post(url, {"team": teams[1].pk, "method": "pin", "pin": "99999"})
    by_pin = client.post(url, {"team": teams[1].pk, "method": "pin", "pin": pin})
    drawn = client.post(
        url,
        {
            "team": teams[2].pk,
            "method": "image",
            "image": f.png_data_url(f.png_bytes(variant=2)),
            "strokes": f.strokes_json(),
        },
    )
    page = _text(client.get(url))

    assert wrong.status_code == 400 and "PIN" in _text(wrong)
    assert by_pin.status_code == 302 and drawn.status_code == 302
    assert page.count("Mit PIN bestätigt") == 1 and page.count("✓") == 2
    assert set(report.signatures.values_list("team", flat=True)) == {teams[1].pk, teams[2].pk}


def test_the_leader_publishes_and_a_captain_protests_on_the_report_page(client):
    group, teams = make_season(publish=False)
    report = MatchReport.objects.get()
    captain = get_user_model().objects.create_user("kapitaen")
    teams[3].captain_user = captain
    teams[3].save()
    url = f"/liga/spielbericht/{report.pk}/"

    client.force_login(group.leaders.get())
    before_check = _text(client.get(url))
    too_early = client.post(url, {"action": "publish"})
    after_refusal = _text(client.get(url))
    client.post(url, {"action": "check"})
    after_check = _text(client.get(url))
    unsigned = client.post(url, {"action": "publish"})
    published = client.post(url, {"action": "publish", "reason": "Papierbericht unterschrieben"})
    client.force_login(captain)
    protested = client.post(
        url, {"action": "protest", "team": teams[3].pk, "reason": "Tisch 1 verzählt"}
    )
    page = _text(client.get(url))

    assert 'data-testid="publish"' not in before_check and "Als geprüft markieren" in before_check
    assert too_early.status_code == 400
    assert "Markieren Sie den Bericht zuerst als geprüft" in _text(too_early)
    assert 'data-testid="publish"' not in after_refusal
    assert 'data-testid="publish"' in after_check
    assert 'data-testid="missing-signatures"' in after_check
    assert all(team.name in after_check for team in teams[:4])
    assert 'name="reason"' in after_check.split('data-testid="publish-form"')[1].split("</form>")[0]
    assert unsigned.status_code == 400
    assert "Nicht unterschrieben hat der Mannschaftsführer von: " in _text(unsigned)
    assert published.status_code == 302
    assert protested.status_code == 302
    assert "Tisch 1 verzählt" in page and "noch nicht entschieden" in page
    report.refresh_from_db()
    assert report.status == "published"


def test_an_unpublished_report_is_not_public(client):
    group, _teams = make_season(publish=False)
    report = MatchReport.objects.get()

    response = client.get(f"/liga/spielbericht/{report.pk}/")

    assert response.status_code == 403
    assert "<h1>Kein Zugang</h1>" in response.content.decode()


def test_my_league_lists_what_the_user_does_in_the_league(client):
    group, teams = make_season()
    captain = get_user_model().objects.create_user("kapitaen")
    teams[0].captain_user = captain
    teams[0].save()

    client.force_login(group.leaders.get())
    leader_page = _text(client.get("/liga/meine/"))
    client.force_login(captain)
    captain_page = _text(client.get("/liga/meine/"))
    client.force_login(get_user_model().objects.create_user("niemand"))
    nobody = client.get("/liga/meine/")

    assert 'data-testid="led-group"' in leader_page
    assert 'data-testid="captained-team"' in captain_page and teams[0].name in captain_page
    assert nobody.status_code == 403


def test_a_captain_finds_every_match_report_from_the_team_page_and_my_league(client):
    """The captain's way to sign and protest: each match day on the team page links its
    venue and report, and "Meine Liga" lists the reports still open to the team."""
    group, teams = make_season(match_days=2, publish=False)
    first = MatchReport.objects.get(venue__match_day__number=1)
    second = MatchReport.objects.get(venue__match_day__number=2)
    captain = get_user_model().objects.create_user("kapitaen")
    teams[0].captain_user = captain
    teams[0].save()
    public = _text(client.get(f"/liga/mannschaft/{teams[0].pk}/"))

    client.force_login(captain)
    team_page = _text(client.get(f"/liga/mannschaft/{teams[0].pk}/"))
    mine = _text(client.get("/liga/meine/"))

    assert f'href="/liga/spielbericht/{first.pk}/"' in team_page
    assert f'href="/liga/spielbericht/{second.pk}/unterschreiben/"' in team_page
    assert f'href="/liga/spielort/{first.venue_id}/"' in team_page
    assert "Spielbericht ansehen · Einspruch" in team_page
    assert (
        "Sie führen diese Mannschaft" in team_page and "Sie leiten diese Staffel" not in team_page
    )
    assert mine.count('data-testid="open-report"') == 2
    assert f'href="/liga/spielbericht/{first.pk}/unterschreiben/"' in mine
    assert "/spielbericht/" not in public  # nothing published yet: the public sees no report


def test_a_league_page_refused_speaks_of_the_league(client):
    group, _teams = make_season(publish=False)
    report = MatchReport.objects.get()
    client.force_login(get_user_model().objects.create_user("kasse"))

    page = _text(client.get(f"/liga/spielbericht/{report.pk}/"))
    other = _text(client.get("/leitung/"))

    assert "Diese Ligaseite ist für den Staffelleiter" in page
    assert "Turnierleitung. Wenn Sie" not in page and 'href="/liga/"' in page
    assert "Diese Ligaseite" not in other


def test_a_group_leader_on_a_venue_s_table_page_is_led_back_to_the_league(
    client, group_with_leader
):
    """The first breadcrumb of the director's pages leads a group leader to "Meine Liga",
    not to the directors' overview that would refuse them."""
    group, leader, teams = group_with_leader
    venue = play_venue(make_match_day(group, [teams[:4], teams[4:]]).venues.first())
    table = venue.tournament.series.first().tables.first()
    client.force_login(leader)

    page = _text(client.get(f"/leitung/tische/{table.pk}/"))
    crumbs = page.split('class="director-breadcrumbs"')[1].split("</ol>")[0]

    assert client.get("/leitung/").status_code == 403
    assert '<li><a href="/liga/meine/">Meine Liga</a></li>' in crumbs
    assert 'href="/leitung/"' not in crumbs
    assert f'href="/leitung/turniere/{venue.tournament_id}/"' in crumbs


def test_a_director_s_first_breadcrumb_is_the_directors_overview(client, director_user):
    tournament = f.make_played_tournament(players=4)
    table = tournament.series.get().tables.get()
    client.force_login(director_user)

    page = _text(client.get(f"/leitung/tische/{table.pk}/"))
    crumbs = page.split('class="director-breadcrumbs"')[1].split("</ol>")[0]

    assert '<li><a href="/leitung/">Turnierleitung</a></li>' in crumbs
    assert "/liga/meine/" not in crumbs


def test_the_public_report_page_has_no_login_controls_for_visitors(client):
    group, _teams = make_season()
    report = MatchReport.objects.get()

    page = _text(client.get(f"/liga/spielbericht/{report.pk}/"))
    client.force_login(group.leaders.get())
    for_leader = _text(client.get(f"/liga/spielbericht/{report.pk}/"))

    assert 'data-testid="report-results"' in page
    assert "Angemeldet als" not in page and "Abmelden" not in page
    assert 'href="/liga/meine/"' not in page and 'href="/liga/"' in page
    assert "Angemeldet als" in for_leader and 'href="/liga/meine/"' in for_leader
