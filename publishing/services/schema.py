"""The JSON Schema of ``skat-results/1`` (docs/skat-results-1.schema.json) and checking a
document against it, field by field."""

import json
from functools import cache

from django.conf import settings
from jsonschema import Draft202012Validator

SCHEMA_FILE = settings.BASE_DIR / "docs" / "skat-results-1.schema.json"


@cache
def schema() -> dict:
    return json.loads(SCHEMA_FILE.read_text(encoding="utf-8"))


@cache
def _validator() -> Draft202012Validator:
    return Draft202012Validator(schema(), format_checker=Draft202012Validator.FORMAT_CHECKER)


def schema_problems(document) -> list[tuple[str, str]]:
    """Where ``document`` breaks the schema: (the field's path like
    ``series/0/tables/1/games/3/value``, the validator's message), at most 20, first
    by path; empty for a valid document."""
    found = sorted(_validator().iter_errors(document), key=lambda error: list(map(str, error.path)))
    return [("/".join(map(str, error.path)) or "$", error.message) for error in found[:20]]
