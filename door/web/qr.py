"""The door's QR code as inline SVG (segno), for the desk and the projector."""

import segno
from django.utils.safestring import mark_safe


def qr_svg(link: str) -> str:
    """``link`` as a QR code, an inline SVG that scales with its box."""
    code = segno.make(link, error="m", micro=False)
    return mark_safe(code.svg_inline(scale=1, omitsize=True, border=4))  # noqa: S308 - segno's SVG of our own link
