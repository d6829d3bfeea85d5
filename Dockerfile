# The Skatverein app: gunicorn serving Django, static files by whitenoise.
# Built and started by docker-compose.yml; see docs/operations.md.
FROM python:3.11-slim-bookworm

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1

WORKDIR /app

# Fonts for the PDF exports; no compiler is needed (every dependency ships wheels).
RUN apt-get update \
    && apt-get install -y --no-install-recommends fonts-dejavu-core \
    && rm -rf /var/lib/apt/lists/*

COPY requirements.txt .
RUN pip install -r requirements.txt

COPY . .

# Static files are collected at build time, outside /app/var (a volume, which would keep
# the first image's files and break the pages of every later one) and apart from the
# source folder /app/static they are collected from.
# collectstatic needs settings that load, so it gets throw-away keys that never reach the
# running container (two different ones: the settings refuse a seal secret equal to the key).
ENV STATIC_ROOT=/app/collected-static
RUN DEBUG=0 SECRET_KEY=collectstatic-only-not-a-secret-key-0123456789abcdefghijklmnopqrs \
    SEAL_SECRET=collectstatic-only-not-a-secret-seal-0123456789abcdefghijklmnopqr \
    python manage.py collectstatic --noinput

RUN useradd --system --home-dir /app --shell /usr/sbin/nologin skatverein \
    && mkdir -p /app/var && chown -R skatverein /app/var
USER skatverein

ENV GUNICORN_BIND=0.0.0.0:8000 \
    FORWARDED_ALLOW_IPS=*
EXPOSE 8000

# Migrations run at every start (they are idempotent), then gunicorn with gunicorn.conf.py.
CMD ["sh", "-c", "python manage.py migrate --noinput && exec gunicorn skatverein.wsgi:application"]
