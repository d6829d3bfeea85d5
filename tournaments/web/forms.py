"""Forms of the director's screens (Turnierleitung).

The forms only check what a form can check (required fields, number ranges, file size);
everything that depends on the tournament's state is the services' job, and their
:class:`~tournaments.services.errors.Rejected` problems are put next to the fields with
:func:`add_problems` (or shown as messages with :func:`message_problems` after a button
that has no form).
"""

import datetime
import re
from contextlib import contextmanager

from django import forms
from django.contrib import messages
from django.utils.translation import gettext, pgettext_lazy
from django.utils.translation import gettext_lazy as _

from tournaments.models import Club, Player, Publication, Tournament
from tournaments.models.names import refuse_control_characters
from tournaments.services import tournament_settings
from tournaments.services.draw import SEED_LIMIT
from tournaments.services.errors import Rejected
from tournaments.skat.draw import DrawMode

MAX_PLANNED_SERIES = 20
MAX_SEED = SEED_LIMIT - 1
MAX_IMPORT_BYTES = 2 * 1024 * 1024


class Preset:
    """A starting point for a new tournament: the director adjusts it before saving."""

    def __init__(
        self,
        slug,
        label,
        description,
        *,
        planned_series,
        rounds_per_series,
        sign_with_pin,
        lists_per_table=1,
    ):
        self.slug = slug
        self.label = label
        self.description = description
        self.planned_series = planned_series
        self.rounds_per_series = rounds_per_series
        self.sign_with_pin = sign_with_pin
        self.lists_per_table = lists_per_table

    def initial(self) -> dict:
        return {
            "name": str(self.label),
            "date": datetime.date.today(),
            "planned_series": self.planned_series,
            "rounds_per_series": self.rounds_per_series,
            "extra_points": Tournament._meta.get_field("extra_points").default,
            "team_size": Tournament._meta.get_field("team_size").default,
            "sign_with_pin": self.sign_with_pin,
            "lists_per_table": self.lists_per_table,
        }


PRESETS = {
    preset.slug: preset
    for preset in (
        Preset(
            "clubabend",
            _("Club evening"),
            _("2 series of 12 rounds: 48 games at a 4-table, 36 at a 3-table."),
            planned_series=2,
            rounds_per_series=12,
            sign_with_pin=False,
        ),
        Preset(
            "offenes-turnier",
            _("Open tournament"),
            _("3 series of 12 rounds: 48 games at a 4-table, 36 at a 3-table."),
            planned_series=3,
            rounds_per_series=12,
            sign_with_pin=False,
        ),
        Preset(
            "meisterschaft",
            _("Championship"),
            _(
                "3 series of 12 rounds; two lists per table, compared game by game; players "
                "confirm their lists only with the PIN of their start card."
            ),
            planned_series=3,
            rounds_per_series=12,
            sign_with_pin=True,
            lists_per_table=2,
        ),
    )
}
DEFAULT_PRESET = "clubabend"


# Whole numbers, amounts and ids as typed: ASCII digits only. Django's fields read "١٢"
# (Arabic-Indic digits) as 12 and "1e2" as 100, and a choice of id "٣" as record 3.
# Decimal and float fields first: Django derives them from IntegerField.
_TYPED_NUMBER = {
    forms.DecimalField: re.compile(r"-?(?:[0-9]+(?:[.,][0-9]*)?|[.,][0-9]+)"),
    forms.FloatField: re.compile(r"-?(?:[0-9]+(?:[.,][0-9]*)?|[.,][0-9]+)"),
    forms.IntegerField: re.compile(r"-?[0-9]+"),
    forms.ModelChoiceField: re.compile(r"[0-9]+"),
}


def _pattern_of(field):
    for kind, pattern in _TYPED_NUMBER.items():
        if isinstance(field, kind):
            if isinstance(field, forms.ModelChoiceField) and field.to_field_name not in (
                None,
                field.queryset.model._meta.pk.name,
            ):
                return None
            return pattern
    return None


