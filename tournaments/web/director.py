"""The tournament director's screens (Turnierleitung) under /leitung/.

Only staff users get in: anonymous visitors are sent to the login page, other users get
403. Every change goes through a service; a service's refusal (:class:`Rejected`) is shown
next to the form field it names, and the page is rendered again with what was typed.
Successful changes redirect (POST-redirect-GET) and say what happened in a message.
"""

import dataclasses
from functools import wraps
from urllib.parse import urlencode

from django.contrib import messages
from django.contrib.auth import views as auth_views
from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.db.models import Count, Q
from django.http import HttpResponseRedirect
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse, reverse_lazy
from django.utils.safestring import mark_safe
from django.utils.translation import gettext, ngettext
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_http_methods, require_POST
from reportlab.graphics.barcode import qrencoder

from tournaments.models import (
    AuditEntry,
    Participant,
    Player,
    Series,
    Signature,
    Table,
    Tournament,
)
from tournaments.services import (
    draw,
    participants,
    player_import,
    ranking,
    signing,
    table_access,
)
from tournaments.services.errors import Rejected
from tournaments.services.tables import table_overviews
from tournaments.web import forms
from tournaments.web.table_entry import table_code_url

LIVE_RANKING_SIZE = 10
AUDIT_ENTRIES = 20  # changes with a reason shown on a table's page
OPEN_TASKS_SHOWN = 12  # tables named in the to-do list; the grids below mark all of them
QR_QUIET_ZONE = 4  # modules of white around a QR code, as the standard asks
IMPORT_SESSION_KEY = "director-import-{id}"


# --- Login ------------------------------------------------------------------------------


class LoginView(auth_views.LoginView):
    """The login page; directors land on their tournaments, everyone else on the home page."""

    template_name = "registration/login.html"
    redirect_authenticated_user = False

    def get_default_redirect_url(self):
        if self.request.user.is_staff:
            return reverse("web:director-home")
        return reverse("web:home")


class LogoutView(auth_views.LogoutView):
    next_page = reverse_lazy("web:home")


def director_required(view):
    """Staff only: anonymous users go to the login page, others are refused (403)."""

    @wraps(view)
    def wrapped(request, *args, **kwargs):
        if not request.user.is_authenticated:
            return redirect_to_login(request.get_full_path(), reverse("web:login"))
        if not request.user.is_staff:
            raise PermissionDenied
        return view(request, *args, **kwargs)

    return never_cache(wrapped)


# --- Tournaments ------------------------------------------------------------------------


@director_required
@require_http_methods(["GET", "HEAD"])
def home(request):
    """All tournaments, newest first, and the presets to start a new one."""
    tournaments = (
        Tournament.objects.select_related("club")
        .annotate(
            participant_count=Count("participants", distinct=True),
            series_count=Count("series", distinct=True),
        )
        .order_by("-date", "name")
    )
    return render(
        request,
        "director/home.html",
        {"tournaments": tournaments, "presets": forms.PRESETS.values()},
    )


@director_required
@require_http_methods(["GET", "HEAD", "POST"])
def tournament_new(request):
    """A new tournament from a preset (club evening, open tournament), adjusted before saving."""
    slug = request.GET.get("vorlage", forms.DEFAULT_PRESET)
    preset = forms.PRESETS.get(slug, forms.PRESETS[forms.DEFAULT_PRESET])
    if request.method == "POST":
        form = forms.TournamentForm(request.POST)
        if form.is_valid():
            tournament = form.save()
            messages.success(
                request,
                gettext("The tournament %(name)s has been created.") % {"name": tournament.name},
            )
            return redirect("web:director-tournament", tournament.id)
    else:
        form = forms.TournamentForm(initial=preset.initial())
    return render(
        request,
        "director/tournament_form.html",
        {"form": form, "preset": preset, "presets": forms.PRESETS.values(), "tournament": None},
    )


@director_required
@require_http_methods(["GET", "HEAD", "POST"])
def tournament_edit(request, tournament_id):
    tournament = get_object_or_404(Tournament, pk=tournament_id)
    if request.method == "POST":
        form = forms.TournamentForm(request.POST, instance=tournament)
        if form.is_valid():
            form.save()
            messages.success(request, gettext("The settings have been saved."))
            return redirect("web:director-tournament", tournament.id)
    else:
        form = forms.TournamentForm(instance=tournament)
    return render(
        request,
        "director/tournament_form.html",
        {"form": form, "tournament": tournament, "preset": None, "presets": ()},
    )


