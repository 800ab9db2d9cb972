"""What the installer's dry run printed, read back: the tests of deploy/install.sh share it."""

import shlex
import subprocess
from pathlib import Path


class Install:
    def __init__(self, root: Path, result: subprocess.CompletedProcess):
        self.root = root
        self.returncode = result.returncode
        self.stdout = result.stdout
        self.stderr = result.stderr
        # Printed commands are the lines the dry run prefixes with "+ ".
        self.commands = [shlex.split(line[2:]) for line in result.stdout.splitlines() if line.startswith("+ ")]

    def file(self, relative: str) -> Path:
        return self.root / relative

    def ran(self, *prefix: str) -> list[list[str]]:
        return [command for command in self.commands if command[: len(prefix)] == list(prefix)]
