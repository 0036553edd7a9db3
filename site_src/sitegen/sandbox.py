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

Expressions are also bounded in size and time (:class:`Limits`): no value an
expression makes may exceed :data:`MAX_SIZE` characters or items (or an integer
:data:`MAX_INT_BITS` bits), checked before the operations that multiply sizes
(``'a' * n``, ``x ** n``, ``'a'.center(n)``, ``join``, ``replace``, …) and after
every operator, call, filter and namespace assignment; the article's text after
its expressions may not exceed :data:`MAX_OUTPUT` characters; and a page's
expressions stop after ``Limits.seconds`` (a timer in the main thread; every
call, attribute and ``range`` step checks the clock as well). Each limit stops
the build with the article's file and line.
"""

from __future__ import annotations

import functools
import math
import operator
import re
import signal
import threading
import time
import types
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from typing import Any, NoReturn

import jinja2
from jinja2.compiler import CodeGenerator, Frame
from jinja2.exceptions import SecurityError
from jinja2 import nodes
from jinja2.utils import Namespace
from jinja2.sandbox import SandboxedEnvironment

__all__ = [
    "ARTICLE_API", "MAX_INT_BITS", "MAX_OUTPUT", "MAX_SIZE", "ArticleNamespace", "ArticleSandbox",
    "ExpressionLimit", "Limits", "article_namespace",
]

#: The largest string, list or mapping an expression may make (characters or items).
MAX_SIZE = 200_000
#: The largest integer (in bits: about 3,000 decimal digits).
MAX_INT_BITS = 10_000
#: The largest article text after its expressions are filled in (characters).
MAX_OUTPUT = 2_000_000
#: How many steps ``range`` may count.
MAX_RANGE = 100_000

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
    "norms": ("PlannedOpponent", "minimum_average", "plan", "points_needed", "rating_floor"),
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


class ExpressionLimit(Exception):
    """An expression went past one of the sandbox's bounds (size, output or time)."""


def _size(value: object) -> int:
    if isinstance(value, (str, bytes, list, tuple, dict, set, frozenset)):
        return len(value)
    return 0


def check_value(value: Any) -> Any:
    """``value`` if it is within the bounds; else ExpressionLimit."""
    if isinstance(value, int) and not isinstance(value, bool):
        if value.bit_length() > MAX_INT_BITS:
            raise ExpressionLimit(f"a number larger than 2**{MAX_INT_BITS} is not allowed")
    elif _size(value) > MAX_SIZE:
        raise ExpressionLimit(f"a value of {_size(value):,} characters or items is too large "
                              f"(at most {MAX_SIZE:,})")
    return value


def _expect(size: float) -> None:
    """Refuse an operation that would make something of ``size`` characters or items."""
    if size > MAX_SIZE:
        raise ExpressionLimit(f"this would make {size:,.0f} characters or items "
                              f"(at most {MAX_SIZE:,})")


def _count(value: Any) -> int:
    return value if isinstance(value, int) and not isinstance(value, bool) else 0


_WIDTH = re.compile(r"\d+")


def _check_format(text: str) -> None:
    """A width or precision in a format string ('{:>99999}', '%99999d') is bounded too."""
    for number in _WIDTH.findall(text):
        if len(number) > 6 or int(number) > MAX_SIZE:
            _expect(int(number) if len(number) < 20 else math.inf)
    if "*" in text and "%" in text:
        raise ExpressionLimit("a '*' width in a % format is not allowed")


def _binop_size(op: str, left: Any, right: Any) -> None:
    if op == "*":
        for seq, n in ((left, right), (right, left)):
            if _size(seq) and isinstance(n, int):
                _expect(_size(seq) * n)
        if isinstance(left, int) and isinstance(right, int):
            if left.bit_length() + right.bit_length() > MAX_INT_BITS + 1:
                raise ExpressionLimit(f"a number larger than 2**{MAX_INT_BITS} is not allowed")
    elif op == "**" and isinstance(left, int) and isinstance(right, int) and abs(left) > 1:
        if right > 0 and left.bit_length() * right > MAX_INT_BITS + right:
            raise ExpressionLimit(f"a number larger than 2**{MAX_INT_BITS} is not allowed")
    elif op == "%" and isinstance(left, str):
        _check_format(left)


