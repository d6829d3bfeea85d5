"""Lets the audit trail name who changed a tournament, player or club in a request."""

from tournaments.services import change_log


class AuditUserMiddleware:
    """Keeps the request at hand while it is served; its user is read when a change is
    recorded, so a user authenticated later (API token, Basic) is named too."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        token = change_log.serving(request)
        try:
            return self.get_response(request)
        finally:
            change_log.served(token)
