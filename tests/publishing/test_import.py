"""Importing results documents into a server that already holds other data
(docs/results-format.md, "Importing documents"): export → import into an empty database →
export gives the same document but ``generated``; idempotent by id and version; values
that disagree with the rules, a broken seal or schema are refused and nothing is stored."""

import copy
import io
import json
from contextlib import ExitStack

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from django.utils.translation import gettext

from publishing.models import ClubKey, ImportedSeal
from publishing.services import results_document as builder
from publishing.services.results_import import import_document
from tests import factories as f
from tests.publishing.conftest import finish, with_club
from tournaments.models import (
    AuditEntry,
    Club,
    Game,
    Player,
    Table,
    Tournament,
    changes_allowed,
)
from tournaments.services import participants, seating, states
from tournaments.services.errors import Rejected
from tournaments.services.lists import summary

pytestmark = pytest.mark.django_db


def without_generated(document):
    return {name: value for name, value in document.items() if name != "generated"}


def evening(admin_user):
    """A finished evening of two series with a seat change, a paper list, a team, players
    of every consent, a closed list; its document."""
    tournament = with_club(f.make_played_tournament(players=7, series=2), "Skatfreunde Nord")
    people = list(tournament.participants.order_by("start_number"))
    people[0].player.publication = "short"
    people[0].player.save()
    people[1].player.publication = "none"
    people[1].player.save()
    team = f.make_team(tournament, name="Herz Dame")
    for person in people[2:4]:
        person.team = team
        person.save()
    third = participants.add_series(tournament)
    changing = f.make_table(third, people[:4], number=1)
    for _ in range(4):
        f.enter(changing, passed=True)
    newcomer = participants.register(tournament, f.make_player(f.make_club()))
    seating.replace_player(changing, 2, newcomer.id, 5)
    f.play_out(changing)
    paper = f.make_table(third, people[4:7], number=2)
    summary.save_summary(
        paper,
        [
            {"seat": 1, "game_points": 120, "won": 2, "lost": 0},
            {"seat": 2, "game_points": -48, "won": 0, "lost": 1},
            {"seat": 3, "game_points": 0, "won": 0, "lost": 0},
        ],
    )
    f.sign_all(paper, except_seats=(3,))
    states.apply(paper, "close", admin_user, "Platz 3 ist gegangen")
    return finish(tournament, admin_user)


def test_export_import_into_an_empty_database_export_gives_the_same_document(
    admin_user,
):
    document = builder.results_document(evening(admin_user))
    _empty_the_database()

    outcome = import_document(json.loads(json.dumps(document)))

    again = builder.results_document(Tournament.objects.get(pk=outcome.tournament))
    assert outcome.status == "created"
    assert without_generated(again) == without_generated(document)
    assert Game.objects.count() == sum(
        len(t["games"]) for s in document["series"] for t in s["tables"]
    )


def _empty_the_database():
    """Delete every tournament, player and club (and so their public ids and keys), as a
    new server has none; closed lists are released for this deletion only."""
    tables = list(Table.objects.all())
    with ExitStack() as released:
        for table in tables:
            released.enter_context(changes_allowed(table))
        AuditEntry.objects.all().delete()
        Table.objects.all().delete()
        Tournament.objects.all().delete()
    Player.objects.all().delete()
    Club.objects.all().delete()
    assert ClubKey.objects.count() == ImportedSeal.objects.count() == 0
    assert Tournament.objects.count() == Player.objects.count() == Club.objects.count() == 0


def test_an_import_leaves_the_servers_own_data_alone_and_names_clubs_by_id(admin_user):
    document = builder.results_document(evening(admin_user))
    document = json.loads(json.dumps(document).replace(document["id"], _other_uuid()))
    kept = f.sign_all(f.make_complete_table())
    before = (Tournament.objects.count(), Player.objects.count(), Game.objects.count())

    outcome = import_document(document)

    imported = Tournament.objects.get(pk=outcome.tournament)
    assert Tournament.objects.count() == before[0] + 1
    assert Player.objects.count() == before[1] + len(document["players"])
    assert imported.club.name == "Skatfreunde Nord"
    assert Club.objects.filter(name="Skatfreunde Nord").count() == 1
    assert Game.objects.filter(table=kept).count() == 4
    again = builder.results_document(imported)
    assert again["series"] == document["series"]
    assert again["rankings"] == document["rankings"]


