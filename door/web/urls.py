"""URLs of the door's pages: the phone's registration and the director's desk."""

from django.urls import path

from . import desk, phone

app_name = "door"

T = "turniere/<int:tournament_id>/anmelden"  # the player's phone
D = "leitung/turniere/<int:tournament_id>/einlass"  # the director's desk

urlpatterns = [
    # The player's phone (phone.py).
    path(f"{T}/", phone.register_page, name="phone"),
    path(f"{T}/leinwand/", desk.projector, name="projector"),
    path(f"{T}/<str:token>/", phone.status_page, name="phone-status"),
    path(f"{T}/<str:token>/stand/", phone.status_json, name="phone-status-json"),
    # The director's desk (desk.py) and the poster for the door.
    path(f"{D}/", desk.desk_page, name="desk"),
    path(f"{D}/plakat.pdf", desk.poster, name="poster"),
]
