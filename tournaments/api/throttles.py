"""API throttles counted per client address, in the shared database cache.

DRF's own address guess reads ``X-Forwarded-For`` by its ``NUM_PROXIES`` setting; these use
the project's one rule instead (``TRUSTED_PROXY_COUNT``, services/client_address.py), so a
hall behind one router, or every client behind the reverse proxy, is counted the same way
as for table codes and logins. Rates are in ``REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"]``.
"""

from rest_framework.throttling import ScopedRateThrottle

from tournaments.services.client_address import client_address


class AddressRateThrottle(ScopedRateThrottle):
    """A view's ``throttle_scope`` rate, per client address (also for signed-in users).

    The public calculator and the token endpoint are what it guards; counting signed-in
    directors per address too keeps one rule for both.
    """

    def get_cache_key(self, request, view):
        return self.cache_format % {"scope": self.scope, "ident": self.get_ident(request)}

    def get_ident(self, request):
        return client_address(request.META)
