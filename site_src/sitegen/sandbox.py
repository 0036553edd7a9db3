"""The sandbox article expressions run in: plain functions and values, never a module.

Articles are text anyone can propose in a pull request, and the build runs their
``{{ … }}`` expressions on the publisher's machine. Jinja2's sandbox already
refuses names starting with ``_``; it does not stop a chain of ordinary names
through module objects (``pkg.submodule.re.enum.sys.modules['os']``). So:

- articles see an explicit :class:`ArticleNamespace` of elo_core's functions,
  classes and values (:func:`article_namespace`), not the package;
- the environment refuses any module object, as an attribute's owner, an
  attribute's value or an item's value;
- there is no loader: ``{% include %}``, ``{% import %}`` and ``{% extends %}``
  fail; of Jinja2's default globals only ``range``, ``dict`` and ``namespace``
  stay.
"""

from __future__ import annotations

import types
from collections.abc import Callable, Mapping
from typing import Any, NoReturn

import jinja2
from jinja2.exceptions import SecurityError
from jinja2.sandbox import SandboxedEnvironment

__all__ = ["ARTICLE_API", "ArticleNamespace", "ArticleSandbox", "article_namespace"]

#: What an article may call, by the name it uses: ``elo.<name>`` and
#: ``elo.<group>.<name>`` for the groups.
ARTICLE_API: dict[str, tuple[str, ...]] = {
    "": (
        "Game",
        "LeagueGame",
        "dp_for_score",
        "expected_score",
        "fide_initial_rating",
        "fide_k_factor",
        "fide_k_factor_reason",
        "league",
        "pd_for_difference",
        "performance_rating",
        "rate",
        "round_half_away",
    ),
    "glicko2": ("Glicko2Result", "rate_periods", "update", "update_steps"),
    "dwz": ("DWZ_K0_ADULT", "DWZ_K0_HIGH", "DWZ_K0_YOUTH", "LOWEST_DWZ", "MAX_K", "NEW_RULES_FROM",
            "first_dwz", "update", "uplift_2026"),
    "norms": ("points_needed",),
}


class ArticleNamespace:
    """A fixed set of named functions, classes and values; no item access, no modules."""

    def __init__(self, **names: object) -> None:
        for name, value in names.items():
            if isinstance(value, types.ModuleType):
                raise TypeError(f"{name} is a module; articles get functions and values only")
            object.__setattr__(self, name, value)

    def __setattr__(self, name: str, value: object) -> NoReturn:
        raise AttributeError("an article namespace cannot be changed")

    def __repr__(self) -> str:
        return f"<article namespace: {', '.join(sorted(vars(self)))}>"


def article_namespace(package: Any) -> ArticleNamespace:
    """``elo`` for articles: :data:`ARTICLE_API` taken from the elo_core ``package``."""
    groups: dict[str, object] = {
        group: ArticleNamespace(**{name: getattr(getattr(package, group), name) for name in names})
        for group, names in ARTICLE_API.items()
        if group
    }
    top = {name: getattr(package, name) for name in ARTICLE_API[""]}
    return ArticleNamespace(**top, **groups)


class _NoTemplates(jinja2.BaseLoader):
    def get_source(self, environment: jinja2.Environment, template: str) -> NoReturn:
        raise SecurityError(
            f"an article cannot include, import or extend another template ({template!r})"
        )


def _refuse_module(value: object, what: str) -> None:
    if isinstance(value, types.ModuleType):
        raise SecurityError(f"{what} is a module; articles get functions and values only")


class ArticleSandbox(SandboxedEnvironment):
    """Jinja2's sandbox, refusing modules and other templates (see the module doc)."""

    def __init__(self, *, globals_: Mapping[str, Any], filters: Mapping[str, Callable[..., Any]],
                 finalize: Callable[[Any], Any] | None = None):
        super().__init__(
            autoescape=False,  # the output is Markdown, escaped by Markdown itself
            finalize=finalize,
            undefined=jinja2.StrictUndefined,
            keep_trailing_newline=True,
            loader=_NoTemplates(),
        )
        for name in ("lipsum", "cycler", "joiner"):
            del self.globals[name]
        for name, value in globals_.items():
            _refuse_module(value, name)
        self.globals.update(globals_)
        self.filters.update(filters)

    def is_safe_attribute(self, obj: Any, attr: str, value: Any) -> bool:
        if isinstance(obj, (types.ModuleType, type)) or isinstance(value, types.ModuleType):
            # Classes are for calling (elo.Game(1810, 1)); their attributes lead nowhere useful.
            return False
        return bool(super().is_safe_attribute(obj, attr, value))

    def getitem(self, obj: Any, argument: Any) -> Any:
        value = super().getitem(obj, argument)
        _refuse_module(value, f"item {argument!r}")
        return value

    def getattr(self, obj: Any, attribute: str) -> Any:
        _refuse_module(obj, f"the owner of {attribute!r}")
        value = super().getattr(obj, attribute)
        _refuse_module(value, repr(attribute))
        return value

    def call(__self, __context: Any, __obj: Any, *args: Any, **kwargs: Any) -> Any:  # noqa: N805
        _refuse_module(__obj, "the called object")
        return super().call(__context, __obj, *args, **kwargs)
