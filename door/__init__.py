"""The door of an open tournament: players register on their own phone, the desk accepts
them with one tap (docs/door.md). The tournaments core never imports this app."""
