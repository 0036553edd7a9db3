"""Numbers for the tests to type: languages' number signs, and numbers too large for a float."""

from __future__ import annotations

from hypothesis import strategies as st

from elo_core.numbers import NumberFormat

#: How the site's languages and Swedish (a grouping space) write numbers: CLDR's decimal and
#: grouping symbols, which elo_core is given by the page (it knows no language's). Written
#: out here because these tests also run in Pyodide, without Babel; tests/site checks that
#: Babel gives the same.
FORMATS: dict[str, NumberFormat] = {
    "en": NumberFormat(decimal=".", group=","),
    "de": NumberFormat(decimal=",", group="."),
    "da": NumberFormat(decimal=",", group="."),
    "sv": NumberFormat(decimal=",", group="\u00a0"),
}


@st.composite
def huge_numbers(draw: st.DrawFn, lang: str | None = None) -> str:
    """A number too large for a float, as a person might type or paste it: 310 to 6,000
    digits (a ``1`` and 400 zeros, 10**5000), maybe signed, grouped or with decimals as
    ``lang`` writes them (any of :data:`FORMATS` if None)."""
    lead = draw(st.sampled_from("123456789"))
    pattern = draw(st.text("0123456789", min_size=1, max_size=6))
    length = draw(st.integers(min_value=310, max_value=6000))
    digits = (lead + pattern * length)[:length]
    fmt = FORMATS[lang or draw(st.sampled_from(list(FORMATS)))]
    if draw(st.booleans()):  # grouped in threes, as the page writes numbers
        head = len(digits) % 3 or 3
        digits = fmt.group.join([digits[:head]] + [digits[i:i + 3] for i in range(head, len(digits), 3)])
    if draw(st.booleans()):
        digits += fmt.decimal + draw(st.text("0123456789", min_size=1, max_size=3))
    return draw(st.sampled_from(["", "-", "+", "\u2212"])) + digits