# Methods (of str, bytes, lists) that make a value larger than their owner and arguments.
def _method_size(obj: Any, args: tuple[Any, ...], kwargs: dict[str, Any]) -> None:
    obj = getattr(obj, "__wrapped__", obj)  # str.format, as the sandbox wraps it
    owner = getattr(obj, "__self__", None)
    name = getattr(obj, "__name__", "")
    if not isinstance(owner, (str, bytes, list)):
        return
    first = args[0] if args else next(iter(kwargs.values()), None)
    if name in {"center", "ljust", "rjust", "zfill"}:
        _expect(_count(first))
    elif name == "expandtabs":
        tabs = owner.count("\t") if isinstance(owner, str) else 0
        _expect(len(owner) + tabs * (_count(first) if args or kwargs else 8))
    elif name == "replace" and len(args) >= 2:
        occurrences = owner.count(args[0]) if _size(args[0]) else len(owner) + 1
        _expect(len(owner) + occurrences * _size(args[1]))
    elif name == "join" and first is not None:
        parts = list(first)
        _expect(sum(_size(part) for part in parts) + len(parts) * len(owner))
    elif name in {"format", "format_map"} and isinstance(owner, str):
        _check_format(owner)


def _filter_size(name: str, args: tuple[Any, ...]) -> None:
    value, rest = (args[0] if args else None), args[1:]
    if name in {"center", "indent", "wordwrap", "truncate"} and rest:
        _expect(_count(rest[0]) + _size(value))
    elif name == "join":
        separator = rest[0] if rest and isinstance(rest[0], str) else ""
        parts = list(value) if isinstance(value, (list, tuple, str)) else []
        _expect(sum(len(str(p)) if isinstance(p, (str, int, float)) else _size(p) for p in parts)
                + len(parts) * len(separator))
    elif name == "replace" and len(rest) >= 2 and isinstance(value, str):
        old, new = str(rest[0]), str(rest[1])
        occurrences = value.count(old) if old else len(value) + 1
        _expect(len(value) + occurrences * len(new))
    elif name == "sum" and isinstance(value, (list, tuple)):
        _expect(sum(_size(part) for part in value))
    elif name in {"slice", "batch"} and rest:
        _expect(_count(rest[0]))
    elif name == "format" and isinstance(value, str):
        _check_format(value)


class Limits:
    """The time a page's expressions may take, measured from :meth:`running`."""

    def __init__(self, seconds: float) -> None:
        self.seconds = seconds
        self.deadline = math.inf

    def check(self) -> None:
        if time.monotonic() > self.deadline:
            raise ExpressionLimit(f"the page's expressions took longer than {self.seconds:g} s")

    @contextmanager
    def running(self) -> Iterator[None]:
        """Start the clock; in the main thread a timer also stops a loop that calls nothing."""
        self.deadline = time.monotonic() + self.seconds
        use_timer = (threading.current_thread() is threading.main_thread()
                     and hasattr(signal, "setitimer"))
        previous: Any = None
        if use_timer:
            def expired(_signum: int, _frame: object) -> None:
                raise ExpressionLimit(
                    f"the page's expressions took longer than {self.seconds:g} s")
            previous = signal.signal(signal.SIGALRM, expired)
            signal.setitimer(signal.ITIMER_REAL, self.seconds)
        try:
            yield
        finally:
            if use_timer:
                signal.setitimer(signal.ITIMER_REAL, 0)
                signal.signal(signal.SIGALRM, previous)
            self.deadline = math.inf


class _BoundedNamespace(Namespace):
    """``namespace()`` whose attributes stay within the bounds (a loop cannot double one)."""

    def __setitem__(self, name: str, value: Any) -> None:
        super().__setitem__(name, check_value(value))


def _public_names(obj: object) -> list[str]:
    if isinstance(obj, ArticleNamespace):
        return list(vars(obj))
    if isinstance(obj, Mapping):
        return [str(key) for key in obj]
    return [name for name in dir(obj) if not name.startswith("_")]


def _undefined_class(names: Callable[[], list[str]]) -> type[jinja2.StrictUndefined]:
    """StrictUndefined that says "unknown … — did you mean …?" with no internal class names."""

    class ArticleUndefined(jinja2.StrictUndefined):
        __slots__ = ()

        @property
        def _undefined_message(self) -> str:
            from sitegen.suggest import unknown

            name = self._undefined_name
            owner = self._undefined_obj
            if self._undefined_hint:
                return str(self._undefined_hint)
            if owner is jinja2.utils.missing:
                return unknown("name", str(name), names()) + (
                    " (elo.… for elo_core's functions, or a macro such as expectancy_table)")
            if isinstance(owner, ArticleNamespace):
                return unknown("function or value", str(name), _public_names(owner))
            if not isinstance(name, str):
                return f"no item {name!r} here"
            return unknown("attribute", name, _public_names(owner))

    return ArticleUndefined


