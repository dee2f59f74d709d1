"""Services: load rows, call the domain, save. No HTTP here."""


class ServiceError(Exception):
    """Bad input a person can fix; carries a translatable message and its values."""

    def __init__(self, code: str, message: str, **params):
        super().__init__(message % params if params else message)
        self.code = code
        self.message = message
        self.params = params


class NotFound(ServiceError):
    """What was asked for does not exist; the views answer it with their 404 page."""
