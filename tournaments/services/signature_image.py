"""The drawn signature: a PNG sent by the signing device, checked before it is stored.

A signature must be a real drawing: a complete PNG of sensible size, with enough ink spread
over enough of the field to be a few strokes, and not a copy of another player's signature
on the same list (one device could otherwise sign every seat with one tiny image).
"""

import base64
import binascii
import hashlib
import io
import math
import struct
import zlib
from dataclasses import dataclass

from django.utils.translation import gettext_noop
from PIL import Image

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


# A drawing has at least this much ink (dark pixels) spread over this much of the field:
# a dot, a single straight stroke or an empty pad is no signature.
MIN_INK_PIXELS = 60
MIN_INK_WIDTH = 24
MIN_INK_HEIGHT = 8
MIN_INK_SHARE = 0.1  # of the field's width and of its height
DARK = 128


@dataclass(frozen=True)
class Drawing:
    """What the server sees in a signature image: its ink and a hash of its pixels."""

    width: int
    height: int
    ink_pixels: int
    ink_width: int
    ink_height: int
    pixel_sha256: str


def read_drawing(png: bytes) -> Drawing | None:
    """Decode ``png`` onto white paper; None if it cannot be decoded."""
    try:
        with Image.open(io.BytesIO(png)) as image:
            image.load()
            paper = Image.new("RGBA", image.size, (255, 255, 255, 255))
            grey = Image.alpha_composite(paper, image.convert("RGBA")).convert("L")
    except (OSError, ValueError, Image.DecompressionBombError):
        return None
    ink = grey.point(lambda value: 255 if value < DARK else 0)
    box = ink.getbbox()
    pixels = hashlib.sha256(b"%dx%d:" % grey.size + grey.tobytes()).hexdigest()
    if box is None:
        return Drawing(*grey.size, 0, 0, 0, pixels)
    return Drawing(*grey.size, ink.histogram()[255], box[2] - box[0], box[3] - box[1], pixels)


def check_drawing(png: bytes, seat: int) -> Drawing:
    """The drawing of ``png`` if it is a real signature, else a refusal naming the seat."""
    drawing = read_drawing(png)
    if drawing is None:
        raise Rejected.because(
            "image",
            "image_not_png",
            gettext_noop("The signature is not a complete PNG image; sign again on the device."),
        )
    if drawing.ink_pixels == 0:
        raise Rejected.because(
            "image",
            "image_blank",
            gettext_noop(
                "The signature field of seat %(seat)d is empty. Sign with a finger or a pen "
                "in the field, or confirm with the PIN from the start card."
            ),
            seat=seat,
        )
    if (
        drawing.ink_pixels < MIN_INK_PIXELS
        or drawing.ink_width < max(MIN_INK_WIDTH, drawing.width * MIN_INK_SHARE)
        or drawing.ink_height < max(MIN_INK_HEIGHT, drawing.height * MIN_INK_SHARE)
    ):
        raise Rejected.because(
            "image",
            "image_too_little_ink",
            gettext_noop(
                "The signature of seat %(seat)d is too small to be a signature. Sign with "
                "your name across the field, or confirm with the PIN from the start card."
            ),
            seat=seat,
        )
    return drawing


def ensure_not_copied(png: bytes, seat: int, others) -> None:
    """Refuse ``png`` if its pixels equal another seat's signature (``others``: signatures)."""
    drawing = read_drawing(png)
    for other in others:
        image = bytes(other.image)
        if not image:
            continue
        copied = image == png or (
            drawing is not None
            and (other_drawing := read_drawing(image)) is not None
            and other_drawing.pixel_sha256 == drawing.pixel_sha256
        )
        if copied:
            raise Rejected.because(
                "image",
                "image_copied",
                gettext_noop(
                    "The signature of seat %(seat)d is identical to the signature of seat "
                    "%(other)d. Every player signs for themselves."
                ),
                seat=seat,
                other=other.seat,
            )
