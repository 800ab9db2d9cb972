"""Replaying the documented example games exactly as a family would: the installed `companion`
command on the file in seeds/examples/, its JSON output parsed."""

import json
import subprocess
import sys
from pathlib import Path

EXAMPLES = Path(__file__).resolve().parents[1] / "seeds" / "examples"


def replay_example(game_key: str) -> dict:
    companion = Path(sys.executable).with_name("companion")
    result = subprocess.run([str(companion), "replay-game", str(EXAMPLES / f"{game_key}.json")],
                            capture_output=True, text=True, check=True, timeout=120)
    return json.loads(result.stdout)