class AccessibleForm:
    """Marks invalid fields for screen readers: ``aria-invalid`` and the error list's id,
    and refuses numbers and ids in other digits than 0-9 (:data:`_TYPED_NUMBER`).

    Hooked into ``add_error``, which both the form's own validation and
    :func:`add_problems` (a service's refusal) go through.
    """

    def full_clean(self):
        super().full_clean()
        if not self.is_bound:
            return
        for name, field in self.fields.items():
            pattern = _pattern_of(field)
            if pattern is None or name in self._errors:
                continue
            typed = field.widget.value_from_datadict(self.data, self.files, self.add_prefix(name))
            texts = typed if isinstance(typed, list | tuple) else [typed]
            if any(
                isinstance(text, str) and text.strip() and not pattern.fullmatch(text.strip())
                for text in texts
            ):
                self.add_error(name, gettext("Use the digits 0–9 only, please."))

    def add_error(self, field, error):
        super().add_error(field, error)
        for name in self._errors:
            if name not in self.fields:
                continue
            bound = self[name]
            described = [f"{bound.auto_id}_errors"]
            if self.fields[name].help_text:
                described.insert(0, f"{bound.auto_id}_helptext")
            self.fields[name].widget.attrs.update(
                {"aria-invalid": "true", "aria-describedby": " ".join(described)}
            )