def _other_uuid():
    import uuid

    return str(uuid.uuid4())


def test_the_same_version_again_is_unchanged_a_newer_replaces_an_older_is_refused(admin_user):
    document = builder.results_document(evening(admin_user))
    document = json.loads(json.dumps(document).replace(document["id"], _other_uuid()))
    first = import_document(document)
    games = Game.objects.count()

    same = import_document(copy.deepcopy(document))
    newer = import_document({**copy.deepcopy(document), "version": document["version"] + 5})
    with pytest.raises(Rejected) as older:
        import_document({**copy.deepcopy(document), "version": document["version"] + 1})

    assert (first.status, same.status, newer.status) == ("created", "unchanged", "replaced")
    assert same.tournament == first.tournament
    assert Game.objects.count() == games
    # The newer version keeps the tournament's id here, so its pages' addresses stay.
    assert newer.tournament == first.tournament
    assert builder.results_document(Tournament.objects.get(pk=newer.tournament))["version"] == (
        document["version"] + 5
    )
    assert older.value.problems[0].field == "version"
    assert "älter" in older.value.problems[0].text(gettext)


def test_a_document_of_a_tournament_kept_here_is_refused(admin_user):
    document = builder.results_document(
        f.sign_all(with_club(f.make_complete_table())).series.tournament
    )

    with pytest.raises(Rejected) as refused:
        import_document(document)

    assert refused.value.problems[0].field == "id"


@pytest.mark.parametrize(
    ("change", "field"),
    [
        (lambda d: d["series"][0]["tables"][0]["games"][1].update(value=999), "value"),
        (lambda d: d["series"][0]["tables"][0]["games"][1]["points"].update({"1": 7}), "points"),
        (lambda d: d["series"][0]["tables"][0]["games"][1].update(bid=264), "seal"),
    ],
)
def test_values_that_disagree_with_the_rules_or_a_broken_seal_are_refused(
    admin_user, change, field
):
    document = builder.results_document(evening(admin_user))
    document = json.loads(json.dumps(document).replace(document["id"], _other_uuid()))
    change(document)
    if field != "seal":
        document["series"][0]["tables"][0]["seal"] = None
    counts = (Tournament.objects.count(), Player.objects.count())

    with pytest.raises(Rejected) as refused:
        import_document(document)

    assert refused.value.problems[0].field.startswith("series/0/tables/0/")
    assert refused.value.problems[0].field.endswith(field)
    assert (Tournament.objects.count(), Player.objects.count()) == counts


def test_a_document_breaking_the_schema_is_refused_naming_the_field(admin_user):
    document = builder.results_document(
        f.sign_all(with_club(f.make_complete_table())).series.tournament
    )
    del document["players"][0]["ref"]

    with pytest.raises(Rejected) as refused:
        import_document(document)

    assert refused.value.problems[0].field == "players/0"
    assert "ref" in refused.value.problems[0].text(gettext)


def test_the_command_imports_a_batch_and_reports_each_document(admin_user, tmp_path):
    document = builder.results_document(evening(admin_user))
    one = json.loads(json.dumps(document).replace(document["id"], _other_uuid()))
    two = json.loads(json.dumps(document).replace(document["id"], _other_uuid()))
    (tmp_path / "batch.json").write_text(json.dumps([one, two]))
    (tmp_path / "one.json").write_text(json.dumps(one))
    out = io.StringIO()

    call_command(
        "import_results", str(tmp_path / "batch.json"), str(tmp_path / "one.json"), stdout=out
    )

    lines = out.getvalue().splitlines()
    assert len(lines) == 3
    assert "als neues Turnier angelegt" in lines[0]
    assert "als neues Turnier angelegt" in lines[1]
    assert "unverändert" in lines[2]


def test_the_command_names_the_file_and_field_of_a_refused_document(tmp_path):
    (tmp_path / "bad.json").write_text(json.dumps({"format": "skat-results/1"}))

    with pytest.raises(CommandError) as refused:
        call_command("import_results", str(tmp_path / "bad.json"), stdout=io.StringIO())

    assert "bad.json" in str(refused.value)
    assert "id" in str(refused.value)


