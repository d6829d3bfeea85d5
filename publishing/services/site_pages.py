"""What each page of a tournament's static site shows, read from its results document
alone (docs/publishing.md): players are named exactly as the document names them.

Every function takes the document (``skat-results/1``) and returns plain data for the
templates in ``publishing/templates/publishing/site/``.
"""

from datetime import datetime

from django.utils.translation import gettext

from tournaments.skat import GameType

LEVELS = (
    ("hand", "Hand"),
    ("schneider", "Schneider"),
    ("schneider_announced", "Schneider announced"),
    ("schwarz", "Schwarz"),
    ("schwarz_announced", "Schwarz announced"),
    ("ouvert", "Ouvert"),
)


def list_stem(series_number: int, table_number: int) -> str:
    """A list's file name without extension, inside ``listen/``."""
    return f"serie-{series_number}-tisch-{table_number}"


def players_by_ref(document: dict) -> dict[str, dict]:
    return {player["ref"]: player for player in document["players"]}


def ranking_rows(document: dict, rows: list[dict]) -> list[dict]:
    players = players_by_ref(document)
    return [{**row, "person": players[row["player"]]} for row in rows]


def series_lists(document: dict, series: dict) -> list[dict]:
    """The lists of a series for its page: number, status, who sat there, the files."""
    players = players_by_ref(document)
    return [
        {
            "number": table["number"],
            "status": table["status"],
            "sealed": table["seal"] is not None,
            "stem": list_stem(series["number"], table["number"]),
            "people": [players[seat["player"]] for seat in table["seats"]],
        }
        for table in series["tables"]
    ]


def _seat_at(table: dict, seat: int, game: int) -> str | None:
    for row in table["seats"]:
        if row["seat"] == seat and row["from_game"] <= game:
            if row["until_game"] is None or game <= row["until_game"]:
                return row["player"]
    return None


def game_label(game: dict) -> str:
    """ "Grand mit 2, Hand" in the players' words; "eingepasst" for a passed game."""
    if game["passed"]:
        return gettext("passed")
    words = [gettext(GameType(game["game"]).label)]
    if game["matadors"] is not None:
        with_or = gettext("with") if game["with_matadors"] else gettext("without")
        words[0] += f" {with_or} {game['matadors']}"
    words += [gettext(label) for name, label in LEVELS if game.get(name)]
    return ", ".join(words)


def list_page(document: dict, series: dict, table: dict) -> dict:
    """A list game by game with every seat's points and running total, the seats, the
    paper summary, the signatures and the seal."""
    players = players_by_ref(document)
    seat_numbers = sorted({row["seat"] for row in table["seats"]})
    totals = dict.fromkeys(seat_numbers, 0)
    games = []
    for game in table["games"]:
        for seat, points in game["points"].items():
            totals[int(seat)] = totals.get(int(seat), 0) + points
        declarer = game["declarer"]
        ref = _seat_at(table, declarer, game["number"]) if declarer else None
        games.append(
            {
                **game,
                "label": game_label(game),
                "declarer_name": players[ref]["name"] if ref else "",
                "cells": [
                    {"points": game["points"].get(str(seat)), "stand": totals[seat]}
                    for seat in seat_numbers
                ],
            }
        )
    return {
        "series": series,
        "table": table,
        "stem": list_stem(series["number"], table["number"]),
        "seat_numbers": seat_numbers,
        "seats": [{**row, "person": players[row["player"]]} for row in table["seats"]],
        "games": games,
        "totals": [totals[seat] for seat in seat_numbers],
        "summary": [
            {**row, "person": players.get(_seat_at(table, row["seat"], 1) or "")}
            for row in table["summary"] or []
        ],
        "signatures": [
            {
                **row,
                "person": players.get(row.get("player") or ""),
                "when": datetime.fromisoformat(row["at"]),
            }
            for row in table["signatures"]
        ],
    }


def player_page(document: dict, ref: str) -> dict:
    """One player: the places in the tournament and each series, and the lists played."""
    players = players_by_ref(document)
    overall = next((r for r in document["rankings"]["tournament"] if r["player"] == ref), None)
    by_series = []
    for series in document["series"]:
        rows = document["rankings"]["series"].get(str(series["number"]), [])
        row = next((r for r in rows if r["player"] == ref), None)
        for table in series["tables"]:
            seats = [s for s in table["seats"] if s["player"] == ref]
            if seats:
                by_series.append(
                    {
                        "series": series["number"],
                        "table": table["number"],
                        "seats": [s["seat"] for s in seats],
                        "stem": list_stem(series["number"], table["number"]),
                        "ranking": row,
                    }
                )
    return {"person": players[ref], "overall": overall, "lists": by_series}


def sealed_lists(document: dict) -> list[dict]:
    """Every list the verification page checks, and those it cannot (open lists)."""
    return [
        {
            "series": series["number"],
            "table": table["number"],
            "stem": list_stem(series["number"], table["number"]),
            "seal": table["seal"],
        }
        for series in document["series"]
        for table in series["tables"]
    ]
