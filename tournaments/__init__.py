"""Skat tournaments: clubs, players, rules, score sheets, rankings and their web pages."""
