"""The core must run anywhere: no GUI toolkit, no GPIO library, imported directly or indirectly."""

import pathlib
import subprocess
import sys

import companion

FORBIDDEN = ("kivy", "gpiozero", "lgpio", "RPi")


def test_importing_every_core_module_pulls_in_no_gui_or_gpio_library():
    root = pathlib.Path(companion.__file__).parent
    modules = sorted(
        "companion." + ".".join(path.relative_to(root).with_suffix("").parts)
        for path in root.rglob("*.py") if path.name != "__init__.py" or path.parent != root)
    modules = [name.removesuffix(".__init__") for name in modules]
    code = (
        "import importlib, sys\n"
        f"for name in {modules!r}:\n"
        "    importlib.import_module(name)\n"
        f"bad = sorted(m for m in sys.modules if m.split('.')[0] in {FORBIDDEN!r})\n"
        "print(','.join(bad))\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert result.stdout.strip() == "", f"companion/ imported {result.stdout.strip()}"


def test_core_source_never_mentions_the_forbidden_imports():
    root = pathlib.Path(companion.__file__).parent
    offenders = [
        f"{path.relative_to(root)}:{number}"
        for path in root.rglob("*.py")
        for number, line in enumerate(path.read_text().splitlines(), start=1)
        if line.lstrip().startswith(("import ", "from ")) and any(
            line.split()[1].split(".")[0] == name for name in FORBIDDEN)
    ]
    assert offenders == []
