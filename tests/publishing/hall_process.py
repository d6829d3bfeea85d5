"""``manage.py`` for the hall server of the publishing tests: the same commands, only the
sender waits ``HALL_SENDER_TIMEOUT_SECONDS`` for the portal's answer instead of 20 s, so
the proxy's held answer costs the test seconds, not half a minute.

Run as ``python tests/publishing/hall_process.py runserver --noreload 127.0.0.1:<port>``:
``runserver`` stays the first argument, so ``publishing/apps.py`` starts the sender thread
in the serving process exactly as it does in a hall started that way.
"""

import os
import sys
from pathlib import Path

BASE_DIR = Path(__file__).resolve().parent.parent.parent


def main() -> None:
    sys.path.insert(0, str(BASE_DIR))
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "skatverein.settings")
    import django
    from django.core.management import execute_from_command_line

    django.setup()  # before the sender's module is imported; runserver's setup is then a no-op
    from publishing.services import sending

    sending.TIMEOUT_SECONDS = float(os.environ["HALL_SENDER_TIMEOUT_SECONDS"])
    execute_from_command_line(["manage.py", *sys.argv[1:]])


if __name__ == "__main__":
    main()
