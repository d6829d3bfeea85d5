"""The league part of the public API (docs/api.md "League seasons"), under /api/v1/."""
