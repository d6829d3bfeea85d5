"""Every link to a parent follows the deletion rule of its kind (tournaments.models.relations)."""

import pytest
from django.apps import apps
from django.db import models

# A payment keeps its series; the audit trail outlives a table; a club takes its certificate;
# a prize payout keeps its participant but goes with the tournament (RESTRICT).
EXCEPTIONS = {
    ("Payment", "series"),
    ("AuditEntry", "table"),
    ("SigningCertificate", "club"),
    ("PrizePayout", "participant"),
}


def links_to(target):
    return [
        (model.__name__, field)
        for model in apps.get_app_config("tournaments").get_models()
        for field in model._meta.get_fields()
        if isinstance(field, models.ForeignKey)
        and field.related_model.__name__ == target
        and (model.__name__, field.name) not in EXCEPTIONS
    ]


@pytest.mark.parametrize(
    ("target", "on_delete"),
    [
        ("Tournament", models.CASCADE),
        ("Series", models.CASCADE),
        ("Table", models.CASCADE),
        ("Participant", models.PROTECT),
        ("Club", models.PROTECT),
    ],
)
def test_links_to_a_parent_share_its_deletion_rule(target, on_delete):
    rules = {(name, field.name): field.remote_field.on_delete for name, field in links_to(target)}

    assert rules
    assert set(rules.values()) == {on_delete}
