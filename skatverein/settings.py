"""Django settings for Skatverein.

Everything that differs between a laptop and a server comes from environment variables
(see README.md, "Configuration"). Without ``DEBUG`` the settings are production-safe by
default, so a forgotten variable makes the app refuse to start rather than run insecurely.
"""

import os
from datetime import timedelta
from pathlib import Path

from django.core.exceptions import ImproperlyConfigured
from django.utils.translation import gettext_lazy as _
from whitenoise.compress import Compressor

from skatverein import hall
from skatverein.env import database_config, env_bool, env_int, env_list, seal_secret

BASE_DIR = Path(__file__).resolve().parent.parent
VAR_DIR = BASE_DIR / "var"

DEBUG = env_bool("DEBUG", default=False)

# ---- Hall mode, part 1 of 2 (`make run`: one laptop serves the hall; skatverein/hall.py) ----
# Before anything reads the environment: fill in the keys kept in var/hall-secrets.env, the
# LAN address as SITE_URL and allowed host, and plain HTTP. Set variables always win.
HALL_MODE = env_bool("SKATVEREIN_HALL", default=False)
HALL_ADDRESS, HALL_PORT, HALL_TABLE_PORT = "", 0, 0
if HALL_MODE:
    hall.prepare(os.environ, VAR_DIR)
    HALL_ADDRESS, HALL_PORT = os.environ["HALL_ADDRESS"], int(os.environ["HALL_PORT"])
    # The table pool's port (0: one pool serves everything, tables included).
    HALL_TABLE_PORT = int(os.environ["HALL_TABLE_PORT"])
# ---- end of hall mode, part 1 ----

# A results portal (docs/operations.md, "A results portal"): this server accepts the
# results documents halls publish (POST /api/v1/results/) and issues clubs' publishing
# tokens; without it those endpoints answer 404.
SKATVEREIN_PORTAL = env_bool("SKATVEREIN_PORTAL", default=False)

SECRET_KEY = os.environ.get("SECRET_KEY", "")
if not SECRET_KEY:
    if not DEBUG:
        raise ImproperlyConfigured(
            "The SECRET_KEY environment variable is not set; it is required when DEBUG is off. "
            "Set it to a long random string, for example: export SECRET_KEY="
            "\"$(python3 -c 'import secrets; print(secrets.token_urlsafe(50))')\" "
            "(or set DEBUG=1 for local development only)."
        )
    SECRET_KEY = "django-insecure-local-development-only-never-use-in-production"

# Key of the seals on signed game lists (services/sealing/seal.py); required without DEBUG.
SEAL_SECRET = seal_secret(DEBUG, SECRET_KEY)

ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", default=["localhost", "127.0.0.1"] if DEBUG else [])
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS")
# The site's address as people reach it, for links printed on paper (table-card and plan QR
# codes, the seal's verification link); empty means the address of the request.
SITE_URL = os.environ.get("SITE_URL", "").strip().rstrip("/")
# The address the table devices use, for the table-code QR codes and links: the hall's table
# pool (skatverein/hall.py); empty means SITE_URL, as in a deployment with one address.
TABLE_SITE_URL = os.environ.get("TABLE_SITE_URL", "").strip().rstrip("/")
# A results portal's address (docs/publishing.md): the links and QR codes printed on lists,
# start cards and table cards lead to the portal's pages, which work at home. Without it,
# the portal the director stored on the page "Veröffentlichen"; when set, it wins.
SKATVEREIN_PORTAL_URL = os.environ.get("SKATVEREIN_PORTAL_URL", "").strip().rstrip("/")
# Which pool of the hall server this process is: "tables" answers only what a table device
# asks for (tournaments/web/table_pool.py), "hall" and "" (one pool) answer everything.
SERVER_POOL = os.environ.get("SKATVEREIN_POOL", "").strip()
if SERVER_POOL not in ("", "hall", "tables"):
    raise ImproperlyConfigured(
        f"SKATVEREIN_POOL={SERVER_POOL!r}: use 'tables', 'hall' or leave it unset."
    )

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "rest_framework",
    "rest_framework.authtoken",
    "django_filters",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "axes",
    "csp",
    "tournaments",
    "league",
    "publishing",
    "door",
]

