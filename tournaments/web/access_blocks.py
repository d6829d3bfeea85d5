"""The director's view of blocked devices (Gesperrte Geräte): who typed too many wrong
table codes, and the button to lift the block.

A block only refuses further *wrong* codes from one address (the right code always
works, see services/table_access.py); lifting it helps a table whose phone shares the
hall's address with a device that kept mistyping.
"""

from django.contrib import messages
from django.shortcuts import redirect, render
from django.utils.translation import gettext
from django.views.decorators.http import require_http_methods

from tournaments.services import table_access
from tournaments.web.director.auth import director_required


@director_required
@require_http_methods(["GET", "HEAD", "POST"])
def access_blocks(request):
    """GET: blocked addresses and the latest blocks; POST ``address``: lift that block."""
    if request.method == "POST":
        address = request.POST.get("address", "")[:64]
        if table_access.lift_block(address, request.user):
            messages.success(
                request,
                gettext("The block of %(address)s is lifted.") % {"address": address},
            )
        else:
            messages.info(
                request,
                gettext("%(address)s was not blocked (any more).") % {"address": address},
            )
        return redirect("web:director-access-blocks")
    return render(
        request,
        "director/access_blocks.html",
        {
            "blocked": table_access.blocked_addresses(),
            "history": table_access.guessing_history(),
            "limit": table_access.MAX_FAILURES,
            "window_minutes": table_access.FAILURE_WINDOW_SECONDS // 60,
        },
    )
