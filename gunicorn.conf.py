"""gunicorn settings for production; gunicorn reads this file from the working directory.

Every value can be overridden from the environment (shown in brackets) or on the command
line. See docs/operations.md, "Workers".
"""

import multiprocessing
import os

# Where to listen [GUNICORN_BIND]: 127.0.0.1 behind a reverse proxy on the same machine,
# 0.0.0.0:8000 inside a container.
bind = os.environ.get("GUNICORN_BIND") or "127.0.0.1:8000"

# Sync workers, 2 × cores + 1 (gunicorn's rule of thumb: one worker waits on the database
# while another computes), capped so a big machine does not open more database connections
# than PostgreSQL's default max_connections allows beside other clients [GUNICORN_WORKERS].
MAX_WORKERS = 12
workers = int(
    os.environ.get("GUNICORN_WORKERS") or min(2 * multiprocessing.cpu_count() + 1, MAX_WORKERS)
)

# The official PDF of a 500-table series takes about 7 s to render and sign on a small
# server; 120 s leaves room for a slow disk or a busy evening without killing the worker.
timeout = int(os.environ.get("GUNICORN_TIMEOUT") or 120)
graceful_timeout = 30
keepalive = 5

# A worker that has rendered big rankings or PDFs keeps the memory Python asked for;
# restarting each worker after about 1000 requests (jittered by a tenth so they do not all
# restart at once) hands that memory back to the system. Requests refused before Django
# builds them do not count (``post_request`` below).
max_requests = int(os.environ.get("GUNICORN_MAX_REQUESTS") or 1000)
max_requests_jitter = max_requests // 10

# The application is imported once, in the master, and every worker is forked from it:
# a worker restarted by max_requests starts at once instead of spending about 1.4 s of CPU
# importing Django, the views and the PDF libraries again (while the tables wait). The
# database connections must not cross the fork (skatverein/forking.py): the master closes
# its own before it forks, and a new worker drops what it inherited, so each worker opens
# its own connection. The master also freezes its objects for the garbage collector
# before it forks, so a worker's collections do not walk (and copy) what it inherited.
# New code needs a restart of the master (systemctl restart), which an upgrade does
# anyway; a HUP reloads settings but not code [GUNICORN_PRELOAD=0 to turn off].
preload_app = (os.environ.get("GUNICORN_PRELOAD") or "1") != "0"


# CPU priority of the workers [GUNICORN_NICE, 0-19, default 0]: added to the master's
# niceness as each worker starts. The hall server (manage.py hall) runs two pools of this
# configuration: the table pool at 0, answering only the table devices
# (tournaments/web/table_pool.py), and the hall pool, with logins, the director, rankings
# and phones, at 10 [HALL_NICE]. Only under contention does it matter: Linux then shares
# the CPU by weight, 1024 for nice 0 against 110 for nice 10, so the tables' workers get
# about 90 % of a busy core and a flood of logins on the hall pool cannot slow them down;
# on an idle machine both pools run at full speed.
# (Raising a priority needs root, so values below 0 count as 0.)
worker_nice = min(max(int(os.environ.get("GUNICORN_NICE") or 0), 0), 19)


def pre_fork(server, worker):
    if server.cfg.preload_app:  # else the master has not loaded Django at all
        from skatverein.forking import close_before_fork, freeze_before_fork

        close_before_fork()
        freeze_before_fork()


def post_fork(server, worker):
    if worker_nice:
        os.nice(worker_nice)
    if server.cfg.preload_app:
        from skatverein.forking import forget_inherited

        forget_inherited()


def post_request(worker, req, environ, resp):
    # A refusal made before Django built the request (the table pool's, a flooded login's)
    # took no memory a restart would hand back: counted, a flood of refusals restarted the
    # table workers every second or so (skatverein/early_refusal.py).
    from skatverein.early_refusal import is_marked

    if is_marked(environ):
        worker.nr -= 1


def post_worker_init(worker):
    # The publishing sender runs inside the server (docs/results-format.md, "Publishing
    # from the hall"): a thread in each worker, one sending at a time by a lease row. Not
    # in the table pool, whose CPU belongs to the table devices.
    if os.environ.get("SKATVEREIN_POOL", "").strip() != "tables":
        from publishing import sender

        sender.start()


# Requests are logged by the reverse proxy; gunicorn logs errors to stderr, where systemd or
# Docker collect them [GUNICORN_ACCESS_LOG=- to log requests here too].
accesslog = os.environ.get("GUNICORN_ACCESS_LOG") or None
errorlog = "-"
loglevel = os.environ.get("GUNICORN_LOG_LEVEL") or "info"

# The reverse proxy's X-Forwarded-Proto is trusted only from these addresses.
forwarded_allow_ips = os.environ.get("FORWARDED_ALLOW_IPS") or "127.0.0.1"
