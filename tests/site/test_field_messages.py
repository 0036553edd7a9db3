"""Every number too large, NaN-like or infinite in any field is worded by that field's
message, with every placeholder filled, in each of the site's languages; every error a mode
gives is worded among the messages a page with that mode carries."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from elo_core.page import DEFAULTS, compute_json, parse_reply
from sitegen.browser_messages import BROWSER_MESSAGES, page_messages
from sitegen.config import LANGUAGES, SiteConfig
from sitegen.i18n import load_translations

_NUMBER = re.compile(r"[0-9]+(?:[.,][0-9]+)?")
TYPED = ["1" + "0" * 400, "1" + "0" * 5000, "nan", "inf", "-inf", "Infinity", "1e309"]


def _template(error: dict[str, Any], messages: dict[str, str] = BROWSER_MESSAGES) -> str:
    """The wording the page picks for ``error`` (widgets.js, errorText): the most specific
    key first."""
    reason = f"/{error['reason']}" if error["reason"] else "\0"
    keys = [f"{error['field']}:{error['code']}{reason}", f"{error['code']}{reason}",
            f"{error['field']}:{error['code']}", error["code"]]
    found = [messages[key] for key in keys if key in messages]
    assert found, f"no wording for {error}"
    return found[0]


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("mode", sorted(set(DEFAULTS) - {"trf"}))
def test_each_fields_message_names_what_it_wants(mode: str, lang: str) -> None:
    translations = load_translations(SiteConfig().source_dir / "locales", lang)
    for name, default in DEFAULTS[mode].items():
        found = _NUMBER.search(default)
        if (not found and default) or name == "reached_2400":
            continue  # a choice or a checkbox, not a number
        for typed in TYPED:
            text = default[:found.start()] + typed + default[found.end():] if found else typed
            form = dict(DEFAULTS[mode]) | {name: text}
            reply = parse_reply(compute_json(mode, json.dumps(form), lang))
            errors = [error for error in reply.get("errors", []) if error["field"] == name]
            assert errors, (mode, name, typed[:12], reply)
            for error in errors:
                template = _template(error)
                wanted = set(re.findall(r"\{(\w+)\}", template)) - {"message"}
                assert wanted <= set(error["params"]), (name, typed[:12], template, error)
                if lang != "en":
                    assert translations.gettext(template) != template, (lang, template)


# Text of every kind the fields take, right and wrong: numbers, dates, results, game lines
# in each format, TRF lines, start numbers with a K.
BROAD = ["", "abc", "-5", "0", "1.5", "½", "4½", "4,5", "99999", "nan", "2026-13-45", "15.11.2026",
         "1899", "2101", "x | y | 1", "a | a | 1", "1400 | 30 | 1", "1810 | 2", "| 1", "1,2,3",
         "player_a,player_b,result\nA,B,1", '[White "A"]\n[Black "B"]\n1-0', "001", "7 | 40",
         "99 | 40", "7 | 900", "2450 | 1 | GM | GER", "2450 | GM | GER", "XX", "\t", "-1", "1-0"]


@pytest.mark.parametrize("mode", sorted(DEFAULTS))
def test_every_error_of_a_mode_is_worded_on_its_pages(mode: str) -> None:
    # The least a page with this calculator carries: its section and its fields.
    html = f'<section data-mode="{mode}">' + "".join(
        f'<input name="{name}">' for name in DEFAULTS[mode]) + "</section>"
    messages = page_messages(html, BROWSER_MESSAGES)
    for name in DEFAULTS[mode]:
        for typed in BROAD:
            form = dict(DEFAULTS[mode]) | {name: typed}
            for error in parse_reply(compute_json(mode, json.dumps(form), "en")).get("errors", []):
                _template(error, messages)


@pytest.mark.parametrize("mode", sorted(DEFAULTS))
def test_a_field_with_words_of_its_own_keeps_them_for_text_that_is_no_number(mode: str) -> None:
    # The rating difference's field said "Enter a rating from 0 to 800, such as 1600" for "abc":
    # the general not-a-number wording (code/reason) came before the field's own (field:code).
    for name in DEFAULTS[mode]:
        form = dict(DEFAULTS[mode]) | {name: "abc"}
        reply = parse_reply(compute_json(mode, json.dumps(form), "en"))
        for error in (e for e in reply.get("errors", []) if e["field"] == name):
            if f"{name}:{error['code']}" not in BROWSER_MESSAGES:
                continue
            reason = f"/{error['reason']}" if error["reason"] else "\0"
            keys = [f"{name}:{error['code']}{reason}", f"{error['code']}{reason}",
                    f"{name}:{error['code']}"]
            chosen = next(key for key in keys if key in BROWSER_MESSAGES)
            assert chosen.startswith(f"{name}:"), (mode, name, chosen)