@director_required
@require_http_methods(["GET", "HEAD"])
def dashboard(request, tournament_id):
    """Everything about one tournament at a glance, in a constant number of queries."""
    tournament = get_object_or_404(Tournament.objects.select_related("club"), pk=tournament_id)
    return render(request, "director/dashboard.html", _dashboard_context(tournament))


def _dashboard_context(tournament: Tournament) -> dict:
    series_list = list(tournament.series.order_by("number"))
    series_by_id = {series.id: series for series in series_list}
    for series in series_list:
        series.tournament = tournament
        series.table_rows = []
    tables = list(
        Table.objects.filter(series__tournament=tournament).order_by("series__number", "number")
    )
    for table in tables:
        table.series = series_by_id[table.series_id]
    rows = _table_rows(tables)
    for row in rows:
        series_by_id[row["series"]].table_rows.append(row)
    for series in series_list:
        series.games_entered = sum(row["games_entered"] for row in series.table_rows)
        series.games_planned = sum(row["games_planned"] for row in series.table_rows)
    counts = tournament.participants.aggregate(
        registered=Count("id"), withdrawn=Count("id", filter=Q(withdrawn=True))
    )
    return {
        "tournament": tournament,
        "series_list": series_list,
        "participant_count": counts["registered"],
        "withdrawn_count": counts["withdrawn"],
        "tables_missing_games": [row for row in rows if row["missing"] and row["is_open"]],
        "unsigned_lists": [row for row in rows if row["awaiting_signatures"]],
        "ranking": ranking.rank_tournament(tournament)[:LIVE_RANKING_SIZE],
        "registration_problem": _registration_text(tournament),
        "downloads": _tournament_downloads(tournament),
        "todo_count": OPEN_TASKS_SHOWN,
        "todo_limit": f":{OPEN_TASKS_SHOWN}",
    }


def _table_rows(tables) -> list[dict]:
    """Per table: the overview of the list plus what the director has to act on."""
    signed = dict(
        Signature.objects.filter(table__in=[table.id for table in tables])
        .values("table")
        .annotate(count=Count("id"))
        .values_list("table", "count")
        .order_by()
    )
    rows = []
    for table, overview in zip(tables, table_overviews(tables), strict=True):
        entered, planned = overview["games_entered"], overview["games_planned"]
        complete = signing.list_complete(table, entered, planned)
        ended = table.ended_early_at is not None
        missing = 0 if complete or ended else max(planned - entered, 0)
        signers = {seat["participant"] for seat in overview["seats"]}
        rows.append(
            {
                **overview,
                "table": table,
                "status_label": table.get_status_display(),
                "players": [seat for seat in overview["seats"] if seat["until_game"] is None],
                "signers": len(signers),
                "summary": table.entry_mode == Table.EntryMode.SUMMARY,
                "ended_early": ended,
                "missing": missing,
                "is_open": table.is_open,
                "signatures": signed.get(table.id, 0),
                "awaiting_signatures": signing.ready_to_sign(table, entered, planned),
                "code": table_access.format_code(table.access_code) if table.access_code else "",
            }
        )
    return rows


def _registration_text(tournament: Tournament) -> str:
    problem = participants.registration_problem(tournament)
    return problem.text(gettext) if problem is not None else ""


def _tournament_downloads(tournament: Tournament) -> list[dict]:
    base = f"/api/v1/tournaments/{tournament.id}"
    return [
        {"label": gettext("Ranking (PDF)"), "url": f"{base}/ranking.pdf"},
        {"label": gettext("Ranking (Excel)"), "url": f"{base}/ranking.xlsx"},
        {"label": gettext("Ranking (CSV)"), "url": f"{base}/ranking.csv"},
        {"label": gettext("Start cards (PDF)"), "url": f"{base}/start-cards.pdf"},
    ]


