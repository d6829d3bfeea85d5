"""The sender thread: started once in every server process (a gunicorn worker of the hall
pool through ``gunicorn.conf.py``, ``runserver`` through ``publishing/apps.py``), it sends
the outbox while the hall goes on serving. One sender at a time across processes: each
loop it takes the lease row first (:func:`~publishing.services.sending.claim_lease`).
"""

import logging
import os
import socket
import sys
import threading
import uuid

from django.db import close_old_connections, connection

logger = logging.getLogger(__name__)

IDLE_SECONDS = 2.0  # how soon a change queued by another process is seen

_wake = threading.Event()
_stop = threading.Event()
_lock = threading.Lock()
_thread: threading.Thread | None = None


def wake() -> None:
    """Something was queued in this process: look now rather than after the pause."""
    _wake.set()


def start(idle_seconds: float = IDLE_SECONDS) -> threading.Thread:
    """Start this process's sender unless it runs (a daemon: it ends with the process)."""
    global _thread
    with _lock:
        if _thread is None or not _thread.is_alive():
            _stop.clear()
            _thread = threading.Thread(
                target=_run, args=(idle_seconds,), name="publishing-sender", daemon=True
            )
            _thread.start()
        return _thread


def stop() -> None:
    """Stop this process's sender (tests, and a worker that exits)."""
    global _thread
    _stop.set()
    _wake.set()
    with _lock:
        if _thread is not None:
            _thread.join(timeout=30)
            _thread = None


def started_by_runserver(argv=None, environ=None) -> bool:
    """``runserver``'s serving process (not the autoreloader watching it)."""
    argv, environ = argv or sys.argv, environ if environ is not None else os.environ
    if "runserver" not in argv[1:2]:
        return False
    return environ.get("RUN_MAIN") == "true" or "--noreload" in argv


def _run(idle_seconds: float) -> None:
    from publishing.services import outbox, sending

    holder = f"{socket.gethostname()}:{os.getpid()}:{uuid.uuid4().hex[:8]}"
    while not _stop.is_set():
        try:
            close_old_connections()
            if outbox.target() is not None and sending.claim_lease(holder):
                outbox.queue_changed_published()
                while not _stop.is_set() and sending.send_next(holder=holder) is True:
                    sending.claim_lease(holder)
        except Exception:  # the hall goes on; the next loop tries again
            logger.exception("Publishing to the results portal failed")
        finally:
            connection.close()
        _wake.wait(idle_seconds)
        _wake.clear()
    try:
        sending.release_lease(holder)
    except Exception:
        logger.exception("Releasing the sender's lease failed")
    finally:
        connection.close()
