"""Clubs and their players: who takes part in a tournament and for which club."""

from django.db import models
from django.utils.translation import gettext_lazy as _

from tournaments.models.names import refuse_control_characters
from tournaments.text import name_sort_key, search_text

from .fields import optional_bound, register_number
from .relations import assigned_users, club_link


class Gender(models.TextChoices):
    """For the women's prize; kept on the player, copied to each registration."""

    UNKNOWN = "", _("not given")
    FEMALE = "f", _("female")
    MALE = "m", _("male")
    DIVERSE = "d", _("diverse")


class AgeCategory(models.TextChoices):
    """Age class for the category prizes (best junior, best senior)."""

    NONE = "", _("none")
    JUNIOR = "junior", _("junior")
    SENIOR = "senior", _("senior")


class Publication(models.TextChoices):
    """How far a player consents to be named in public (docs/privacy.md): on every surface
    an anonymous visitor sees, as :func:`tournaments.services.public_names.public_name`
    names them."""

    FULL = "full", _("full name and club")
    SHORT = "short", _("first name, initial and club")
    NONE = "none", _("start number only")


class Club(models.Model):
    """A Skat club, the home of players and the unit club rankings are computed for."""

    name = models.CharField(
        _("name"), max_length=200, validators=[refuse_control_characters], unique=True
    )
    short_name = models.CharField(
        _("short name"),
        max_length=50,
        blank=True,
        validators=[refuse_control_characters],
        help_text=_("Shown where space is tight, e.g. on score sheets and rankings."),
    )
    federation_number = register_number(
        _("federation number"),
        _("The club's number with the Skat federation, if it is a member."),
    )
    season_best_series = optional_bound(
        _("season ranking: best series"),
        _("Count only a player's best N series of the year; empty: all series."),
    )
    season_min_series = models.PositiveSmallIntegerField(
        _("season ranking: minimum series"),
        default=1,
        help_text=_("Players with fewer series in the year are not listed."),
    )
    directors = assigned_users(
        _("directors"),
        "directed_clubs",
        _(
            "Staff users who direct this club's tournaments and league venues. Once a club "
            "has directors, only they and the association's administrators change its events."
        ),
    )
    treasurers = assigned_users(
        _("treasurers"),
        "treasured_clubs",
        _(
            "Users who keep this club's cash boxes (Kassenwart). Once a club has treasurers, "
            "no other treasurer sees its money."
        ),
    )
    default_publication = models.CharField(
        _("default publication"),
        max_length=5,
        choices=Publication.choices,
        default=Publication.FULL,
        help_text=_("The consent a new player of the club gets unless another is given."),
    )
    # The legal texts of the site (docs/privacy.md, "Privacy notice and imprint"): plain
    # text, shown escaped with its paragraphs; those of the club that runs the site are
    # the site's (services/legal_texts.py).
    privacy_notice = models.TextField(
        _("privacy notice"),
        blank=True,
        default="",
        help_text=_("Plain text; an empty line starts a new paragraph."),
    )
    imprint = models.TextField(
        _("imprint"),
        blank=True,
        default="",
        help_text=_("Plain text; an empty line starts a new paragraph."),
    )
    runs_site = models.BooleanField(
        _("runs this site"),
        default=False,
        help_text=_("The club's privacy notice and imprint are this site's."),
    )
    created_at = models.DateTimeField(_("created at"), auto_now_add=True)

    class Meta:
        ordering = ["name"]
        verbose_name = _("club")
        verbose_name_plural = _("clubs")
        constraints = [
            models.CheckConstraint(
                condition=models.Q(season_best_series__isnull=True)
                | models.Q(season_best_series__gte=1),
                name="club_season_best_series_min",
            ),
            models.CheckConstraint(
                condition=models.Q(default_publication__in=Publication.values),
                name="club_default_publication_known",
            ),
            models.UniqueConstraint(
                fields=["runs_site"],
                condition=models.Q(runs_site=True),
                name="one_club_runs_the_site",
            ),
        ]

    def __str__(self) -> str:
        return self.name


