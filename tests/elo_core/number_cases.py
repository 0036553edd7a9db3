"""Numbers for the tests to type: ones too large for a float."""

from __future__ import annotations

from hypothesis import strategies as st

from elo_core.numbers import LANGUAGES


@st.composite
def huge_numbers(draw: st.DrawFn, lang: str | None = None) -> str:
    """A number too large for a float, as a person might type or paste it: 310 to 6,000
    digits (a ``1`` and 400 zeros, 10**5000), maybe signed, grouped or with decimals as
    ``lang`` writes them (any of the site's languages if None)."""
    lead = draw(st.sampled_from("123456789"))
    pattern = draw(st.text("0123456789", min_size=1, max_size=6))
    length = draw(st.integers(min_value=310, max_value=6000))
    digits = (lead + pattern * length)[:length]
    fmt = LANGUAGES[lang or draw(st.sampled_from(list(LANGUAGES)))]
    if draw(st.booleans()):  # grouped in threes, as the page writes numbers
        head = len(digits) % 3 or 3
        digits = fmt.group.join([digits[:head]] + [digits[i:i + 3] for i in range(head, len(digits), 3)])
    if draw(st.booleans()):
        digits += fmt.decimal + draw(st.text("0123456789", min_size=1, max_size=3))
    return draw(st.sampled_from(["", "-", "+", "\u2212"])) + digits
