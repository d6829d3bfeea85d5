"""The page a locked-out login gets (django-axes' ``AXES_LOCKOUT_CALLABLE``).

In German like the rest of the site, and telling the director that another device still
gets in: the lock is per account *and* address (settings: login throttling).
"""

from django.conf import settings
from django.shortcuts import render


def locked_out(request, original_response=None, credentials=None):
    minutes = int(settings.AXES_COOLOFF_TIME.total_seconds() // 60)
    return render(request, "registration/locked_out.html", {"minutes": minutes}, status=429)
