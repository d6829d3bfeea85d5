"""Project configuration for Skatverein: settings, root URLs and server entry points."""