def _series_downloads(series: Series) -> list[dict]:
    base = f"/api/v1/series/{series.id}"
    return [
        {"label": gettext("All lists (PDF)"), "url": f"{base}/lists.pdf"},
        {"label": gettext("All lists (Excel)"), "url": f"{base}/lists.xlsx"},
        {"label": gettext("Table plan (PDF)"), "url": f"{base}/table-plan.pdf"},
        {"label": gettext("Series ranking (PDF)"), "url": f"{base}/ranking.pdf"},
        {"label": gettext("Series ranking (Excel)"), "url": f"{base}/ranking.xlsx"},
        {"label": gettext("Series ranking (CSV)"), "url": f"{base}/ranking.csv"},
    ]


# --- Participants -----------------------------------------------------------------------


@director_required
@require_http_methods(["GET", "HEAD"])
def participant_list(request, tournament_id):
    tournament = get_object_or_404(Tournament, pk=tournament_id)
    return _participants_page(request, tournament)


def _participants_page(request, tournament, *, new_player_form=None, existing=None):
    search_form = forms.PlayerSearchForm(request.GET or None)
    query = search_form.cleaned_data["q"] if search_form.is_valid() else ""
    matches = participants.search_players(tournament, query) if query else []
    if new_player_form is None:
        new_player_form = forms.NewPlayerForm(initial=_name_guess(query, matches))
    context = {
        "tournament": tournament,
        "search_form": search_form,
        "query": query,
        "matches": matches,
        "existing": existing,
        "new_player_form": new_player_form,
        "participants": tournament.participants.select_related("player__club", "team").order_by(
            "start_number"
        ),
        "registration_problem": _registration_text(tournament),
    }
    return render(request, "director/participants.html", context)


def _name_guess(query: str, matches) -> dict:
    """A search without a match prefills the new-player form: "Erika Muster" → first, last."""
    words = query.split()
    if matches or not words:
        return {}
    if len(words) == 1:
        return {"last_name": words[0]}
    return {"first_name": " ".join(words[:-1]), "last_name": words[-1]}


def _participants_url(tournament, query="") -> str:
    url = reverse("web:director-participants", args=[tournament.id])
    if query:
        url += "?" + urlencode({"q": query})
    return url


@director_required
@require_POST
def participant_register(request, tournament_id):
    """Register a player found by the search (a button per search result)."""
    tournament = get_object_or_404(Tournament, pk=tournament_id)
    query = request.POST.get("q", "")[:100]
    player = _player(request.POST.get("player"))
    if player is None:
        messages.error(request, gettext("This player no longer exists; search again."))
        return HttpResponseRedirect(_participants_url(tournament, query))
    try:
        participant = participants.register(tournament, player, user=request.user)
    except Rejected as rejected:
        for problem in rejected.problems:
            messages.error(request, problem.text(gettext))
        return HttpResponseRedirect(_participants_url(tournament, query))
    messages.success(request, _registered_message(participant))
    return HttpResponseRedirect(_participants_url(tournament, query))


def _player(value):
    try:
        player_id = int(value)
    except (TypeError, ValueError):
        return None
    if not 1 <= player_id <= 2**63 - 1:
        return None
    return Player.objects.filter(pk=player_id).first()


def _registered_message(participant) -> str:
    return gettext("%(name)s is registered with start number %(number)d.") % {
        "name": participant.player.full_name,
        "number": participant.start_number,
    }


@director_required
@require_POST
def participant_register_new(request, tournament_id):
    """Create a player who is not in the list yet and register them in the same step."""
    tournament = get_object_or_404(Tournament, pk=tournament_id)
    form = forms.NewPlayerForm(request.POST)
    existing = None
    if form.is_valid():
        try:
            participant = participants.register_new_player(
                tournament,
                first_name=form.cleaned_data["first_name"],
                last_name=form.cleaned_data["last_name"],
                club=form.cleaned_data["club"],
                member_number=form.cleaned_data["member_number"],
                user=request.user,
            )
        except Rejected as rejected:
            forms.add_problems(form, rejected, _NEW_PLAYER_FIELDS)
            existing = _existing_player(rejected)
        else:
            messages.success(request, _registered_message(participant))
            return redirect("web:director-participants", tournament.id)
    return _participants_page(request, tournament, new_player_form=form, existing=existing)


_NEW_PLAYER_FIELDS = {
    "new_player.first_name": "first_name",
    "new_player.last_name": "last_name",
    "new_player.member_number": "member_number",
    "new_player": None,
}


def _existing_player(rejected: Rejected):
    """The stored player a duplicate refusal names, so the page can offer to register them."""
    for problem in rejected.problems:
        if problem.code == "player_exists" and "player" in problem.params:
            return Player.objects.select_related("club").filter(pk=problem.params["player"]).first()
    return None


