"""HTML pages for people: views and URLs of the server-rendered site."""
