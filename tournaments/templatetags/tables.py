"""Lists on pages: ``{% data_table rows "row.html" %}<th …>{% end_data_table %}``.

Every list on the director and public pages repeated the same frame around its rows: the
scrollable region that keyboard users can focus (axe-core asks for a name on it), the
table, its header row, the loop over the rows and the sentence shown when there are none.
The tag writes that frame once (``templates/_data_table.html``); a page gives the header
cells as the tag's content and one template for a row.
"""

from django import template
from django.utils.safestring import mark_safe

register = template.Library()


@register.simple_block_tag(takes_context=True, end_name="end_data_table")
def data_table(
    context,
    content,
    rows,
    row_template,
    *,
    item="row",
    labelledby="",
    label="",
    caption="",
    caption_id="",
    empty="",
    empty_class="empty",
    empty_id="",
    region_class="table-wrap",
    table_class="grid",
    table_id="",
    testid="",
):
    """The table of ``rows``, each drawn by ``row_template`` with the row as ``item``.

    ``item`` may name several variables (``"row, player_id, marked"``) to unpack each row as
    a ``{% for %}`` would. The region is named by ``labelledby`` (an element's id), by the
    caption when it has ``caption_id``, or by ``label``. Without rows only ``empty`` is shown;
    a list without an ``empty`` sentence shows its bare header instead.
    """
    engine = context.template.engine
    row = engine.get_template(row_template)
    names = [name.strip() for name in item.split(",")]
    drawn = []
    for value in rows or ():
        values = dict(zip(names, value, strict=True)) if len(names) > 1 else {names[0]: value}
        with context.push(values):
            drawn.append(row.render(context))
    frame = {
        "head": content,
        "rows": drawn,
        "labelledby": labelledby or caption_id,
        "label": label,
        "caption": caption,
        "caption_id": caption_id,
        "empty": empty,
        "empty_class": empty_class,
        "empty_id": empty_id,
        "region_class": region_class,
        "table_class": table_class,
        "table_id": table_id,
        "testid": testid,
        "body": mark_safe("".join(drawn)),  # noqa: S308 - rendered by the row template
    }
    with context.push(frame):
        return engine.get_template("_data_table.html").render(context)
