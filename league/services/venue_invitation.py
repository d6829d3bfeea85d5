"""A venue's invitation (Einladung zum Spieltag): where and when the teams meet and whom
to call — the venue's address, start time and contact, entered by the group leader or
the venue's director — and whether it goes out in time (14 days ahead, docs/league.md)."""

import datetime

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext_noop

from league.models import Venue
from tournaments.services import audit
from tournaments.services.errors import Rejected
from tournaments.services.input import free_text

from . import reading
from .fixture_plan import INVITATION_DAYS

FIELDS = ("address", "start_time", "contact")


def read_time(value) -> datetime.time | None:
    text = str(value or "").strip().replace(".", ":")
    if not text:
        return None
    try:
        return datetime.time.fromisoformat(text if len(text) > 2 else f"{text}:00")
    except ValueError:
        raise Rejected.because(
            "start_time",
            "invalid_time",
            gettext_noop('Give the time as hours:minutes, e.g. "10:30".'),
        ) from None


@transaction.atomic
def change_details(venue: Venue, data: dict, *, user=None) -> Venue:
    values = reading.all_of(
        address=lambda: free_text(data.get("address"), field="address", max_length=300),
        start_time=lambda: read_time(data.get("start_time")),
        contact=lambda: free_text(
            data.get("contact"), field="contact", max_length=200, multiline=False
        ),
    )
    before = {name: str(getattr(venue, name) or "") for name in FIELDS}
    for name, value in values.items():
        setattr(venue, name, value)
    venue.save(update_fields=list(FIELDS))
    after = {name: str(value or "") for name, value in values.items()}
    audit.record("venue_details_changed", user=user, obj=venue, before=before, after=after)
    return venue


def invitation_facts(venue: Venue) -> dict:
    """What the invitation says: match day, date, time, address, host, contact, teams,
    and whether it is less than 14 days before the match day."""
    day = venue.match_day
    group = day.group
    return {
        "league": group.league.name,
        "group": group.name,
        "season": group.league.season.name,
        "number": day.number,
        "date": day.date,
        "start_time": venue.start_time,
        # A central day's group has no host: the group leader organises it.
        "address": venue.address or (venue.host.club.name if venue.host_id else ""),
        "host": venue.host.name if venue.host_id else venue.title,
        "host_club": venue.host.club.name if venue.host_id else _organiser_name(venue),
        "contact": venue.contact,
        "teams": [entry.team.name for entry in venue.venue_teams.select_related("team")],
        "series": group.league.series_per_match_day,
        "short_notice": (day.date - timezone.localdate()).days < INVITATION_DAYS,
    }


def _organiser_name(venue: Venue) -> str:
    organiser = venue.organiser
    if organiser is None:
        return ""
    return organiser.get_full_name() or organiser.get_username()
