"""Clubs and players (Vereine und Spieler): plain read/write resources with a search box."""

from django_filters.rest_framework import DjangoFilterBackend
from rest_framework import filters, viewsets

from tournaments.models import Club, Player

from .permissions import DirectorWritesOthersRead
from .serializers.clubs_players import ClubSerializer, PlayerSerializer


class ClubViewSet(viewsets.ModelViewSet):
    queryset = Club.objects.order_by("name")
    serializer_class = ClubSerializer
    permission_classes = [DirectorWritesOthersRead]
    filter_backends = [filters.SearchFilter]
    search_fields = ["name", "short_name"]


class PlayerViewSet(viewsets.ModelViewSet):
    queryset = Player.objects.select_related("club").order_by("sort_name", "id")
    serializer_class = PlayerSerializer
    permission_classes = [DirectorWritesOthersRead]
    filter_backends = [DjangoFilterBackend, filters.SearchFilter]
    filterset_fields = ["club"]
    search_fields = ["first_name", "last_name", "club__name", "member_number"]
