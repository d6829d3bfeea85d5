"""The JSON Schema of ``skat-results/1`` (docs/skat-results-1.schema.json) and checking a
document against it, field by field.

A valid document is decided by jsonschema-rs, compiled Rust: on a 400-player document of
7.8 MB jsonschema's Python descent took most of the import (docs/performance.md). Only a
document it refuses is walked again by jsonschema, whose messages the import has always
given, so a refusal still names the field as before."""

import json
from functools import cache

import jsonschema_rs
from django.conf import settings
from jsonschema import Draft202012Validator

SCHEMA_FILE = settings.BASE_DIR / "docs" / "skat-results-1.schema.json"
MOST_PROBLEMS = 20


@cache
def schema() -> dict:
    return json.loads(SCHEMA_FILE.read_text(encoding="utf-8"))


@cache
def fast_validator() -> jsonschema_rs.Draft202012Validator:
    # Formats are only annotations in draft 2020-12 unless asked for; the import has
    # always checked them (uuid, date), and jsonschema-rs checks date-time as well.
    return jsonschema_rs.Draft202012Validator(schema(), validate_formats=True)


@cache
def _validator() -> Draft202012Validator:
    return Draft202012Validator(schema(), format_checker=Draft202012Validator.FORMAT_CHECKER)


def _path(parts) -> str:
    return "/".join(map(str, parts)) or "$"


def schema_problems(document) -> list[tuple[str, str]]:
    """Where ``document`` breaks the schema: (the field's path like
    ``series/0/tables/1/games/3/value``, the validator's message), at most 20, first
    by path; empty for a valid document."""
    if fast_validator().is_valid(document):
        return []
    found = sorted(_validator().iter_errors(document), key=lambda error: list(map(str, error.path)))
    if found:
        return [(_path(error.path), error.message) for error in found[:MOST_PROBLEMS]]
    # jsonschema has no date-time check without the rfc3339-validator package; what only
    # jsonschema-rs refuses is named by its own messages.
    rust = sorted(
        fast_validator().iter_errors(document), key=lambda e: list(map(str, e.instance_path))
    )
    return [(_path(error.instance_path), error.message) for error in rust[:MOST_PROBLEMS]]