MIDDLEWARE = [
    # Login posts over the per-address limit are refused first, at next to no cost, before
    # any password hash (web/login_limit.py).
    "tournaments.web.login_limit.LoginLimitMiddleware",
    # Hostile input: a NUL byte in a path, parameter, header or form field is a 400 before
    # the session, authentication or a search reaches the database (PostgreSQL refuses NUL).
    "skatverein.middleware.RefuseNulCharactersMiddleware",
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "csp.middleware.CSPMiddleware",
    # Last, as django-axes asks: turns a locked-out login into its "locked" answer.
    "axes.middleware.AxesMiddleware",
]
# Audit trail: name the user who changed a tournament, player or club (the admin included).
MIDDLEWARE.append("tournaments.audit_middleware.AuditUserMiddleware")

ROOT_URLCONF = "skatverein.urls"
WSGI_APPLICATION = "skatverein.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.debug",
                "django.template.context_processors.i18n",
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "tournaments.web.context.user_roles",
            ],
        },
    },
]

# Database: SQLite in var/ unless DATABASE_URL says otherwise (PostgreSQL in production).
_database_url = os.environ.get("DATABASE_URL", "")
if not _database_url:
    VAR_DIR.mkdir(exist_ok=True)
    _database_url = f"sqlite:///{VAR_DIR / 'skatverein.sqlite3'}"
DATABASES = {"default": database_config(_database_url)}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # The test database is a file too (not SQLite's shared in-memory database), so tests
    # run with the same WAL journal and immediate transactions as a club evening, and
    # concurrency tests can use real threads.
    VAR_DIR.mkdir(exist_ok=True)
    DATABASES["default"]["TEST"] = {"NAME": str(VAR_DIR / "test-skatverein.sqlite3")}
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# Shared counters: wrong table codes and API throttles are counted in a cache every worker
# process sees, so the database cache (its table is created by a migration).
# The live pages' rankings and rendered tables are kept apart, in each worker's memory
# (tournaments/services/ranking_cache.py, PAGES_CACHE): they are keyed by the tournament's
# version, so any worker may make its own copy, and a phone's page never writes to the
# database: on SQLite that write would wait for the same lock as the tables' game entry.
CACHES = {
    "default": {
        "BACKEND": "django.core.cache.backends.db.DatabaseCache",
        "LOCATION": "skatverein_cache",
    },
    "pages": {
        "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
        "LOCATION": "skatverein-pages",
        # A 2,000-player ranking is about 0.3 MB; versions move several times a second
        # during play, so the oldest entries make room for the new ones.
        "OPTIONS": {"MAX_ENTRIES": 200},
    },
}

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
LOGIN_URL = "/anmelden/"

# Passwords: Argon2 (memory-hard) for new and changed passwords; older PBKDF2 hashes still
# verify and are upgraded at the next login.
PASSWORD_HASHERS = [
    "django.contrib.auth.hashers.Argon2PasswordHasher",
    "django.contrib.auth.hashers.PBKDF2PasswordHasher",
    "django.contrib.auth.hashers.PBKDF2SHA1PasswordHasher",
    "django.contrib.auth.hashers.ScryptPasswordHasher",
]

