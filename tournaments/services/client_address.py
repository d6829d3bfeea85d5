"""The address of the device behind a request, as far as trusted proxies tell it.

Limits on wrong table codes and wrong passwords are counted per client address. Behind a
reverse proxy ``REMOTE_ADDR`` is the proxy (every client would be 127.0.0.1), so the
address comes from ``X-Forwarded-For`` — but only as many entries from the right as there
are proxies we run (``TRUSTED_PROXY_COUNT``): entries further left were written by the
client itself and can be anything. With no trusted proxy the header is ignored.

Takes the request's ``META`` mapping (the WSGI environment), not the request, so the
services stay free of HTTP objects; :func:`for_request` is the adapter for django-axes.
"""

import ipaddress
from collections.abc import Mapping

from django.conf import settings

UNKNOWN = "unknown"
# What django-axes records when the address is unknown (no REMOTE_ADDR, e.g. gunicorn on a
# unix socket without a proxy header): its field is an IP address field, which PostgreSQL
# checks, so "unknown" itself would make the login fail with an error.
UNSPECIFIED_ADDRESS = "0.0.0.0"


def client_address(meta: Mapping[str, str], trusted_proxies: int | None = None) -> str:
    """The client's IP address: the n-th ``X-Forwarded-For`` entry from the right for n proxies.

    Falls back to ``REMOTE_ADDR`` when no proxy is trusted, the header is missing, or the
    chosen entry is not an IP address (then the header was not written by our proxy).
    """
    if trusted_proxies is None:
        trusted_proxies = getattr(settings, "TRUSTED_PROXY_COUNT", 0)
    remote = _ip_or_none(meta.get("REMOTE_ADDR", "")) or UNKNOWN
    if trusted_proxies <= 0:
        return remote
    hops = [hop.strip() for hop in meta.get("HTTP_X_FORWARDED_FOR", "").split(",")]
    hops = [hop for hop in hops if hop]
    if not hops:
        return remote
    # Fewer entries than proxies: every entry came from our proxies, the leftmost is the client.
    chosen = hops[-trusted_proxies] if len(hops) >= trusted_proxies else hops[0]
    return _ip_or_none(chosen) or remote


def for_request(request) -> str:
    """:func:`client_address` of a request, always an IP address (``AXES_CLIENT_IP_CALLABLE``)."""
    address = client_address(request.META)
    return UNSPECIFIED_ADDRESS if address == UNKNOWN else address


def _ip_or_none(text: str) -> str | None:
    try:
        return str(ipaddress.ip_address(text[:64].strip()))
    except ValueError:
        return None
