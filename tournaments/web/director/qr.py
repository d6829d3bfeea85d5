"""QR codes as inline SVG, for the table code cards on the director pages."""

from django.utils.safestring import mark_safe
from reportlab.graphics.barcode import qrencoder

QR_QUIET_ZONE = 4  # modules of white around a QR code, as the standard asks


def qr_svg(text: str) -> str:
    """``text`` as a QR code in one compact inline SVG path (one square per dark module).

    reportlab, already needed for the PDFs, encodes it; drawing the modules here keeps the
    SVG small and crisp at any zoom instead of reportlab's 40 KB of nested groups.
    """
    code = qrencoder.QRCode(None, qrencoder.QRErrorCorrectLevel.M)
    code.addData(text)
    code.make()
    count = code.getModuleCount()
    size = count + 2 * QR_QUIET_ZONE
    path = "".join(
        f"M{column + QR_QUIET_ZONE} {row + QR_QUIET_ZONE}h1v1h-1z"
        for row in range(count)
        for column in range(count)
        if code.isDark(row, column)
    )
    return mark_safe(  # noqa: S308 - built from numbers only
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {size} {size}" '
        f'shape-rendering="crispEdges" focusable="false" aria-hidden="true">'
        f'<rect width="{size}" height="{size}" fill="#fff"/><path d="{path}" fill="#000"/></svg>'
    )
