"""The "being prepared" page shown while a big file is made in the background."""

from django.shortcuts import render

REFRESH_SECONDS = 3


def being_prepared(request, name: str):
    """202 Accepted with a ``Refresh`` header: the browser asks again until the file is
    there (no script needed), and a script sees ``Retry-After``."""
    response = render(request, "public/being_prepared.html", {"name": name}, status=202)
    response["Refresh"] = str(REFRESH_SECONDS)
    response["Retry-After"] = str(REFRESH_SECONDS)
    response["Cache-Control"] = "no-store"
    return response
