"""The site's address as people reach it, for links that leave the screen.

A QR code on a table card or on the table plan, and the verification link printed on a
list, are read by phones in the hall. The director's laptop may show the pages as
``localhost``; the phones need the address they can reach, which ``SITE_URL`` names
(``make run`` sets it to the laptop's address in the hall's network, skatverein/hall.py).
The table devices' links (table-code QR codes, the code form's address) name
``TABLE_SITE_URL`` where it is set: the hall server's table pool, served at a higher CPU
priority than logins and rankings (tournaments/web/table_pool.py).
"""

from django.conf import settings


def site_url(request) -> str:
    """``SITE_URL`` when set, otherwise the scheme and host of ``request``; no final slash."""
    return settings.SITE_URL or request.build_absolute_uri("/").rstrip("/")


def table_site_url(request) -> str:
    """The address a table device opens its table at: ``TABLE_SITE_URL``, else :func:`site_url`."""
    return settings.TABLE_SITE_URL or site_url(request)
