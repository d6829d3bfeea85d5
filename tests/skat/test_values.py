"""Game values worked out by hand from docs/rules.md section 1.

Each case says the multiplier step by step: matadors N, +1 Spiel, then the levels.
"""

import pytest

from tournaments.skat import POSSIBLE_GAME_VALUES, GameType, Levels, evaluate_data

HEARTS_HAND_MIT_2 = {"game": "hearts", "matadors": 2, "hand": True}
GRAND_HAND_MIT_4 = {"game": "grand", "matadors": 4, "hand": True}
CLUBS_MIT_1 = {"game": "clubs", "matadors": 1}

VALUE_CASES = [
    # 1.4 missed announcement: 2 + Spiel + Hand + Schneider + angesagt = 6; 6 × 10 = 60; −120
    pytest.param(
        {**HEARTS_HAND_MIT_2, "schneider_announced": True, "declarer_eyes": 75},
        60,
        -120,
        id="hearts-hand-with2-schneider-announced-missed-75-eyes",
    ),
    pytest.param(
        {**HEARTS_HAND_MIT_2, "schneider_announced": True, "won": False},
        60,
        -120,
        id="hearts-hand-with2-schneider-announced-lost",
    ),
    # 1.4 example: 4 + Spiel + Hand + Schneider + angesagt = 8; 8 × 24 = 192; −384
    pytest.param(
        {**GRAND_HAND_MIT_4, "schneider_announced": True, "declarer_eyes": 88},
        192,
        -384,
        id="grand-hand-with4-schneider-announced-opponents-32",
    ),
    # 1.4 a higher level than announced counts: 1 + Spiel + Hand + Schneider + angesagt
    # + Schwarz = 6; 6 × 24 = 144
    pytest.param(
        {
            "game": "grand",
            "matadors": 1,
            "hand": True,
            "schneider_announced": True,
            "declarer_eyes": 120,
            "declarer_tricks": 10,
        },
        144,
        144,
        id="grand-hand-with1-schneider-announced-won-schwarz",
    ),
    # 1.5 Null at bid 24, mit 1: Karo 3 × 9 = 27, Herz 3 × 10 = 30, Pik 3 × 11 = 33,
    # Kreuz 2 × 12 = 24, Grand 2 × 24 = 48 → Kreuz 24; −48
    pytest.param(
        {"game": "null", "matadors": 1, "bid": 24, "won": True},
        24,
        -48,
        id="null-bid24-with1",
    ),
    # 1.5 Null at bid 60, mit 1: Karo 7 × 9 = 63, Herz 6 × 10 = 60, Pik 6 × 11 = 66,
    # Kreuz 5 × 12 = 60, Grand 3 × 24 = 72 → 60; −120
    pytest.param(
        {"game": "null", "matadors": 1, "bid": 60, "won": False},
        60,
        -120,
        id="null-bid60-with1",
    ),
    # 1.5 bid 48, Kreuz mit 1 won (2 × 12 = 24 < 48): ceil(48 / 12) = 4; 4 × 12 = 48; −96
    pytest.param({**CLUBS_MIT_1, "won": True, "bid": 48}, 48, -96, id="clubs-with1-bid48"),
    # 1.5 bid 33, Pik mit 1, 75 eyes (2 × 11 = 22 < 33): ceil(33 / 11) = 3; 33; −66
    pytest.param(
        {"game": "spades", "matadors": 1, "declarer_eyes": 75, "bid": 33},
        33,
        -66,
        id="spades-with1-bid33-75-eyes",
    ),
    # 1.5 bid 33, Pik mit 1, 95 eyes: 1 + Spiel + Schneider = 3; 3 × 11 = 33 reaches it; +33
    pytest.param(
        {"game": "spades", "matadors": 1, "declarer_eyes": 95, "bid": 33},
        33,
        33,
        id="spades-with1-bid33-95-eyes",
    ),
    # 1.5 bid 22, Karo ohne 1, 89 eyes (2 × 9 = 18 < 22): ceil(22 / 9) = 3; 27; −54
    pytest.param(
        {
            "game": "diamonds",
            "matadors": 1,
            "with_matadors": False,
            "declarer_eyes": 89,
            "bid": 22,
        },
        27,
        -54,
        id="diamonds-without1-bid22-89-eyes",
    ),
    # 1.3 Schwarz is about tricks: 120 eyes in 9 tricks (opponents took one 0-eye trick)
    # is Schneider, not Schwarz: 1 + Spiel + Schneider = 3; 3 × 12 = 36
    pytest.param(
        {**CLUBS_MIT_1, "declarer_eyes": 120, "declarer_tricks": 9},
        36,
        36,
        id="clubs-with1-120-eyes-9-tricks-not-schwarz",
    ),
    # the same with all 10 tricks: 1 + Spiel + Schneider + Schwarz = 4; 48
    pytest.param(
        {**CLUBS_MIT_1, "declarer_eyes": 120, "declarer_tricks": 10},
        48,
        48,
        id="clubs-with1-10-tricks-schwarz",
    ),
    # declarer took no trick: lost Schwarz, 1 + Spiel + Schneider + Schwarz = 4; 48; −96
    pytest.param(
        {**CLUBS_MIT_1, "declarer_eyes": 0, "declarer_tricks": 0},
        48,
        -96,
        id="clubs-with1-declarer-no-trick",
    ),
    # declarer took one 0-eye trick: not Schwarz, lost Schneider, 3 × 12 = 36; −72
    pytest.param(
        {**CLUBS_MIT_1, "declarer_eyes": 0, "declarer_tricks": 1},
        36,
        -72,
        id="clubs-with1-declarer-one-0-eye-trick",
    ),
    # 1.3 Schneider counts for either party: Herz mit 2 with 30 eyes,
    # 2 + Spiel + Schneider = 4; 4 × 10 = 40; −80
    pytest.param(
        {"game": "hearts", "matadors": 2, "declarer_eyes": 30, "declarer_tricks": 3},
        40,
        -80,
        id="hearts-with2-30-eyes-declarer-schneider",
    ),
    # 31 eyes are not Schneider: 2 + Spiel = 3; 30; −60
    pytest.param(
        {"game": "hearts", "matadors": 2, "declarer_eyes": 31, "declarer_tricks": 3},
        30,
        -60,
        id="hearts-with2-31-eyes",
    ),
    # 1.4 60:60 is lost: Grand mit 1, 2 × 24 = 48; −96
    pytest.param(
        {"game": "grand", "matadors": 1, "declarer_eyes": 60}, 48, -96, id="grand-with1-60-eyes"
    ),
    pytest.param(
        {"game": "grand", "matadors": 1, "declarer_eyes": 61}, 48, 48, id="grand-with1-61-eyes"
    ),
    # 1.4 conceded games are lost "einfach": 20 eyes would be Schneider, but only
    # 1 + Spiel = 2 counts; 24; −48
    pytest.param(
        {**CLUBS_MIT_1, "conceded": True, "declarer_eyes": 20},
        24,
        -48,
        id="clubs-with1-conceded-20-eyes",
    ),
    # no trick would be Schwarz: still einfach, 24; −48
    pytest.param(
        {**CLUBS_MIT_1, "conceded": True, "declarer_eyes": 0, "declarer_tricks": 0},
        24,
        -48,
        id="clubs-with1-conceded-no-trick",
    ),
    # hand still counts: 1 + Spiel + Hand = 3; 36; −72
    pytest.param(
        {**CLUBS_MIT_1, "hand": True, "conceded": True, "schneider": True},
        36,
        -72,
        id="clubs-hand-with1-conceded",
    ),
    # announced levels count: 1 + Spiel + Hand + Schneider + angesagt = 5; 60; −120
    pytest.param(
        {**CLUBS_MIT_1, "hand": True, "schneider_announced": True, "conceded": True},
        60,
        -120,
        id="clubs-hand-with1-schneider-announced-conceded",
    ),
    # Null conceded: 23; −46
    pytest.param({"game": "null", "conceded": True}, 23, -46, id="null-conceded"),
    # 1.3 ouvert lost counts every level: 2 + Spiel + Hand + Schneider + angesagt + Schwarz
    # + angesagt + Ouvert = 9; 9 × 12 = 108; −216
    pytest.param(
        {"game": "clubs", "matadors": 2, "ouvert": True, "won": False},
        108,
        -216,
        id="clubs-ouvert-with2-lost",
    ),
    # ouvert with 120 eyes in 9 tricks is lost (every trick needed): 108; −216
    pytest.param(
        {
            "game": "clubs",
            "matadors": 2,
            "ouvert": True,
            "hand": True,
            "declarer_eyes": 120,
            "declarer_tricks": 9,
        },
        108,
        -216,
        id="clubs-ouvert-with2-9-tricks",
    ),
    # 4 + 7 levels = 11; 11 × 24 = 264; −528
    pytest.param(
        {"game": "grand", "matadors": 4, "ouvert": True, "won": False},
        264,
        -528,
        id="grand-ouvert-with4-lost",
    ),
    # 1.3 smallest value: Karo mit/ohne 1, Spiel 2; 2 × 9 = 18
    pytest.param({"game": "diamonds", "matadors": 1, "won": True}, 18, 18, id="smallest-with1"),
    pytest.param(
        {"game": "diamonds", "matadors": 1, "with_matadors": False, "won": True},
        18,
        18,
        id="smallest-without1",
    ),
    # 1.3 largest value: Grand ouvert mit 4, 11 × 24 = 264
    pytest.param(
        {
            "game": "grand",
            "matadors": 4,
            "ouvert": True,
            "declarer_eyes": 120,
            "declarer_tricks": 10,
        },
        264,
        264,
        id="largest-grand-ouvert-with4",
    ),
    # 1.1 Null values are fixed; lost counts double
    pytest.param({"game": "null", "declarer_tricks": 0}, 23, 23, id="null-no-trick"),
    pytest.param({"game": "null", "declarer_tricks": 1}, 23, -46, id="null-one-trick"),
    pytest.param(
        {"game": "null", "ouvert": True, "hand": True, "won": False},
        59,
        -118,
        id="null-ouvert-hand-lost",
    ),
    # a bid equal to the Null value is not overbid
    pytest.param({"game": "null", "hand": True, "bid": 35, "won": True}, 35, 35, id="null-bid35"),
]


