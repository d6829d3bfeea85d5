"""The cash box pages (Kasse) under /leitung/turniere/<id>/kasse/.

The director and the treasurer see every amount and record payments; only the director
sets the tariff and the prize table. Every number comes from
:mod:`tournaments.services.money`; these views only collect input and show results.
"""

from functools import wraps

from django.contrib import messages
from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpResponse, HttpResponseRedirect
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.utils.translation import gettext, ngettext
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_http_methods, require_POST

from tournaments.exports import settlement_files
from tournaments.models import Participant, PrizeRule, Series, Table, Tournament
from tournaments.services import money
from tournaments.services.errors import Rejected
from tournaments.services.input import whole_number
from tournaments.services.money.prizes import CATEGORY_FILTERS
from tournaments.web.director.auth import page_event
from tournaments.web.director.cash_forms import PrizeTableForm, RefundForm, TariffForm
from tournaments.web.forms import add_problems, problems_as_messages


def money_required(*, manage=False):
    """Director or treasurer (``manage``: the director only); others get 403."""

    def decorate(view):
        @wraps(view)
        def wrapped(request, *args, **kwargs):
            if not request.user.is_authenticated:
                return redirect_to_login(request.get_full_path(), reverse("web:login"))
            allowed = money.may_set_tariff_and_prizes if manage else money.may_see_money
            if not allowed(request.user, page_event(kwargs)):
                raise PermissionDenied
            return view(request, *args, **kwargs)

        return never_cache(wrapped)

    return decorate


def _cash_url(tournament, anchor="") -> str:
    url = reverse("web:director-cash", args=[tournament.id])
    return f"{url}#{anchor}" if anchor else url


@money_required()
@require_http_methods(["GET", "HEAD"])
def cash_overview(request, tournament_id):
    tournament = get_object_or_404(Tournament, pk=tournament_id)
    return _overview(request, tournament)


def _overview(request, tournament, *, tariff_form=None, prize_form=None, status=200):
    rules = money.prize_rules(tournament)
    preview = money.prize_preview(tournament)
    settlement = money.settlement_of(tournament)
    tables = list(
        Table.objects.filter(series__tournament=tournament)
        .exclude(series__status=Series.Status.PLANNED)
        .select_related("series__tournament")
        .order_by("series__number", "number")
    )
    lists = money.tables_money(tables) if tables and money.tariff_of(tournament).pk else {}
    payments = list(
        tournament.payments.select_related("participant__player", "series").order_by(
            "created_at", "id"
        )
    )
    context = {
        "tournament": tournament,
        "settlement": settlement,
        "may_manage": money.may_set_tariff_and_prizes(request.user, tournament),
        "tariff_form": tariff_form
        or TariffForm(initial=TariffForm.initial_for(money.tariff_of(tournament))),
        "prize_form": prize_form
        or PrizeTableForm(initial={"prizes": PrizeTableForm.text_of(rules)}),
        "prize_rows": [
            (rule, preview[money.prize_key(rule.classification, rule.series)][rule.rank])
            for rule in rules
        ],
        "unmarked_classes": _unmarked_classes(tournament, rules),
        "expected_entry_fees": money.expected_entry_fees(tournament),
        "tables": [(table, lists.get(table.id)) for table in tables],
        "lists_with_money": any(lists.get(table.id) for table in tables),
        "tables_owing": money.tables_still_owing(tables, lists),
        "prize_places": money.prize_places(tournament) if settlement.frozen else [],
        "entry_fees_owed": sum(
            1 for s in settlement.participants if s.entry_fee > s.entry_fee_paid
        ),
        "payments": payments,
        "reversed": {p.reverses_id for p in payments if p.reverses_id},
        "cash_box_closed": gettext(money.CASH_BOX_CLOSED.message),
        "prize_basis": settlement_files.prize_basis(),
    }
    return render(request, "director/cash.html", context, status=status)


