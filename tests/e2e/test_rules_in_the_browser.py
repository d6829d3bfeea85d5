"""The browser's copy of the rules equals ``tournaments/skat/``, case by case.

The table device values a game, checks an entry against its deal, adds up the running
totals and reads a keyboard line itself (``static/js/rules/``), so the list keeper sees
every number before the save, online and offline. Here Chromium runs those modules on
every game the rule and court tests try and on more than 10,000 seeded random games,
lists, forms and lines, in one batch, and every answer is compared field by field with
the Python side: value, score, won, overbid, list points, the explanation, the running
totals, and for a refused entry its problems (field, code, message, parameters).
"""

from pathlib import Path

import pytest

from tests.e2e import rules_cases as cases
from tournaments.skat import SKWO

STATIC = Path(__file__).resolve().parents[2] / "static"
ORIGIN = "http://rules.test"
RANDOM_GAMES = 10_000

RUN_IN_THE_BROWSER = """async (batch) => {
  const values = await import("/static/js/rules/values.js");
  const explanation = await import("/static/js/rules/explanation.js");
  const entry = await import("/static/js/rules/entry.js");
  const notation = await import("/static/js/rules/notation.js");
  const fields = await import("/static/js/table/game-fields.js");
  const { GameInvalid } = await import("/static/js/rules/problems.js");
  const schemes = { skwo: values.SKWO, none: values.GAME_POINTS_ONLY };
  const problems = (error) => {
    if (!(error instanceof GameInvalid)) throw error;
    return error.problems.map((p) => [p.field, p.code, p.message, p.params]);
  };
  const summary = (e) => ({
    scored_as: e.scored_as, base_value: e.base_value, multiplier: e.multiplier,
    game_value: e.game_value, won: e.won, overbid: e.overbid, score: e.score,
    list_points: e.list_points, played_multiplier: e.played_multiplier,
    uncounted_skat_eyes: e.uncounted_skat_eyes, levels: e.levels,
    explanation: explanation.explain(e),
  });
  const game = (data) => {
    try { return { evaluation: summary(values.evaluateData(data, values.SKWO)) }; }
    catch (error) { return { problems: problems(error) }; }
  };
  const list = (item) => {
    let totals = {};
    return item.deals.map((deal, index) => {
      let checked;
      try { checked = entry.checkEntry(item.games[index], deal, schemes[item.scheme]); }
      catch (error) { return { problems: problems(error) }; }
      const points = entry.pointsPerSeat(checked, deal);
      const after = entry.totalsAfter(totals, deal, points);
      totals = after.byParticipant;
      return { points: points, totals: after.bySeat };
    });
  };
  const line = (text) => {
    const parsed = notation.parseGameLine(text, values.SKWO);
    const answer = {
      data: parsed.data,
      problems: parsed.problems.map((p) => [p.field, p.code, p.message, p.params]),
      tokens: parsed.tokens.map((t) => [t.text, t.position, t.start, t.end, t.field, t.value]),
      evaluation: parsed.evaluation ? summary(parsed.evaluation) : null,
    };
    if (!parsed.problems.length) answer.canonical = notation.formatGameLine(parsed.data);
    return answer;
  };
  const form = (pairs) => ({
    game: fields.gameFields(pairs), calculator: fields.calculatorFields(pairs),
  });
  return {
    games: batch.games.map(game),
    lists: batch.lists.map(list),
    lines: batch.lines.map(line),
    forms: batch.forms.map(form),
  };
}"""


def serve_static(route):
    path = route.request.url.removeprefix(ORIGIN)
    if path == "/":
        route.fulfill(body="<!DOCTYPE html><title>rules</title>", content_type="text/html")
        return
    file = (STATIC / path.removeprefix("/static/")).resolve()
    if STATIC not in file.parents or not file.is_file():
        route.fulfill(status=404, body="")
        return
    route.fulfill(body=file.read_text(encoding="utf-8"), content_type="text/javascript")


@pytest.fixture(scope="module")
def rules_page(browser):
    context = browser.new_context()
    context.route(f"{ORIGIN}/**", serve_static)
    page = context.new_page()
    page.goto(f"{ORIGIN}/")
    yield page
    context.close()


def differences(kind, inputs, python, browser_answers) -> list:
    return [
        {"kind": kind, "input": given, "python": expected, "browser": answered}
        for given, expected, answered in zip(inputs, python, browser_answers, strict=True)
        if expected != answered
    ]


def test_the_browser_values_every_game_as_the_server_does(rules_page):
    games = cases.suite_games() + cases.random_games(RANDOM_GAMES)
    lists = cases.random_lists(200, 30)
    lines = cases.suite_lines() + cases.random_lines(3000)
    forms = cases.random_forms(3000)
    batch = {"games": games, "lists": lists, "lines": lines, "forms": forms}

    answers = rules_page.evaluate(RUN_IN_THE_BROWSER, batch)

    found = [
        *differences("game", games, [cases.game_answer(g, SKWO) for g in games], answers["games"]),
        *differences("list", lists, [cases.list_answer(item) for item in lists], answers["lists"]),
        *differences("line", lines, [cases.line_answer(t, SKWO) for t in lines], answers["lines"]),
        *differences("form", forms, [cases.form_answer(p) for p in forms], answers["forms"]),
    ]
    valued = sum("evaluation" in answer for answer in answers["games"])
    list_games = sum(len(item["games"]) for item in lists)
    assert found[:3] == []
    assert len(games) - RANDOM_GAMES > 150  # the rule and court tests' own cases
    assert len(games) + list_games >= 10_000
    assert valued > len(games) // 3  # not only refusals
    assert sum(not answer["problems"] for answer in answers["lines"]) > 500