@director_required
@require_POST
def participant_withdrawn(request, participant_id):
    """Withdraw a participant (no further draws) or take them back."""
    participant = get_object_or_404(
        Participant.objects.select_related("player", "tournament"), pk=participant_id
    )
    withdrawn = request.POST.get("withdrawn") == "1"
    try:
        participants.update_participant(participant, withdrawn=withdrawn, user=request.user)
    except Rejected as rejected:
        for problem in rejected.problems:
            messages.error(request, problem.text(gettext))
    else:
        template = (
            gettext("%(name)s is withdrawn and will not be drawn for further series.")
            if withdrawn
            else gettext("%(name)s takes part again.")
        )
        messages.success(request, template % {"name": participant.player.full_name})
    return redirect("web:director-participants", participant.tournament_id)


# --- Import -----------------------------------------------------------------------------


@director_required
@require_http_methods(["GET", "HEAD", "POST"])
def import_upload(request, tournament_id):
    """Upload a CSV/XLSX player list; the rows are kept in the session for the preview."""
    tournament = get_object_or_404(Tournament, pk=tournament_id)
    if request.method == "POST":
        form = forms.ImportUploadForm(request.POST, request.FILES)
        if form.is_valid():
            upload = form.cleaned_data["file"]
            try:
                rows = player_import.read_player_rows(upload.name, upload.read())
            except Rejected as rejected:
                forms.add_problems(form, rejected)
            else:
                request.session[IMPORT_SESSION_KEY.format(id=tournament.id)] = {
                    "file": upload.name,
                    "rows": [dataclasses.asdict(row) for row in rows],
                }
                return redirect("web:director-import-preview", tournament.id)
    else:
        form = forms.ImportUploadForm()
    return render(
        request,
        "director/import_upload.html",
        {
            "tournament": tournament,
            "form": form,
            "registration_problem": _registration_text(tournament),
        },
    )


@director_required
@require_http_methods(["GET", "HEAD", "POST"])
def import_preview(request, tournament_id):
    """What importing each row would do; confirming registers the importable rows."""
    tournament = get_object_or_404(Tournament, pk=tournament_id)
    key = IMPORT_SESSION_KEY.format(id=tournament.id)
    stored = request.session.get(key)
    if not stored:
        messages.info(request, gettext("Upload a player list first."))
        return redirect("web:director-import", tournament.id)
    rows = [player_import.ImportRow(**row) for row in stored["rows"]]
    errors = []
    resolutions = _import_resolutions(request.POST) if request.method == "POST" else {}
    if request.method == "POST":
        if "cancel" in request.POST:
            del request.session[key]
            messages.info(request, gettext("The import has been cancelled; nothing was changed."))
            return redirect("web:director-participants", tournament.id)
        try:
            result = player_import.commit_import(
                tournament, rows, resolutions=resolutions, user=request.user
            )
        except Rejected as rejected:
            errors = [problem.text(gettext) for problem in rejected.problems]
        else:
            del request.session[key]
            messages.success(request, _import_message(result))
            return redirect("web:director-participants", tournament.id)
    preview = player_import.preview_import(tournament, rows, resolutions)
    return render(
        request,
        "director/import_preview.html",
        {
            "tournament": tournament,
            "file": stored["file"],
            "preview": preview,
            "lines": [
                {
                    "line": line,
                    "problems": [problem.text(gettext) for problem in line.problems],
                    "notes": [note.text(gettext) for note in line.notes],
                    "resolution": resolutions.get(line.row.line, ""),
                }
                for line in preview.lines
            ],
            "errors": errors,
            "resolution_choices": player_import.Resolution.choices,
        },
    )


def _import_resolutions(data) -> dict[int, str]:
    """The director's choices for conflicting rows, from the fields ``resolution-<line>``."""
    choices = {}
    for name, value in data.items():
        line = name.removeprefix("resolution-")
        if line != name and line.isdigit() and value in player_import.Resolution.values:
            choices[int(line)] = value
    return choices