def _unmarked_classes(tournament, rules) -> list[str]:
    """The prize classes (best women, juniors, seniors) of the prize table that no
    participant is marked for yet: their prizes would go to nobody."""
    classes = dict.fromkeys(rule.classification for rule in rules)
    return [
        str(PrizeRule.Classification(classification).label)
        for classification in classes
        if classification in CATEGORY_FILTERS
        and not tournament.participants.filter(
            withdrawn=False, **CATEGORY_FILTERS[classification]
        ).exists()
    ]


@money_required(manage=True)
@require_POST
def cash_tariff(request, tournament_id):
    tournament = get_object_or_404(Tournament, pk=tournament_id)

    def save(data):
        money.set_tariff(tournament, data, user=request.user)

    form = TariffForm(request.POST)
    done = gettext("The tariff was saved.")
    return _save_form(request, tournament, form, save, done, section="tariff")


@money_required(manage=True)
@require_POST
def cash_prizes(request, tournament_id):
    tournament = get_object_or_404(Tournament, pk=tournament_id)

    def save(data):
        money.set_prize_table(
            tournament, data["prizes"], confirm=data["confirm"], user=request.user
        )

    form = PrizeTableForm(request.POST)
    done = gettext("The prize table was saved.")
    # Problems of single prize lines belong to the prize table's text field.
    fields = {"confirm": "confirm", None: "prizes"}
    return _save_form(request, tournament, form, save, done, section="prizes", fields=fields)


def _save_form(request, tournament, form, save, done: str, *, section: str, fields=None):
    """Save a valid cash form with ``save(cleaned_data)`` and go back to its section; else
    show the page again (400) with the form's and the service's problems at the form.

    ``fields`` maps a problem's field to the form field it is shown at; the key None
    stands for every other field.
    """
    if form.is_valid():
        try:
            save(form.cleaned_data)
        except Rejected as rejected:
            add_problems(form, rejected, _field_map(rejected, fields))
        else:
            messages.success(request, done)
            return HttpResponseRedirect(_cash_url(tournament, section))
    form_name = {"tariff": "tariff_form", "prizes": "prize_form"}[section]
    return _overview(request, tournament, status=400, **{form_name: form})


def _field_map(rejected, fields) -> dict | None:
    if not fields:
        return None
    other = fields.get(None)
    return {p.field: fields.get(p.field, other) for p in rejected.problems}


@money_required()
@require_POST
def cash_pay_entry_fee(request, participant_id):
    participant = get_object_or_404(Participant.objects.select_related("player"), pk=participant_id)
    with problems_as_messages(request):
        payment = money.mark_entry_fee_paid(participant, user=request.user)
        _say_entry_fee(request, participant, payment)
    return HttpResponseRedirect(_cash_url(participant.tournament, "participants"))


@money_required()
@require_POST
def cash_pay_entry_fees(request, tournament_id):
    """Everyone still owing the entry fee pays it: one tap at the door for the whole list."""
    tournament = get_object_or_404(Tournament, pk=tournament_id)
    with problems_as_messages(request):
        payments = money.mark_entry_fees_paid(tournament, user=request.user)
        messages.success(
            request,
            ngettext("%(count)d entry fee paid.", "%(count)d entry fees paid.", len(payments))
            % {"count": len(payments)},
        )
    return HttpResponseRedirect(_cash_url(tournament, "participants"))


def _say_entry_fee(request, participant, payment) -> None:
    if payment is None:
        messages.info(request, gettext("%(name)s owes no entry fee.") % _name(participant))
    else:
        messages.success(request, gettext("%(name)s paid the entry fee.") % _name(participant))


@money_required()
@require_POST
def cash_pay_table(request, table_id):
    table = get_object_or_404(Table.objects.select_related("series__tournament"), pk=table_id)
    with problems_as_messages(request):
        payments = money.mark_table_paid(table, user=request.user)
        messages.success(
            request,
            ngettext(
                "Table %(table)d, series %(series)d: %(count)d payment recorded.",
                "Table %(table)d, series %(series)d: %(count)d payments recorded.",
                len(payments),
            )
            % {"table": table.number, "series": table.series.number, "count": len(payments)},
        )
    return HttpResponseRedirect(_cash_url(table.series.tournament, "lists"))


