"""URLs of the door's API (API §11), mounted under ``/api/v1/`` beside the tournaments' API."""

from django.urls import path

from . import self_registration

urlpatterns = [
    path(
        "tournaments/<int:pk>/self-registrations/",
        self_registration.SelfRegistrationView.as_view(),
        name="door-self-registrations",
    ),
]