@pytest.mark.parametrize(("data", "game_value", "score"), VALUE_CASES)
def test_game_value_when_worked_out_by_hand(data, game_value, score):
    evaluation = evaluate_data(data)

    assert (evaluation.game_value, evaluation.score) == (game_value, score)


@pytest.mark.parametrize(
    ("data", "won", "overbid"),
    [
        pytest.param({**CLUBS_MIT_1, "won": True, "bid": 48}, False, True, id="won-overbid"),
        pytest.param({**CLUBS_MIT_1, "won": False, "bid": 48}, False, True, id="lost-overbid"),
        pytest.param({**CLUBS_MIT_1, "won": True, "bid": 24}, True, False, id="bid-reached"),
        pytest.param({"game": "null", "matadors": 1, "bid": 24}, False, True, id="null-overbid"),
        pytest.param({"game": "null", "bid": 23, "won": True}, True, False, id="null-bid-reached"),
    ],
)
def test_overbid_flag_when_bid_given(data, won, overbid):
    evaluation = evaluate_data(data)

    assert (evaluation.won, evaluation.overbid) == (won, overbid)


def test_overbid_keeps_played_multiplier():
    evaluation = evaluate_data({**CLUBS_MIT_1, "won": True, "bid": 48})

    assert (evaluation.played_multiplier, evaluation.multiplier) == (2, 4)


