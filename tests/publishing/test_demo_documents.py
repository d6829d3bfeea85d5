"""The demo evening and cup as results documents: every one matches the schema
(conftest.py), and every sealed list in them verifies with the club's public key."""

import pytest

from publishing.services import results_document as builder
from publishing.services.table_seals import document_seal_valid
from tournaments.services.demo.evening import demo_tournaments, load_demo


@pytest.fixture(scope="module")
def demo(module_db):
    load_demo()


def test_every_demo_tournament_gives_a_valid_document_whose_seals_verify(
    demo, db, documents_match_the_schema
):
    tournaments = list(demo_tournaments())

    documents = [builder.results_document(tournament) for tournament in tournaments]

    assert len(documents_match_the_schema) == len(tournaments) >= 2
    sealed = [
        (document, table)
        for document in documents
        for series in document["series"]
        for table in series["tables"]
        if table["seal"] is not None
    ]
    assert len(sealed) >= 4
    assert all(document_seal_valid(document, table) for document, table in sealed)
    games = sum(len(t["games"]) for d in documents for s in d["series"] for t in s["tables"])
    assert games > 50
