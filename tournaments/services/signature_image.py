"""The drawn signature: a PNG sent by the signing device, checked before it is stored.

A signature must be a real drawing: a complete PNG of sensible size, with enough ink spread
over enough of the field to be a few strokes, and not a copy of another player's signature
on the same list (one device could otherwise sign every seat with one tiny image).
"""

import base64
import binascii
import math
import struct
import zlib

from django.utils.translation import gettext_noop

from .errors import Rejected

PNG_DATA_URL = "data:image/png;base64,"
PNG_MAGIC = b"\x89PNG\r\n\x1a\n"
MAX_IMAGE_BYTES = 200 * 1024
MAX_IMAGE_SIDE = 4096


def read_signature_image(value) -> bytes:
    """The PNG bytes of a ``data:image/png;base64,...`` URL, checked chunk by chunk."""
    if not isinstance(value, str) or value[: len(PNG_DATA_URL)].lower() != PNG_DATA_URL:
        raise Rejected.because(
            "image",
            "image_not_png_data_url",
            gettext_noop(
                'Send the drawn signature as a PNG data URL starting with "data:image/png;base64,".'
            ),
        )
    payload = "".join(value[len(PNG_DATA_URL) :].split())
    if len(payload) > math.ceil(MAX_IMAGE_BYTES / 3) * 4:
        raise _image_too_large()
    try:
        png = base64.b64decode(payload, validate=True)
    except (binascii.Error, ValueError) as error:
        raise Rejected.because(
            "image",
            "image_not_base64",
            gettext_noop("The signature image is not valid base64 data; sign again on the device."),
        ) from error
    if len(png) > MAX_IMAGE_BYTES:
        raise _image_too_large()
    if not _is_png(png):
        raise Rejected.because(
            "image",
            "image_not_png",
            gettext_noop("The signature is not a complete PNG image; sign again on the device."),
        )
    return png


def _image_too_large() -> Rejected:
    return Rejected.because(
        "image",
        "image_too_large",
        gettext_noop(
            "The signature image is larger than %(kb)d KB; sign again on a smaller signing field."
        ),
        kb=MAX_IMAGE_BYTES // 1024,
    )


def _is_png(data: bytes) -> bool:
    """PNG signature, IHDR first with a sensible size, intact chunks, image data, IEND last."""
    if not data.startswith(PNG_MAGIC):
        return False
    position, first, has_image_data = len(PNG_MAGIC), True, False
    while position + 12 <= len(data):
        (length,) = struct.unpack(">I", data[position : position + 4])
        kind = data[position + 4 : position + 8]
        end = position + 12 + length
        if end > len(data):
            return False
        body = data[position + 8 : position + 8 + length]
        (crc,) = struct.unpack(">I", data[end - 4 : end])
        if zlib.crc32(kind + body) != crc:
            return False
        if first:
            if kind != b"IHDR" or length != 13:
                return False
            width, height = struct.unpack(">II", body[:8])
            if not (1 <= width <= MAX_IMAGE_SIDE and 1 <= height <= MAX_IMAGE_SIDE):
                return False
            first = False
        has_image_data = has_image_data or kind == b"IDAT"
        if kind == b"IEND":
            return has_image_data and end == len(data)
        position = end
    return False
