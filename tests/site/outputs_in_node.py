"""site_src/js/outputs.js run in Node, for tests that hold the page's formatting to the build's."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path
from typing import Any

OUTPUTS_JS = Path(__file__).resolve().parents[2] / "site_src" / "js" / "outputs.js"


def in_node(names: str, body: str, argument: Any) -> Any:
    """What ``body`` (a JavaScript expression) gives, with ``names`` imported from outputs.js
    and ``argument`` (JSON) as ``arg``."""
    script = (f"import {{ {names} }} from {json.dumps(OUTPUTS_JS.as_uri())};"
              f"const arg = JSON.parse(process.argv[1]); console.log(JSON.stringify({body}));")
    run = subprocess.run(["node", "--input-type=module", "-e", script, json.dumps(argument)],
                         capture_output=True, text=True, timeout=60, check=True)
    return json.loads(run.stdout)
