"""Who gets into the director pages: the login page, logout, and the staff-only check."""

from functools import wraps

from django.contrib.admin.forms import AdminAuthenticationForm
from django.contrib.auth import views as auth_views
from django.contrib.auth.forms import AuthenticationForm
from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.core.validators import MaxLengthValidator
from django.urls import reverse, reverse_lazy
from django.views.decorators.cache import never_cache


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


class LoginView(auth_views.LoginView):
    """The login page; directors land on their tournaments, everyone else on the home page."""

    authentication_form = LoginForm
    template_name = "registration/login.html"
    redirect_authenticated_user = False

    def get_default_redirect_url(self):
        if self.request.user.is_staff:
            return reverse("web:director-home")
        return reverse("web:home")


class LogoutView(auth_views.LogoutView):
    next_page = reverse_lazy("web:home")


def director_required(view):
    """Staff only: anonymous users go to the login page, others are refused (403)."""

    @wraps(view)
    def wrapped(request, *args, **kwargs):
        if not request.user.is_authenticated:
            return redirect_to_login(request.get_full_path(), reverse("web:login"))
        if not request.user.is_staff:
            raise PermissionDenied
        return view(request, *args, **kwargs)

    return never_cache(wrapped)
