"""A published league table as a test fixture: Landesliga Nord Baden-Württemberg 2016,
table after match day 1 (16 teams at four venues, three series), as the Skatfreunde
Olympia 2010 published it in their press report of April 2016.

``PUBLISHED`` is the table as printed: place, team, game points (Spielpunkte), team
points (Wertungspunkte), and the best player of the day. The report names one venue
(Olympia I and II, Vaihingen/Enz, Altlussheim) and its series: Olympia I won series 1 by
80 points over Olympia II (4,008), missed series 2 by 48 points, Altlussheim led series 3
by 1,119. For the other twelve teams the table gives only day totals, so their venues
(three sums of 18 team points) and their series are ours, chosen to give exactly the
published team points and game points; the test then splits every team's series into
its four players' paper summaries and lets the product compute everything else.
"""

PUBLISHED = [
    (1, "Pforzheim, Team II", "12.221", "07:02"),
    (2, "Skatfreunde Olympia 2010, Team I", "12.143", "07:02"),
    (3, "Öhringen, Team II", "11.914", "06:03"),
    (4, "Obersulm", "11.223", "06:03"),
    (5, "Birkenau", "12.025", "05:04"),
    (6, "Heilbronn, Team III", "10.517", "05:04"),
    (7, "Heilbronn, Team II", "10.369", "05:04"),
    (8, "Buhrainer Asse Kronau", "11.045", "04:05"),
    (9, "Schönau", "10.989", "04:05"),
    (10, "Schömberg", "10.772", "04:05"),
    (11, "Skatfreunde Olympia 2010, Team II", "10.268", "04:05"),
    (12, "Vaihingen / Enz", "10.246", "04:05"),
    (13, "Altlussheim", "10.950", "03:06"),
    (14, "Unterreichenbach", "10.260", "03:06"),
    (15, "Bruchsal, Team II", "10.018", "03:06"),
    (16, "Pforzheim, Team III", "9.541", "02:07"),
]

# "Bester Einzelspieler war am 1. Spieltag Hartmut May von 1. SC Birkenau mit 3.971 Punkten."
BEST_PLAYER = ("Hartmut", "May", "Birkenau", 3971)

# Each venue: its teams (the first hosts) with their game points in series 1, 2 and 3.
VENUES = [
    {  # the venue of the press report
        "Skatfreunde Olympia 2010, Team I": (4088, 4000, 4055),
        "Skatfreunde Olympia 2010, Team II": (4008, 3100, 3160),
        "Vaihingen / Enz": (3500, 4048, 2698),
        "Altlussheim": (2900, 2876, 5174),
    },
    {
        "Pforzheim, Team II": (4300, 3900, 4021),
        "Pforzheim, Team III": (3000, 3000, 3541),
        "Birkenau": (4100, 2500, 5425),
        "Schönau": (3600, 4200, 3189),
    },
    {
        "Heilbronn, Team II": (3850, 2500, 4019),
        "Heilbronn, Team III": (2717, 3600, 4200),
        "Buhrainer Asse Kronau": (3800, 3400, 3845),
        "Schömberg": (3000, 4000, 3772),
    },
    {
        "Öhringen, Team II": (4200, 3900, 3814),
        "Obersulm": (3700, 3500, 4023),
        "Unterreichenbach": (3400, 3000, 3860),
        "Bruchsal, Team II": (3000, 4000, 3018),
    },
]

# Hartmut May's series for Birkenau; his three team mates share the rest evenly.
BEST_PLAYER_SERIES = (1400, 900, 1671)


def seat_totals(team: str, series: int) -> list[int]:
    """The four players' series totals (list points) of ``team`` in ``series`` (1–3),
    summing to the team's game points; Birkenau's first player is Hartmut May."""
    total = next(venue[team] for venue in VENUES if team in venue)[series - 1]
    if team == BEST_PLAYER[2]:
        best = BEST_PLAYER_SERIES[series - 1]
        return [best, *_even(total - best, 3)]
    return _even(total, 4)


def _even(total: int, parts: int) -> list[int]:
    share, left = divmod(total, parts)
    return [share + (1 if index < left else 0) for index in range(parts)]
