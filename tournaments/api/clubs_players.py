"""Clubs and players (Vereine und Spieler): plain read/write resources with a search box."""

from django.http import HttpResponse
from django_filters.rest_framework import DjangoFilterBackend
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema, inline_serializer
from rest_framework import filters, serializers, status, viewsets
from rest_framework.decorators import action
from rest_framework.exceptions import PermissionDenied
from rest_framework.response import Response

from tournaments.api.fields import StrictIntegerField
from tournaments.exports.kept import files
from tournaments.exports.personal_data import personal_data_pdf
from tournaments.models import Club, Player, Publication
from tournaments.services import (
    club_directors,
    erasure,
    participants,
    personal_data,
    player_scope,
    roles,
)

from .downloads.base import PDF, FileView, file_schema
from .downloads.names import attachment_header
from .lookup import get_or_404
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

    @extend_schema(
        summary="Everything stored about a player (Art. 15 DSGVO), as JSON",
        responses={200: OpenApiTypes.OBJECT},
    )
    @action(detail=True, methods=["get"], url_path="data", filter_backends=[])
    def data(self, request, pk=None):
        """For a director of the player's club (docs/privacy.md); also as ``data.pdf``."""
        return Response(personal_data.player_data(directed_player(request, self.get_object())))

    @extend_schema(
        summary="Erase a person (Art. 17 DSGVO): the name becomes a pseudonym everywhere",
        request=inline_serializer("ErasureRequest", {"reason": serializers.CharField()}),
        responses={200: PlayerSerializer},
    )
    @action(detail=True, methods=["post"], url_path="erase", filter_backends=[])
    def erase(self, request, pk=None):
        """For a director of the player's club (docs/privacy.md); the reason is required."""
        player = directed_player(request, self.get_object())
        body = json_object(request)
        erased = erasure.erase_player(player, body.get("reason"), user=request.user)
        files.forget_names_of(erased)  # kept files may print the old name: made again
        return Response(PlayerSerializer(erased, context={"request": request}).data)

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


def directed_player(request, player: Player) -> Player:
    """``player``, if the request's user directs the player's club; else 403."""
    if not roles.may_direct(request.user, player):
        raise PermissionDenied("Only a director of the player's club may do this; please log in.")
    return player


class PlayerDataPDFView(FileView):
    """``players/{id}/data.pdf``: what :meth:`PlayerViewSet.data` gives, readable."""

    @file_schema(PDF, "Everything stored about a player (Art. 15 DSGVO), as PDF", staff=True)
    def get(self, request, pk: int):
        player = directed_player(request, get_or_404(Player.objects.select_related("club"), pk))
        content = personal_data_pdf(personal_data.player_data(player))
        response = HttpResponse(content, content_type=PDF)
        response["Content-Disposition"] = attachment_header(f"player-{player.pk}-data.pdf")
        response["Cache-Control"] = "no-store"
        return response
