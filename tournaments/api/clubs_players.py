"""Clubs and players (Vereine und Spieler): plain read/write resources with a search box."""

from django_filters.rest_framework import DjangoFilterBackend
from drf_spectacular.utils import extend_schema
from rest_framework import filters, serializers, status, viewsets
from rest_framework.decorators import action
from rest_framework.response import Response

from tournaments.api.fields import StrictIntegerField
from tournaments.models import Club, Player, Publication
from tournaments.services import club_directors, participants, player_scope, roles

from .permissions import AssociationAdminWrites, DirectorWritesOthersRead
from .request_bodies import json_object
from .serializers.clubs_players import ClubSerializer, PlayerSerializer


class DirectorRequestSerializer(serializers.Serializer):
    user = StrictIntegerField(help_text="A staff user's id.")


class DirectorsSerializer(serializers.Serializer):
    club = StrictIntegerField()
    directors = serializers.ListField(child=StrictIntegerField())


class ClubViewSet(viewsets.ModelViewSet):
    queryset = Club.objects.order_by("name")
    serializer_class = ClubSerializer
    permission_classes = [DirectorWritesOthersRead]
    filter_backends = [filters.SearchFilter]
    search_fields = ["name", "short_name"]

    @extend_schema(request=DirectorRequestSerializer, responses={201: DirectorsSerializer})
    @action(
        detail=True,
        methods=["post"],
        permission_classes=[AssociationAdminWrites],
        serializer_class=DirectorRequestSerializer,
        filter_backends=[],
    )
    def directors(self, request, pk=None):
        """Name a staff user a director of the club (the association's administrator)."""
        club = self.get_object()
        club_directors.add_director(club, json_object(request).get("user"), user=request.user)
        data = {"club": club.pk, "directors": club_directors.director_ids(club)}
        return Response(data, status.HTTP_201_CREATED)


class PlayerSearch(filters.SearchFilter):
    """``?search=``: every word in the player's name, club or member number, a name found
    as people type it ("mueller" finds Müller; services/participants/search.py)."""

    def filter_queryset(self, request, queryset, view):
        return participants.filter_players(queryset, request.query_params.get(self.search_param))


class PlayerViewSet(viewsets.ModelViewSet):
    queryset = Player.objects.select_related("club").order_by("sort_name", "id")
    serializer_class = PlayerSerializer
    permission_classes = [DirectorWritesOthersRead]
    filter_backends = [DjangoFilterBackend, PlayerSearch]
    filterset_fields = ["club"]
    search_fields = ["first_name", "last_name", "club__name", "member_number"]

    def get_queryset(self):
        """The public reads only the players who consented to be named, and finds by a
        search only those named in full (a short name must not be found by the last name
        it hides); the people running events see everyone."""
        players = super().get_queryset()
        if roles.sees_full_names(self.request.user):
            return players
        players = players.exclude(publication=Publication.NONE)
        if self.request.query_params.get("search"):
            players = players.filter(publication=Publication.FULL)
        return players

    def perform_create(self, serializer):
        """A new player only in a club the user directs (services/player_scope.py)."""
        player_scope.ensure_may_write_players_of(
            self.request.user, serializer.validated_data.get("club")
        )
        super().perform_create(serializer)

    def perform_update(self, serializer):
        """A player moves only between clubs the user directs: the old one (also checked by
        the permission) and the new one."""
        current = serializer.instance.club
        target = serializer.validated_data.get("club", current)
        player_scope.ensure_may_write_players_of(self.request.user, current, target)
        super().perform_update(serializer)
