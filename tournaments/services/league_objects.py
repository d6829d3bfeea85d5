"""Where a league object belongs: its group and its venue (for the scope checks of
services/roles.py). By model label, so the tournaments app need not import the league app.
"""


def group_of(obj):
    """The league group of a league object (group, team, match day, venue, report), or None."""
    return _reached(obj, GROUP_PATHS, "league.LeagueGroup")


# How each league object reaches its group: itself, a team or match day, a venue, a report,
# a venue's team, a protest.
GROUP_PATHS = (
    (),
    ("group",),
    ("match_day", "group"),
    ("venue", "match_day", "group"),
    ("report", "venue", "match_day", "group"),
)


def venue_of(obj):
    """The league venue of a venue, a venue's team, a report or a protest, or None."""
    return _reached(obj, ((), ("venue",), ("report", "venue")), "league.Venue")


def _reached(obj, paths, label: str):
    """The first object of model ``label`` that one of ``paths`` (attribute names followed
    from ``obj``) leads to, or None. By label, so roles need not import the league app."""
    for path in paths:
        found = obj
        for name in path:
            found = getattr(found, name, None)
        meta = getattr(found, "_meta", None)
        if meta is not None and meta.label == label:
            return found
    return None
