"""The secrets inside a backup: API tokens left out, PINs and table codes encrypted.

A backup file travels (a USB stick, a cloud folder). API tokens are logins, so they are
not written at all: after a restore, scripts ask for a new token with their password.
Start-card PINs and table codes are needed to keep the evening going after a restore, so
they are encrypted (Fernet: AES-128-CBC with an HMAC) under a key derived from
``SEAL_SECRET`` with HKDF; the file alone does not reveal them. A file restored with
``--other-secret`` cannot decrypt them: PINs are drawn anew (print new start cards) and
table codes are cleared (the director issues new ones).
"""

import base64

from cryptography.fernet import Fernet, InvalidToken
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.kdf.hkdf import HKDF
from django.conf import settings

# Rows that are never written to a backup.
LEFT_OUT = {"authtoken.token", "authtoken.tokenproxy"}
# Fields encrypted in a backup, per model.
ENCRYPTED = {
    "tournaments.participant": ("pin",),
    "tournaments.table": ("access_code", "second_code"),
}
PREFIX = "enc:v1:"
_CONTEXT = b"skatverein/backup/secrets/v1"


def _fernet() -> Fernet:
    secret = settings.SEAL_SECRET
    material = secret.encode() if isinstance(secret, str) else bytes(secret)
    key = HKDF(algorithm=hashes.SHA256(), length=32, salt=None, info=_CONTEXT).derive(material)
    return Fernet(base64.urlsafe_b64encode(key))


def seal_row(row: dict, fernet: Fernet | None = None) -> dict:
    """``row`` (Django's "python" serialisation) with its secret fields encrypted."""

    def sealed(cipher, value, name):
        return PREFIX + cipher.encrypt(value.encode()).decode() if value else value

    return _with_secret_fields(row, fernet, sealed)


def open_row(row: dict, fernet: Fernet | None = None) -> dict:
    """``row`` with its secret fields decrypted; a field that cannot be is replaced."""

    def opened(cipher, value, name):
        if isinstance(value, str) and value.startswith(PREFIX):
            return _decrypted(cipher, value, row["model"], name)
        return value

    return _with_secret_fields(row, fernet, opened)


def _with_secret_fields(row: dict, fernet: Fernet | None, change) -> dict:
    """``row`` with ``change(cipher, value, name)`` applied to each of its model's secret
    fields that the row has (a row of a model without secrets is returned as it is)."""
    names = ENCRYPTED.get(row["model"])
    if not names:
        return row
    cipher = fernet or _fernet()
    fields = dict(row["fields"])
    for name in names:
        if name in fields:
            fields[name] = change(cipher, fields[name], name)
    return {**row, "fields": fields}


def _decrypted(fernet: Fernet, value: str, model: str, name: str):
    try:
        return fernet.decrypt(value[len(PREFIX) :].encode()).decode()
    except InvalidToken:  # written under another SEAL_SECRET (restore --other-secret)
        if name == "pin":
            from tournaments.models.tournaments import new_pin

            return new_pin()
        return None


def fernet() -> Fernet:
    """One cipher for a whole file (deriving the key once)."""
    return _fernet()