@pytest.mark.parametrize(
    ("bid", "scored_as"),
    [
        pytest.param(24, {GameType.CLUBS}, id="bid24-clubs"),
        # Herz 6 × 10 and Kreuz 5 × 12 are both 60: either is the cheapest
        pytest.param(60, {GameType.HEARTS, GameType.CLUBS}, id="bid60-hearts-or-clubs"),
    ],
)
def test_overbid_null_scored_as_cheapest_game(bid, scored_as):
    evaluation = evaluate_data({"game": "null", "matadors": 1, "bid": bid})

    assert evaluation.scored_as in scored_as
    assert evaluation.game is GameType.NULL


@pytest.mark.parametrize(
    ("levels", "multiplier"),
    [
        pytest.param(Levels(1, True), 2, id="with1-game"),
        pytest.param(Levels(3, False, hand=True, schneider=True), 6, id="without3-hand-schneider"),
        pytest.param(
            Levels(4, True, True, True, True, True, True, True), 11, id="grand-ouvert-levels"
        ),
    ],
)
def test_levels_multiplier_counts_matadors_game_and_flags(levels, multiplier):
    assert levels.multiplier == multiplier


def test_conceded_game_is_marked_conceded():
    evaluation = evaluate_data({**CLUBS_MIT_1, "conceded": True})

    assert (evaluation.won, evaluation.conceded) == (False, True)


def test_possible_game_values_are_null_values_and_base_multiples():
    # 1.1-1.3: suits base × 2..18 (11 matadors + Spiel + 6 levels), Grand 24 × 2..11,
    # Null 23, 35, 46, 59
    suits = {base * m for base in (9, 10, 11, 12) for m in range(2, 19)}
    grand = {24 * m for m in range(2, 12)}

    assert POSSIBLE_GAME_VALUES == tuple(sorted(suits | grand | {23, 35, 46, 59}))
    assert len(POSSIBLE_GAME_VALUES) == 63


def test_possible_game_values_run_from_18_to_264():
    assert (POSSIBLE_GAME_VALUES[0], POSSIBLE_GAME_VALUES[-1]) == (18, 264)


@pytest.mark.parametrize("value", [23, 35, 46, 59, 18, 20, 22, 24, 27, 48, 162, 216, 240, 264])
def test_possible_game_values_contain_game_value(value):
    assert value in POSSIBLE_GAME_VALUES


@pytest.mark.parametrize("value", [17, 19, 21, 25, 26, 28, 29, 31, 34, 228, 252, 265])
def test_possible_game_values_exclude_impossible_value(value):
    assert value not in POSSIBLE_GAME_VALUES


