"""Finding the object an API address names, for the views that are not viewsets."""

from django.http import Http404

from tournaments.services.errors import is_id


def get_or_404(queryset, pk: int):
    """The object or the API's 404; an id too large for the database is simply not there."""
    found = queryset.filter(pk=pk).first() if is_id(pk) else None
    if found is None:
        raise Http404
    return found
