"""Django's request handling for the table devices' API calls on the table pool, shorter.

A table device enters a game every minute or so at every table, and each call used to
pass through all of the project's middleware, most of which serves logins, pages and
static files: the session, the login, CSRF, messages, WhiteNoise, the login limits and
django-axes (about a fifth of a save's CPU, docs/performance.md "Lean save"). A call let in
by its table code (``X-Table-Code``, checked again by ``api/table_code.py``) uses none of
them, so :class:`~tournaments.web.table_pool.TablePoolOnly` hands such calls to this
handler, which runs ``settings.TABLE_API_MIDDLEWARE``: the same middleware in the same
order, without those. What guards every answer stays (NUL refusal, the security and CSP
headers, the language, the audit's request, a locked database's 503).

The view, its checks and the services are the same as on the whole stack: only what runs
around them differs. A call with an API token or a director's session and CSRF header
is not handed here (``table_pool_codes.admission``).
"""

from django.conf import settings
from django.core.exceptions import ImproperlyConfigured
from django.core.handlers.exception import convert_exception_to_response
from django.core.handlers.wsgi import WSGIHandler
from django.utils.module_loading import import_string


class TableApiHandler(WSGIHandler):
    """A WSGI handler like Django's own, with ``settings.TABLE_API_MIDDLEWARE``."""

    middleware_names: list[str]

    def load_middleware(self, is_async=False):
        # BaseHandler.load_middleware reads settings.MIDDLEWARE only; this is its
        # synchronous part (the project's middleware are all synchronous) for another list.
        if is_async:
            raise ImproperlyConfigured("The table API handler serves WSGI only.")
        self.middleware_names = list(settings.TABLE_API_MIDDLEWARE)
        self._view_middleware = []
        self._template_response_middleware = []
        self._exception_middleware = []
        handler = convert_exception_to_response(self._get_response)
        for path in reversed(self.middleware_names):
            middleware = import_string(path)
            if not getattr(middleware, "sync_capable", True):
                raise ImproperlyConfigured(f"{path} cannot serve a synchronous request.")
            instance = middleware(handler)
            if hasattr(instance, "process_view"):
                self._view_middleware.insert(0, instance.process_view)
            if hasattr(instance, "process_template_response"):
                self._template_response_middleware.append(instance.process_template_response)
            if hasattr(instance, "process_exception"):
                self._exception_middleware.append(instance.process_exception)
            handler = convert_exception_to_response(instance)
        self._middleware_chain = handler
