"""Reading a posted game form into game fields, the one path of the touch entry's preview."""

import pytest
from django.http import QueryDict
from hypothesis import given
from hypothesis import strategies as st

from tests import factories as f
from tournaments.services.errors import Rejected
from tournaments.services.lists.game_form import (
    calculator_fields,
    game_fields,
    number_or_text,
    preview_at_table,
    whole_number,
)


def form(**fields) -> QueryDict:
    data = QueryDict(mutable=True)
    data.update(fields)
    return data


def test_passed_in_game_has_no_other_fields():
    assert game_fields(form(number="3", declarer="passed", game="clubs")) == {
        "number": 3,
        "passed": True,
    }


def test_suit_game_reads_ticked_boxes_and_denies_unticked_levels():
    data = game_fields(
        form(declarer="2", game="clubs", matadors="2", with_matadors="false", hand="on", won="true")
    )

    assert data == {
        "declarer_seat": 2,
        "game": "clubs",
        "hand": True,
        "schneider": False,
        "schwarz": False,
        "won": True,
        "matadors": 2,
        "with_matadors": False,
    }


@pytest.mark.parametrize(("bid", "has_matadors"), [("", False), ("23", False), ("24", True)])
def test_null_game_needs_matadors_only_when_overbid(bid, has_matadors):
    data = game_fields(form(declarer="1", game="null", matadors="1", bid=bid, won="false"))

    assert ("matadors" in data) is has_matadors


def test_wrong_numbers_are_kept_as_typed_for_the_rules_to_name():
    assert game_fields(form(declarer="zwei", bid="18x"))["declarer_seat"] == "zwei"
    assert game_fields(form(declarer="1", bid="18x"))["bid"] == "18x"


@given(st.text(max_size=30))
def test_whole_number_is_an_int_only_for_short_ascii_digits(text):
    number = whole_number(text)

    stripped = text.strip()
    expected = stripped.isascii() and stripped.isdigit() and len(stripped) <= 9
    assert (number is not None) is expected
    assert number_or_text(text) == (number if expected else stripped[:20])


@pytest.mark.django_db
def test_preview_at_table_values_the_next_game_with_new_totals():
    table = f.make_seated_table(players=3)

    preview = preview_at_table(
        table, form(declarer="1", game="grand", matadors="1", with_matadors="true", won="true")
    )

    assert (preview.number, preview.evaluation.game_value) == (1, 48)
    assert preview.totals == {1: 48 + 50, 2: 0, 3: 0}


@pytest.mark.django_db
def test_preview_at_table_names_a_missing_game():
    table = f.make_seated_table(players=3)

    with pytest.raises(Rejected) as refused:
        preview_at_table(table, form(declarer="1", won="true"))

    assert "game" in {problem.field for problem in refused.value.problems}


def test_calculator_form_with_result_boxes_reads_like_the_touch_form():
    posted = form(game="grand", matadors="2", hand="on", won="true", schneider="on", bid="48")
    posted.update({"result_mode": "won", "csrfmiddlewaretoken": "x"})

    assert calculator_fields(posted) == {
        "game": "grand",
        "matadors": 2,
        "with_matadors": True,
        "hand": True,
        "schneider": True,
        "schwarz": False,
        "won": True,
        "bid": 48,
    }


def test_calculator_form_by_eyes_leaves_won_and_levels_to_the_rules():
    posted = form(game="clubs", matadors="1", won="false", result_mode="eyes", declarer_eyes="92")
    posted["declarer_tricks"] = "6"

    assert calculator_fields(posted) == {
        "game": "clubs",
        "matadors": 1,
        "with_matadors": True,
        "declarer_eyes": 92,
        "declarer_tricks": 6,
    }


def test_calculator_form_for_null_by_eyes_reads_only_the_tricks():
    posted = form(game="null", result_mode="eyes", declarer_eyes="40", declarer_tricks="0")

    assert calculator_fields(posted) == {"game": "null", "declarer_tricks": 0}


def test_calculator_form_keeps_bad_numbers_for_the_rules_to_name():
    posted = form(game="clubs", matadors="viele", result_mode="eyes", declarer_eyes="x")

    assert calculator_fields(posted)["declarer_eyes"] == "x"
    assert calculator_fields(posted)["matadors"] == "viele"
