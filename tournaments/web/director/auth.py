"""Who gets into the director pages: the login page, logout, and the director check.

A page about one event (its address names a tournament, series, table or participant)
is open to that event's directors (``roles.may_direct``: a club's directors, those an
app's scope names, such as the group leaders of a league venue, the admin); the other
pages (the list, a new tournament, the blocked addresses) to staff users.
"""

from functools import wraps

from django.contrib.admin.forms import AdminAuthenticationForm
from django.contrib.auth import views as auth_views
from django.contrib.auth.forms import AuthenticationForm
from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.core.validators import MaxLengthValidator
from django.urls import reverse, reverse_lazy
from django.views.decorators.cache import never_cache

from tournaments.models import Participant, Player, Series, Table, Tournament
from tournaments.services import roles


class BoundedUsername:
    """A login form that refuses a user name longer than the user model allows.

    Django's login form sets the field's ``max_length`` after the field was built, so the
    length is never checked and a 600-character name reached ``authenticate()`` — and
    django-axes, whose attempt record cannot hold it on PostgreSQL (a 500).
    """

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        field = self.fields["username"]
        field.validators.append(MaxLengthValidator(field.max_length or 150))


class LoginForm(BoundedUsername, AuthenticationForm):
    pass


class AdminLoginForm(BoundedUsername, AdminAuthenticationForm):
    pass


# Where an app sends a user after the login, asked in order after the director's own
# page: ``(user) -> address or None`` (the league's tasks for its group leaders and
# captains). Registered from the app's ``AppConfig.ready()`` with :func:`register_landing_page`.
LANDING_PAGES: list = []


def register_landing_page(page) -> None:
    """Add an app's landing page, ``page(user)`` returning its address or None."""
    if page not in LANDING_PAGES:
        LANDING_PAGES.append(page)


class LoginView(auth_views.LoginView):
    """The login page; directors land on their tournaments, users an app has a page for
    on it (:data:`LANDING_PAGES`), treasurers on their cash boxes, everyone else on the
    home page."""

    authentication_form = LoginForm
    template_name = "registration/login.html"
    redirect_authenticated_user = False

    def get_default_redirect_url(self):
        user = self.request.user
        if roles.is_director(user):
            return reverse("web:director-home")
        for page in LANDING_PAGES:
            address = page(user)
            if address:
                return address
        if roles.may_keep_money(user):
            return reverse("web:cash-boxes")
        return reverse("web:home")


class LogoutView(auth_views.LogoutView):
    next_page = reverse_lazy("web:home")


# The URL arguments that name an event's object, and the object they name.
EVENT_ARGUMENTS = (
    ("tournament_id", Tournament),
    ("series_id", Series),
    ("table_id", Table),
    ("participant_id", Participant),
    ("player_id", Player),
)


def page_event(kwargs):
    """The event object a director page's address names, or None (also for an unknown id,
    which the view then answers with 404)."""
    for argument, model in EVENT_ARGUMENTS:
        if argument in kwargs:
            return model.objects.filter(pk=kwargs[argument]).first()
    return None


def may_open(user, kwargs) -> bool:
    """Whether ``user`` may open the director page with these URL arguments."""
    event = page_event(kwargs)
    if event is None:
        return roles.is_director(user)
    return roles.may_direct(user, event)


def director_required(view):
    """The event's directors only: anonymous users go to the login page, others are
    refused (403)."""

    @wraps(view)
    def wrapped(request, *args, **kwargs):
        if not request.user.is_authenticated:
            return redirect_to_login(request.get_full_path(), reverse("web:login"))
        if not may_open(request.user, kwargs):
            raise PermissionDenied
        return view(request, *args, **kwargs)

    return never_cache(wrapped)
