"""The report of ``bench load``: the devices' games set against the database, their
latencies, and what each kind of request cost the workers."""

from collections import Counter
from dataclasses import dataclass, field
from typing import TextIO

from django.db import connection
from django.db.models import Count

from tournaments.models import Game

from .pools import pool_options
from .ranking import machine, percentile
from .table_devices import Device, describe_pace
from .worker_meter import ENTRY, KindFigures


@dataclass
class Run:
    """One measured run: the devices with what they saw, and what the server spent."""

    devices: list[Device]
    elapsed: float
    meter: dict[str, KindFigures] = field(default_factory=dict)
    server_cpu_s: float = 0.0  # master and workers, from the devices' start to their end
    load_before: tuple[float, float, float] = (0.0, 0.0, 0.0)
    load_after: tuple[float, float, float] = (0.0, 0.0, 0.0)
    profile: list = field(default_factory=list)

    @property
    def latencies(self) -> list[float]:
        return sorted(ms for device in self.devices for ms in device.latencies_ms)

    @property
    def errors(self) -> int:
        return sum(sum(device.errors.values()) for device in self.devices)

    @property
    def entry(self) -> KindFigures:
        return self.meter.get(ENTRY, KindFigures())


@dataclass(frozen=True)
class Tally:
    """The devices' games set against the database: acknowledged (2xx), stored, lost
    (acknowledged, not stored), duplicated (stored more often than acknowledged)."""

    acknowledged: int
    stored: int
    lost: int
    duplicated: int


def tally(devices: list[Device]) -> Tally:
    stored = dict(
        Game.objects.filter(table_id__in=[d.table_id for d in devices])
        .values_list("table_id")
        .annotate(n=Count("id"))
    )
    return Tally(
        acknowledged=sum(d.acknowledged for d in devices),
        stored=sum(stored.values()),
        lost=sum(max(d.acknowledged - stored.get(d.table_id, 0), 0) for d in devices),
        duplicated=sum(max(stored.get(d.table_id, 0) - d.acknowledged, 0) for d in devices),
    )


CORE_LINE = "entries       the save's own calls (--core): no request handling, middleware or DRF\n"


def report(measured: Run, options: dict, out: TextIO) -> None:
    devices, elapsed = measured.devices, measured.elapsed
    counted = tally(devices)
    acknowledged = counted.acknowledged
    errors = sum((d.errors for d in devices), Counter())
    latencies = measured.latencies
    complete = sum(d.acknowledged == len(d.games) for d in devices)
    out.write(
        f"Load: {len(devices)} table devices, {options['seconds']} s, gunicorn "
        f"{options['workers']} workers, {connection.vendor}\n"
        f"Machine: {machine()}\n"
        f"load average  {_load(measured.load_before)} at the start, "
        f"{_load(measured.load_after)} at the end\n"
        f"pace          {describe_pace(options.get('pace', 0))}\n"
        f"pools         {pool_options(options).describe(options['workers'])}\n"
        f"{CORE_LINE if options.get('core') else ''}"
        f"requests      {len(latencies)} ({len(latencies) / elapsed:.1f}/s)\n"
        f"acknowledged  {acknowledged} ({acknowledged / elapsed:.1f} games/s)\n"
        f"stored        {counted.stored}\n"
        f"lost          {counted.lost}\n"
        f"duplicated    {counted.duplicated}\n"
        f"errors        {sum(errors.values())}"
        f"{' ' + dict(errors).__repr__() if errors else ''}\n"
        f"lists done    {complete} of {len(devices)}\n"
        f"latency ms    p50 {percentile(latencies, 50):.0f}  p95 {percentile(latencies, 95):.0f}"
        f"  p99 {percentile(latencies, 99):.0f}\n"
    )
    report_cpu(measured, out)


def report_cpu(measured: Run, out: TextIO) -> None:
    """The worker profile: CPU per request of each kind, and the server's CPU in all."""
    for kind, figures in sorted(measured.meter.items()):
        cpu = sorted(figures.cpu_ms)
        out.write(
            f"cpu ms        {kind}: {figures.count} requests, mean {figures.mean_cpu_ms:.2f}  "
            f"p50 {percentile(cpu, 50):.2f}  p95 {percentile(cpu, 95):.2f}\n"
        )
    if measured.server_cpu_s:
        share = measured.server_cpu_s / measured.elapsed
        out.write(
            f"server cpu    {measured.server_cpu_s:.1f} s in {measured.elapsed:.0f} s "
            f"({share:.2f} of one core, all gunicorn processes)\n"
        )
    for function, inside, alone in measured.profile:
        out.write(f"profile       {inside:6.1%} {alone:6.1%}  {function}\n")


def _load(averages: tuple[float, float, float]) -> str:
    return "/".join(f"{value:.2f}" for value in averages)
