"""The cases of the differential test of the rules (test_rules_in_the_browser.py).

Every game the rule and court tests of ``tests/skat/`` try (their parametrized dicts and
lines, and ``tests/data/game_values.json``), and seeded random games, lists at 3- and
4-tables, touch forms and keyboard lines; with what the Python side answers for each,
field by field, in the shape the browser's copy of the rules answers in.
"""

import importlib
import json
import random
from dataclasses import asdict
from pathlib import Path

from tournaments.services.lists.game_form import calculator_fields, game_fields
from tournaments.skat import (
    GAME_POINTS_ONLY,
    POSSIBLE_GAME_VALUES,
    SKWO,
    GameInvalid,
    evaluate_data,
)
from tournaments.skat.entry import check_entry, points_per_seat
from tournaments.skat.notation import format_game_line, parse_game_line
from tournaments.skat.rounds import Presence, deal_of, plan_rounds

SEED = 34
GAMES = ("diamonds", "hearts", "spades", "clubs", "grand", "null")
RULE_MODULES = (
    "tests.skat.test_values",
    "tests.skat.test_validation",
    "tests.skat.test_skat_eyes_without_trick",
    "tests.skat.test_extra_points",
    "tests.skat.test_properties",
)
NOTATION_MODULES = ("tests.skat.test_notation",)
REFERENCE = Path(__file__).resolve().parents[1] / "data" / "game_values.json"


def scheme_data(scheme) -> dict:
    return asdict(scheme)


# -- what the Python side answers ----------------------------------------------------------


def problems_of(invalid: GameInvalid) -> list:
    return [
        [p.field, p.code, p.message, json.loads(json.dumps(p.params, default=str))]
        for p in invalid.problems
    ]


def evaluation_of(evaluation) -> dict:
    return {
        "scored_as": evaluation.scored_as.value,
        "base_value": evaluation.base_value,
        "multiplier": evaluation.multiplier,
        "game_value": evaluation.game_value,
        "won": evaluation.won,
        "overbid": evaluation.overbid,
        "score": evaluation.score,
        "list_points": asdict(evaluation.list_points),
        "played_multiplier": evaluation.played_multiplier,
        "uncounted_skat_eyes": evaluation.uncounted_skat_eyes,
        "levels": asdict(evaluation.levels) if evaluation.levels else None,
        "explanation": evaluation.explain(),
    }


def game_answer(data, scheme) -> dict:
    try:
        return {"evaluation": evaluation_of(evaluate_data(data, scheme))}
    except GameInvalid as invalid:
        return {"problems": problems_of(invalid)}


def list_answer(case) -> list:
    """Game by game: the problems, or the points of every seat and the running totals."""
    scheme = SKWO if case["scheme"] == "skwo" else GAME_POINTS_ONLY
    totals: dict[str, int] = {}
    answers = []
    for deal, data in zip(case["deals"], case["games"], strict=True):
        rule_deal = _deal(deal)
        try:
            entry = check_entry(data, rule_deal, scheme)
        except GameInvalid as invalid:
            answers.append({"problems": problems_of(invalid)})
            continue
        points = points_per_seat(entry, rule_deal)
        by_seat = {}
        for seat, value in points.items():
            participant = str(deal["participants"][str(seat)])
            totals[participant] = totals.get(participant, 0) + value
            by_seat[str(seat)] = totals[participant]
        answers.append({"points": {str(s): v for s, v in points.items()}, "totals": by_seat})
    return answers


def line_answer(line, scheme) -> dict:
    parsed = parse_game_line(line, scheme)
    answer = {
        "data": json.loads(json.dumps(parsed.data)),
        "problems": [
            [p.field, p.code, p.message, json.loads(json.dumps(p.params, default=str))]
            for p in parsed.problems
        ],
        "tokens": [
            [t.text, t.position, t.start, t.end, t.field, json.loads(json.dumps(t.value))]
            for t in parsed.tokens
        ],
        "evaluation": evaluation_of(parsed.evaluation) if parsed.evaluation else None,
    }
    if parsed.ok:
        answer["canonical"] = format_game_line(parsed.data)
    return answer


def form_answer(pairs) -> dict:
    form = _QueryDict(pairs)
    return {"game": game_fields(form), "calculator": calculator_fields(form)}


