"""Rankings as files: a series, a tournament, its teams and a club's season; PDF, XLSX, CSV.

They are public, like the rankings they print (docs/api.md). Each ranking is one
:class:`~.documents.Document` in three formats, written from the same columns by the
exporters (exports/rankings.py).
"""

from django.utils.translation import gettext_noop

from tournaments.exports import pdf_ranking, spreadsheets
from tournaments.models import Club

from ..lookup import get_or_404
from ..rankings import SEASON_PARAMETERS, season_parameters
from .base import BAD_SEASON
from .documents import Document, Subject, about_series, about_tournament


def about_season(request, pk: int) -> Subject:
    """A club's season; the ranking service checks the parameters."""
    club = get_or_404(Club.objects.all(), pk)
    values = season_parameters(request)
    year = values.pop("year")
    return Subject((club, year), {"club": club, "year": year}, values)


RANKING = gettext_noop("Ranking")
SERIES_RANKING = Document(
    "series/<int:pk>/ranking",
    "series-ranking",
    about_series,
    RANKING,
    "The ranking of a series",
    kept=True,
)
TOURNAMENT_RANKING = Document(
    "tournaments/<int:pk>/ranking",
    "tournament-ranking",
    about_tournament,
    RANKING,
    "The tournament ranking",
    kept=True,
)
TEAM_RANKING = Document(
    "tournaments/<int:pk>/teams/ranking",
    "team-ranking",
    about_tournament,
    gettext_noop("Team ranking"),
    "The team ranking of a tournament",
    kept=True,
)
SEASON_RANKING = Document(
    "clubs/<int:pk>/season-ranking",
    "season-ranking",
    about_season,
    gettext_noop("Season ranking"),
    "A club's season ranking",
    parameters=SEASON_PARAMETERS,
    bad=BAD_SEASON,
)

RANKING_DOWNLOADS = [
    SERIES_RANKING.pdf(pdf_ranking.series_ranking_pdf),
    SERIES_RANKING.xlsx(spreadsheets.series_ranking_xlsx),
    SERIES_RANKING.csv(
        spreadsheets.series_ranking_csv, note="UTF-8 with BOM, semicolons, as German Excel expects."
    ),
    TOURNAMENT_RANKING.pdf(
        pdf_ranking.tournament_ranking_pdf, note="a column per series and the total."
    ),
    TOURNAMENT_RANKING.xlsx(
        spreadsheets.tournament_ranking_xlsx,
        "The tournament ranking as Excel workbook (a sheet per series)",
        "a sheet per series and a total sheet.",
    ),
    TOURNAMENT_RANKING.csv(spreadsheets.tournament_ranking_csv),
    TEAM_RANKING.pdf(pdf_ranking.team_ranking_pdf, note="teams with their members."),
    TEAM_RANKING.xlsx(spreadsheets.team_ranking_xlsx, note="teams, each followed by its members."),
    TEAM_RANKING.csv(spreadsheets.team_ranking_csv),
    SEASON_RANKING.pdf(pdf_ranking.season_ranking_pdf),
    SEASON_RANKING.xlsx(spreadsheets.season_ranking_xlsx),
    SEASON_RANKING.csv(spreadsheets.season_ranking_csv),
]
