"""Every number too large, NaN-like or infinite in any field is worded by that field's
message, with every placeholder filled, in each of the site's languages."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from elo_core.page import DEFAULTS, compute_json
from sitegen.config import LANGUAGES, SiteConfig
from sitegen.i18n import BROWSER_MESSAGES, load_translations

_NUMBER = re.compile(r"[0-9]+(?:[.,][0-9]+)?")
TYPED = ["1" + "0" * 400, "1" + "0" * 5000, "nan", "inf", "-inf", "Infinity", "1e309"]


def _template(error: dict[str, Any]) -> str:
    """The wording the page picks for ``error`` (widgets.js, errorText): the most specific
    key first."""
    reason = f"/{error['reason']}" if error["reason"] else "\0"
    keys = [f"{error['field']}:{error['code']}{reason}", f"{error['code']}{reason}",
            f"{error['field']}:{error['code']}", error["code"]]
    found = [BROWSER_MESSAGES[key] for key in keys if key in BROWSER_MESSAGES]
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
            reply = json.loads(compute_json(mode, json.dumps(form), lang))
            errors = [error for error in reply.get("errors", []) if error["field"] == name]
            assert errors, (mode, name, typed[:12], reply)
            for error in errors:
                template = _template(error)
                wanted = set(re.findall(r"\{(\w+)\}", template)) - {"message"}
                assert wanted <= set(error["params"]), (name, typed[:12], template, error)
                if lang != "en":
                    assert translations.gettext(template) != template, (lang, template)
