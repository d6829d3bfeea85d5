"""Names in the order a German reader expects (DIN 5007-1): Ä with A, Ö with O, ß as ss."""

from hypothesis import given
from hypothesis import strategies as st

from tournaments.text import name_sort_key, sort_key


def test_umlauts_sort_with_their_base_letter():
    names = ["Zander", "Özdemir", "Peters", "Ahrens", "Äbel", "Müller", "Mueller", "Muller"]

    ordered = sorted(names, key=sort_key)

    assert ordered.index("Özdemir") < ordered.index("Peters") < ordered.index("Zander")
    assert ordered[:2] == ["Äbel", "Ahrens"]


def test_sharp_s_sorts_as_double_s_and_case_does_not_matter():
    assert sort_key("Weiß") == sort_key("weiss") == sort_key("WEISS")


def test_letters_without_a_decomposition_sort_with_their_base_letter():
    assert sort_key("Łukasz") == sort_key("Lukasz")
    assert sort_key("Yılmaz") == sort_key("Yilmaz")
    assert sort_key("Dvořák") == sort_key("Dvorak")


def test_name_key_orders_by_last_name_then_first_name():
    people = [("Özdemir", "Zeynep"), ("Peters", "Anna"), ("Oz", "Bert"), ("Özdemir", "Ali")]

    ordered = sorted(people, key=lambda p: name_sort_key(*p))

    assert ordered == [
        ("Oz", "Bert"),
        ("Özdemir", "Ali"),
        ("Özdemir", "Zeynep"),
        ("Peters", "Anna"),
    ]


@given(st.text(max_size=30))
def test_sort_key_is_stable_under_case_and_composition(text):
    import unicodedata

    assert sort_key(text) == sort_key(unicodedata.normalize("NFD", text))
    assert sort_key(text.upper()) == sort_key(text.upper().lower().upper())