# Explanations (English message ids, docs/rules.md 1.3 / 1.5): U+2212 minus, U+2013 en dash.
EXPLANATION_CASES = [
    # normal game
    pytest.param(
        {"game": "clubs", "matadors": 2, "hand": True, "won": True},
        "with 2, game 3, hand 4 × Clubs (12) = 48, won: +48",
        id="normal",
    ),
    pytest.param(
        {"game": "grand", "matadors": 3, "with_matadors": False, "won": True},
        "without 3, game 4 × Grand (24) = 96, won: +96",
        id="without",
    ),
    pytest.param(
        {"game": "diamonds", "matadors": 1, "ouvert": True, "won": True, "schwarz": True},
        "with 1, game 2, hand 3, Schneider 4, Schneider announced 5, Schwarz 6, "
        "Schwarz announced 7, ouvert 8 × Diamonds (9) = 72, won: +72",
        id="ouvert",
    ),
    # overbid game
    pytest.param(
        {**CLUBS_MIT_1, "won": True, "bid": 48},
        "with 1, game 2 – overbid at 48: 4 × Clubs (12) = 48, lost: −96",
        id="overbid",
    ),
    pytest.param(
        {**CLUBS_MIT_1, "conceded": True, "declarer_eyes": 20},
        "with 1, game 2 × Clubs (12) = 24, lost (einfach): −48",
        id="conceded",
    ),
    # null games
    pytest.param({"game": "null", "won": True}, "Null = 23, won: +23", id="null"),
    pytest.param(
        {"game": "null", "ouvert": True, "hand": True, "won": False},
        "Null ouvert hand = 59, lost: −118",
        id="null-ouvert-hand",
    ),
    # null overbid: Kreuz mit 1 reaches 24 without raising the multiplier
    pytest.param(
        {"game": "null", "matadors": 1, "bid": 24},
        "Null (23) – overbid at 24: with 1, game 2 × Clubs (12) = 24, lost: −48",
        id="null-overbid",
    ),
    # null overbid: the multiplier is raised to 6 × Herz (10) = 60
    pytest.param(
        {"game": "null", "matadors": 1, "bid": 60},
        "Null (23) – overbid at 60: with 1, game 2 – 6 × Hearts (10) = 60, lost: −120",
        id="null-overbid-raised",
    ),
]


@pytest.mark.parametrize(("data", "text"), EXPLANATION_CASES)
def test_explain_when_translation_is_identity(data, text):
    evaluation = evaluate_data(data)

    assert evaluation.explain() == text


def test_explain_uses_real_minus_and_en_dash():
    text = evaluate_data({**CLUBS_MIT_1, "won": True, "bid": 48}).explain()

    assert ("\u2212" in text, "\u2013" in text, "-" in text) == (True, True, False)


GERMAN = {
    "with %(n)d": "mit %(n)d",
    "game %(n)d": "Spiel %(n)d",
    "hand %(n)d": "Hand %(n)d",
    "Clubs": "Kreuz",
    "overbid at %(bid)d": "überreizt bei %(bid)d",
    "won: %(score)s": "gewonnen: %(score)s",
    "lost: %(score)s": "verloren: %(score)s",
    "Null": "Null",
}


def fake_translate(message):
    return GERMAN.get(message, message)


@pytest.mark.parametrize(
    ("data", "text"),
    [
        pytest.param(
            {"game": "clubs", "matadors": 2, "hand": True, "won": True},
            "mit 2, Spiel 3, Hand 4 × Kreuz (12) = 48, gewonnen: +48",
            id="normal",
        ),
        pytest.param(
            {**CLUBS_MIT_1, "won": True, "bid": 48},
            "mit 1, Spiel 2 – überreizt bei 48: 4 × Kreuz (12) = 48, verloren: −96",
            id="overbid",
        ),
        pytest.param(
            {"game": "null", "matadors": 1, "bid": 24},
            "Null (23) – überreizt bei 24: mit 1, Spiel 2 × Kreuz (12) = 24, verloren: −48",
            id="null-overbid",
        ),
    ],
)
def test_explain_when_translate_is_given(data, text):
    evaluation = evaluate_data(data)

    assert evaluation.explain(fake_translate) == text


def test_explain_passes_every_message_id_to_translate():
    seen = []
    evaluation = evaluate_data({**CLUBS_MIT_1, "won": True, "bid": 48})

    evaluation.explain(lambda message: seen.append(message) or message)

    assert set(seen) == {
        "with %(n)d",
        "game %(n)d",
        "Clubs",
        "× %(game)s (%(base)d) = %(value)d",
        "overbid at %(bid)d",
        "lost: %(score)s",
    }


def test_conceded_overbid_null_is_marked_conceded():
    evaluation = evaluate_data({"game": "null", "matadors": 1, "bid": 24, "conceded": True})

    assert (evaluation.score, evaluation.conceded) == (-48, True)
