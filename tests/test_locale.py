"""The German catalogue is complete and its compiled form is up to date.

German is the default language, so an untranslated or fuzzy entry would show English
text to German users, and a stale ``django.mo`` would hide a fixed translation.
"""

import ast
import gettext
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

LC_MESSAGES = Path(__file__).resolve().parent.parent / "locale" / "de" / "LC_MESSAGES"
PO_FILE = LC_MESSAGES / "django.po"
MO_FILE = LC_MESSAGES / "django.mo"


def _read_po(path):
    """Return the entries of a .po file as dicts of keyword -> text, plus a set of flags.

    Obsolete entries (``#~``) are skipped, as gettext skips them when compiling.
    """
    entries, entry, keyword = [], {"flags": set()}, None
    for line in [*path.read_text(encoding="utf-8").splitlines(), ""]:
        line = line.strip()
        if not line:
            if len(entry) > 1:
                entries.append(entry)
            entry, keyword = {"flags": set()}, None
        elif line.startswith("#,"):
            entry["flags"].update(flag.strip() for flag in line[2:].split(","))
        elif line.startswith("#"):
            continue
        elif line.startswith('"'):
            entry[keyword] += ast.literal_eval(line)
        else:
            keyword, _, text = line.partition(" ")
            entry[keyword] = ast.literal_eval(text)
    return entries


def _translations(entry):
    return [text for keyword, text in entry.items() if keyword.startswith("msgstr")]


ENTRIES = [entry for entry in _read_po(PO_FILE) if entry["msgid"]]


def test_catalogue_is_not_empty():
    assert len(ENTRIES) > 10


def test_every_entry_is_translated_and_not_fuzzy():
    """One test for the whole catalogue (1,300 entries), naming every entry that fails: a
    test item per entry cost more in pytest's own work than the check itself."""
    fuzzy = [entry["msgid"] for entry in ENTRIES if "fuzzy" in entry["flags"]]
    untranslated = [entry["msgid"] for entry in ENTRIES if not all(_translations(entry))]

    assert fuzzy == []
    assert untranslated == []


def test_header_is_not_fuzzy_and_names_the_language():
    header = next(entry for entry in _read_po(PO_FILE) if not entry["msgid"])

    assert "fuzzy" not in header["flags"]
    assert "Language: de\n" in header["msgstr"]
    assert "Plural-Forms: nplurals=2; plural=(n != 1);" in header["msgstr"]


def test_compiled_catalogue_matches_the_source():
    with MO_FILE.open("rb") as mo:
        catalog = gettext.GNUTranslations(mo)._catalog

    for entry in ENTRIES:
        key = entry["msgid"]
        if "msgctxt" in entry:
            key = f"{entry['msgctxt']}\x04{key}"
        if "msgid_plural" in entry:
            for index, text in enumerate(_translations(entry)):
                assert catalog[(key, index)] == text
        else:
            assert catalog[key] == entry["msgstr"]


def _msgids(path):
    return {entry["msgid"] for entry in _read_po(path) if entry["msgid"]}


def test_every_text_marked_for_translation_is_in_the_catalogue(tmp_path):
    """``makemessages`` run on a copy of the code and templates finds no text the German
    catalogue lacks, and the catalogue holds none the code no longer uses.

    A message id built outside ``gettext_noop("…")`` (say, from a variable) is invisible
    to it: the next ``make messages`` would drop its translation.
    """
    if shutil.which("xgettext") is None:
        pytest.skip("GNU gettext (xgettext) is not installed: apt-get install gettext")
    root = Path(__file__).resolve().parent.parent
    for name in ("skatverein", "tournaments", "league", "publishing", "door", "templates"):
        shutil.copytree(root / name, tmp_path / name, ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy(root / "manage.py", tmp_path)
    (tmp_path / "locale" / "de" / "LC_MESSAGES").mkdir(parents=True)

    made = subprocess.run(
        [sys.executable, "manage.py", "makemessages", "-l", "de", "--no-location"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        env={**os.environ, "DEBUG": "1"},
    )

    assert made.returncode == 0, made.stderr[-2000:]
    extracted = _msgids(tmp_path / "locale" / "de" / "LC_MESSAGES" / "django.po")
    catalogue = _msgids(PO_FILE)
    assert sorted(extracted - catalogue) == []  # shown in English to German users
    assert sorted(catalogue - extracted) == []  # dropped by the next make messages


# Texts of ours that also are Django's (or an installed app's), translated otherwise on
# purpose: the same meaning in the site's own words.
DELIBERATE_OVERRIDES = {
    "Administration": "Verwaltung",
    "Django administration": "Verwaltung",
    "Django site admin": "Verwaltung",
    "Home": "Startseite",
    "Save": "Speichern",
    "Search": "Suchen",
    "This field is required.": "Dieses Feld ist erforderlich.",
    "Invalid username/password.": "Benutzername oder Passwort ungültig.",
}


def _installed_apps_german_catalogues():
    """Every German text of Django and of the installed apps outside this project, msgid →
    translations."""
    import django
    from django.apps import apps

    folders = [Path(django.__file__).parent / "conf"]
    folders += [Path(config.path) for config in apps.get_app_configs()]
    known: dict[str, set[str]] = {}
    for folder in folders:
        path = folder / "locale" / "de" / "LC_MESSAGES" / "django.mo"
        if path.exists() and folder != Path(__file__).resolve().parent.parent / folder.name:
            with path.open("rb") as mo:
                for key, text in gettext.GNUTranslations(mo)._catalog.items():
                    if isinstance(key, str) and key:
                        known.setdefault(key, set()).add(text)
    return known


def test_no_text_of_ours_renames_one_of_djangos():
    """Our catalogue wins over Django's for the same msgid: our league's "groups"
    ("Staffeln") renamed the admin's user groups, so a treasurer was to be put into a
    "Staffel". A text we share with Django or an installed app says what theirs says, or
    carries a context of its own (pgettext), or is a deliberate override listed above."""
    theirs = _installed_apps_german_catalogues()
    renamed = {
        entry["msgid"]: entry["msgstr"]
        for entry in ENTRIES
        if "msgctxt" not in entry
        and "msgid_plural" not in entry
        and entry["msgid"] in theirs
        and entry["msgstr"] not in theirs[entry["msgid"]]
        and DELIBERATE_OVERRIDES.get(entry["msgid"]) != entry["msgstr"]
    }

    assert renamed == {}
