"""The demo: a club evening of two clubs with complete, signed and summary lists, a
finished cup and a cash box, loaded into a new database and deleted in one step."""
