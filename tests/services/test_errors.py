"""The refusal catalogue: each service module declares its refusals once (``Refusal``) and
raises them in one line; a refusal becomes the same ``Rejected`` as before."""

import ast
import importlib
import inspect
import pkgutil

import pytest
from django.utils import translation
from django.utils.translation import gettext

import door.services
import tournaments.services
from tournaments.services import seating
from tournaments.services.errors import Refusal, Rejected
from tournaments.skat import Problem

PLAIN = Refusal("seats", "seats_not_ids", "Seats must be participant ids (numbers).")
FULL = Refusal(
    "from_game", "table_full", "The table already has 4 players at game %(game)d.", conflict=True
)
GONE = Refusal("payment", "payment_not_found", "There is no such payment.", missing=True)
ANY_FIELD = Refusal(None, "too_long", "At most %(max)d characters, please (now %(length)d).")


def test_a_refusal_becomes_one_problem_with_the_params_given():
    rejected = FULL.rejected(game=5)

    assert isinstance(rejected, Rejected)
    assert rejected.problems == (Problem("from_game", "table_full", FULL.message),)
    assert rejected.problems[0].params == {"game": 5}
    assert rejected.problems[0].text() == "The table already has 4 players at game 5."
    assert str(rejected) == "from_game: The table already has 4 players at game 5."


@pytest.mark.parametrize(
    ("refusal", "conflict", "missing"),
    [(PLAIN, False, False), (FULL, True, False), (GONE, False, True)],
)
def test_the_kind_of_refusal_is_carried_to_the_exception(refusal, conflict, missing):
    rejected = refusal.rejected(game=1)

    assert (rejected.conflict, rejected.missing) == (conflict, missing)


def test_a_refusal_is_the_same_exception_as_the_one_written_in_full():
    built = FULL.rejected(game=7)
    by_hand = Rejected.because("from_game", "table_full", FULL.message, conflict=True, game=7)

    assert (built.problems, built.conflict, built.missing) == (
        by_hand.problems,
        by_hand.conflict,
        by_hand.missing,
    )
    assert built.problems[0].params == by_hand.problems[0].params


def test_the_caller_names_the_field_when_the_refusal_leaves_it_open():
    problem = ANY_FIELD.rejected("note", max=500, length=501).problems[0]

    assert (problem.field, problem.code) == ("note", "too_long")
    assert problem.text() == "At most 500 characters, please (now 501)."
    with pytest.raises(TypeError, match="too_long"):
        ANY_FIELD.rejected(max=500, length=501)


def test_a_given_field_replaces_the_declared_one_and_the_declaration_stays():
    assert PLAIN.problem("participant").field == "participant"
    assert PLAIN.problem().field == "seats"


def test_a_catalogue_message_is_translated_by_the_interfaces():
    problem = seating.TABLE_FULL.rejected(game=5).problems[0]

    with translation.override("de"):
        answer = problem.as_dict(gettext)

    assert answer == {
        "field": "from_game",
        "code": "table_full",
        "message": "Der Tisch hat bei Spiel 5 bereits 4 Spieler.",
    }


# --- Every refusal formats with the params its module passes --------------------------------
#
# Read from the source, so a new refusal or call is checked without being listed here. A
# refusal reaches its raise directly (``TABLE_FULL.rejected(game=…)``), from another module
# (``listkeeping.LIST_ENDED_EARLY.problem(**params)``), chosen into a local name
# (``refusal = …``, a table of refusals), or handed to a function that raises it with the
# params it is given (``ensure_unfinished(series, SERIES_FINISHED, series=…)``).

RAISING = ("rejected", "problem")


def _modules():
    packages = [(tournaments.services, "tournaments.services."), (door.services, "door.services.")]
    infos = [i for p, prefix in packages for i in pkgutil.walk_packages(p.__path__, prefix)]
    for info in infos:
        if info.name == "tournaments.services.errors":
            continue  # the type itself
        module = importlib.import_module(info.name)
        yield module, ast.parse(inspect.getsource(module))


def _refusals_in(value) -> list[Refusal]:
    if isinstance(value, Refusal):
        return [value]
    if isinstance(value, dict):
        value = list(value.values())
    if isinstance(value, list | tuple):
        return [r for item in value for r in _refusals_in(item)]
    return []


def _global(module, node):
    """The value of a module-level name or dotted name, or None."""
    if isinstance(node, ast.Name):
        return vars(module).get(node.id)
    if isinstance(node, ast.Attribute):
        owner = _global(module, node.value)
        return getattr(owner, node.attr, None) if owner is not None else None
    return None


