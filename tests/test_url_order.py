"""The order of the address patterns: a table device's save is found among the first
patterns Django tries (it walks them one by one, about a tenth of an entry's CPU when
the table's routes came last), and no pattern hides another (every named address
resolves back to its own name, whatever the order)."""

import uuid

import pytest
from django.urls import URLPattern, URLResolver, get_resolver, resolve, reverse
from django.urls.converters import IntConverter, UUIDConverter

TABLE_DEVICE_ADDRESSES = [
    ("/api/v1/tables/12/games/", "table-games"),
    ("/api/v1/tables/12/games/3/", "table-game"),
    ("/tisch/12/stand/", "web:table-state"),
]


@pytest.fixture
def tried(monkeypatch):
    """How many patterns the next resolve tries."""
    count = [0]
    original = URLPattern.resolve

    def counting(self, path):
        count[0] += 1
        return original(self, path)

    monkeypatch.setattr(URLPattern, "resolve", counting)
    return count


@pytest.mark.parametrize(("address", "name"), TABLE_DEVICE_ADDRESSES)
def test_a_table_devices_save_is_found_among_the_first_patterns(tried, address, name):
    match = resolve(address)

    assert match.view_name == name
    assert tried[0] <= 15


def _named_patterns(resolver=None, namespace=""):
    for entry in (resolver or get_resolver()).url_patterns:
        if isinstance(entry, URLResolver):
            inner = f"{namespace}{entry.namespace}:" if entry.namespace else namespace
            yield from _named_patterns(entry, inner)
        elif entry.name:
            yield f"{namespace}{entry.name}", entry


def _sample_kwargs(pattern) -> dict:
    converters = getattr(pattern.pattern, "converters", {})
    if converters:
        return {
            key: 7
            if isinstance(converter, IntConverter)
            else uuid.UUID(int=7)
            if isinstance(converter, UUIDConverter)
            else "abc"
            for key, converter in converters.items()
        }
    groups = pattern.pattern.regex.groupindex
    return {key: "json" if key == "format" else "7" for key in groups}


def test_every_named_address_resolves_back_to_its_own_name():
    hidden = []
    for name, pattern in _named_patterns():
        try:
            address = reverse(name, kwargs=_sample_kwargs(pattern))
        except Exception:  # noqa: BLE001 - a pattern the samples do not fit is not checked
            continue
        found = resolve(address)
        if found.view_name != name:
            hidden.append((address, name, found.view_name))

    assert hidden == []
