"""The API's OpenAPI document for the tests that read it, generated once per test process.

Generating it takes about half a second, and three modules read it while pytest collects
their tests (in every test process). The tests that check the generator's warnings
generate it themselves, since the warnings are only recorded while it is generated.
"""

import functools
import json

from drf_spectacular.generators import SchemaGenerator
from drf_spectacular.renderers import OpenApiJsonRenderer


@functools.cache
def _rendered() -> bytes:
    return OpenApiJsonRenderer().render(SchemaGenerator().get_schema(request=None, public=True))


def api_schema() -> dict:
    """The document ``/api/schema/`` serves, as JSON data; each caller gets its own copy."""
    return json.loads(_rendered())
