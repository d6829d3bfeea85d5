"""``manage.py bench NAME [options]``: run one benchmark of :mod:`tournaments.benchmarks`."""

from django.core.management.base import BaseCommand

from tournaments.benchmarks import BENCHMARKS, OVERVIEW, throwaway_database


class Command(BaseCommand):
    """Dispatches by name to the registry, so each benchmark keeps its own options."""

    help = (
        "Time a part of the product on generated data in a throw-away database "
        "(the development database is not touched), e.g. `bench ranking`; without a name "
        "(`bench`, `bench --quick`) the whole performance table."
    )

    def add_arguments(self, parser) -> None:
        OVERVIEW.add_arguments(parser)
        benchmarks = parser.add_subparsers(dest="benchmark", metavar="NAME", required=False)
        for name, benchmark in BENCHMARKS.items():
            benchmark.add_arguments(benchmarks.add_parser(name, help=benchmark.help))

    def handle(self, *args, benchmark: str | None = None, **options) -> None:
        with throwaway_database() as database:
            options["database"] = database
            chosen = OVERVIEW if benchmark is None else BENCHMARKS[benchmark]
            chosen.run(options, self.stdout)
