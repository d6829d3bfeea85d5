"""API throttles counted per client address, atomically in the database.

DRF's own throttles keep a list of timestamps in the cache, read and written back by each
request, so concurrent requests overwrite each other's entries (246 calculator requests
got through a limit of 120). These count with :func:`tournaments.services.attempts.hit`
instead, and read the address by the project's one rule (``TRUSTED_PROXY_COUNT``,
services/client_address.py), so a hall behind one router is counted the same way as for
table codes and logins. Rates are in ``REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"]``.
"""

from rest_framework.throttling import ScopedRateThrottle

from tournaments.services import attempts
from tournaments.services.client_address import client_address


class AddressRateThrottle(ScopedRateThrottle):
    """A view's ``throttle_scope`` rate, per client address (also for signed-in users).

    The public calculator and the token endpoint are what it guards; counting signed-in
    directors per address too keeps one rule for both.
    """

    def allow_request(self, request, view):
        self.scope = getattr(view, self.scope_attr, None)
        if not self.scope:
            return True
        self.rate = self.get_rate()
        self.num_requests, self.duration = self.parse_rate(self.rate)
        attempt = attempts.hit(
            f"api:{self.scope}",
            client_address(request.META),
            limit=self.num_requests,
            window=self.duration,
        )
        self._wait = attempt.retry_after
        return attempt.allowed

    def wait(self):
        return self._wait
