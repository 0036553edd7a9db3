"""The build's twin of outputs.js: calculator outputs as the pre-rendered page shows them."""

from __future__ import annotations

from elo_core.page.fields import message, number_output
from outputs_in_node import in_node
from sitegen.catalogs import Catalogs
from sitegen.config import SiteConfig
from sitegen.number_format import format_output


def test_a_list_of_notes_is_a_list_of_sentences_with_numbers_in_the_page_language() -> None:
    messages = {"league-note": "Zeile {line}: {note}", "note-x": "„{text}“ fehlt ({count})."}
    line = {"value": 1234.0, "digits": 0, "signed": False}
    items = {"items": [
        {"message": "league-note", "params": {"line": line, "note": {
            "message": "note-x", "params": {"text": "$& {a}", "count": line}}}},
    ]}
    assert format_output(items, "de", messages) == ["Zeile 1.234: „$& {a}“ fehlt (1.234)."]
    assert format_output({"items": []}, "de", messages) == []


def test_a_table_written_short_shows_as_the_same_table_written_out() -> None:
    columns = [{"digits": 0, "signed": False}, None, {"digits": 2, "signed": False},
               {"digits": 1, "signed": True}]
    short = {"rows": [[1500.0, "½", 0.6401, 2.802], [{"value": 1810.5, "digits": 1, "signed": False},
                                                     "1", 0.2301, -0.04]], "columns": columns}
    written_out = {"rows": [
        [{"value": 1500.0, "digits": 0, "signed": False}, {"text": "½"},
         {"value": 0.6401, "digits": 2, "signed": False}, {"value": 2.802, "digits": 1, "signed": True}],
        [{"value": 1810.5, "digits": 1, "signed": False}, {"text": "1"},
         {"value": 0.2301, "digits": 2, "signed": False}, {"value": -0.04, "digits": 1, "signed": True}],
    ]}
    assert format_output(short, "de", {}) == format_output(written_out, "de", {}) == [
        ["1.500", "½", "0,64", "+2,8"], ["1.810,5", "1", "0,23", "0,0"]]


def test_a_count_of_one_takes_the_singular_in_the_build_and_in_the_page() -> None:
    # "Missing: 1 more title-holders" in the norm list: a message with a "key#one" wording
    # takes it where its count is exactly 1, in outputs.js as in the build.
    catalogs = Catalogs(SiteConfig())
    outputs = [message("norm-more-title-holders", count=number_output(count, 0))
               for count in (0, 1, 2)]
    outputs.append(message("norm-more-titled-opponents", count=number_output(1, 0), title="GM"))
    shown = {}
    for lang in ("en", "de", "da"):
        messages = catalogs.browser_messages(lang)
        built = [format_output(output, lang, messages) for output in outputs]
        page = in_node("formatOutput", "arg[0].map((item) => formatOutput(item, arg[1], arg[2]))",
                       [outputs, lang, messages])
        assert page == built, lang
        shown[lang] = built
    assert shown["en"] == ["0 more title-holders", "1 more title-holder", "2 more title-holders",
                           "1 more opponent with the title GM"]
    assert shown["de"][1] == "1 weiterer Titelträger" and shown["da"][1] == "1 titelholder mere"
