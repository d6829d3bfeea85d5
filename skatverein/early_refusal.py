"""Requests answered before Django builds them, marked so that gunicorn does not count them.

gunicorn restarts a worker after about ``max_requests`` requests (gunicorn.conf.py) to
hand back the memory big rankings and PDFs took. A refusal made before Django builds the
request — the table pool's (``tournaments/web/table_pool.py``), a flooded login's 429
(``tournaments/web/login_limit.py``) — takes no such memory. Counted, a flood of 2,400
refusals a second from one phone restarted every table worker about every 1.2 s, and the
game entry after each restart cost the fresh worker 45–70 ms of CPU instead of 11 ms
(``manage.py bench load --flood 16``, docs/performance.md "Table port flood"). So such a
refusal marks the WSGI environment and gunicorn.conf.py's ``post_request`` takes it back
from the worker's count.
"""

ENVIRON_KEY = "skatverein.refused_early"


def mark(environ: dict) -> None:
    """Say that this request was refused before Django built it."""
    environ[ENVIRON_KEY] = True


def is_marked(environ: dict | None) -> bool:
    return bool(environ) and environ.get(ENVIRON_KEY) is True
