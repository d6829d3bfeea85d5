"""The drawn signature: a PNG sent by the signing device, checked before it is stored.

A signature must be a real drawing: a complete PNG of the size a signing field has (a huge
image is refused from its header, before it costs a second to decode), with enough ink
spread over enough of the field to be a few strokes but not a filled box, and not a copy
or near-copy of another player's signature on the same list: the drawings are compared by
a perceptual hash of their ink (a difference hash, dHash, of the box around the ink), so
one changed pixel, a shift or another scale does not make a copy a new signature. (Written
here in a few lines with Pillow: the ``dhash`` package uses a Pillow call that Pillow 14
removes, ``imagehash`` would bring numpy, SciPy and PyWavelets for it.)
"""

import base64
import binascii
import io
import math
import struct
import zlib
from dataclasses import dataclass

from django.utils.translation import gettext_noop
from PIL import Image

from ..errors import Refusal, Rejected

IMAGE_NOT_PNG_DATA_URL = Refusal(
    "image",
    "image_not_png_data_url",
    gettext_noop(
        'Send the drawn signature as a PNG data URL starting with "data:image/png;base64,".'
    ),
)
IMAGE_NOT_BASE64 = Refusal(
    "image",
    "image_not_base64",
    gettext_noop("The signature image is not valid base64 data; sign again on the device."),
)
IMAGE_NOT_PNG = Refusal(
    "image",
    "image_not_png",
    gettext_noop("The signature is not a complete PNG image; sign again on the device."),
)
IMAGE_TOO_LARGE = Refusal(
    "image",
    "image_too_large",
    gettext_noop(
        "The signature image is larger than %(kb)d KB; sign again on a smaller signing field."
    ),
)
IMAGE_BLANK = Refusal(
    "image",
    "image_blank",
    gettext_noop(
        "The signature field of seat %(seat)d is empty. Sign with a finger or a pen "
        "in the field, or confirm with the PIN from the start card."
    ),
)
IMAGE_TOO_LITTLE_INK = Refusal(
    "image",
    "image_too_little_ink",
    gettext_noop(
        "The signature of seat %(seat)d is too small to be a signature. Sign with "
        "your name across the field, or confirm with the PIN from the start card."
    ),
)
IMAGE_FILLED = Refusal(
    "image",
    "image_filled",
    gettext_noop(
        "The signature of seat %(seat)d is a filled area, not a signature. Clear the "
        "field and sign with your name, or confirm with the PIN from the start card."
    ),
)
IMAGE_COPIED = Refusal(
    "image",
    "image_copied",
    gettext_noop(
        "The signature of seat %(seat)d looks like a copy of the signature of seat "
        "%(other)d. Every player signs for themselves."
    ),
)


PNG_DATA_URL = "data:image/png;base64,"
PNG_MAGIC = b"\x89PNG\r\n\x1a\n"
MAX_IMAGE_BYTES = 200 * 1024
# The pad draws at most twice its size on screen (a phone's field is about 350 × 120):
# larger images are no drawing from the pad, and decoding 4096 × 4096 pixels took 0.6 s.
MAX_IMAGE_SIDE = 2048
MAX_IMAGE_PIXELS = 2048 * 1024


def read_signature_image(value) -> bytes:
    """The PNG bytes of a ``data:image/png;base64,...`` URL, checked chunk by chunk."""
    if not isinstance(value, str) or value[: len(PNG_DATA_URL)].lower() != PNG_DATA_URL:
        raise IMAGE_NOT_PNG_DATA_URL.rejected()
    payload = "".join(value[len(PNG_DATA_URL) :].split())
    if len(payload) > math.ceil(MAX_IMAGE_BYTES / 3) * 4:
        raise _image_too_large()
    try:
        png = base64.b64decode(payload, validate=True)
    except (binascii.Error, ValueError) as error:
        raise IMAGE_NOT_BASE64.rejected() from error
    if len(png) > MAX_IMAGE_BYTES:
        raise _image_too_large()
    if not _is_png(png):
        raise IMAGE_NOT_PNG.rejected()
    return png


def _image_too_large() -> Rejected:
    return IMAGE_TOO_LARGE.rejected(kb=MAX_IMAGE_BYTES // 1024)


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
            if width * height > MAX_IMAGE_PIXELS:
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
# Strokes cover a small part of the box around them; a filled box or a blot covers it all.
MAX_INK_COVERAGE = 0.5
DARK = 128
# Two drawings whose 128-bit hashes differ in at most this many bits are copies (a
# changed pixel, a shift, another scale: 0 to 8 bits; 300 pairs of different scribbles:
# 22 or more, on average 52).
HASH_SIZE = 8
NEAR_COPY_BITS = 12


@dataclass(frozen=True)
class Drawing:
    """What the server sees in a signature image: its ink and a perceptual hash of it."""

    width: int
    height: int
    ink_pixels: int
    ink_width: int
    ink_height: int
    ink_hash: int | None


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
    if box is None:
        return Drawing(*grey.size, 0, 0, 0, None)
    ink_hash = difference_hash(grey.crop(box))
    return Drawing(*grey.size, ink.histogram()[255], box[2] - box[0], box[3] - box[1], ink_hash)


def difference_hash(grey: Image.Image) -> int:
    """dHash: the drawing shrunk to 9 × 9 grey cells; one bit per cell and neighbour
    (right, below) says which is darker. Copies differ in a few of the 128 bits."""
    side = HASH_SIZE + 1
    cells = grey.resize((side, side), Image.Resampling.LANCZOS).tobytes()
    bits = 0
    for y in range(HASH_SIZE):
        for x in range(HASH_SIZE):
            at = y * side + x
            bits = (bits << 2) | (cells[at] < cells[at + 1]) << 1 | (cells[at] < cells[at + side])
    return bits


def check_drawing(png: bytes, seat: int) -> Drawing:
    """The drawing of ``png`` if it is a real signature, else a refusal naming the seat."""
    drawing = read_drawing(png)
    if drawing is None:
        raise IMAGE_NOT_PNG.rejected()
    if drawing.ink_pixels == 0:
        raise IMAGE_BLANK.rejected(seat=seat)
    if (
        drawing.ink_pixels < MIN_INK_PIXELS
        or drawing.ink_width < max(MIN_INK_WIDTH, drawing.width * MIN_INK_SHARE)
        or drawing.ink_height < max(MIN_INK_HEIGHT, drawing.height * MIN_INK_SHARE)
    ):
        raise IMAGE_TOO_LITTLE_INK.rejected(seat=seat)
    if drawing.ink_pixels > MAX_INK_COVERAGE * drawing.ink_width * drawing.ink_height:
        raise IMAGE_FILLED.rejected(seat=seat)
    return drawing


def looks_copied(png: bytes, other: bytes) -> bool:
    """Whether ``png`` is the signature ``other`` again, or a near-copy of it (dHash)."""
    if not other:
        return False
    if other == png:
        return True
    drawing, other_drawing = read_drawing(png), read_drawing(other)
    return (
        drawing is not None
        and drawing.ink_hash is not None
        and other_drawing is not None
        and other_drawing.ink_hash is not None
        and (drawing.ink_hash ^ other_drawing.ink_hash).bit_count() <= NEAR_COPY_BITS
    )


def ensure_not_copied(png: bytes, seat: int, others) -> None:
    """Refuse ``png`` if it is another seat's signature (``others``) or a near-copy of it."""
    for other in others:
        if looks_copied(png, bytes(other.image)):
            raise IMAGE_COPIED.rejected(seat=seat, other=other.seat)