def _named(module, node) -> list[Refusal]:
    """The refusals a receiver names: a constant, or a table of them picked from."""
    found = {id(r): r for part in ast.walk(node) for r in _refusals_in(_global(module, part))}
    return list(found.values())


def _keywords(call: ast.Call, function) -> tuple[set[str], bool]:
    """The params a call passes by name, and whether it forwards ``**params`` on."""
    names = {k.arg for k in call.keywords if k.arg is not None}
    forwards = False
    for k in call.keywords:
        if k.arg is None and isinstance(k.value, ast.Name) and function is not None:
            if function.args.kwarg is not None and function.args.kwarg.arg == k.value.id:
                forwards = True
            for node in ast.walk(function):  # a dict of params built in the function
                if isinstance(node, ast.Assign) and isinstance(node.value, ast.Dict):
                    if any(getattr(t, "id", None) == k.value.id for t in node.targets):
                        names |= {key.value for key in node.value.keys}
    return names, forwards


def _functions(tree):
    """Every function of a module with the nodes below it."""
    return [n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef)]


def _enclosing(tree, call):
    best = None
    for function in _functions(tree):
        if function.lineno <= call.lineno <= function.end_lineno:
            if best is None or function.lineno > best.lineno:
                best = function
    return best


def _chosen(module, function, name: str) -> list[Refusal]:
    """The refusals a local name is bound to in ``function``."""
    found = []
    for node in ast.walk(function):
        if isinstance(node, ast.Assign):
            targets = [t for target in node.targets for t in ast.walk(target)]
            if any(isinstance(t, ast.Name) and t.id == name for t in targets):
                found += _named(module, node.value)
    return found


def _parameter_position(function, name: str) -> int:
    return [a.arg for a in function.args.posonlyargs + function.args.args].index(name)


def _calls_of(function_name: str):
    """(module, call, enclosing function) for every call of a service function by name."""
    for module, tree in _modules():
        for node in ast.walk(tree):
            if isinstance(node, ast.Call):
                called = node.func.attr if isinstance(node.func, ast.Attribute) else None
                called = node.func.id if isinstance(node.func, ast.Name) else called
                if called == function_name:
                    yield module, node, _enclosing(tree, node)


def _raised_refusals():
    """(where, refusal, params) for every place a service raises a refusal."""
    checked, unresolved = [], []
    for module, tree in _modules():
        for call in ast.walk(tree):
            if not (isinstance(call, ast.Call) and isinstance(call.func, ast.Attribute)):
                continue
            if call.func.attr not in RAISING:
                continue
            receiver = call.func.value
            function = _enclosing(tree, call)
            where = f"{module.__name__}:{call.lineno}"
            params, forwards = _keywords(call, function)
            refusals = _named(module, receiver)
            if refusals:
                checked += [(where, r, params) for r in refusals]
                continue
            if not isinstance(receiver, ast.Name) or function is None:
                continue  # not a refusal (e.g. ``problem`` of another object)
            refusals = _chosen(module, function, receiver.id)
            if refusals:
                checked += [(where, r, params) for r in refusals]
                continue
            names = [a.arg for a in function.args.posonlyargs + function.args.args]
            if receiver.id not in names:
                continue
            position = _parameter_position(function, receiver.id)
            for caller_module, caller, caller_function in _calls_of(function.name):
                if len(caller.args) <= position:
                    unresolved.append(f"{where} from {caller_module.__name__}:{caller.lineno}")
                    continue
                handed = _named(caller_module, caller.args[position])
                if not handed:
                    unresolved.append(f"{where} from {caller_module.__name__}:{caller.lineno}")
                extra = _keywords(caller, caller_function)[0] if forwards else set()
                checked += [
                    (f"{caller_module.__name__}:{caller.lineno}", r, params | extra) for r in handed
                ]
    return checked, unresolved


RAISED, UNRESOLVED = _raised_refusals()


def test_every_refusal_raised_by_a_service_is_found_by_this_check():
    declared = {
        id(r): f"{module.__name__}.{name}"
        for module, _tree in _modules()
        for name, value in vars(module).items()
        for r in _refusals_in(value)
    }
    reached = {id(refusal) for _where, refusal, _params in RAISED}

    assert UNRESOLVED == []
    assert sorted(name for key, name in declared.items() if key not in reached) == []
    assert len(declared) > 100


@pytest.mark.parametrize(
    ("where", "refusal", "params"),
    RAISED,
    ids=[f"{where}-{refusal.code}" for where, refusal, _ in RAISED],
)
def test_every_refusal_formats_with_the_params_its_module_passes(where, refusal, params):
    values = dict.fromkeys(params, 1)  # 1 formats as %d and as %s

    assert refusal.message % values
    with translation.override("de"):
        assert gettext(refusal.message) % values
