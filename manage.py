#!/usr/bin/env python
"""Django's command-line utility for administrative tasks."""

import os
import sys


def main():
    """Point Django at the project settings and hand over to its command dispatcher."""
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "skatverein.settings")
    from django.core.management import execute_from_command_line

    execute_from_command_line(sys.argv)


if __name__ == "__main__":
    main()
