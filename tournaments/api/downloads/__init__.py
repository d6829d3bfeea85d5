"""The API's file downloads (docs/api.md): game lists, rankings, table plans, start cards."""
