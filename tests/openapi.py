"""The API's OpenAPI document for the tests that read it, generated once per test process.

Generating it takes about half a second; the fuzz and several modules read it, some while
pytest collects their tests (in every test process). The generator's warnings are only
recorded while it generates, so they are kept from that one generation too.
"""

import functools
import json

from drf_spectacular.drainage import GENERATOR_STATS
from drf_spectacular.generators import SchemaGenerator
from drf_spectacular.renderers import OpenApiJsonRenderer


@functools.cache
def _generated() -> tuple[bytes, tuple[str, ...]]:
    GENERATOR_STATS.reset()
    document = SchemaGenerator().get_schema(request=None, public=True)
    warnings = (*GENERATOR_STATS._warn_cache, *GENERATOR_STATS._error_cache)
    return OpenApiJsonRenderer().render(document), warnings


def api_schema() -> dict:
    """The document ``/api/schema/`` serves, as JSON data; each caller gets its own copy."""
    return json.loads(_generated()[0])


def generator_warnings() -> tuple[str, ...]:
    """The warnings and errors drf-spectacular reported while generating the document."""
    return _generated()[1]
