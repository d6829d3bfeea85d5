"""URLs of the server-rendered pages, included at the site root."""

from django.urls import path

from tournaments.web.calculator import calculator
from tournaments.web.views import HomeView

app_name = "web"

urlpatterns = [
    path("", HomeView.as_view(), name="home"),
    path("rechner/", calculator, name="calculator"),
]
