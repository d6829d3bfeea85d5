"""The forms of the association admin's pages: which fields each shows, with which label,
and how a refusal is shown beside the field it is about (one template for all of them,
``league/manage/association_form.html``)."""

from dataclasses import dataclass

from django.shortcuts import render
from django.utils.text import capfirst
from django.utils.translation import gettext, gettext_lazy

from league.models import League, LeagueGroup, Season
from tournaments.models import Club


@dataclass(frozen=True)
class Field:
    name: str
    label: str
    kind: str = "text"  # text, number, checkbox
    help: str = ""


def _model_field(model, name: str, kind: str = "number") -> Field:
    field = model._meta.get_field(name)
    return Field(name, capfirst(field.verbose_name), kind, field.help_text)


SEASON_FIELDS = (Field("name", capfirst(Season._meta.get_field("name").verbose_name)),)
LEAGUE_FIELDS = (
    Field("name", capfirst(League._meta.get_field("name").verbose_name)),
    _model_field(League, "level"),
    _model_field(League, "series_per_match_day"),
    _model_field(League, "rounds_per_series"),
    _model_field(League, "protest_days"),
    _model_field(League, "min_games"),
)
GROUP_FIELDS = (
    Field("name", capfirst(LeagueGroup._meta.get_field("name").verbose_name)),
    _model_field(LeagueGroup, "promotion_places"),
    _model_field(LeagueGroup, "relegation_places"),
    _model_field(LeagueGroup, "live_public", "checkbox"),
    Field(
        "leaders",
        capfirst(LeagueGroup._meta.get_field("leaders").verbose_name),
        help=gettext_lazy(
            "Their logins, separated by commas. A person without a login gets an invitation "
            "link from the group's page."
        ),
    ),
)
CLUB_FIELDS = (Field("name", capfirst(Club._meta.get_field("name").verbose_name)),)
LEAGUE_DEFAULTS = {
    "level": 1,
    "series_per_match_day": 3,
    "rounds_per_series": 12,
    "protest_days": 14,
    "min_games": 0,
}


def error_texts(rejected, fields) -> list[str]:
    """Each refusal's German text after the label of the field it is about."""
    labels = {field.name: field.label for field in fields}
    texts = []
    for problem in rejected.problems:
        label = labels.get(problem.field.split("[")[0].split(".")[0])
        text = problem.text(gettext)
        texts.append(f"{label}: {text}" if label else text)
    return texts


def posted(post, fields) -> dict:
    """The form as the services read it: text as typed, a checkbox as true or false."""
    return {
        field.name: (field.name in post) if field.kind == "checkbox" else post.get(field.name, "")
        for field in fields
    }


def form_page(request, *, title, fields, values, errors=(), **context):
    """The association's form page: ``fields`` filled with ``values`` (as typed after a
    refusal, so nothing is lost), the refusals above them."""
    rows = [(field, values.get(field.name, "")) for field in fields]
    return render(
        request,
        "league/manage/association_form.html",
        {"title": title, "rows": rows, "errors": list(errors), **context},
        status=400 if errors else 200,
    )