# Login throttling for every way in: the login pages, the token endpoint and HTTP Basic.
# First the per-address limits checked before any password hash (services/login_limits.py):
# 20 failed logins in 10 minutes (5 in 10 seconds), and a ceiling of 60 posts a minute
# only a flood reaches; correct logins never count as failures, so a hall behind one
# router logs in. Then django-axes counts failures per account *and* address; after 5
# failures that pair is refused for 15 minutes, except on a device that logged in to that
# account before (a signed cookie, web/login_limit.py), so a shared hall router cannot
# lock the director out. Attempts are listed in the admin ("Axes"); unlocking: docs/operations.md.
AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",
    "django.contrib.auth.backends.ModelBackend",
]
AXES_FAILURE_LIMIT = 5
AXES_COOLOFF_TIME = timedelta(minutes=15)
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_CLIENT_IP_CALLABLE = "tournaments.services.client_address.for_request"
AXES_RESET_ON_SUCCESS = True
AXES_LOCKOUT_CALLABLE = "tournaments.web.login_lockout.locked_out"
AXES_WHITELIST_CALLABLE = "tournaments.web.login_limit.known_device_login"

# Internationalisation: German first, English as the alternative.
LANGUAGE_CODE = "de"
LANGUAGES = [
    ("de", _("German")),
    ("en", _("English")),
]
LOCALE_PATHS = [BASE_DIR / "locale"]
USE_I18N = True
TIME_ZONE = "Europe/Berlin"
USE_TZ = True

# Static files: whitenoise serves them; hashed, compressed copies only in production, so
# development and tests work without running collectstatic first.
STATIC_URL = "static/"
STATIC_ROOT = Path(os.environ.get("STATIC_ROOT", VAR_DIR / "static"))
STATICFILES_DIRS = [BASE_DIR / "static"]
if DEBUG:
    # whitenoise warns at start-up when collectstatic's target is missing.
    STATIC_ROOT.mkdir(parents=True, exist_ok=True)
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": (
            "django.contrib.staticfiles.storage.StaticFilesStorage"
            if DEBUG
            else "skatverein.storage.StaticFilesStorage"
        )
    },
}
# whitenoise stores a gzipped copy of each static file next to it. Source maps (7 MB of the
# API docs' scripts) are only fetched by a developer's tools: compressing them took most of
# collectstatic's time, in every image build.
WHITENOISE_SKIP_COMPRESS_EXTENSIONS = [
    *Compressor.SKIP_COMPRESS_EXTENSIONS,
    "map",
]

# Table device offline use (web/table/offline.py): the service worker's cache is named
# after the release, so a new release replaces the cached pages and scripts on the next
# online load. Set SKATVEREIN_RELEASE to the release's name when deploying.
TABLE_DEVICE_CACHE_VERSION = os.environ.get("SKATVEREIN_RELEASE", "1")

# Stored exports (exports/kept/): locked lists' PDFs by seal and series PDFs made in the
# background live in the default storage under MEDIA_ROOT; a series with more tables than
# SERIES_PDF_INLINE_TABLES is rendered outside the request ("being prepared" page).
MEDIA_ROOT = Path(os.environ.get("MEDIA_ROOT", VAR_DIR / "media"))
# Stored files hold personal data: readable by the server's user only (docs/privacy.md).
FILE_UPLOAD_PERMISSIONS = 0o600
FILE_UPLOAD_DIRECTORY_PERMISSIONS = 0o700
# Where ``manage.py backup`` writes when given no file; the hall keeps it private.
BACKUP_DIR = Path(os.environ.get("BACKUP_DIR", VAR_DIR / "backups"))
SERIES_PDF_INLINE_TABLES = 40

# Player import limits (services/player_import): the largest upload, and how far an XLSX
# archive may unpack and how tightly it may be packed, checked before the workbook is read.
PLAYER_IMPORT_MAX_FILE_BYTES = 2 * 1024 * 1024
PLAYER_IMPORT_MAX_UNPACKED_BYTES = 20 * 1024 * 1024
PLAYER_IMPORT_MAX_COMPRESSION_RATIO = 100

