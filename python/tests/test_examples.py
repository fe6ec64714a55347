"""The examples run as documented (few games, to stay quick)."""

import subprocess
import sys
from pathlib import Path

import pytest

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"


def test_the_python_bot_example_plays_its_games():
    done = subprocess.run(
        [sys.executable, str(EXAMPLES / "python_bot.py"), "20"], check=True, capture_output=True, text=True
    )
    assert "bingo-hunter" in done.stdout and "greedy" in done.stdout
    assert "20 games" in done.stdout


def test_the_sweep_example_writes_its_plot(tmp_path):
    pytest.importorskip("matplotlib")
    out = tmp_path / "sweep.png"
    subprocess.run(
        [sys.executable, "plot_sweep.py", "10", str(out)], cwd=EXAMPLES, check=True, capture_output=True
    )
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
