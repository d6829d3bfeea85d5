"""Login limits: a cheap per-address limit before any password hash, and known devices.

Every password check costs about 260 ms of CPU (Argon2), so an anonymous flood of login
posts from the hall's Wi-Fi once slowed every table device to seconds. Two rules keep the
cost with the attacker and the director able to get in:

- **Per address**: at most :data:`ADDRESS_BURST` login attempts from one client address in
  :data:`BURST_WINDOW` seconds and :data:`ADDRESS_LIMIT` in :data:`ADDRESS_WINDOW`
  seconds, on every way in (the login page, the admin's login, the token endpoint, HTTP
  Basic). Counted before the password is looked at; a refusal costs one indexed read
  (:mod:`.attempts`). The short window spreads the hashes a flood still gets over time: a
  burst of ten Argon2 hashes at once held both cores of a hall laptop for seconds.
- **Known devices**: a device on which an account logged in successfully carries a signed
  cookie naming that account (:func:`known_device_value`). For that account the device
  skips the per-address limit and django-axes' per-account lock, so five wrong passwords
  typed by someone else behind the hall's shared router never lock the director out of
  the laptop the evening runs on. The cookie is signed with ``SECRET_KEY``; it opens
  nothing by itself: the password is still checked.

How to unlock an account from the command line is in docs/operations.md.
"""

from django.core import signing

from . import attempts

ADDRESS_BURST = 2
BURST_WINDOW = 10
ADDRESS_LIMIT = 10
ADDRESS_WINDOW = 5 * 60
KNOWN_DEVICE_COOKIE = "skatverein_device"
KNOWN_DEVICE_DAYS = 400
_SALT = "tournaments.login_limits.known_device"
_MAX_ACCOUNTS = 5
_LIMITS = (("login-burst", ADDRESS_BURST, BURST_WINDOW), ("login", ADDRESS_LIMIT, ADDRESS_WINDOW))


def address_wait(address: str) -> int:
    """Count one login attempt from ``address``; seconds to wait if it is over a limit."""
    for scope, limit, window in _LIMITS:
        attempt = attempts.hit(scope, address, limit=limit, window=window)
        if not attempt.allowed:
            return attempt.retry_after
    return 0


def known_accounts(cookie: str | None) -> list[str]:
    """The user names a known-device cookie was issued for (none if forged or too old)."""
    if not cookie:
        return []
    try:
        names = signing.loads(cookie, salt=_SALT, max_age=KNOWN_DEVICE_DAYS * 24 * 60 * 60)
    except signing.BadSignature:
        return []
    if not isinstance(names, list):
        return []
    return [name for name in names if isinstance(name, str)]


def is_known(cookie: str | None, username) -> bool:
    """Whether the device with ``cookie`` has logged in as ``username`` before."""
    return isinstance(username, str) and username.casefold() in {
        name.casefold() for name in known_accounts(cookie)
    }


def known_device_value(cookie: str | None, username: str) -> str:
    """The cookie after ``username`` logged in on the device (the latest accounts kept)."""
    names = [name for name in known_accounts(cookie) if name.casefold() != username.casefold()]
    return signing.dumps([*names, username][-_MAX_ACCOUNTS:], salt=_SALT)
