"""Keeping a table's list: entering and correcting games, the form and the offline entry
that feed it, the running list, the summary of a paper list, the settlement, and what a
page or a table device reads of a list (docs/architecture.md)."""