class PlayerQuerySet(models.QuerySet):
    def bulk_create(self, objs, *args, **kwargs):
        """As Django's, with the sort and search names that :meth:`Player.save` would set."""
        objs = list(objs)
        defaults = _club_defaults({player.club_id for player in objs if not player.publication})
        for player in objs:
            player.publication = player.publication or defaults.get(
                player.club_id, Publication.FULL
            )
            player.sort_name = player.german_sort_name()
            player.search_name = player.name_to_search()
        return super().bulk_create(objs, *args, **kwargs)


def _club_defaults(club_ids) -> dict:
    """Club id → its default publication, for the players created without a level."""
    club_ids = club_ids - {None}
    if not club_ids:
        return {}
    return dict(Club.objects.filter(pk__in=club_ids).values_list("pk", "default_publication"))


class Player(models.Model):
    """A person who plays in tournaments; without a club the player is a guest."""

    first_name = models.CharField(
        _("first name"), max_length=100, validators=[refuse_control_characters]
    )
    last_name = models.CharField(
        _("last name"), max_length=100, validators=[refuse_control_characters]
    )
    club = club_link("players", help_text=_("Leave empty for a guest player."))
    member_number = register_number(
        _("member number"), _("The player's membership number, unique within the club.")
    )
    publication = models.CharField(
        _("publication"),
        max_length=5,
        choices=Publication.choices,
        blank=True,
        default="",
        help_text=_(
            "How the player consents to be named in public: full name, short name "
            "(Erika M.) or only the start number. Empty: the club's default."
        ),
    )
    # The classes of the last evening; a new registration starts from them, so that a
    # director marks a player once, not every evening (services/participants/classes.py).
    gender = models.CharField(
        _("gender"), max_length=1, choices=Gender.choices, default="", blank=True
    )
    category = models.CharField(
        _("age category"), max_length=8, choices=AgeCategory.choices, default="", blank=True
    )
    sort_name = models.CharField(
        _("sort name"),
        max_length=210,
        editable=False,
        default="",
        db_index=True,
        help_text=_("Last and first name as they sort in German (Ö with O, ß as ss)."),
    )
    search_name = models.TextField(
        _("search name"),
        editable=False,
        default="",
        help_text=_("First and last name as a name search compares them (Müller as muller)."),
    )
    erased_at = models.DateTimeField(
        _("erased at"),
        null=True,
        blank=True,
        editable=False,
        help_text=_("When the person was erased (Art. 17): the name is a pseudonym since."),
    )
    created_at = models.DateTimeField(_("created at"), auto_now_add=True)

    objects = PlayerQuerySet.as_manager()

    class Meta:
        ordering = ["sort_name", "id"]
        verbose_name = _("player")
        verbose_name_plural = _("players")
        constraints = [
            models.UniqueConstraint(
                fields=["club", "member_number"],
                condition=~models.Q(member_number=""),
                name="unique_member_number_per_club",
                violation_error_message=_("This member number is already used in this club."),
            ),
            models.CheckConstraint(
                condition=models.Q(publication__in=Publication.values),
                name="player_publication_known",
            ),
        ]

    def __str__(self) -> str:
        return self.full_name

    def save(self, *args, **kwargs):
        if not self.publication:
            self.publication = self.club.default_publication if self.club else Publication.FULL
        self.sort_name = self.german_sort_name()
        self.search_name = self.name_to_search()
        fields = kwargs.get("update_fields")
        if fields is not None and {"first_name", "last_name"} & set(fields):
            kwargs["update_fields"] = {*fields, "sort_name", "search_name"}
        super().save(*args, **kwargs)

    def german_sort_name(self) -> str:
        return name_sort_key(self.last_name, self.first_name)

    def name_to_search(self) -> str:
        """What a name search looks in (tournaments/text.py: ``search_text``)."""
        return search_text(self.full_name)

    @property
    def full_name(self) -> str:
        """First and last name, as people are named on score sheets and rankings."""
        return f"{self.first_name} {self.last_name}"
