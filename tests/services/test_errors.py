"""The refusal catalogue: each service module declares its refusals once (``Refusal``) and
raises them in one line; a refusal becomes the same ``Rejected`` as before."""

import pytest
from django.utils import translation
from django.utils.translation import gettext

from tournaments.services.errors import Refusal, Rejected
from tournaments.skat import Problem

PLAIN = Refusal("seats", "seats_not_ids", "Seats must be participant ids (numbers).")
FULL = Refusal(
    "from_game", "table_full", "The table already has 4 players at game %(game)d.", conflict=True
)
GONE = Refusal("payment", "payment_not_found", "There is no such payment.", missing=True)
ANY_FIELD = Refusal(None, "too_long", "At most %(max)d characters, please (now %(length)d).")


def test_a_refusal_becomes_one_problem_with_the_params_given():
    rejected = FULL.rejected(game=5)

    assert isinstance(rejected, Rejected)
    assert rejected.problems == (Problem("from_game", "table_full", FULL.message),)
    assert rejected.problems[0].params == {"game": 5}
    assert rejected.problems[0].text() == "The table already has 4 players at game 5."
    assert str(rejected) == "from_game: The table already has 4 players at game 5."


@pytest.mark.parametrize(
    ("refusal", "conflict", "missing"),
    [(PLAIN, False, False), (FULL, True, False), (GONE, False, True)],
)
def test_the_kind_of_refusal_is_carried_to_the_exception(refusal, conflict, missing):
    rejected = refusal.rejected(game=1)

    assert (rejected.conflict, rejected.missing) == (conflict, missing)


def test_a_refusal_is_the_same_exception_as_the_one_written_in_full():
    built = FULL.rejected(game=7)
    by_hand = Rejected.because("from_game", "table_full", FULL.message, conflict=True, game=7)

    assert (built.problems, built.conflict, built.missing) == (
        by_hand.problems,
        by_hand.conflict,
        by_hand.missing,
    )
    assert built.problems[0].params == by_hand.problems[0].params


def test_the_caller_names_the_field_when_the_refusal_leaves_it_open():
    problem = ANY_FIELD.rejected("note", max=500, length=501).problems[0]

    assert (problem.field, problem.code) == ("note", "too_long")
    assert problem.text() == "At most 500 characters, please (now 501)."
    with pytest.raises(TypeError, match="too_long"):
        ANY_FIELD.rejected(max=500, length=501)


def test_a_given_field_replaces_the_declared_one_and_the_declaration_stays():
    assert PLAIN.problem("participant").field == "participant"
    assert PLAIN.problem().field == "seats"


def test_a_catalogue_message_is_translated_by_the_interfaces():
    problem = FULL.rejected(game=5).problems[0]

    with translation.override("de"):
        answer = problem.as_dict(gettext)

    assert answer == {
        "field": "from_game",
        "code": "table_full",
        "message": "Der Tisch hat bei Spiel 5 bereits 4 Spieler.",
    }
