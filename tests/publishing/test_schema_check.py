"""The schema check of ``skat-results/1`` decides with the compiled validator
(jsonschema-rs) and builds its messages with jsonschema: both must judge every document
alike, or a document would be refused without a reason, or taken though broken."""

import copy
import json

import jsonschema_rs
import pytest
from jsonschema import Draft202012Validator

from publishing.services import results_document as builder
from publishing.services import schema
from tests import factories as f


@pytest.fixture
def document(db):
    return builder.results_document(f.sign_all(f.make_complete_table()).series.tournament)


def _set(path: str, value):
    def change(document):
        *parents, last = path.split("/")
        node = document
        for key in parents:
            node = node[int(key)] if isinstance(node, list) else node[key]
        if isinstance(node, list):
            node[int(last)] = value
        else:
            node[last] = value

    return change


def _drop(key: str):
    return lambda document: document.pop(key)


BROKEN = {
    "a game's value as a word": _set("series/0/tables/0/games/1/value", "zwölf"),
    "another format": _set("format", "skat-results/2"),
    "the id no uuid": _set("id", "not-a-uuid"),
    "a negative version": _set("version", -1),
    "no series": _drop("series"),
    "the date no date": _set("tournament/date", "29.11.2026"),
    "generated no date-time": _set("generated", "gestern"),
}


def test_the_schema_declares_the_draft_both_validators_implement():
    declared = schema.schema()["$schema"]

    assert declared == "https://json-schema.org/draft/2020-12/schema"
    assert isinstance(schema.fast_validator(), jsonschema_rs.Draft202012Validator)
    Draft202012Validator.check_schema(schema.schema())


def test_both_validators_take_a_valid_document(document):
    assert schema.fast_validator().is_valid(document)
    assert schema.schema_problems(document) == []


@pytest.mark.parametrize("change", BROKEN.values(), ids=BROKEN.keys())
def test_both_validators_refuse_a_broken_document_naming_the_same_field(document, change):
    broken = copy.deepcopy(document)
    change(broken)

    fast_paths = {
        "/".join(map(str, error.instance_path)) or "$"
        for error in schema.fast_validator().iter_errors(broken)
    }
    problems = schema.schema_problems(broken)

    assert not schema.fast_validator().is_valid(broken)
    assert problems != []
    assert {path for path, _message in problems} <= fast_paths


def test_a_document_read_from_json_is_judged_like_the_one_made(document):
    read = json.loads(json.dumps(document))

    assert schema.fast_validator().is_valid(read)
    assert schema.schema_problems(read) == []
