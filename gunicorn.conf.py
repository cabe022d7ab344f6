"""gunicorn's settings for production; `gunicorn tarock_cup.wsgi` reads them from this folder.

Each thread holds at most one database connection, so WEB_WORKERS × WEB_THREADS is the most
the site opens: keep it below PostgreSQL's max_connections (100 by default, a few reserved).
"""

import os
import re

bind = os.environ.get("WEB_BIND", "127.0.0.1:8000")
workers = int(os.environ.get("WEB_WORKERS", "4"))
threads = int(os.environ.get("WEB_THREADS", "8"))
# Threads in each worker: requests mostly wait on the database, and a thread costs less memory
# than a process.
worker_class = "gthread"
# The Excel export of a 1,000-player tournament takes a few seconds; leave room on a busy machine.
timeout = 60
accesslog = "-"
# HTTPS served by gunicorn itself (the director's laptop at a venue, docs/venue.md): the
# certificate and its key, as scripts/venue-cert makes them. Without them gunicorn speaks http.
certfile = os.environ.get("WEB_CERTFILE") or None
keyfile = os.environ.get("WEB_KEYFILE") or None
# gunicorn's control socket (for `gunicornc`) is one path per user by default
# (~/.gunicorn/gunicorn.ctl): a second instance takes it over and removes it on stopping. Each
# instance gets its own, named by the address it serves, under .gunicorn/ in the folder gunicorn
# runs in (a relative path); WEB_CONTROL_SOCKET names another.
control_socket = os.environ.get("WEB_CONTROL_SOCKET") or (
    ".gunicorn/" + re.sub(r"[^A-Za-z0-9.]+", "-", bind).strip("-") + ".ctl"
)


def on_starting(server):
    server.log.info(
        "tarock_cup: %d workers × %d threads, at most %d database connections",
        workers,
        threads,
        workers * threads,
    )
