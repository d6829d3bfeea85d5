"""Pages of a long ranking, and "find my name" (``?name=``) that jumps to the right one.

A championship ranking has 2,000 rows; a phone gets 100 of them at a time, and a player
types part of their name to land on the page with their row highlighted. It is a plain
GET form, so it works without JavaScript.
"""

from dataclasses import dataclass, field

from tournaments.services.input import query_number
from tournaments.text import name_matches, search_terms, search_text

PAGE_SIZE = 100
PAGE_PARAMETER = "seite"
NAME_PARAMETER = "name"


@dataclass
class RankingPage:
    rows: list
    number: int
    count: int
    query: str = ""
    found: int = 0
    highlighted: set = field(default_factory=set)
    size: int = PAGE_SIZE

    @property
    def numbers(self) -> list[dict]:
        """Every page with its place range ("101–200") for the navigation."""
        return [
            {
                "number": n,
                "first": (n - 1) * self.size + 1,
                "last": min(n * self.size, self.total),
            }
            for n in range(1, self.count + 1)
        ]

    total: int = 0


def ranking_page(request, rows: list, name_of, size: int = PAGE_SIZE) -> RankingPage:
    """The page the request asks for; with ``?name=`` the page of the first matching row.

    ``name_of(row)`` returns the text to search in (the player's or team's names); a name
    is found as people type it ("muller" finds Müller, tournaments/text.py).
    """
    query = " ".join(request.GET.get(NAME_PARAMETER, "").split())[:100]
    count = max(1, -(-len(rows) // size))
    number = _page_number(request.GET.get(PAGE_PARAMETER), count)
    highlighted, found = set(), 0
    if query:
        terms = search_terms(query)
        matches = [
            i
            for i, row in enumerate(rows)
            if terms and name_matches(terms, search_text(name_of(row)))
        ]
        found = len(matches)
        if matches and not request.GET.get(PAGE_PARAMETER):
            number = matches[0] // size + 1
        highlighted = set(matches)
    start = (number - 1) * size
    shown = range(start, min(start + size, len(rows)))
    first = next((i for i in shown if i in highlighted), None)
    # "first" marks the row the result message links to (#found); the others are True.
    page_rows = [(rows[i], "first" if i == first else i in highlighted) for i in shown]
    return RankingPage(
        rows=page_rows,
        number=number,
        count=count,
        query=query,
        found=found,
        highlighted=highlighted,
        size=size,
        total=len(rows),
    )


def _page_number(text, count: int) -> int:
    return query_number(text, default=1, low=1, high=max(count, 1))
