"""The layers that answer GET requests before Flask stand apart from every other method.

Static files from memory (static_files.py), kept public pages (polling/pagegate.py) and 304 bracket
polls (polling/pollgate.py) each answer only a GET. A POST (a phone's sync batch, a desk form) went
through all three, each looking at it only to let it through; here it goes straight to the app.
Each layer still checks the method itself, so it stays right wherever it is mounted (the tests
call them alone).
"""


class GetsApart:
    """WSGI layer: a GET to the read layers (`wsgi_app`), any other method to the app itself."""

    def __init__(self, reads, app_itself):
        self.wsgi_app, self.app_itself = reads, app_itself

    def __call__(self, environ, start_response):
        if environ.get("REQUEST_METHOD") == "GET":
            return self.wsgi_app(environ, start_response)
        return self.app_itself(environ, start_response)
