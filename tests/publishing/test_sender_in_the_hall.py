"""The sender runs inside the hall server itself (``make run``: ``manage.py hall``, its
gunicorn workers), so a club runs no extra process: a tournament queued in the hall's
database reaches a portal with no step beyond starting the hall."""

import http.server
import json
import subprocess
import sys
import threading
import time

from tests.hall_server import BASE_DIR, hall_environment, hall_server

QUEUE_ONE = """
import datetime
from publishing.services import outbox
from tournaments.models import Tournament
tournament = Tournament.objects.create(name="Abendskat", date=datetime.date(2026, 11, 27))
outbox.set_target("{url}", "token-of-the-club")
outbox.queue(tournament.pk)
"""


class Recorder(http.server.ThreadingHTTPServer):
    """A stand-in portal that keeps every upload and answers 201."""

    daemon_threads = True

    def __init__(self):
        super().__init__(("127.0.0.1", 0), _Recording)
        self.uploads: list[tuple[str, str, dict]] = []


class _Recording(http.server.BaseHTTPRequestHandler):
    def log_message(self, format, *args):  # noqa: A002 - the base class's name
        pass

    def do_POST(self):
        body = self.rfile.read(int(self.headers.get("Content-Length") or 0))
        self.server.uploads.append(
            (self.path, self.headers.get("Authorization", ""), json.loads(body))
        )
        answer = b'{"tournament": 1, "version": 1, "unchanged": false}'
        self.send_response(201)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(answer)))
        self.end_headers()
        self.wfile.write(answer)


def test_the_hall_servers_own_workers_send_a_queued_tournament(tmp_path):
    recorder = Recorder()
    threading.Thread(target=recorder.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{recorder.server_address[1]}"
    try:
        with hall_server(tmp_path, HALL_TABLE_PORT="0"):
            queued = subprocess.run(
                [sys.executable, "manage.py", "shell", "-c", QUEUE_ONE.format(url=url)],
                cwd=BASE_DIR,
                env=hall_environment(tmp_path, HALL_PORT="8000", HALL_TABLE_PORT="0"),
                capture_output=True,
                text=True,
                timeout=120,
            )
            assert queued.returncode == 0, queued.stdout + queued.stderr
            deadline = time.monotonic() + 60
            while not recorder.uploads and time.monotonic() < deadline:
                time.sleep(0.2)
            time.sleep(3)  # a second sender would send it again meanwhile
    finally:
        recorder.shutdown()
        recorder.server_close()

    assert len(recorder.uploads) == 1
    path, authorization, document = recorder.uploads[0]
    assert path == "/api/v1/results/"
    assert authorization == "Token token-of-the-club"
    assert document["format"] == "skat-results/1"
    assert document["tournament"]["name"] == "Abendskat"
