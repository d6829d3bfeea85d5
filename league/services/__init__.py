"""League use cases: the only place that changes league data (docs/architecture.md)."""