# Security: production runs behind a TLS-terminating reverse proxy that sets
# X-Forwarded-Proto; these settings make `manage.py check --deploy` come out clean.
X_FRAME_OPTIONS = "DENY"
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
# Error pages: a failed security check returns a table device to its list with the entry
# kept (tournaments/web/errors.py); 404.html and 500.html are plain templates.
CSRF_FAILURE_VIEW = "tournaments.web.errors.csrf_failure"
if not DEBUG:
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", default=True)
    # Probes inside the cluster talk plain HTTP to the app and must not be redirected.
    SECURE_REDIRECT_EXEMPT = [r"^healthz$"]
    SECURE_HSTS_SECONDS = 60 * 60 * 24 * 365
    SECURE_HSTS_INCLUDE_SUBDOMAINS = True
    SECURE_HSTS_PRELOAD = True
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True
    LANGUAGE_COOKIE_SECURE = True

# ---- Hall mode, part 2 of 2: plain HTTP on the hall's network, no reverse proxy ----
# Phones reach the laptop by its LAN address over HTTP: no redirect to HTTPS, no HSTS, no
# proxy header to trust, and cookies a browser sends over HTTP (Secure only when SITE_URL
# is HTTPS, e.g. a hall laptop with a name and a certificate, docs/operations.md).
if HALL_MODE and not DEBUG:
    SECURE_PROXY_SSL_HEADER = None
    SECURE_SSL_REDIRECT = False
    SECURE_HSTS_SECONDS = 0
    SECURE_HSTS_INCLUDE_SUBDOMAINS = SECURE_HSTS_PRELOAD = False
    _hall_https = SITE_URL.startswith("https://")
    SESSION_COOKIE_SECURE = CSRF_COOKIE_SECURE = LANGUAGE_COOKIE_SECURE = _hall_https
# ---- end of hall mode, part 2 ----

# ---- German error pages in every mode (skatverein/error_pages.py) ----
# With DEBUG (make dev) Django would answer a missing page with its English debug page and
# an error with a traceback page; the middleware shows the project's 404 and 500 pages
# instead. DEBUG_TECHNICAL_ERRORS=1 brings Django's technical pages back for a developer.
DEBUG_TECHNICAL_ERRORS = env_bool("DEBUG_TECHNICAL_ERRORS", default=False)
if DEBUG:
    MIDDLEWARE.insert(
        MIDDLEWARE.index("axes.middleware.AxesMiddleware"),
        "skatverein.error_pages.ProjectErrorPagesMiddleware",
    )
# ---- end of error pages ----
# A locked database or a full disk is a 503 with Retry-After, never a 500
# (skatverein/unavailable.py); last, so it is asked first about a view's exception.
MIDDLEWARE.append("skatverein.unavailable.DatabaseUnavailableMiddleware")
# A table device's API call on the table pool, let in by its table code, runs without
# what only logins, pages and static files use (tournaments/web/table_api_handler.py).
TABLE_API_MIDDLEWARE = [
    name
    for name in MIDDLEWARE
    if name
    not in {
        "tournaments.web.login_limit.LoginLimitMiddleware",
        "whitenoise.middleware.WhiteNoiseMiddleware",
        "django.contrib.sessions.middleware.SessionMiddleware",
        "django.middleware.common.CommonMiddleware",
        "django.middleware.csrf.CsrfViewMiddleware",
        "django.contrib.auth.middleware.AuthenticationMiddleware",
        "django.contrib.messages.middleware.MessageMiddleware",
        "axes.middleware.AxesMiddleware",
    }
]

# Content-Security-Policy (django-csp) on every response: scripts, styles and images only
# from this site, no framing, forms only to this site. Pages carry no inline scripts or
# styles. The API docs page alone relaxes style-src (skatverein/urls.py), because Swagger
# UI brings an inline stylesheet.
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": ["'self'"],
        "script-src": ["'self'"],
        "style-src": ["'self'"],
        "img-src": ["'self'", "data:"],
        "frame-ancestors": ["'none'"],
        "form-action": ["'self'"],
        # The table device's service worker (/tisch/sw.js) and web app manifest.
        "worker-src": ["'self'"],
        "manifest-src": ["'self'"],
    }
}

