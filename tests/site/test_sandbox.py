"""Article expressions cannot reach the build machine: no module, no file, no other template."""

from __future__ import annotations

import types
from collections.abc import Iterator
from pathlib import Path

import pytest

import elo_core
from sitegen.config import SiteConfig
from sitegen.errors import BuildError
from sitegen.i18n import load_translations
from sitegen.macros import article_macros
from sitegen.pipeline import build
from sitegen.sandbox import ARTICLE_API, ArticleNamespace, ArticleSandbox, article_namespace

HEAD = "---\ntitle: T\ndescription: D\nkey: example\nslug: example\n---\n"


@pytest.mark.parametrize(
    "expression",
    [
        # The audit's two routes: a shell command and a file write through module attributes.
        "{{ elo.importers.re.enum.sys.modules['os'].system('id > {marker}') }}",
        "{{ elo.importers.io.open('{marker}', 'w').write('x') }}",
        "{{ elo.rate.__globals__['os'] }}",
        "{{ elo.Game.__init__.__globals__ }}",
        "{{ elo.__class__.__mro__ }}",
        "{{ ''.__class__.__mro__[1].__subclasses__() }}",
        "{{ elo.Game.mro() }}",
        "{{ cycler.__init__.__globals__.os.system('id > {marker}') }}",
        "{{ namespace.__init__.__globals__ }}",
        "{{ link.__globals__ }}",
        "{{ fide_table_8_1_2.__closure__ }}",
        "{{ (elo.rate | attr('__globals__'))['os'] }}",
        "{{ elo.glicko2.update.__module__.__class__ }}",
        "{% include '{marker}' %}",
        "{% import 'x.html' as x %}",
        "{% extends 'base.html' %}",
        "{% from 'x.html' import y %}",
    ],
)
def test_escape_routes_fail_the_build_with_file_and_line(
    fixture_config: SiteConfig, tmp_path: Path, expression: str
) -> None:
    marker = tmp_path / "escaped.txt"
    article = fixture_config.content_dir / "en" / "example.md"
    article.write_text(HEAD + "first line\n\n" + expression.replace("{marker}", str(marker)) + "\n")
    with pytest.raises(BuildError) as caught:
        build(fixture_config)
    assert caught.value.path == article
    assert caught.value.line == 9
    assert not marker.exists(), "the expression ran"
    assert not fixture_config.out_dir.exists()


def _environment() -> ArticleSandbox:
    """The article environment as the build makes it (English)."""
    return ArticleSandbox(
        globals_={
            "elo": article_namespace(elo_core),
            "link": lambda key: f"/en/{key}/",
            **article_macros("en", load_translations(Path("site_src/locales"), "en"), elo_core),
        },
        filters={},
    )


def _samples() -> list[object]:
    """Values articles get back from the namespace's functions: their attributes count too."""
    games = [elo_core.Game(1810, 1), elo_core.Game(1700, 0.5)]
    result = elo_core.glicko2.Glicko2Result(1400, 30, 1)
    return [
        elo_core.rate(1750, games, k=20),
        elo_core.league([elo_core.LeagueGame("A", "B", 1)]),
        elo_core.glicko2.update(1500, 200, 0.06, [result]),
        elo_core.glicko2.update_steps(1500, 200, 0.06, [result]),
        elo_core.glicko2.rate_periods([[("A", "B", 1)]]),
        elo_core.dwz.update(1600, games, age=30, index=3),
        elo_core.dwz.first_dwz([(1500 + 10 * i, i % 2) for i in range(6)]),
        elo_core.dwz.NEW_RULES_FROM,
        elo_core.fide_k_factor_reason(1800, rated_games=50),
        result,
    ]


def _reachable(env: ArticleSandbox, roots: dict[str, object]) -> Iterator[tuple[str, object]]:
    """Every (path, value) an expression reaches by attribute names the sandbox allows."""
    seen: set[int] = set()
    pending = list(roots.items())
    while pending:
        path, value = pending.pop()
        if id(value) in seen or path.count(".") > 6:
            continue
        seen.add(id(value))
        yield path, value
        for name in dir(value):
            try:
                child = getattr(value, name)
            except Exception:  # noqa: BLE001 — a property that fails is not a route
                continue
            if env.is_safe_attribute(value, name, child):
                pending.append((f"{path}.{name}", child))


def _foreign_code(value: object) -> bool:
    """A function or method defined outside elo_core and the site's own code."""
    if isinstance(value, types.BuiltinFunctionType):
        return isinstance(value.__self__, types.ModuleType)  # open, os.system, math.erf …
    if isinstance(value, types.FunctionType):
        return not value.__module__.startswith(("elo_core", "sitegen", "jinja2", __name__))
    return False


def test_no_module_or_foreign_function_is_reachable_by_any_attribute_chain() -> None:
    env = _environment()
    roots = {name: value for name, value in env.globals.items()}
    roots |= {f"sample{i}": sample for i, sample in enumerate(_samples())}
    reached = list(_reachable(env, roots))
    assert len(reached) > 100, "the walk must cover the namespace and its results"
    modules = [path for path, value in reached if isinstance(value, types.ModuleType)]
    foreign = [path for path, value in reached if _foreign_code(value)]
    assert modules == [] and foreign == []


def test_the_namespace_holds_exactly_the_article_api() -> None:
    namespace = article_namespace(elo_core)
    exposed = {name for name in vars(namespace)}
    assert exposed == set(ARTICLE_API[""]) | {group for group in ARTICLE_API if group}
    for group in ("glicko2", "dwz", "norms"):
        assert set(vars(getattr(namespace, group))) == set(ARTICLE_API[group])
    with pytest.raises(AttributeError):
        namespace.rate = print  # type: ignore[method-assign]
    with pytest.raises(TypeError, match="module"):
        ArticleNamespace(os=types)


def test_articles_still_compute_with_the_namespace() -> None:
    env = _environment()
    text = env.from_string(
        "{{ elo.rate(1750, [elo.Game(1810, 1)], k=20).change | round(1) }} "
        "{{ elo.glicko2.update(1500, 200, 0.06, [elo.glicko2.Glicko2Result(1400, 30, 1)]).rd"
        " | round(0) }} {% for d in range(2) %}{{ d }}{% endfor %}"
    ).render()
    change = elo_core.rate(1750, [elo_core.Game(1810, 1)], k=20).change
    rd = elo_core.glicko2.update(1500, 200, 0.06, [elo_core.glicko2.Glicko2Result(1400, 30, 1)]).rd
    assert text == f"{round(change, 1)} {round(rd, 0)} 01"
