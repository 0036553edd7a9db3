"""The build's twin of outputs.js: calculator outputs as the pre-rendered page shows them."""

from __future__ import annotations

from sitegen.i18n import format_output


def test_a_list_of_notes_is_a_list_of_sentences_with_numbers_in_the_page_language() -> None:
    messages = {"league-note": "Zeile {line}: {note}", "note-x": "„{text}“ fehlt ({count})."}
    line = {"value": 1234.0, "digits": 0, "signed": False}
    items = {"items": [
        {"message": "league-note", "params": {"line": line, "note": {
            "message": "note-x", "params": {"text": "$& {a}", "count": line}}}},
    ]}
    assert format_output(items, "de", messages) == ["Zeile 1.234: „$& {a}“ fehlt (1.234)."]
    assert format_output({"items": []}, "de", messages) == []
