"""Use cases of publishing: the results document, the clubs' keys and seals, imports."""
