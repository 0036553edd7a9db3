"""The build's twin of outputs.js: calculator outputs as the pre-rendered page shows them."""

from __future__ import annotations

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
