"""Each club's Ed25519 key pair, made on first use, and its public keys for everyone.

The private key is kept in the database, encrypted (Fernet) under a key derived with HKDF
from the hall's ``SEAL_SECRET``: it travels in every backup (tournaments/services/backup.py
writes every model's rows) and opens only where the hall's secrets file is, as the HMAC
seals do. A backup restored under another seal secret cannot open it: the club then gets
a new key on the next use, and the old public key stays published, so the documents
sealed with it keep verifying.
"""

import base64
import datetime
import hashlib

from cryptography.fernet import Fernet, InvalidToken
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey
from cryptography.hazmat.primitives.kdf.hkdf import HKDF
from django.conf import settings
from django.db import transaction
from django.utils import timezone

from publishing.models import ClubKey
from tournaments.models import Club
from tournaments.services.sealing.seal_document import timestamp

_CONTEXT = b"skatverein/publishing/club-key/v1"
RAW = serialization.Encoding.Raw


def public_key_text(private_key: Ed25519PrivateKey) -> str:
    """The public key as base64 of its raw 32 bytes, as documents publish it."""
    raw = private_key.public_key().public_bytes(RAW, serialization.PublicFormat.Raw)
    return base64.b64encode(raw).decode("ascii")


def key_id(public_key: str) -> str:
    """A key's name in documents: "ed25519:" and the first 16 hex digits of the SHA-256 of
    its raw public key, so the same key has the same name on every server."""
    digest = hashlib.sha256(base64.b64decode(public_key)).hexdigest()
    return f"ed25519:{digest[:16]}"


def _fernet() -> Fernet:
    secret = settings.SEAL_SECRET
    material = secret.encode() if isinstance(secret, str) else bytes(secret)
    key = HKDF(algorithm=hashes.SHA256(), length=32, salt=None, info=_CONTEXT).derive(material)
    return Fernet(base64.urlsafe_b64encode(key))


def _opened(row: ClubKey) -> Ed25519PrivateKey | None:
    if not row.private_key:
        return None
    try:
        raw = _fernet().decrypt(row.private_key.encode("ascii"))
    except InvalidToken:  # kept under another SEAL_SECRET (a restore with --other-secret)
        return None
    return Ed25519PrivateKey.from_private_bytes(raw)


def signing_key(club: Club) -> tuple[str, Ed25519PrivateKey]:
    """The club's newest key this server can sign with (its id and private key), made and
    stored first if there is none."""
    for row in ClubKey.objects.filter(club=club).exclude(private_key="").order_by("-created"):
        private_key = _opened(row)
        if private_key is not None:
            return row.key, private_key
    return _new_key(club)


@transaction.atomic
def _new_key(club: Club) -> tuple[str, Ed25519PrivateKey]:
    # Two requests making the club's first key at once: the club row's lock makes the
    # second wait and then find the first one's key.
    Club.objects.select_for_update().filter(pk=club.pk).exists()
    for row in ClubKey.objects.filter(club=club).exclude(private_key="").order_by("-created"):
        private_key = _opened(row)
        if private_key is not None:
            return row.key, private_key
    private_key = Ed25519PrivateKey.generate()
    raw = private_key.private_bytes(
        RAW, serialization.PrivateFormat.Raw, serialization.NoEncryption()
    )
    public_key = public_key_text(private_key)
    row = ClubKey.objects.create(
        club=club,
        key=key_id(public_key),
        public_key=public_key,
        private_key=_fernet().encrypt(raw).decode("ascii"),
        created=timezone.now(),
    )
    return row.key, private_key


def published_keys(club_id: int) -> list[dict]:
    """The club's public keys, oldest first: ``[{"key", "public_key", "created"}]``."""
    rows = ClubKey.objects.filter(club_id=club_id).order_by("created", "key")
    return [
        {"key": key, "public_key": public_key, "created": timestamp(created)}
        for key, public_key, created in rows.values_list("key", "public_key", "created")
    ]


def keep_public_keys(club: Club, keys: list[dict]) -> None:
    """Store the public keys a document names for ``club`` that this server does not know
    yet (an import): without private key, only for checking and publishing seals."""
    known = set(
        ClubKey.objects.filter(key__in=[k["key"] for k in keys]).values_list("key", flat=True)
    )
    ClubKey.objects.bulk_create(
        ClubKey(
            club=club,
            key=item["key"],
            public_key=item["public_key"],
            created=datetime.datetime.fromisoformat(item["created"]),
        )
        for item in keys
        if item["key"] not in known
    )
