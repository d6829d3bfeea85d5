"""Eyes pushed into the skat and no trick: lost Schwarz (Skat Court on ISkO 2.5.6).

See docs/rules.md 1.3: the skat is no trick, so its eyes count only once the declarer has
a trick; a declarer without a trick is Schwarz however many eyes lie in the skat.
"""

import pytest

from tournaments.skat import GameInvalid, evaluate_data


@pytest.mark.parametrize("eyes", [2, 10, 21, 22])
def test_grand_with_pushed_eyes_and_no_trick_is_lost_schneider_schwarz(eyes):
    # Grand mit 1: 1 + Spiel + Schneider + Schwarz = 4; 4 × 24 = 96; lost counts double
    evaluation = evaluate_data(
        {"game": "grand", "matadors": 1, "declarer_eyes": eyes, "declarer_tricks": 0}
    )

    assert (evaluation.game_value, evaluation.score, evaluation.won) == (96, -192, False)
    assert evaluation.levels.schwarz and evaluation.levels.schneider
    assert evaluation.uncounted_skat_eyes == eyes


def test_explanation_says_the_skat_eyes_did_not_count_and_not_that_opponents_got_them():
    evaluation = evaluate_data(
        {"game": "grand", "matadors": 1, "declarer_eyes": 22, "declarer_tricks": 0}
    )

    text = evaluation.explain()
    assert "22 eyes in the skat do not count" in text
    assert "opponents" not in text


def test_more_eyes_than_a_skat_can_hold_without_a_trick_is_refused():
    with pytest.raises(GameInvalid) as refused:
        evaluate_data({"game": "grand", "matadors": 1, "declarer_eyes": 23, "declarer_tricks": 0})

    assert [(p.field, p.code) for p in refused.value.problems] == [
        ("declarer_tricks", "tricks_contradict_eyes")
    ]


@pytest.mark.parametrize(
    "entry",
    [
        {"game": "clubs", "matadors": 1, "declarer_eyes": 120},
        {"game": "clubs", "matadors": 1, "declarer_eyes": 0},
        {"game": "clubs", "matadors": 1, "declarer_eyes": 120, "schwarz": False},
        {
            "game": "grand",
            "matadors": 2,
            "hand": True,
            "schwarz_announced": True,
            "declarer_eyes": 120,
        },
        {"game": "clubs", "matadors": 2, "ouvert": True, "hand": True, "declarer_eyes": 120},
    ],
)
def test_schwarz_in_question_without_tricks_asks_for_the_tricks(entry):
    with pytest.raises(GameInvalid) as refused:
        evaluate_data(entry)

    assert [(p.field, p.code) for p in refused.value.problems] == [
        ("declarer_tricks", "tricks_required")
    ]


@pytest.mark.parametrize(
    ("entry", "score"),
    [
        # 120 eyes in nine tricks: won Schneider, not Schwarz: 1 + Spiel + Schneider = 3 × 12
        ({"game": "clubs", "matadors": 1, "declarer_eyes": 120, "declarer_tricks": 9}, 36),
        # all ten tricks: + Schwarz = 4 × 12
        ({"game": "clubs", "matadors": 1, "declarer_eyes": 120, "declarer_tricks": 10}, 48),
        # Schwarz ticked answers the question as well
        ({"game": "clubs", "matadors": 1, "declarer_eyes": 120, "schwarz": True}, 48),
        # a trick worth nothing: lost Schneider, not Schwarz: 3 × 12 = 36, lost −72
        ({"game": "clubs", "matadors": 1, "declarer_eyes": 0, "declarer_tricks": 1}, -72),
    ],
)
def test_schwarz_in_question_is_scored_once_the_tricks_are_known(entry, score):
    assert evaluate_data(entry).score == score
