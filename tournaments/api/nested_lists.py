"""Options of the actions that answer a whole nested list (a tournament's series and
ranking, a series' tables and ranking, a table's games and audit trail).

These are plain JSON arrays, as clients have always read them: a ranking is read from the
top, a list's games all at once. So they are neither paginated nor filtered, and with
these options the OpenAPI schema says so instead of offering ``page`` and the resource's
filters, which the actions never applied. The top-level collections (``clubs/``,
``players/``, ``tournaments/``, ``series/``, ``tables/``) and a tournament's
``participants/`` stay paginated.
"""

WHOLE_LIST = {"pagination_class": None, "filter_backends": []}
