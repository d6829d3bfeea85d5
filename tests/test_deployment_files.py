"""docker-compose.yml, Dockerfile and Caddyfile: checked as files, since no Docker engine
runs the tests. What `docker compose up` relies on is asserted here: the three services,
the database's health check before the app starts, the persistent volumes and the
secrets that must be set."""

import json
import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).resolve().parents[1]


def _compose() -> dict:
    return yaml.safe_load((ROOT / "docker-compose.yml").read_text())


def _dockerfile_lines() -> list[str]:
    """The Dockerfile's instructions, continued lines joined."""
    return (ROOT / "Dockerfile").read_text().replace("\\\n", " ").splitlines()


def _dockerfile_env(name: str) -> str | None:
    """The value an ``ENV`` line of the Dockerfile gives ``name`` (either ENV form)."""
    for line in _dockerfile_lines():
        if line.startswith("ENV "):
            found = re.search(rf"(?:^ENV |\s){name}[= ](\S+)", line)
            if found:
                return found.group(1)
    return None


def test_compose_has_the_app_its_database_and_the_https_proxy():
    services = _compose()["services"]

    assert set(services) == {"app", "tables", "db", "caddy"}
    assert services["app"]["build"] == "."
    assert services["db"]["image"].startswith("postgres:")
    assert services["caddy"]["image"].startswith("caddy:")


def test_compose_starts_the_app_only_once_the_database_is_healthy():
    services = _compose()["services"]

    assert "pg_isready" in " ".join(services["db"]["healthcheck"]["test"])
    assert services["app"]["depends_on"]["db"]["condition"] == "service_healthy"
    assert services["app"]["environment"]["DATABASE_URL"].startswith("postgres://")
    assert "@db:5432/" in services["app"]["environment"]["DATABASE_URL"]


def test_compose_keeps_database_app_data_and_certificates_in_named_volumes():
    compose = _compose()
    mounts = {
        name: [volume.split(":")[:2] for volume in service.get("volumes", [])]
        for name, service in compose["services"].items()
    }

    assert ["db-data", "/var/lib/postgresql/data"] in mounts["db"]
    assert ["app-var", "/app/var"] in mounts["app"]
    assert ["caddy-data", "/data"] in mounts["caddy"]
    assert {"db-data", "app-var", "caddy-data"} <= set(compose["volumes"])


def test_compose_refuses_to_start_without_the_secrets():
    environment = _compose()["services"]["app"]["environment"]

    for name in ("SECRET_KEY", "SEAL_SECRET"):
        assert environment[name].startswith(f"${{{name}:?"), name


def test_caddy_proxies_to_the_app_port_the_compose_file_exposes():
    services = _compose()["services"]
    caddyfile = (ROOT / "Caddyfile").read_text()

    assert "8000" in services["app"]["expose"]
    assert "reverse_proxy app:8000" in caddyfile
    assert {"80:80", "443:443"} <= set(services["caddy"]["ports"])


def test_static_files_of_the_image_lie_outside_the_app_volume():
    """A named volume keeps what it held at its first start: static files collected into
    it would stay those of the first image, and pages of a newer one would fail."""
    static_root = _dockerfile_env("STATIC_ROOT")
    app_mounts = [v.split(":")[1] for v in _compose()["services"]["app"]["volumes"]]

    assert static_root is not None
    assert not any(static_root.startswith(mount.rstrip("/") + "/") for mount in app_mounts)


def _dockerfile_run_with(command: str) -> list[str]:
    """The words of the Dockerfile's ``RUN`` instruction that runs ``command``."""
    for line in _dockerfile_lines():
        if line.startswith("RUN ") and command in line:
            return shlex.split(line.removeprefix("RUN "))
    raise AssertionError(f"no RUN instruction runs {command}")


def test_the_image_build_step_that_collects_static_files_loads_the_settings(tmp_path):
    """`docker build` runs collectstatic with throw-away keys; the settings must accept
    them as production would (without DEBUG, a SEAL_SECRET unlike the SECRET_KEY)."""
    words = _dockerfile_run_with("collectstatic")
    assignments = dict(word.split("=", 1) for word in words if re.match(r"^[A-Z_]+=", word))
    command = [word for word in words if not re.match(r"^[A-Z_]+=", word)]

    # The image's /app is this checkout: its STATIC_ROOT, seen from here, is checked by
    # Django (it must not be a folder the static files are collected from); the files
    # themselves are collected into a temporary folder.
    image_root = ROOT / Path(_dockerfile_env("STATIC_ROOT")).relative_to(_dockerfile_workdir())
    checked = _run_in_checkout(
        [sys.executable, "manage.py", "check"], {**assignments, "STATIC_ROOT": str(image_root)}
    )
    built = _run_in_checkout(
        [sys.executable, *command[1:]], {**assignments, "STATIC_ROOT": str(tmp_path)}
    )

    assert command[:3] == ["python", "manage.py", "collectstatic"]
    assert checked.returncode == 0, checked.stderr[-2000:]
    assert built.returncode == 0, built.stderr[-2000:]
    assert (tmp_path / "staticfiles.json").exists()
    # Pages and scripts are stored gzipped for the browsers; the API docs' source maps,
    # which only a developer's tools fetch, are not (they were most of the build's work).
    assert list(tmp_path.rglob("*.js.gz")) and list(tmp_path.rglob("*.css.gz"))
    assert list(tmp_path.rglob("*.map")) and not list(tmp_path.rglob("*.map.gz"))
    # The table device's ES modules import each other by relative path: every import of a
    # hashed module names a hashed module of the same release.
    hashed = json.loads((tmp_path / "staticfiles.json").read_text())["paths"]
    imports = {
        name: re.findall(r'from "([^"]+)"', (tmp_path / copy).read_text(encoding="utf-8"))
        for name, copy in hashed.items()
        if name.startswith("js/") and name.endswith(".js")
    }
    targets = {
        (Path(hashed[name]).parent / path).as_posix().replace("/./", "/")
        for name, paths in imports.items()
        for path in paths
    }
    assert any(imports.values())
    assert {Path(os.path.normpath(target)).as_posix() for target in targets} <= set(hashed.values())


