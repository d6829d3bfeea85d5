"""Links other apps add to a director's tournament page (the door's desk, say).

An app registers its link from its ``AppConfig.ready()``; the core names no app of its
own accord, so it runs the same with or without them.
"""

from dataclasses import dataclass

from django.urls import reverse


@dataclass(frozen=True)
class TournamentLink:
    label: str  # a lazy translation, rendered in the page's language
    url_name: str  # a route that takes ``tournament_id``
    test_id: str


TOURNAMENT_LINKS: list[TournamentLink] = []


def register_tournament_link(link: TournamentLink) -> None:
    if link not in TOURNAMENT_LINKS:
        TOURNAMENT_LINKS.append(link)


def tournament_links(tournament) -> list[dict]:
    """The registered links for ``tournament``'s page: label, address, test id."""
    return [
        {
            "label": str(link.label),
            "url": reverse(link.url_name, kwargs={"tournament_id": tournament.pk}),
            "test_id": link.test_id,
        }
        for link in TOURNAMENT_LINKS
    ]