class _NoTemplates(jinja2.BaseLoader):
    def get_source(self, environment: jinja2.Environment, template: str) -> NoReturn:
        raise SecurityError(
            f"an article cannot include, import or extend another template ({template!r})"
        )


def _refuse_module(value: object, what: str) -> None:
    if isinstance(value, types.ModuleType):
        raise SecurityError(f"{what} is a module; articles get functions and values only")


class _BoundedCodeGenerator(CodeGenerator):
    """Compiles ``a ~ b`` so its result is checked too (Jinja joins it outside the sandbox)."""

    def visit_Concat(self, node: nodes.Concat, frame: Frame) -> None:  # noqa: N802
        # Each part is within the bounds already, so the join is at most a few times as large.
        self.write("environment.checked_concat(")
        super().visit_Concat(node, frame)
        self.write(")")


_BINOPS: dict[str, Callable[[Any, Any], Any]] = {
    "+": operator.add, "-": operator.sub, "*": operator.mul, "/": operator.truediv,
    "//": operator.floordiv, "%": operator.mod, "**": operator.pow,
}


class ArticleSandbox(SandboxedEnvironment):
    """Jinja2's sandbox, refusing modules and other templates, bounded (see the module doc)."""

    intercepted_binops = frozenset(_BINOPS)
    code_generator_class = _BoundedCodeGenerator

    def __init__(self, *, globals_: Mapping[str, Any], filters: Mapping[str, Callable[..., Any]],
                 finalize: Callable[[Any], Any] | None = None, limits: Limits | None = None):
        super().__init__(
            autoescape=False,  # the output is Markdown, escaped by Markdown itself
            finalize=finalize,
            undefined=_undefined_class(lambda: list(self.globals)),
            keep_trailing_newline=True,
            loader=_NoTemplates(),
            # Folding constants at compile time saves nothing for a template rendered once,
            # and costs a fifth of compiling an article (its largest single cost).
            optimized=False,
        )
        self.limits = limits or Limits(10.0)
        for name in ("lipsum", "cycler", "joiner"):
            del self.globals[name]
        self.globals["range"] = self._range
        self.globals["namespace"] = _BoundedNamespace
        for name, value in globals_.items():
            _refuse_module(value, name)
        self.globals.update(globals_)
        self.filters.update(filters)
        # Filters are called directly by the compiled template: each is wrapped with the bounds.
        for name in ("xmlattr", "urlize", "pprint"):
            self.filters.pop(name, None)
        self.filters = {name: self._bounded_filter(name, function)
                        for name, function in self.filters.items()}

    def _bounded_filter(self, name: str, function: Callable[..., Any]) -> Callable[..., Any]:
        limits = self.limits

        @functools.wraps(function)
        def bounded(*args: Any, **kwargs: Any) -> Any:
            limits.check()
            _filter_size(name, args)
            return check_value(function(*args, **kwargs))

        return bounded

    def _range(self, *args: int) -> Iterator[int]:
        """``range``, at most :data:`MAX_RANGE` steps, each one checking the clock."""
        numbers = range(*args)
        if len(numbers) > MAX_RANGE:
            raise ExpressionLimit(f"range of {len(numbers):,} steps (at most {MAX_RANGE:,})")
        check = self.limits.check
        for number in numbers:
            check()
            yield number

    def checked_concat(self, joined: Any) -> Any:
        """``a ~ b``: the joined text within the bounds."""
        self.limits.check()
        return check_value(joined)

    def call_binop(self, context: Any, operator: str, left: Any, right: Any) -> Any:
        self.limits.check()
        _binop_size(operator, left, right)
        return check_value(_BINOPS[operator](left, right))

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
        self.limits.check()
        _refuse_module(obj, f"the owner of {attribute!r}")
        value = super().getattr(obj, attribute)
        _refuse_module(value, repr(attribute))
        return value

    def call(__self, __context: Any, __obj: Any, *args: Any, **kwargs: Any) -> Any:  # noqa: N805
        _refuse_module(__obj, "the called object")
        __self.limits.check()
        _method_size(__obj, args, kwargs)
        result = check_value(super().call(__context, __obj, *args, **kwargs))
        owner = getattr(__obj, "__self__", None)
        if isinstance(owner, (list, dict, set)):
            check_value(owner)  # list.extend and the like grow their owner
        return result

