"""Cheap variants of the production password hashers, for tests only.

Same algorithms and the same hash format, far fewer rounds: Django's PBKDF2 default of a
million rounds costs half a second of CPU per hash, and many tests give a director a
password or log one in. Hashes made with the full cost still verify (the cost is read
from each hash). ``tests/conftest.py`` swaps these in for every test.
"""

from django.contrib.auth import hashers


class CheapPBKDF2PasswordHasher(hashers.PBKDF2PasswordHasher):
    iterations = 1_000


class CheapArgon2PasswordHasher(hashers.Argon2PasswordHasher):
    time_cost = 1
    memory_cost = 64
    parallelism = 1


CHEAP = {
    "django.contrib.auth.hashers.PBKDF2PasswordHasher": f"{__name__}.CheapPBKDF2PasswordHasher",
    "django.contrib.auth.hashers.Argon2PasswordHasher": f"{__name__}.CheapArgon2PasswordHasher",
}


def cheap(configured):
    """The configured hasher paths, each known slow one replaced by its cheap variant."""
    return [CHEAP.get(path, path) for path in configured]
