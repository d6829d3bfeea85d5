"""Files too big to make within a request, written by a background thread: the series'
PDF of all its lists (stored under the names of :mod:`.files`), and the "being prepared"
page the browser sees meanwhile, which reloads itself until the file is there.
"""

import logging
import tempfile
import threading
import time

from django.core.files import File
from django.core.files.base import ContentFile
from django.core.files.storage import default_storage
from django.db import close_old_connections, connection
from django.shortcuts import render
from django.utils.translation import get_language, override

logger = logging.getLogger(__name__)

PENDING_SECONDS = 10 * 60
"""A marker older than this belongs to a render that died (a restarted worker): try again."""
REFRESH_SECONDS = 3

_running: dict[str, threading.Thread] = {}
_lock = threading.Lock()


def being_prepared(request, name: str):
    """202 Accepted with a ``Refresh`` header: the browser asks again until the file is
    there (no script needed), and a script sees ``Retry-After``."""
    response = render(request, "public/being_prepared.html", {"name": name}, status=202)
    response["Refresh"] = str(REFRESH_SECONDS)
    response["Retry-After"] = str(REFRESH_SECONDS)
    response["Cache-Control"] = "no-store"
    return response


def running_threads() -> list[threading.Thread]:
    """The threads writing a file now (a test waits for them)."""
    with _lock:
        return list(_running.values())


def start_in_background(name: str, write) -> threading.Thread | None:
    """Start ``write(out)`` (writes the PDF into the binary file ``out``) in a thread that
    stores the result as ``name``, unless it is stored already or being written.

    A marker file ``name + ".pending"`` tells the other workers that it is under way.
    Returns the thread, or None when there was nothing to start.
    """
    marker = name + ".pending"
    with _lock:
        if name in _running and _running[name].is_alive():
            return None
        if default_storage.exists(name):
            return None
        if default_storage.exists(marker) and not _stale(marker):
            return None
        if default_storage.exists(marker):
            default_storage.delete(marker)
        default_storage.save(marker, ContentFile(b""))
        thread = threading.Thread(
            target=_write, args=(name, marker, write, get_language()), daemon=True
        )
        _running[name] = thread
    thread.start()
    return thread


def _write(name: str, marker: str, write, language: str) -> None:
    close_old_connections()
    try:
        with override(language), tempfile.TemporaryFile() as out:
            write(out)
            out.seek(0)
            if not default_storage.exists(name):
                default_storage.save(name, File(out))
    except Exception:
        logger.exception("The PDF %s could not be made", name)
    finally:
        default_storage.delete(marker)
        connection.close()
        with _lock:
            _running.pop(name, None)


def _stale(marker: str) -> bool:
    try:
        made = default_storage.get_modified_time(marker).timestamp()
    except (NotImplementedError, OSError):
        return True
    return time.time() - made > PENDING_SECONDS