def _unsealed(document):
    """``document`` under a new id with every seal removed: what a changed copy of a
    tournament without a club would look like."""
    document = json.loads(json.dumps(document).replace(document["id"], _other_uuid()))
    for series in document["series"]:
        for table in series["tables"]:
            table["seal"] = None
    return document


def _first_game(document):
    return next(
        game
        for table in document["series"][0]["tables"]
        for game in table["games"]
        if not game["passed"]
    )


@pytest.mark.parametrize(
    ("change", "field", "words"),
    [
        (
            lambda d: d["series"][0]["tables"][0]["seats"][0].update(player="p99"),
            "series/0/tables/0/seats/0/player",
            "p99",
        ),
        (lambda d: d["players"][2].update(name="Karl\x07 Bell"), "players/2/name", "U+0007"),
        (lambda d: d["players"][2].update(ref="p1"), "players/2/ref", "p3"),
        (lambda d: d["tournament"].update(name="x" * 201), "tournament/name", "201"),
        (
            lambda d: _first_game(d).update(game="grand", matadors=9),
            "series/0/tables/0/games/0/matadors",
            "Grand",
        ),
        (
            lambda d: d["series"][0]["tables"].append(copy.deepcopy(d["series"][0]["tables"][0])),
            "series/0/tables",
            "1",
        ),
    ],
)
def test_a_document_that_does_not_hold_together_is_refused_naming_the_field(
    admin_user, change, field, words
):
    document = _unsealed(builder.results_document(evening(admin_user)))
    change(document)
    counts = (Tournament.objects.count(), Player.objects.count(), Club.objects.count())

    with pytest.raises(Rejected) as refused:
        import_document(document)

    [problem] = refused.value.problems
    assert problem.field == field
    assert words in problem.text(gettext)
    assert (Tournament.objects.count(), Player.objects.count(), Club.objects.count()) == counts


def _queries_to_import(rounds_per_series, admin_user):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    tournament = with_club(f.make_played_tournament(players=8, rounds_per_series=rounds_per_series))
    document = builder.results_document(finish(tournament, admin_user))
    document = json.loads(json.dumps(document).replace(document["id"], _other_uuid()))
    with CaptureQueriesContext(connection) as queries:
        import_document(document)
    games = sum(len(t["games"]) for s in document["series"] for t in s["tables"])
    return len(queries), games


def test_the_import_writes_games_in_bulk_so_its_queries_do_not_grow_with_the_games(
    admin_user,
):
    few, few_games = _queries_to_import(1, admin_user)
    many, many_games = _queries_to_import(3, admin_user)

    assert many_games == 3 * few_games == 24
    # Entered one by one, each game took about ten queries; in bulk, more games only
    # split an insert into another batch (SQLite's limit of variables in a query).
    assert many - few <= 2


def test_the_list_points_and_audit_entries_of_a_series_are_one_statement_each(admin_user):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from tournaments.models import AuditEntry, GamePoints

    tournament = with_club(f.make_played_tournament(players=16, rounds_per_series=3))
    document = builder.results_document(finish(tournament, admin_user))
    document = json.loads(json.dumps(document).replace(document["id"], _other_uuid()))
    with CaptureQueriesContext(connection) as queries:
        imported = import_document(document)

    def inserts_into(model):
        return [q["sql"] for q in queries if f'INSERT INTO "{model._meta.db_table}"' in q["sql"]]

    series = len(document["series"])
    points = GamePoints.objects.filter(tournament_id=imported.tournament)
    # More rows per series than one INSERT of bulk_create takes on SQLite (999 variables):
    # they are written with executemany, without building a statement per batch.
    assert points.count() // series > 999 // len(GamePoints._meta.concrete_fields)
    assert len(inserts_into(GamePoints)) == series
    # The games' audit entries, beside the few single ones for signatures and the import.
    assert len([sql for sql in inserts_into(AuditEntry) if " times: " in sql]) == series
    assert AuditEntry.objects.filter(action="game_entered").count() >= points.count() // 4
