"""The Ed25519 seal of a list in a results document, and checking it with the public key
alone (docs/results-format.md, "seal").

The seal signs the canonical JSON (keys sorted, separators ``,`` and ``:``, UTF-8) of the
document's table object without its ``seal``. The table object names players by their
reference, never by name, so a player's later rename or erasure does not break it. The
hall's HMAC seals (tournaments/services/sealing/) are a separate thing and stay as they are.
"""

import base64
import binascii

from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives.asymmetric.ed25519 import (
    Ed25519PrivateKey,
    Ed25519PublicKey,
)

from tournaments.services.sealing.seal_document import canonical

ALGORITHM = "ed25519"


def sealed_bytes(table: dict) -> bytes:
    """What a seal signs: the table object without ``seal``, as canonical JSON."""
    return canonical({name: value for name, value in table.items() if name != "seal"})


def seal_table(table: dict, key: str, private_key: Ed25519PrivateKey) -> dict:
    """The ``seal`` object for ``table`` (a document's table object)."""
    signature = private_key.sign(sealed_bytes(table))
    return {
        "algorithm": ALGORITHM,
        "key": key,
        "signature": base64.b64encode(signature).decode("ascii"),
    }


def table_seal_valid(table: dict, public_key: str) -> bool:
    """Whether ``table``'s seal was made by the key whose raw public key ``public_key``
    (base64) is, over exactly this table object. No secret of the hall is needed."""
    seal = table.get("seal")
    if not isinstance(seal, dict) or seal.get("algorithm") != ALGORITHM:
        return False
    try:
        key = Ed25519PublicKey.from_public_bytes(base64.b64decode(public_key, validate=True))
        signature = base64.b64decode(seal.get("signature") or "", validate=True)
        key.verify(signature, sealed_bytes(table))
    except (InvalidSignature, ValueError, binascii.Error, TypeError):
        return False
    return True


def document_seal_valid(document: dict, table: dict) -> bool:
    """Whether ``table`` (an object of ``document``) verifies with the key of
    ``document["club"]["keys"]`` its seal names."""
    seal = table.get("seal") or {}
    keys = (document.get("club") or {}).get("keys") or []
    public = next((item["public_key"] for item in keys if item.get("key") == seal.get("key")), None)
    return public is not None and table_seal_valid(table, public)
