"""The site's address as people reach it, for links that leave the screen.

A QR code on a table card or on the table plan, and the verification link printed on a
list, are read by phones in the hall. The director's laptop may show the pages as
``localhost``; the phones need the address they can reach, which ``SITE_URL`` names
(``make run`` sets it to the laptop's address in the hall's network, skatverein/hall.py).
"""

from django.conf import settings


def site_url(request) -> str:
    """``SITE_URL`` when set, otherwise the scheme and host of ``request``; no final slash."""
    return settings.SITE_URL or request.build_absolute_uri("/").rstrip("/")
