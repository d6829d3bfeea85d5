"""Login limits: failures per address, a ceiling before any password hash, known devices.

Every password check costs about 260 ms of CPU (Argon2), so an anonymous flood of login
posts from the hall's Wi-Fi once slowed every table device to seconds. And a hall puts
every captain, director and treasurer behind one router's address: a match day's 15
logins or a club evening's 30 within a minute are no flood. The rules:

- **Failures per address**: :data:`ADDRESS_FAILURES` failed logins from one client
  address in :data:`FAILURE_WINDOW` seconds pause further login posts from it until the
  window ends, and :data:`FAILURE_BURST` in :data:`BURST_WINDOW` seconds for the rest of
  those seconds: a flood's hashes are spread over time (a burst of ten Argon2 hashes at
  once held both cores of a hall laptop for seconds). A correct login never counts
  (:func:`login_succeeded` gives back what it counted), so a hall of legitimate users
  is not paused; a guesser or a flood is.
- **A ceiling for all posts per address**: at most :data:`ADDRESS_CEILING` login posts,
  correct or not, in :data:`CEILING_WINDOW` seconds — twice a club evening's 30 logins a
  minute, reached only by a flood (``bench load --login-flood`` posts hundreds a second),
  even one that logs in correctly to a known account.
- Both are checked before the password is looked at, on every way in (the login page,
  the admin's login, the token endpoint, HTTP Basic); a refusal costs one indexed read
  (:mod:`.attempts`). A flood of wrong passwords gets FAILURE_BURST hashes in ten seconds
  and ADDRESS_FAILURES in all before the pause, exactly, even posted at once.
- **Per account** (django-axes, settings): 5 wrong passwords for one account from one
  address pause that account there for 15 minutes; other accounts behind the same router
  still log in.
- **Known devices**: a device on which an account logged in successfully carries a signed
  cookie naming that account (:func:`known_device_value`). For that account the device
  skips the per-address limits and django-axes' per-account lock, so wrong passwords
  typed by someone else behind the hall's shared router never lock the director out of
  the laptop the evening runs on. The cookie is signed with ``SECRET_KEY``; it opens
  nothing by itself: the password is still checked.

How to unlock an account from the command line is in docs/operations.md.
"""

from django.core import signing

from . import attempts

ADDRESS_FAILURES = 20
FAILURE_WINDOW = 10 * 60
FAILURE_BURST = 5
BURST_WINDOW = 10
ADDRESS_CEILING = 60
CEILING_WINDOW = 60
KNOWN_DEVICE_COOKIE = "skatverein_device"
KNOWN_DEVICE_DAYS = 400
_SALT = "tournaments.login_limits.known_device"
_MAX_ACCOUNTS = 5
_FAILURES = "login-failed"
_FAILURE_BURST = "login-failed-burst"
_CEILING = "login"


def address_wait(address: str) -> int:
    """Count one login post from ``address``; seconds to wait if it is over a limit.

    Called before the password is checked. The post counts as a failure until
    :func:`login_succeeded` gives it back, so posts arriving together are counted
    exactly: a flood gets no more hashes than the limits, however many workers take it.
    """
    for scope, limit, window in (*_failure_limits(), _ceiling()):
        attempt = attempts.hit(scope, address, limit=limit, window=window)
        if not attempt.allowed:
            return attempt.retry_after
    return 0


def login_succeeded(address: str) -> None:
    """A post counted by :func:`address_wait` logged in: it was no failure after all."""
    for scope, _limit, _window in _failure_limits():
        attempts.give_back(scope, address)


def _ceiling():
    return (_CEILING, ADDRESS_CEILING, CEILING_WINDOW)


def _failure_limits():
    return (
        (_FAILURE_BURST, FAILURE_BURST, BURST_WINDOW),
        (_FAILURES, ADDRESS_FAILURES, FAILURE_WINDOW),
    )


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