class _QueryDict(dict):
    """The posted form as Django reads it: the last value of a name."""

    def __init__(self, pairs):
        super().__init__((name, value) for name, value in pairs)


class _Deal:
    def __init__(self, deal):
        self.number = deal["number"]
        self.dealer = deal["dealer"]
        self.seats = tuple(deal["seats"])
        self.active = tuple(deal["active"])
        self.table_size = deal["table_size"]


def _deal(deal):
    return _Deal(deal)


# -- the cases the rule tests try ----------------------------------------------------------


def _values_in(value, found):
    if isinstance(value, dict):
        found.append(value)
    elif isinstance(value, str):
        found.append(value)
    elif isinstance(value, list | tuple):
        for item in value:
            _values_in(item, found)
    elif hasattr(value, "values") and hasattr(value, "marks"):  # pytest.param(...)
        _values_in(list(value.values), found)


def _parametrized(module_name: str) -> list:
    module = importlib.import_module(module_name)
    found = []
    for item in vars(module).values():
        for mark in getattr(item, "pytestmark", ()):
            if mark.name == "parametrize":
                _values_in(list(mark.args[1]), found)
    return found


def _json_safe(value) -> bool:
    try:
        return json.loads(json.dumps(value, allow_nan=False)) == value and not _has_float(value)
    except (TypeError, ValueError):
        return False


def _has_float(value) -> bool:
    if isinstance(value, float):
        return True
    if isinstance(value, dict):
        return any(_has_float(item) for item in value.values())
    if isinstance(value, list):
        return any(_has_float(item) for item in value)
    return False


def suite_games() -> list:
    """Every game dict of the rule tests' parametrizations and of the reference file."""
    reference = json.loads(REFERENCE.read_text(encoding="utf-8"))
    games = [case["request"] for kind in ("valid", "invalid") for case in reference[kind]]
    for module in RULE_MODULES:
        games += [v for v in _parametrized(module) if isinstance(v, dict)]
    return [game for game in games if _json_safe(game)]


def suite_lines() -> list:
    lines = [v for module in NOTATION_MODULES for v in _parametrized(module) if isinstance(v, str)]
    return [line for line in dict.fromkeys(lines) if len(line) <= 200]


# -- seeded random cases ---------------------------------------------------------------------


def random_game(rng: random.Random) -> dict:
    """A game as an entry might describe it: mostly sensible, sometimes wrong."""
    game = rng.choice(GAMES)
    data = {"game": game}
    if game != "null" or rng.random() < 0.35:
        data["matadors"] = rng.choice([*range(1, 12), *range(1, 5), 0, 12, 5])
    if rng.random() < 0.8:
        data["with_matadors"] = rng.random() < 0.6
    for name, chance in (("hand", 0.35), ("ouvert", 0.12)):
        if rng.random() < chance:
            data[name] = rng.random() < 0.85
    for name in ("schneider_announced", "schwarz_announced"):
        if rng.random() < 0.1:
            data[name] = True
    if rng.random() < 0.35:
        data["bid"] = rng.choice([*POSSIBLE_GAME_VALUES, *POSSIBLE_GAME_VALUES[:12], 19, 17, 300])
    if rng.random() < 0.25:
        if rng.random() < 0.8:
            eyes = (0, 30, 31, 60, 61, 89, 90, 120, rng.randint(0, 120))
            data["declarer_eyes"] = rng.choice(eyes)
        if rng.random() < 0.6:
            data["declarer_tricks"] = rng.choice([0, 1, 9, 10, rng.randint(0, 10)])
        if rng.random() < 0.3:
            data["won"] = rng.random() < 0.5
    else:
        data["won"] = rng.random() < 0.65
        for name, chance in (("schneider", 0.25), ("schwarz", 0.08)):
            if rng.random() < chance:
                data[name] = True
    if rng.random() < 0.04:
        data["conceded"] = True
    return data


def random_games(count: int) -> list:
    rng = random.Random(SEED)
    return [random_game(rng) for _ in range(count)]


