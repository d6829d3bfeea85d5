"""URLs of the door's API (API §11), mounted under ``/api/v1/`` beside the tournaments' API."""

from django.urls import path

from . import desk, self_registration

urlpatterns = [
    path(
        "tournaments/<int:pk>/self-registrations/",
        self_registration.SelfRegistrationView.as_view(),
        name="door-self-registrations",
    ),
    # The desk (desk.py).
    path("tournaments/<int:pk>/arrivals/", desk.ArrivalsView.as_view(), name="door-arrivals"),
    path(
        "tournaments/<int:pk>/arrivals/<int:arrival_id>/accept/",
        desk.AcceptView.as_view(),
        name="door-accept",
    ),
    path(
        "tournaments/<int:pk>/arrivals/reject/",
        desk.RejectView.as_view(),
        name="door-reject",
    ),
    path("participants/<int:pk>/check-in/", desk.CheckInView.as_view(), name="door-check-in"),
]
