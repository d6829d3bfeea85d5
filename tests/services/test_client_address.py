"""Client addresses behind a configured number of trusted reverse proxies."""

import pytest

from tournaments.services.client_address import client_address, for_request


@pytest.mark.parametrize(
    ("forwarded", "proxies", "expected"),
    [
        ("", 0, "10.0.0.1"),
        ("203.0.113.5", 0, "10.0.0.1"),  # no trusted proxy: the header is the client's lie
        ("203.0.113.5", 1, "203.0.113.5"),
        ("198.51.100.9, 203.0.113.5", 1, "203.0.113.5"),  # left entry written by the client
        ("198.51.100.9, 203.0.113.5, 10.0.0.2", 2, "203.0.113.5"),
        ("203.0.113.5", 2, "203.0.113.5"),  # fewer hops than proxies: the leftmost
        ("", 1, "10.0.0.1"),
        ("not-an-address", 1, "10.0.0.1"),
        ("2001:db8::1", 1, "2001:db8::1"),
        ("203.0.113.5\x00", 1, "10.0.0.1"),
    ],
)
def test_client_address_takes_the_entry_our_proxies_wrote(forwarded, proxies, expected):
    meta = {"REMOTE_ADDR": "10.0.0.1", "HTTP_X_FORWARDED_FOR": forwarded}

    assert client_address(meta, trusted_proxies=proxies) == expected


def test_client_address_reads_the_setting(settings):
    settings.TRUSTED_PROXY_COUNT = 1
    meta = {"REMOTE_ADDR": "127.0.0.1", "HTTP_X_FORWARDED_FOR": "203.0.113.5"}

    assert client_address(meta) == "203.0.113.5"


def test_client_address_without_remote_addr_is_unknown():
    assert client_address({}, trusted_proxies=0) == "unknown"


def test_axes_gets_an_ip_address_even_when_the_address_is_unknown(rf):
    request = rf.get("/anmelden/", REMOTE_ADDR="")

    assert for_request(request) == "0.0.0.0"


@pytest.mark.django_db
def test_a_wrong_login_without_a_client_address_is_recorded_not_an_error(client):
    response = client.post(
        "/anmelden/", {"username": "leitung", "password": "falsch"}, REMOTE_ADDR=""
    )

    assert response.status_code == 200
