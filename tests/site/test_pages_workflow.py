"""The Pages workflow gives each job only what it needs, runs only pinned actions and writes
no value into a script (issue 42, item 14). Before, the build job held pages: write and
id-token: write too, actions ran from movable tags, and ${{ }} was written into run:."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import yaml

WORKFLOW = Path(__file__).resolve().parents[2] / ".github" / "workflows" / "pages.yml"
WRITES = {"pages": "write", "id-token": "write"}


def _workflow() -> dict[Any, Any]:
    data: dict[Any, Any] = yaml.safe_load(WORKFLOW.read_text(encoding="utf-8"))
    return data


def test_only_the_deploy_job_may_publish() -> None:
    workflow = _workflow()
    assert workflow["permissions"] == {}, "no permission for every job at once"
    jobs = workflow["jobs"]
    assert set(jobs) == {"build", "deploy"}
    for name, job in jobs.items():
        assert "permissions" in job, f"{name}: its own permissions"
    assert set(jobs["build"]["permissions"].values()) == {"read"}
    assert jobs["deploy"]["permissions"] == WRITES


def test_every_action_is_pinned_by_a_full_commit_with_its_release_named() -> None:
    lines = [line.strip() for line in WORKFLOW.read_text(encoding="utf-8").splitlines()
             if re.match(r"\s*(?:-\s*)?uses:", line)]
    assert len(lines) == 6
    for line in lines:
        assert re.fullmatch(r"(?:- )?uses: actions/[a-z-]+@[0-9a-f]{40}  # v\d+\.\d+\.\d+", line), line
    used = [step["uses"] for job in _workflow()["jobs"].values() for step in job["steps"]
            if "uses" in step]
    assert len(used) == len(lines)


def test_no_value_is_written_into_a_script() -> None:
    for job in _workflow()["jobs"].values():
        for step in job["steps"]:
            assert "${{" not in step.get("run", ""), step
    build = next(step for step in _workflow()["jobs"]["build"]["steps"] if "run" in step)
    assert build["env"] == {"BASE_URL": "${{ steps.pages.outputs.base_url }}"}
    assert '"$BASE_URL/"' in build["run"]


def test_the_checkout_keeps_no_credentials() -> None:
    checkout = _workflow()["jobs"]["build"]["steps"][0]
    assert checkout["uses"].startswith("actions/checkout@")
    assert checkout["with"]["persist-credentials"] is False
