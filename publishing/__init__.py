"""Publishing results beyond the hall: the open results document ``skat-results/1``, the
clubs' Ed25519 keys that seal its lists, and importing documents (docs/results-format.md).

Built on the core (``tournaments/``), which never imports this app.
"""
