"""Files made once and kept in storage, and the big ones made in the background."""
