"""Exporters of the official artefacts: game lists, rankings, table plans and start cards.

Each exporter is a small class or function that reads models and asks the services for
every number (settlement, ranking, tables); none computes a score of its own. PDFs use
reportlab, spreadsheets openpyxl, and the game list PDFs are signed with PAdES (pyHanko).
"""