def _import_message(result) -> str:
    text = ngettext(
        "%(count)d player has been registered.",
        "%(count)d players have been registered.",
        result.registered,
    ) % {"count": result.registered}
    if result.matched_players:
        text += " " + gettext("(%(new)d new, %(existing)d already known)") % {
            "new": result.created_players,
            "existing": result.matched_players,
        }
    if result.skipped:
        text += " " + ngettext(
            "%(count)d row was skipped.", "%(count)d rows were skipped.", result.skipped
        ) % {"count": result.skipped}
    return text


# --- Series and draw --------------------------------------------------------------------


@director_required
@require_POST
def series_add(request, tournament_id):
    tournament = get_object_or_404(Tournament, pk=tournament_id)
    try:
        series = participants.add_series(tournament)
    except Rejected as rejected:
        for problem in rejected.problems:
            messages.error(request, problem.text(gettext))
        return redirect("web:director-tournament", tournament.id)
    messages.success(
        request, gettext("Series %(number)d has been added.") % {"number": series.number}
    )
    return redirect("web:director-series", series.id)


@director_required
@require_http_methods(["GET", "HEAD"])
def series_detail(request, series_id):
    series = _series(series_id)
    return _series_page(request, series)


def _series(series_id) -> Series:
    return get_object_or_404(Series.objects.select_related("tournament__club"), pk=series_id)


def _series_page(request, series, *, draw_form=None):
    tables = list(series.tables.order_by("number"))
    for table in tables:
        table.series = series
    rows = _table_rows(tables)
    has_games = any(row["games_entered"] for row in rows)
    if draw_form is None:
        draw_form = forms.DrawForm(
            initial={
                "mode": series.draw_mode or forms.DrawForm.base_fields["mode"].initial,
                "prefer_three": series.draw_prefer_three,
                "separate_clubs": series.draw_separate_clubs,
            }
        )
    present = series.tournament.participants.filter(withdrawn=False).count()
    conflicts = []
    if rows and series.drawn_at is not None:
        conflicts = [conflict.text(gettext) for conflict in draw.stored_draw(series).conflicts]
    context = {
        "tournament": series.tournament,
        "series": series,
        "rows": rows,
        "has_games": has_games,
        "conflicts": conflicts,
        "draw_form": draw_form,
        "present": present,
        "downloads": _series_downloads(series),
    }
    return render(request, "director/series.html", context)


@director_required
@require_POST
def series_draw(request, series_id):
    """Draw (or redraw) the tables of a series; conflicts that remain are shown as warnings."""
    series = _series(series_id)
    form = forms.DrawForm(request.POST)
    if form.is_valid():
        try:
            result = draw.draw_series(
                series,
                mode=form.cleaned_data["mode"],
                seed=form.cleaned_data["seed"],
                prefer_three=form.cleaned_data["prefer_three"],
                separate_clubs=form.cleaned_data["separate_clubs"],
                user=request.user,
            )
        except Rejected as rejected:
            forms.add_problems(form, rejected)
        else:
            messages.success(
                request,
                gettext("Series %(number)d has been drawn (seed %(seed)d).")
                % {"number": series.number, "seed": result.seed},
            )
            for conflict in result.conflicts:
                messages.warning(request, conflict.text(gettext))
            return redirect("web:director-series", series.id)
    return _series_page(request, series, draw_form=form)


@director_required
@require_POST
def series_codes(request, series_id):
    """Issue a table code for every table of the series that has none yet."""
    series = _series(series_id)
    issued = 0
    for table in series.tables.filter(access_code__isnull=True).order_by("number"):
        try:
            table_access.issue_code(table, request.user)
        except Rejected as rejected:
            for problem in rejected.problems:
                messages.error(request, problem.text(gettext))
            break
        issued += 1
    if issued:
        messages.success(
            request,
            ngettext(
                "%(count)d table code has been issued.",
                "%(count)d table codes have been issued.",
                issued,
            )
            % {"count": issued},
        )
    return redirect("web:director-series", series.id)


# --- One table --------------------------------------------------------------------------


@director_required
@require_http_methods(["GET", "HEAD"])
def table_detail(request, table_id):
    table = _table(table_id)
    return _table_page(request, table)


def _table(table_id) -> Table:
    return get_object_or_404(Table.objects.select_related("series__tournament__club"), pk=table_id)


