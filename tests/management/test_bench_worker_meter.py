"""The load benchmark's worker profile: what each request costs a worker, by kind."""

import time

import pytest

from tournaments.benchmarks.worker_meter import CpuMeter, kind_of, read_meter


@pytest.mark.parametrize(
    ("method", "path", "query", "kind"),
    [
        ("POST", "/api/v1/tables/17/games/", "", "game entry"),
        ("GET", "/api/v1/tables/17/games/", "", "other"),
        ("GET", "/turniere/3/version/", "", "version poll"),
        ("GET", "/turniere/3/rangliste/", "fragment=1&seite=1", "table fetch"),
        ("GET", "/turniere/3/rangliste/", "", "page open"),
        ("POST", "/anmelden/", "", "login"),
        ("POST", "/api/v1/auth/token/", "", "login"),
    ],
)
def test_requests_are_sorted_by_what_the_hall_does(method, path, query, kind):
    assert kind_of(method, path, query) == kind


def test_meter_records_each_request_of_a_worker_and_passes_the_answer_on(tmp_path):
    def application(environ, start_response):
        start_response("201 Created", [])
        return [b"stored"]

    meter = CpuMeter(application, str(tmp_path))
    environ = {"REQUEST_METHOD": "POST", "PATH_INFO": "/api/v1/tables/1/games/"}

    answers = [meter(environ, lambda status, headers: None) for _ in range(3)]
    meter({"REQUEST_METHOD": "GET", "PATH_INFO": "/healthz"}, lambda status, headers: None)
    meter.close_meter()

    assert answers == [[b"stored"]] * 3
    figures = read_meter(str(tmp_path))
    assert (figures["game entry"].count, figures["other"].count) == (3, 1)
    assert all(ms >= 0 for ms in figures["game entry"].cpu_ms)


class ClosableAnswer:
    """A WSGI answer whose ``close()`` works for ``spin`` seconds, as Django's sends
    ``request_finished`` and closes what the request opened."""

    def __init__(self, spin: float):
        self.spin, self.closed = spin, False

    def __iter__(self):
        return iter([b"stored"])

    def close(self):
        until = time.thread_time() + self.spin
        while time.thread_time() < until:
            pass
        self.closed = True


def test_meter_closes_the_answer_and_counts_what_closing_costs(tmp_path):
    answer = ClosableAnswer(spin=0.02)
    meter = CpuMeter(lambda environ, start_response: answer, str(tmp_path))

    body = meter(
        {"REQUEST_METHOD": "POST", "PATH_INFO": "/api/v1/tables/1/games/"},
        lambda status, headers: None,
    )
    meter.close_meter()

    assert body == [b"stored"]
    assert answer.closed
    assert read_meter(str(tmp_path))["game entry"].cpu_ms[0] >= 20
