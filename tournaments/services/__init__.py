"""Use cases that change data, kept out of views and commands so every entry point shares them."""
