"""The data_table tag: one frame for every list (tournaments/templatetags/tables.py)."""

import pytest
from django.template import Context, Engine

ENGINE = Engine(
    libraries={"tables": "tournaments.templatetags.tables"},
    loaders=[
        (
            "django.template.loaders.locmem.Loader",
            {
                "row.html": "<tr><td>{{ row }}</td></tr>",
                "pair.html": "<tr><td>{{ name }}={{ points }}</td></tr>",
            },
        ),
        "django.template.loaders.filesystem.Loader",
    ],
    dirs=["templates"],
)


def render(source, **context):
    template = ENGINE.from_string("{% load tables %}" + source)
    return " ".join(template.render(Context(context)).split())


def test_data_table_draws_each_row_with_the_row_template():
    html = render(
        '{% data_table rows "row.html" labelledby="h" %}<th>X</th>{% end_data_table %}',
        rows=["a", "b"],
    )

    assert '<div class="table-wrap" role="region" aria-labelledby="h" tabindex="0">' in html
    assert "<thead> <tr> <th>X</th> </tr> </thead>" in html
    assert "<tbody> <tr><td>a</td></tr><tr><td>b</td></tr> </tbody>" in html


def test_data_table_unpacks_rows_like_a_for_loop():
    html = render(
        '{% data_table rows "pair.html" item="name, points" %}<th>X</th>{% end_data_table %}',
        rows=[("Anna", 12), ("Ben", -3)],
    )

    assert "<td>Anna=12</td>" in html
    assert "<td>Ben=-3</td>" in html


@pytest.mark.parametrize("rows", [[], None])
def test_data_table_without_rows_shows_only_the_empty_sentence(rows):
    html = render(
        '{% data_table rows "row.html" empty="Nothing yet." empty_class="empty-state" %}'
        "<th>X</th>{% end_data_table %}",
        rows=rows,
    )

    assert html == '<p class="empty-state">Nothing yet.</p>'


def test_data_table_without_rows_or_empty_sentence_keeps_its_header():
    html = render(
        '{% data_table rows "row.html" label="L" %}<th>X</th>{% end_data_table %}', rows=[]
    )

    assert 'aria-label="L"' in html
    assert "<th>X</th>" in html
    assert "<tbody> </tbody>" in html


def test_data_table_names_its_region_by_the_caption_id():
    html = render(
        '{% data_table rows "row.html" caption="Cap" caption_id="c" region_class="table-scroll" %}'
        "<th>X</th>{% end_data_table %}",
        rows=["a"],
    )

    assert 'class="table-scroll" role="region" aria-labelledby="c"' in html
    assert '<caption id="c">Cap</caption>' in html


def test_data_table_without_region_stands_alone_with_a_hidden_caption():
    html = render(
        '{% data_table rows "row.html" caption="Cap" region_class="" table_class="plan" %}'
        "<th>X</th>{% end_data_table %}",
        rows=["a"],
    )

    assert html.startswith('<table class="plan">')
    assert '<caption class="visually-hidden">Cap</caption>' in html


def test_data_table_escapes_what_the_rows_hold():
    html = render('{% data_table rows "row.html" %}<th>X</th>{% end_data_table %}', rows=["<b>"])

    assert "<td>&lt;b&gt;</td>" in html