# Client addresses (services/client_address.py): how many reverse proxies in front of the
# app append to X-Forwarded-For. 0 trusts no header and counts per REMOTE_ADDR.
TRUSTED_PROXY_COUNT = env_int("TRUSTED_PROXY_COUNT", default=0)
# Self-registrations at the door per client address and minute (docs/door.md).
DOOR_REGISTRATIONS_PER_MINUTE = env_int("DOOR_REGISTRATIONS_PER_MINUTE", default=10, minimum=1)

# API sign-in (api/auth.py). Tokens expire after TOKEN_TTL_DAYS. HTTP Basic checks the
# password hash on every request (~260 ms of CPU each with Argon2), so it is off in
# production unless API_BASIC_AUTH turns it on; scripts use tokens.
TOKEN_TTL_DAYS = env_int("TOKEN_TTL_DAYS", default=30, minimum=1)
API_BASIC_AUTH = env_bool("API_BASIC_AUTH", default=DEBUG)
_API_AUTH = "tournaments.api.authentication"

REST_FRAMEWORK = {
    "DEFAULT_SCHEMA_CLASS": "tournaments.api.schema.ErrorsDocumentedSchema",
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "rest_framework.authentication.SessionAuthentication",
        *([f"{_API_AUTH}.LoginThrottledBasicAuthentication"] if API_BASIC_AUTH else []),
        f"{_API_AUTH}.ExpiringTokenAuthentication",
    ],
    # Per client address, in the shared cache (api/throttles.py); generous for a hall.
    "DEFAULT_THROTTLE_RATES": {
        "game-value": "120/min",
        # The token endpoint's logins, as the login page's: a hall's 30 users behind one
        # router log in within a minute (services/login_limits.py, ADDRESS_CEILING).
        "token": "60/min",
        # A phone registers a person or two; more from one address is a flood. A hall whose
        # phones share one address (a router's NAT) raises it (docs/door.md).
        "self-registration": f"{DOOR_REGISTRATIONS_PER_MINUTE}/min",
    },
    "EXCEPTION_HANDLER": "tournaments.api.errors.api_exception_handler",
    # Bodies are JSON (docs/api.md); the three operations that read a form or a file say so
    # themselves (the calculator, the participant import, the certificate upload).
    "DEFAULT_PARSER_CLASSES": ["tournaments.api.parsers.SafeJSONParser"],
    # Escape non-ASCII in JSON output: a lone surrogate echoed back from a request body
    # would otherwise make the response itself unencodable.
    "UNICODE_JSON": False,
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticatedOrReadOnly"],
    "DEFAULT_FILTER_BACKENDS": ["django_filters.rest_framework.DjangoFilterBackend"],
    "DEFAULT_PAGINATION_CLASS": "rest_framework.pagination.PageNumberPagination",
    "PAGE_SIZE": 50,
}

SPECTACULAR_SETTINGS = {
    "TITLE": "Skatverein API",
    "DESCRIPTION": "Clubs, players, tournaments, score sheets and rankings of Skat clubs.",
    "VERSION": "1.0.0",
    "SERVE_INCLUDE_SCHEMA": False,
    # Swagger UI and Redoc assets come from drf-spectacular-sidecar, not from a CDN,
    # so the API docs work offline and without third-party requests.
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    # Choice sets shared by several fields get one stable name in the schema.
    "ENUM_NAME_OVERRIDES": {
        "GameEnum": "tournaments.models.games.GAME_CHOICES",
        "ProgressStatusEnum": "tournaments.models.tournaments.Tournament.Status",
        "ListStatusEnum": "tournaments.models.tables.Table.Status",
        "PaymentKindEnum": "tournaments.models.money.Payment.Kind",
        "PublicationEnum": "tournaments.models.clubs.Publication",
        "DrawConflictKindEnum": ["same_team", "same_club", "met_before"],
    },
}

# Warnings and errors go to the console, where gunicorn and the process manager collect
# them; Django's own default would only print in DEBUG and otherwise try to send e-mail.
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": "WARNING"},
    "loggers": {"django": {"handlers": [], "level": "WARNING"}},
}