class TournamentForm(AccessibleForm, forms.ModelForm):
    """A tournament's settings; number ranges are checked here so each error has its field."""

    class Meta:
        model = Tournament
        fields = [
            "name",
            "date",
            "venue",
            "club",
            "planned_series",
            "rounds_per_series",
            "extra_points",
            "team_size",
            "sign_with_pin",
            "lists_per_table",
            "self_registration",
            "check_in",
        ]
        widgets = {"date": forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d")}

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["club"].empty_label = gettext("— no organising club —")
        self.fields["club"].queryset = Club.objects.order_by("name")
        # Optional in a post (scripts and older forms send none): the setting stays.
        self.fields["lists_per_table"].required = False
        limits = {
            "rounds_per_series": (1, 40),
            "planned_series": (1, MAX_PLANNED_SERIES),
            "team_size": (1, 12),
        }
        for name, (low, high) in limits.items():
            model_field = self.fields[name]
            self.fields[name] = forms.IntegerField(
                label=model_field.label,
                help_text=model_field.help_text,
                min_value=low,
                max_value=high,
            )
        self.fields["date"].input_formats = ["%Y-%m-%d", "%d.%m.%Y"]

    def clean_lists_per_table(self):
        value = self.cleaned_data.get("lists_per_table")
        if value in (None, ""):
            return self.instance.lists_per_table if self.instance.pk else 1
        return value

    def clean(self):
        cleaned = super().clean()
        try:
            tournament_settings.ensure_settings_may_change(self.instance, cleaned)
        except Rejected as rejected:
            add_problems(self, rejected)
        return cleaned


class PlayerSearchForm(AccessibleForm, forms.Form):
    q = forms.CharField(
        label=_("Search players"),
        required=False,
        max_length=100,
        help_text=_("Part of the first name, last name or club."),
    )


PUBLICATION_HELP = _(
    "What rankings, lists and files open to everyone show: the full name and club "
    "(Erika Mustermann), the first name with the initial and club (Erika M.) or only "
    "the start number (Teilnehmer 17). The director, the treasurer and the table see the "
    "full name."
)


class NewPlayerForm(AccessibleForm, forms.Form):
    """A player who is not in the database yet, registered in the same step; the fields are
    ``register_new_player``'s keyword arguments (services/participants/registration.py),
    passed on as they are."""

    first_name = forms.CharField(
        label=_("first name"), max_length=100, validators=[refuse_control_characters]
    )
    last_name = forms.CharField(
        label=_("last name"), max_length=100, validators=[refuse_control_characters]
    )
    club = forms.ModelChoiceField(
        label=_("club"),
        queryset=Club.objects.order_by("name"),
        required=False,
        empty_label=_("— guest (no club) —"),
    )
    member_number = forms.CharField(label=_("member number"), max_length=30, required=False)
    publication = forms.ChoiceField(
        label=_("publication"),
        choices=[("", _("as the club's default"))] + Publication.choices,
        required=False,
        help_text=PUBLICATION_HELP,
    )


class PlayerConsentForm(AccessibleForm, forms.ModelForm):
    """A player's consent to publication, changed by a director (the change log records
    it with before and after)."""

    class Meta:
        model = Player
        fields = ["publication"]
        help_texts = {"publication": PUBLICATION_HELP}

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["publication"].required = True
        self.fields["publication"].choices = Publication.choices


class ImportUploadForm(AccessibleForm, forms.Form):
    file = forms.FileField(
        label=_("Player list (CSV or Excel)"),
        help_text=_(
            "Columns: Vorname, Nachname, and optionally Verein, Mitgliedsnummer, Mannschaft."
        ),
        widget=forms.FileInput(attrs={"accept": ".csv,.txt,.xlsx"}),
    )

    def clean_file(self):
        upload = self.cleaned_data["file"]
        if upload.size > MAX_IMPORT_BYTES:
            raise forms.ValidationError(
                gettext(
                    "The file is larger than %(limit)d MB; a player list is much smaller. "
                    "Check that you chose the right file."
                )
                % {"limit": MAX_IMPORT_BYTES // (1024 * 1024)},
                code="file_too_large",
            )
        return upload


class DrawForm(AccessibleForm, forms.Form):
    """The fields are ``draw_series``'s keyword arguments (services/draw.py), passed on as
    they are."""

    mode = forms.ChoiceField(
        label=_("How to draw"),
        choices=[
            (DrawMode.RANDOM.value, _("Random draw")),
            (DrawMode.SEEDED.value, _("Seeded by the current ranking (places 1–4 at table 1, …)")),
        ],
        initial=DrawMode.RANDOM.value,
        widget=forms.RadioSelect,
    )
    prefer_three = forms.BooleanField(
        label=_("Prefer 3-player tables"),
        required=False,
        help_text=_("As many 3-player tables as possible instead of 4-player tables."),
    )
    separate_clubs = forms.BooleanField(
        label=_("Keep players of the same club apart"),
        required=False,
        help_text=_("Team mates are always kept apart where possible."),
    )
    seed = forms.IntegerField(
        label=_("Seed"),
        required=False,
        min_value=0,
        max_value=MAX_SEED,
        help_text=_("The same seed with the same players gives the same tables again."),
    )
    # The draw the page showed (services.draw.draw_token): a page opened before another
    # draw must not replace tables its director has not seen.
    seen_draw = forms.CharField(required=False, widget=forms.HiddenInput)
    # Set once the page has said which wish gives way (services/draw_preview.py) and the
    # director draws again: the draw is stored as previewed.
    accept_preview = forms.BooleanField(required=False, widget=forms.HiddenInput)


class ReasonForm(AccessibleForm, forms.Form):
    """Closing or reopening a list needs a reason the audit trail keeps."""

    reason = forms.CharField(
        label=pgettext_lazy("closing a list", "Reason"),
        max_length=500,
        widget=forms.Textarea(attrs={"rows": 2}),
    )

    def clean_reason(self):
        reason = self.cleaned_data["reason"].strip()
        if not reason:
            raise forms.ValidationError(
                gettext("Say why, e.g. “seat 3 left without signing”."), code="required"
            )
        return reason


class ReopenForm(ReasonForm):
    """Reopening a signed or locked list: the reason, and a new table code in the same step
    (reopening withdraws the old one, services/sealing/closing.py)."""

    new_code = forms.BooleanField(
        label=_("Issue a new table code (the code on the table card no longer works)"),
        required=False,
        initial=True,
    )


def add_problems(form, rejected, field_map=None) -> None:
    """Put a service's problems next to the form's fields (or above the form)."""
    field_map = field_map or {}
    for problem in rejected.problems:
        name = field_map.get(problem.field, problem.field)
        form.add_error(name if name in form.fields else None, problem.text(gettext))


def message_problems(request, rejected) -> None:
    """A service's problems as error messages, for a button that has no form to show them."""
    for problem in rejected.problems:
        messages.error(request, problem.text(gettext))


@contextmanager
def problems_as_messages(request):
    """The block of a button that has no form: the service steps in it and the message that
    says they were done. A refusal ends the block and shows its problems as error messages
    (:func:`message_problems`); the view goes on to its redirect either way."""
    try:
        yield
    except Rejected as rejected:
        message_problems(request, rejected)