def random_lists(count: int, games_per_list: int) -> list:
    """Lists at 3- and 4-tables (some with a player leaving after a round), game by game."""
    rng = random.Random(SEED + 1)
    lists = []
    for index in range(count):
        size = 3 if index % 2 else 4
        presences = [Presence(seat) for seat in range(1, size + 1)]
        participants = {seat: 100 * index + seat for seat in range(1, size + 1)}
        if size == 4 and index % 4 == 0:
            presences[1] = Presence(2, 1, 4)  # seat 2 leaves after round 1: a 3-table
        rounds = plan_rounds(12, presences)
        deals, games = [], []
        for number in range(1, games_per_list + 1):
            deal = deal_of(number, rounds)
            if deal is None:
                break
            deals.append(
                {
                    "number": number,
                    "dealer": deal.dealer,
                    "seats": list(deal.seats),
                    "active": list(deal.active),
                    "table_size": deal.table_size,
                    "participants": {str(s): participants[s] for s in deal.seats},
                }
            )
            games.append(_random_entry(rng, deal))
        lists.append({"scheme": rng.choice(["skwo", "none"]), "deals": deals, "games": games})
    return lists


def _random_entry(rng, deal) -> dict:
    roll = rng.random()
    if roll < 0.08:
        return {"passed": True}
    if roll < 0.1:
        return {"passed": True, "game": "clubs"}
    data = random_game(rng)
    if roll < 0.2:
        data["declarer_seat"] = deal.dealer  # the dealer of a 4-table sits out
    elif roll < 0.22:
        data["declarer_seat"] = rng.choice([0, 5, "2"])
    elif roll > 0.99:
        data["declarer"] = 1  # no field of a game
    else:
        data["declarer_seat"] = rng.choice(deal.active)
    return data


FORM_NAMES = ("hand", "ouvert", "schneider_announced", "schwarz_announced", "schneider", "schwarz")


def random_forms(count: int) -> list:
    """Touch and calculator forms as the browser posts them (pairs of name and value)."""
    rng = random.Random(SEED + 2)
    forms = []
    for _ in range(count):
        pairs = [["number", rng.choice(["7", "", "x", "0012"])]]
        pairs.append(["declarer", rng.choice(["1", "2", "3", "4", "passed", "", " 2 ", "x"])])
        pairs.append(["game", rng.choice([*GAMES, ""])])
        pairs.append(["with_matadors", rng.choice(["true", "false"])])
        pairs.append(["matadors", rng.choice(["1", "2", "4", "11", "12", "", "x", "٣", " 3"])])
        pairs += [[name, "on"] for name in FORM_NAMES if rng.random() < 0.2]
        pairs.append(["won", rng.choice(["true", "false", ""])])
        pairs.append(["bid", rng.choice(["", "18", "24", "59", "60", "19", "x"])])
        if rng.random() < 0.3:
            pairs.append(["result_mode", "eyes"])
            pairs.append(["declarer_eyes", rng.choice(["", "61", "120", "x", "-1"])])
            pairs.append(["declarer_tricks", rng.choice(["", "0", "10", "11"])])
        if rng.random() < 0.05:
            pairs.append(["conceded", "on"])
        rng.shuffle(pairs)
        forms.append(pairs)
    return forms


LINE_WORDS = (
    "1",
    "2",
    "3",
    "4",
    "5",
    "p",
    "kr",
    "Kreuz",
    "pi",
    "he",
    "ka",
    "gr",
    "nu",
    "m1",
    "m2",
    "o3",
    "mit4",
    "ohne1",
    "m",
    "h",
    "s",
    "sa",
    "sw",
    "swa",
    "o",
    "ov",
    "rv",
    "+",
    "-",
    "g",
    "v",
    "r48",
    "r19",
    "b24",
    "a61",
    "a120",
    "st10",
    "st0",
    "kreu",
    "xyz",
    "s+",
    "\u22122",
    "HAND",
    "Straße",
)


def random_lines(count: int) -> list:
    """Two in three written from a random game (shuffled, in other case and spacing), the
    rest random words of the notation."""
    rng = random.Random(SEED + 3)
    lines = []
    for index in range(count):
        if index % 3:
            data = {**random_game(rng), "declarer_seat": rng.randint(1, 4)}
            words = format_game_line(data).split()
            if rng.random() < 0.2:
                words.append(rng.choice(LINE_WORDS))
            words = [word.upper() if rng.random() < 0.1 else word for word in words]
        else:
            words = [rng.choice("1234")]
            words += [rng.choice(LINE_WORDS) for _ in range(rng.randint(0, 6))]
        rng.shuffle(words)
        lines.append(rng.choice([" ", "  ", ", "]).join(words))
    return lines
