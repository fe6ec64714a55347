"""Shared fixtures: the `owlery` command, where the test run has built it."""

import os
import shutil
from pathlib import Path

import pytest


@pytest.fixture(scope="session")
def owlery_bin():
    """The `owlery` binary: $OWLERY_BIN, else the workspace's debug or release build, else
    one on PATH; the test is skipped without it."""
    root = Path(__file__).resolve().parents[2]
    candidates = [os.environ.get("OWLERY_BIN")]
    candidates += [str(root / "target" / profile / "owlery") for profile in ("debug", "release")]
    candidates.append(shutil.which("owlery"))
    for candidate in candidates:
        if candidate and Path(candidate).is_file():
            return candidate
    pytest.skip("no owlery binary built (cargo build -p owlery-sim)")
