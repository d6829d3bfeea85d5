"""Forms of the cash box pages (Kasse): tariff, refund and the prize table as text.

The forms only collect text; the money service checks every amount, and its problems are
put next to the fields with :func:`tournaments.web.forms.add_problems`.
"""

import re

from django import forms
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from tournaments.models import PrizeRule
from tournaments.skat.money import cents
from tournaments.web.forms import AccessibleForm

C = PrizeRule.Classification
# The words a director writes before a place of a category classification.
CLASSIFICATION_WORDS = {
    "damen": C.WOMEN,
    "frauen": C.WOMEN,
    "women": C.WOMEN,
    "junioren": C.JUNIORS,
    "jugend": C.JUNIORS,
    "juniors": C.JUNIORS,
    "senioren": C.SENIORS,
    "seniors": C.SENIORS,
    "mannschaft": C.TEAMS,
    "mannschaften": C.TEAMS,
    "teams": C.TEAMS,
    "serie": C.SERIES,
    "series": C.SERIES,
}
WORD_OF = {
    C.WOMEN: "Damen",
    C.JUNIORS: "Junioren",
    C.SENIORS: "Senioren",
    C.TEAMS: "Mannschaft",
    C.SERIES: "Serie",
}
# "Serie 1: 10,00" is place 1 of every series; "Serie 2 Platz 1: 12,00" place 1 of
# series 2 alone (its lines replace the scheme there).
LINE = re.compile(
    r"^\s*(?:(?P<word>[^\W\d_]+)\s+)?(?:(?P<series>\d+)\s+(?:platz|place)\s+)?"
    r"(?P<rank>\d+)\s*[:=]\s*"
    r"(?P<value>[^\s%€]+)\s*(?P<pct>%)?\s*(?:€|eur|euro)?\s*$",
    re.IGNORECASE,
)


def _amount(label, required=True, help_text=""):
    return forms.CharField(
        label=label,
        required=required,
        max_length=20,
        help_text=help_text,
        widget=forms.TextInput(attrs={"inputmode": "decimal", "autocomplete": "off"}),
    )


class TariffForm(AccessibleForm, forms.Form):
    entry_fee = _amount(_("Entry fee (€)"))
    lost_game_fee = _amount(_("Fee per lost game (€)"))
    lost_game_fee_from = forms.CharField(
        label=_("Higher fee from lost game no."),
        required=False,
        max_length=3,
        widget=forms.TextInput(attrs={"inputmode": "numeric"}),
        help_text=_("For example 4: from the fourth lost game of a series on."),
    )
    lost_game_fee_higher = _amount(_("Higher fee per lost game (€)"), required=False)
    passed_game_fee = _amount(_("Fee per passed-in game and player (€)"), required=False)
    team_fee = _amount(_("Team classification fee per player (€)"), required=False)
    tandem_fee = _amount(_("Tandem classification fee per player (€)"), required=False)

    @classmethod
    def initial_for(cls, tariff) -> dict:
        def text(value):
            return "" if value is None else f"{cents(value)}".replace(".", ",")

        return {
            "entry_fee": text(tariff.entry_fee),
            "lost_game_fee": text(tariff.lost_game_fee),
            "lost_game_fee_from": tariff.lost_game_fee_from or "",
            "lost_game_fee_higher": text(tariff.lost_game_fee_higher),
            "passed_game_fee": text(tariff.passed_game_fee),
            "team_fee": text(tariff.team_fee),
            "tandem_fee": text(tariff.tandem_fee),
        }


class RefundForm(AccessibleForm, forms.Form):
    participant = forms.IntegerField(widget=forms.HiddenInput)
    amount = _amount(_("Refund (€)"))


class PrizeTableForm(AccessibleForm, forms.Form):
    prizes = forms.CharField(
        label=_("Prize table"),
        required=False,
        widget=forms.Textarea(attrs={"rows": 6, "spellcheck": "false"}),
        help_text=_(
            'One place per line: "1: 100,00" for a fixed amount, "2: 20 %" for a share of '
            'the entry fees; "Damen 1: 20,00", "Junioren", "Senioren" or "Mannschaft" '
            'before the place for the category and team prizes; "Serie 1: 10,00" for '
            'place 1 of every series, "Serie 2 Platz 1: 12,00" for series 2 alone.'
        ),
    )
    confirm = forms.BooleanField(label=_("Pay out more than the entry fees anyway"), required=False)

    def clean_prizes(self) -> list[dict]:
        rows = []
        for number, line in enumerate(self.cleaned_data["prizes"].splitlines(), start=1):
            if not line.strip():
                continue
            match = LINE.match(line)
            word = (match.group("word") or "").lower() if match else ""
            classification = CLASSIFICATION_WORDS.get(word, C.OVERALL)
            if (
                match is None
                or (word and word not in CLASSIFICATION_WORDS)
                or (match.group("series") and classification != C.SERIES)
            ):
                raise forms.ValidationError(
                    gettext('Line %(number)d: write for example "1: 100,00" or "2: 20 %%".')
                    % {"number": number}
                )
            row = {"classification": classification, "rank": int(match.group("rank"))}
            if classification == C.SERIES:
                row["series"] = int(match.group("series")) if match.group("series") else None
            row["percent" if match.group("pct") else "amount"] = match.group("value")
            rows.append(row)
        return rows

    @staticmethod
    def text_of(rules) -> str:
        lines = []
        for rule in rules:
            word = WORD_OF.get(rule.classification)
            head = f"{word} {rule.rank}" if word else str(rule.rank)
            if rule.series:
                head = f"{word} {rule.series} Platz {rule.rank}"
            if rule.amount is not None:
                lines.append(f"{head}: {cents(rule.amount)}".replace(".", ","))
            else:
                lines.append(f"{head}: {cents(rule.percent)} %".replace(".", ","))
        return "\n".join(lines)
