"""Every results document a publishing test makes is checked against the JSON Schema in
docs/: the builder is wrapped for the whole package, so a document the API, the import or
a service makes is validated the moment it is made."""

import pytest

from publishing.services import results_document, schema


@pytest.fixture(autouse=True)
def documents_match_the_schema(monkeypatch):
    """Wraps :func:`results_document.results_document`; yields the list of documents made."""
    made = []
    build = results_document.results_document

    def checked(tournament):
        document = build(tournament)
        assert schema.schema_problems(document) == []
        made.append(document)
        return document

    monkeypatch.setattr(results_document, "results_document", checked)
    yield made


def finish(tournament, user=None):
    """Sign every list, then finish every series and the tournament, as a director does."""
    from tests import factories as f
    from tournaments.models import Table
    from tournaments.services import states

    for table in Table.objects.filter(series__tournament=tournament, status="open"):
        f.sign_all(table)
    for series in tournament.series.all():
        states.apply(series, "finish", user)
    tournament.refresh_from_db()
    states.apply(tournament, "finish", user)
    tournament.refresh_from_db()
    return tournament


def with_club(table_or_tournament, name=None):
    """Give the tournament of ``table_or_tournament`` an organising club (its lists are
    sealed with the club's key); returns what it was given."""
    from tests import factories as f
    from tournaments.models import Table, Tournament

    tournament = table_or_tournament
    if isinstance(tournament, Table):
        tournament = tournament.series.tournament
    club = f.make_club(name)
    Tournament.objects.filter(pk=tournament.pk).update(club=club)
    tournament.club = club
    return table_or_tournament
