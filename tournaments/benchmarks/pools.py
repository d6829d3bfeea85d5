"""``bench load`` as the hall runs: a table pool for the devices, a hall pool for the rest.

``manage.py hall`` serves the table devices from a pool of workers of their own at normal
CPU priority and everything else — logins, rankings, phones — from a second pool at nice
10 (tournaments/web/table_pool.py, gunicorn.conf.py). The load benchmark does the same by
default: the devices post to the table pool, the phones and the login flood go to the
hall pool. ``--one-pool`` serves everything from one pool (a plain deployment's layout),
for the comparison back to back.
"""

import contextlib
from dataclasses import dataclass, field, replace

from .options import WholeNumber, add_whole_numbers
from .server import Server, ServerOptions, running_server
from .worker_meter import KindFigures

DEFAULT_TABLE_WORKERS = 3  # what manage.py hall starts on 2 cores: one per core and one more
DEFAULT_HALL_NICE = 10


@dataclass(frozen=True)
class PoolOptions:
    """The table pool's workers and the hall pool's CPU priority; ``one_pool``: neither."""

    one_pool: bool = False
    table_workers: int = DEFAULT_TABLE_WORKERS
    hall_nice: int = DEFAULT_HALL_NICE

    def describe(self, hall_workers: int) -> str:
        if self.one_pool:
            return f"one pool of {hall_workers} workers for devices, phones and flood"
        return (
            f"table pool {self.table_workers} workers (nice 0) for the devices, hall pool "
            f"{hall_workers} workers (nice {self.hall_nice}) for phones and flood"
        )


def add_pool_arguments(parser) -> None:
    parser.add_argument(
        "--one-pool",
        action="store_true",
        help="one gunicorn pool for devices, phones and flood, instead of the hall's table "
        "pool and hall pool",
    )
    add_whole_numbers(
        parser,
        WholeNumber(
            "--table-workers",
            low=1,
            high=32,
            default=DEFAULT_TABLE_WORKERS,
            help=f"workers of the table pool ({DEFAULT_TABLE_WORKERS}; --workers: the hall pool's)",
        ),
        WholeNumber(
            "--hall-nice",
            low=0,
            high=19,
            default=DEFAULT_HALL_NICE,
            help=f"CPU priority (nice) of the hall pool's workers ({DEFAULT_HALL_NICE})",
        ),
    )


def pool_options(options: dict) -> PoolOptions:
    return PoolOptions(
        one_pool=options.get("one_pool", False),
        table_workers=options.get("table_workers", DEFAULT_TABLE_WORKERS),
        hall_nice=options.get("hall_nice", DEFAULT_HALL_NICE),
    )


@dataclass
class Pools:
    """The running pools: ``port`` the hall pool's, ``table_port`` the devices'. After the
    block, ``meter`` and ``profile`` hold what the workers of both measured."""

    hall: Server
    tables: Server | None = None
    meter: dict[str, KindFigures] = field(default_factory=dict)
    profile: list = field(default_factory=list)

    @property
    def port(self) -> int:
        return self.hall.port

    @property
    def table_port(self) -> int:
        return (self.tables or self.hall).port

    def cpu_seconds(self) -> float:
        return sum(server.cpu_seconds() for server in self._servers())

    def _servers(self) -> list[Server]:
        return [self.hall] if self.tables is None else [self.tables, self.hall]

    def collect(self) -> None:
        for server in self._servers():
            for kind, figures in server.meter.items():
                merged = self.meter.setdefault(kind, KindFigures())
                merged.cpu_ms.extend(figures.cpu_ms)
                merged.wall_ms.extend(figures.wall_ms)
            self.profile.extend(server.profile)


@contextlib.contextmanager
def running_pools(options: ServerOptions, pools: PoolOptions, static_root: str):
    """The hall's two pools (or one with ``pools.one_pool``) on free ports of 127.0.0.1."""
    if pools.one_pool:
        with running_server(options, static_root) as hall:
            up = Pools(hall)
            yield up
        up.collect()
        return
    tables = replace(
        options,
        workers=pools.table_workers,
        environment={**options.environment, "SKATVEREIN_POOL": "tables", "GUNICORN_NICE": "0"},
    )
    hall = replace(
        options,
        environment={
            **options.environment,
            "SKATVEREIN_POOL": "hall",
            "GUNICORN_NICE": str(pools.hall_nice),
        },
    )
    with running_server(tables, static_root) as table_server:
        with running_server(hall, static_root) as hall_server:
            up = Pools(hall_server, table_server)
            yield up
    up.collect()
