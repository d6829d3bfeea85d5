"""``bench load`` runs the server as the hall does: a table pool and a hall pool below it."""

import http.client
import json
import os
import re
from pathlib import Path

from tournaments.benchmarks import throwaway_database
from tournaments.benchmarks.pools import PoolOptions, running_pools
from tournaments.benchmarks.server import ServerOptions


def niceness(pid: int) -> int:
    """A process's nice value, from /proc (field 19 of its stat line)."""
    stat = Path(f"/proc/{pid}/stat").read_text()
    return int(stat.rsplit(")", 1)[1].split()[16])


def workers_of(master_pid: int) -> list[int]:
    return [
        int(pid)
        for pid in Path(f"/proc/{master_pid}/task/{master_pid}/children").read_text().split()
    ]


def token_post(port: int) -> tuple[int, dict]:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    body = json.dumps({"username": "gast", "password": "falsch"})
    conn.request("POST", "/api/v1/auth/token/", body, {"Content-Type": "application/json"})
    response = conn.getresponse()
    return response.status, json.loads(response.read())


def test_the_devices_pool_refuses_logins_and_the_hall_pool_runs_below_its_priority(
    development_database, tmp_path
):
    own = os.nice(0)
    with throwaway_database():
        with running_pools(
            ServerOptions(workers=1), PoolOptions(table_workers=1), str(tmp_path)
        ) as up:
            assert up.port != up.table_port
            refused, answer = token_post(up.table_port)
            checked, _answer = token_post(up.port)
            table_workers = [niceness(pid) - own for pid in workers_of(up.tables.process.pid)]
            hall_workers = [niceness(pid) - own for pid in workers_of(up.hall.process.pid)]

    assert refused == 421
    assert answer["errors"][0]["code"] == "table_address_only"
    assert checked == 400  # the hall pool checks the password (a wrong one)
    assert table_workers == [0]
    assert hall_workers == [min(10, 19 - own)]


def test_one_pool_serves_devices_and_logins_alike(development_database, tmp_path):
    with throwaway_database():
        with running_pools(
            ServerOptions(workers=1), PoolOptions(one_pool=True), str(tmp_path)
        ) as up:
            assert up.port == up.table_port
            assert token_post(up.port)[0] == 400


def test_bench_load_sends_the_devices_to_the_table_pool_and_the_flood_to_the_hall_pool(
    run_bench,
):
    text = run_bench(
        "load",
        *("--devices", "2", "--seconds", "2", "--workers", "1", "--table-workers", "1"),
        *("--pace", "1", "--login-flood", "2", "--flood-pause", "200"),
    )

    assert (
        "pools         table pool 1 workers (nice 0) for the devices, hall pool 1 workers "
        "(nice 10) for phones and flood" in text
    )
    assert re.search(r"^errors\s+0$", text, re.M)
    assert re.search(r"^stored\s+[1-9]", text, re.M)
    flood = re.search(r"^login flood .*posts \([\d.]+/s\): (.*)$", text, re.M).group(1)
    # The hall pool checked or refused the logins (429); the table pool would say 421.
    assert "421" not in flood
    assert "429" in flood or "400" in flood or "200" in flood
