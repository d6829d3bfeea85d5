"""Keep the sealed document with the table, so later renames do not break a seal."""

from django.db import migrations, models


def copy_documents_from_the_audit_trail(apps, schema_editor):
    """Sealed lists get the document their sealing audit entry kept."""
    table_model = apps.get_model("tournaments", "Table")
    entry_model = apps.get_model("tournaments", "AuditEntry")
    for table_id, seal in table_model.objects.exclude(seal="").values_list("id", "seal"):
        entry = (
            entry_model.objects.filter(
                table_id=table_id, action__in=("list_signed", "list_closed"), after__seal=seal
            )
            .order_by("-id")
            .first()
        )
        document = entry.after.get("document") if entry is not None else None
        if isinstance(document, dict):
            table_model.objects.filter(pk=table_id).update(seal_document=document)


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0007_shared_cache_table"),
    ]

    operations = [
        migrations.AddField(
            model_name="table",
            name="seal_document",
            field=models.JSONField(
                blank=True,
                editable=False,
                help_text="The list as the players confirmed it, names included; the seal covers it.",
                null=True,
                verbose_name="sealed list",
            ),
        ),
        migrations.RunPython(copy_documents_from_the_audit_trail, migrations.RunPython.noop),
    ]
