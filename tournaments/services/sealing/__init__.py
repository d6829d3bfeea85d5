"""Confirming and sealing a list: the players' signatures (drawn or PIN), the director's
end, close and reopen, the seal over the sealed document, its check, and the certificate
that signs the PDFs (docs/rules.md 4)."""
