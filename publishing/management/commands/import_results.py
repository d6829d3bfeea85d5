"""``manage.py import_results FILE...``: results documents into this server.

Each file holds one document (``skat-results/1``) or a JSON array of them. Each document
is imported on its own (publishing/services/results_import.py); one line per document says
what happened. A file that cannot be read or a refused document stops the command with
the file, the field and the reason; the documents before it stay imported.
"""

import json
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError
from django.utils.translation import gettext as _

from publishing.services.results_import import import_document
from tournaments.services.errors import Rejected


class Command(BaseCommand):
    help = "Import results documents (skat-results/1) into this server."

    def add_arguments(self, parser):
        parser.add_argument("files", nargs="+", help="JSON files: one document or an array")

    def handle(self, *args, files, **options):
        for name in files:
            for document in _documents(Path(name)):
                try:
                    outcome = import_document(document)
                except Rejected as refused:
                    problem = refused.problems[0]
                    raise CommandError(f"{name}: {problem.field}: {problem.text(_)}") from None
                said = {
                    "created": _("imported as a new tournament"),
                    "unchanged": _("unchanged"),
                    "replaced": _("replaced by the newer version"),
                }[outcome.status]
                self.stdout.write(
                    _("%(file)s: tournament %(id)d, version %(version)d: %(said)s")
                    % {
                        "file": name,
                        "id": outcome.tournament,
                        "version": outcome.version,
                        "said": said,
                    }
                )


def _documents(path: Path) -> list:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, ValueError) as error:
        raise CommandError(
            _("%(file)s cannot be read as JSON: %(error)s") % {"file": path, "error": error}
        ) from None
    return data if isinstance(data, list) else [data]