def _table_page(request, table, *, end_form=None, close_form=None, reopen_form=None):
    row = _table_rows([table])[0]
    context = {
        "tournament": table.series.tournament,
        "series": table.series,
        "table": table,
        "row": row,
        "signers": signing.signers(table),
        "audit": AuditEntry.objects.filter(table=table)
        .exclude(reason="")
        .order_by("-created_at", "-id")[:AUDIT_ENTRIES],
        "end_form": end_form or forms.ReasonForm(prefix="end"),
        "close_form": close_form or forms.ReasonForm(prefix="close"),
        "reopen_form": reopen_form or forms.ReasonForm(prefix="reopen"),
        **_code_context(request, table),
    }
    return render(request, "director/table.html", context)


def _code_context(request, table) -> dict:
    """The table code as players read it, the link its QR code opens, and the QR code."""
    link = table_code_url(table, request)
    if link is None:
        return {"code": "", "code_link": "", "qr_svg": ""}
    return {
        "code": table_access.format_code(table.access_code),
        "code_link": link,
        "qr_svg": qr_svg(link),
    }


def qr_svg(text: str) -> str:
    """``text`` as a QR code in one compact inline SVG path (one square per dark module).

    reportlab, already needed for the PDFs, encodes it; drawing the modules here keeps the
    SVG small and crisp at any zoom instead of reportlab's 40 KB of nested groups.
    """
    code = qrencoder.QRCode(None, qrencoder.QRErrorCorrectLevel.M)
    code.addData(text)
    code.make()
    count = code.getModuleCount()
    size = count + 2 * QR_QUIET_ZONE
    path = "".join(
        f"M{column + QR_QUIET_ZONE} {row + QR_QUIET_ZONE}h1v1h-1z"
        for row in range(count)
        for column in range(count)
        if code.isDark(row, column)
    )
    return mark_safe(  # noqa: S308 - built from numbers only
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {size} {size}" '
        f'shape-rendering="crispEdges" focusable="false" aria-hidden="true">'
        f'<rect width="{size}" height="{size}" fill="#fff"/><path d="{path}" fill="#000"/></svg>'
    )


@director_required
@require_POST
def table_code(request, table_id):
    """Issue a new table code (the old one stops working at once)."""
    table = _table(table_id)
    try:
        code = table_access.issue_code(table, request.user)
    except Rejected as rejected:
        for problem in rejected.problems:
            messages.error(request, problem.text(gettext))
    else:
        messages.success(
            request,
            gettext("Table %(table)d has the new code %(code)s.")
            % {"table": table.number, "code": table_access.format_code(code)},
        )
    return redirect("web:director-table", table.id)


@director_required
@require_POST
def table_end(request, table_id):
    """End a list early (e.g. time is up), so the players sign it with the games entered."""
    table = _table(table_id)
    form = forms.ReasonForm(request.POST, prefix="end")
    if form.is_valid():
        try:
            signing.end_list_early(table, form.cleaned_data["reason"], user=request.user)
        except Rejected as rejected:
            forms.add_problems(form, rejected)
        else:
            messages.success(
                request,
                gettext("The list of table %(table)d has been ended; the players can sign it now.")
                % {"table": table.number},
            )
            return redirect("web:director-table", table.id)
    return _table_page(request, table, end_form=form)


@director_required
@require_POST
def table_close(request, table_id):
    """Lock a list that lacks signatures, with the reason the audit trail keeps."""
    table = _table(table_id)
    form = forms.ReasonForm(request.POST, prefix="close")
    if form.is_valid():
        try:
            signing.close_list(table, form.cleaned_data["reason"], user=request.user)
        except Rejected as rejected:
            forms.add_problems(form, rejected)
        else:
            messages.success(
                request,
                gettext("The list of table %(table)d is locked.") % {"table": table.number},
            )
            return redirect("web:director-table", table.id)
    return _table_page(request, table, close_form=form)


@director_required
@require_POST
def table_reopen(request, table_id):
    """Reopen a signed or locked list for a correction; the seal is cleared."""
    table = _table(table_id)
    form = forms.ReasonForm(request.POST, prefix="reopen")
    if form.is_valid():
        try:
            signing.reopen_list(table, form.cleaned_data["reason"], user=request.user)
        except Rejected as rejected:
            forms.add_problems(form, rejected)
        else:
            messages.success(
                request,
                gettext("The list of table %(table)d is open again for corrections.")
                % {"table": table.number},
            )
            return redirect("web:director-table", table.id)
    return _table_page(request, table, reopen_form=form)
