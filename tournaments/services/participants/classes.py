"""Gender and age class (Wertungsklassen) for the prizes of women, juniors and seniors.

The player keeps the classes from evening to evening: a registration starts from the
player's (``register``, ``register_many``), and a change of a registration's classes is
written to the player too. A director sets them for every participant of a tournament in
one form (:func:`save_classes`); the player import reads them from the columns
Geschlecht and Altersklasse (:func:`gender_of_word`, :func:`category_of_word`).
"""

from django.db import transaction
from django.utils.translation import gettext_noop

from tournaments.models import Participant, Player

from .. import audit, player_scope
from ..errors import Problem, Rejected
from ..versions import touch_tournament
from .registration import locked_tournament

FIELDS = ("gender", "category")
CHOICES = {"gender": Participant.Gender, "category": Participant.Category}

# The cells of the columns Geschlecht and Altersklasse as people fill them in (after
# casefold and strip); an empty cell gives no class.
GENDER_WORDS = {
    **dict.fromkeys(("w", "f", "weiblich", "female", "frau", "damen", "dame"), "f"),
    **dict.fromkeys(("m", "männlich", "maennlich", "male", "mann", "herren", "herr"), "m"),
    **dict.fromkeys(("d", "divers", "diverse"), "d"),
    **dict.fromkeys(("-", "keine angabe"), ""),
}
CATEGORY_WORDS = {
    **dict.fromkeys(("j", "jun", "junior", "junioren", "jugend", "jugendliche"), "junior"),
    **dict.fromkeys(("s", "sen", "senior", "senioren"), "senior"),
    **dict.fromkeys(("-", "keine", "none"), ""),
}
CHOICE_PROBLEM = gettext_noop("%(name)s: Choose one of: %(choices)s.")


def gender_of_word(word: str) -> str | None:
    """The gender a cell of the column Geschlecht gives, "" for none, None if unknown."""
    word = (word or "").strip().casefold()
    return GENDER_WORDS.get(word) if word else ""


def category_of_word(word: str) -> str | None:
    """The age class a cell of the column Altersklasse gives, "" for none, None if unknown."""
    word = (word or "").strip().casefold()
    return CATEGORY_WORDS.get(word) if word else ""


def classes_of(player: Player) -> dict[str, str]:
    """What a new registration of ``player`` starts from."""
    return {field: getattr(player, field) for field in FIELDS}


def keep_on_player(participant: Participant) -> None:
    """Write the registration's classes to its player for the next evening."""
    Player.objects.filter(pk=participant.player_id).update(
        gender=participant.gender, category=participant.category
    )


def field_name(field: str, participant_id: int) -> str:
    """The form field of one participant's class, as the page and the refusals name it."""
    return f"{field}-{participant_id}"


def _refuse_unknown_values(values: dict[int, dict[str, str]], names: dict[int, str]) -> None:
    """Refuse every value that is no class, each on its own field, naming the player;
    rows of others (an id not in ``names``) are ignored."""
    problems = []
    for pk, given in values.items():
        for field in FIELDS:
            value = given.get(field)
            if pk not in names or value is None or value in CHOICES[field].values:
                continue
            labels = ", ".join(str(label) for label in CHOICES[field].labels)
            problems.append(
                Problem(
                    field_name(field, pk),
                    "invalid_choice",
                    CHOICE_PROBLEM,
                    {"name": names[pk], "choices": labels},
                )
            )
    if problems:
        raise Rejected(problems)


@transaction.atomic
def save_player_classes(club, values: dict[int, dict[str, str]], *, user=None) -> int:
    """:func:`save_classes` for the players of ``club`` (its directors only): what their
    next registrations start from. Registrations already made keep their classes."""
    player_scope.ensure_may_write_players_of(user, club)
    players = {player.pk: player for player in club.players.filter(pk__in=list(values))}
    _refuse_unknown_values(values, {pk: player.full_name for pk, player in players.items()})
    before, after = {}, {}
    for pk, player in players.items():
        old = classes_of(player)
        new = {**old, **{k: v for k, v in values[pk].items() if k in FIELDS and v is not None}}
        if new != old:
            before[pk], after[pk] = old, new
            Player.objects.filter(pk=pk).update(**new)
    if after:
        audit.record("player_classes_changed", user=user, obj=club, before=before, after=after)
    return len(after)


@transaction.atomic
def save_classes(tournament, values: dict[int, dict[str, str]], *, user=None) -> int:
    """Set the classes of many participants of ``tournament`` at once: ``values`` maps a
    participant's id to ``{"gender": …, "category": …}`` (a missing key: unchanged).

    All or nothing: one wrong value refuses the whole form, each problem on its
    participant's field and naming the player. Returns how many registrations changed;
    one audit entry lists them with before and after.
    """
    locked_tournament(tournament)
    people = {
        participant.pk: participant
        for participant in tournament.participants.select_related("player").filter(
            pk__in=list(values)
        )
    }
    _refuse_unknown_values(values, {pk: person.player.full_name for pk, person in people.items()})
    before, after, changed = {}, {}, []
    for participant_id, participant in people.items():
        old = classes_of(participant)
        for field in FIELDS:
            if values[participant_id].get(field) is not None:
                setattr(participant, field, values[participant_id][field])
        new = classes_of(participant)
        if new != old:
            before[participant_id], after[participant_id] = old, new
            changed.append(participant)
    if changed:
        Participant.objects.bulk_update(changed, FIELDS)
        touch_tournament(tournament.pk)  # bulk_update sends no signals
        for participant in changed:
            keep_on_player(participant)
        audit.record(
            "participant_classes_changed", user=user, obj=tournament, before=before, after=after
        )
    return len(changed)