def _dockerfile_workdir() -> str:
    return next(line.split()[1] for line in _dockerfile_lines() if line.startswith("WORKDIR "))


def _run_in_checkout(command: list[str], env: dict) -> subprocess.CompletedProcess:
    """Run ``command`` here with nothing but ``env`` (and PATH), as the image build does."""
    return subprocess.run(
        command,
        cwd=ROOT,
        env={"PATH": os.environ.get("PATH", ""), **env},
        capture_output=True,
        text=True,
        timeout=300,
    )


def test_caddys_health_check_names_a_host_the_app_accepts():
    """Caddy's active health check sends the upstream's address ("app:8000") as its Host
    unless told otherwise; Django answers that with 400, and Caddy then marks the app
    down and answers every visitor with 503."""
    caddyfile = (ROOT / "Caddyfile").read_text()
    allowed = _compose()["services"]["app"]["environment"]["ALLOWED_HOSTS"]

    health_host = re.search(r"health_headers\s*\{[^}]*?\bHost\s+(\S+)", caddyfile, re.S)

    assert "health_uri /healthz" in caddyfile
    assert health_host is not None
    # The same variable with the same default on both sides: {$X:d} in Caddy, ${X:-d} here.
    assert re.sub(r"\{\$(\w+):([^}]*)\}", r"${\1:-\2}", health_host.group(1)) == allowed


def test_compose_runs_a_table_pool_with_the_cpu_first():
    """The same image twice: the table pool answers the table devices only, the hall pool
    the rest, and under load the kernel gives the table pool's container the CPU first."""
    services = _compose()["services"]
    app, tables = services["app"], services["tables"]

    assert tables["image"] == app["image"]
    assert tables["environment"]["SKATVEREIN_POOL"] == "tables"
    assert app["environment"]["SKATVEREIN_POOL"] == "hall"
    assert {
        k: v
        for k, v in tables["environment"].items()
        if k not in ("SKATVEREIN_POOL", "GUNICORN_WORKERS")
    } == {
        k: v
        for k, v in app["environment"].items()
        if k not in ("SKATVEREIN_POOL", "GUNICORN_WORKERS")
    }
    assert tables["cpu_shares"] >= 9 * app["cpu_shares"]
    assert ["app-var", "/app/var"] in [v.split(":")[:2] for v in tables["volumes"]]
    assert "reverse_proxy tables:8000" in (ROOT / "Caddyfile").read_text()


@pytest.mark.parametrize(
    "path",
    [
        "/tisch/",
        "/tisch",
        "/tisch/code/ABCDE-FGHIJ/",
        "/tisch/12/unterschreiben/",
        "/api/v1/tables/12/games/",
        "/api/v1/tables/12/games/3/",
        "/api/v1/tables/12/signatures/",
        "/api/v1/tables/12/differences/3/take/",
        "/static/css/site.css",
        "/anmelden/",
        "/admin/login/",
        "/api/v1/auth/token/",
        "/leitung/",
        "/api/v1/tables/12/",
        "/api/v1/tables/12/list.pdf",
        "/tischlein/",
    ],
)
def test_caddy_sends_the_table_pool_exactly_what_it_serves(path, settings):
    """Caddy's route and the table pool's own list (tournaments/web/table_pool.py) agree:
    nothing routed there is refused, nothing it would serve is left to the hall pool
    (but the health check and the language switch, which both pools answer)."""
    from tournaments.web.table_pool import is_table_path

    caddyfile = (ROOT / "Caddyfile").read_text()
    routed = re.search(r"@tables path_regexp (\S+)", caddyfile).group(1)

    assert (re.fullmatch(routed, path) is not None) == is_table_path(path)


def test_the_compose_file_passes_the_worker_timeout_a_portal_raises():
    """A results portal imports a large tournament for minutes (docs/operations.md, "A
    results portal"): GUNICORN_TIMEOUT from .env reaches gunicorn.conf.py."""
    environment = _compose()["services"]["app"]["environment"]

    assert environment["GUNICORN_TIMEOUT"] == "${GUNICORN_TIMEOUT:-120}"
    assert "GUNICORN_TIMEOUT" in (ROOT / "gunicorn.conf.py").read_text()
