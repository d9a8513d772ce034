"""Players' phones: the web server, the seat tokens, and the page it serves."""
