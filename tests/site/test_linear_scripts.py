"""The page's scripts read what a reader types in time proportional to its length (issue 42,
item 10): the key line's labels (keyline.js) stripped a trailing run of ':' and spaces with
a pattern tried from every character of the run, so a long name of ": : : …" in the club
league's standings locked the page on every keystroke."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

# keyline.js with its label cleaner exported, run in Node: the old pattern's readings on
# random texts must stay, and a 200,000-character run is read at once.
HARNESS = r"""
import { clean } from "./keyline.mjs";
const old = (text) => text.replace(/\s+/g, " ").trim().replace(/^[;,.·\s]+|[:\s]+$/g, "");
let seed = 7;
const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
const alphabet = [":", " ", ";", ",", ".", "·", "\t", "a", "1"];
const differ = [];
for (let i = 0; i < 100000; i++) {
  let text = "";
  for (let n = Math.floor(random() * 14); n > 0; n--) text += alphabet[Math.floor(random() * alphabet.length)];
  if (clean(text) !== old(text)) differ.push(text);
}
const long = clean("Anna" + ": ".repeat(100000) + "x" + " :".repeat(100000));
console.log(JSON.stringify({ differ, long: long.length }));
"""


def test_the_key_lines_labels_are_cleaned_as_before_in_linear_time(tmp_path: Path) -> None:
    node = shutil.which("node")
    assert node, "Node.js is needed"
    source = (ROOT / "site_src/js/keyline.js").read_text(encoding="utf-8")
    (tmp_path / "keyline.mjs").write_text(source + "\nexport { clean };\n", encoding="utf-8")
    (tmp_path / "harness.mjs").write_text(HARNESS, encoding="utf-8")
    # A hang detector, not a speed target: the linear reading takes milliseconds.
    run = subprocess.run([node, "harness.mjs"], cwd=tmp_path, capture_output=True, text=True,
                         timeout=30, check=True)
    result = json.loads(run.stdout)
    assert result["differ"] == []
    assert result["long"] == len("Anna" + ": " * 100000 + "x")
