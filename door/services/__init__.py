"""The door's use cases: registering oneself, the desk's accept and check-in, matching."""