@money_required()
@require_POST
def cash_refund(request, tournament_id):
    tournament = get_object_or_404(Tournament, pk=tournament_id)
    form = RefundForm(request.POST)
    if not form.is_valid():
        messages.error(request, gettext("Enter the amount to refund, e.g. 10,00."))
        return HttpResponseRedirect(_cash_url(tournament, "participants"))
    with problems_as_messages(request):
        money.record_payment(
            tournament,
            {
                "participant": form.cleaned_data["participant"],
                "kind": "refund",
                "amount": form.cleaned_data["amount"],
            },
            user=request.user,
        )
        messages.success(request, gettext("The refund was recorded."))
    return HttpResponseRedirect(_cash_url(tournament, "participants"))


@money_required()
@require_POST
def cash_pay_out_prize(request, tournament_id):
    """The prize of one place handed over: one tap at the prize-giving."""
    tournament = get_object_or_404(Tournament, pk=tournament_id)
    with problems_as_messages(request):
        rank = whole_number(request.POST.get("rank"), field="rank", low=1, high=999)
        classification = request.POST.get("classification", "")
        series = whole_number(request.POST.get("series") or "0", field="series", low=0, high=99)
        payouts = money.pay_out_prize(
            tournament, classification, rank, series=series, user=request.user
        )
        messages.success(
            request,
            ngettext(
                "Prize of place %(rank)d paid out (%(count)d payout recorded).",
                "Prize of place %(rank)d paid out (%(count)d payouts recorded).",
                len(payouts),
            )
            % {"rank": rank, "count": len(payouts)},
        )
    return HttpResponseRedirect(_cash_url(tournament, "payouts"))


@money_required()
@require_POST
def cash_undo_prize_payout(request, tournament_id):
    """Take back a place's payout (tapped for the wrong place) with the reason typed next
    to it; the place can then be paid out again."""
    tournament = get_object_or_404(Tournament, pk=tournament_id)
    with problems_as_messages(request):
        rank = whole_number(request.POST.get("rank"), field="rank", low=1, high=999)
        classification = request.POST.get("classification", "")
        series = whole_number(request.POST.get("series") or "0", field="series", low=0, high=99)
        reason = request.POST.get("reason", "")
        money.undo_prize_payout(
            tournament, classification, rank, reason, series=series, user=request.user
        )
        messages.success(request, gettext("Payout of place %(rank)d taken back.") % {"rank": rank})
    return HttpResponseRedirect(_cash_url(tournament, "payouts"))


@money_required()
@require_POST
def cash_reverse(request, tournament_id, payment_id):
    """Cancel a payment by a counter-entry with the reason typed next to it."""
    tournament = get_object_or_404(Tournament, pk=tournament_id)
    with problems_as_messages(request):
        money.reverse_payment(
            tournament, payment_id, request.POST.get("reason", ""), user=request.user
        )
        messages.success(request, gettext("The payment was cancelled by a counter-entry."))
    return HttpResponseRedirect(_cash_url(tournament, "payments"))


@money_required()
@require_http_methods(["GET", "HEAD"])
def cash_settlement(request, tournament_id):
    """The settlement (Kassenbericht) as a printable page."""
    tournament = get_object_or_404(Tournament, pk=tournament_id)
    context = {
        "tournament": tournament,
        "settlement": money.settlement_of(tournament),
        "net_meaning": settlement_files.net_meaning(),
        "prize_basis": settlement_files.prize_basis(),
        "may_manage": money.may_set_tariff_and_prizes(request.user, tournament),
    }
    return render(request, "director/cash_settlement.html", context)


@money_required()
@require_http_methods(["GET", "HEAD"])
def cash_settlement_file(request, tournament_id, extension):
    """The settlement as PDF, XLSX or CSV, from the same column specification."""
    tournament = get_object_or_404(Tournament, pk=tournament_id)
    if extension not in settlement_files.WRITERS:
        raise Http404
    content, content_type = settlement_files.render(
        tournament, money.settlement_of(tournament), extension
    )
    response = HttpResponse(content, content_type=content_type)
    filename = f"kassenbericht-{tournament.id}.{extension}"
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


def _name(participant) -> dict:
    return {"name": participant.player.full_name}
