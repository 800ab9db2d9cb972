"""The core must run anywhere: no GUI toolkit, no GPIO library, imported directly or indirectly. It
also never reaches up into the layers built on it (hardware/, ui/): table_companion.py wires those."""

import ast
import pathlib
import subprocess
import sys

import companion

# Libraries the core must not load, even indirectly.
FORBIDDEN = ("kivy", "gpiozero", "lgpio", "RPi", "ui", "hardware")
# Names the core's source must not mention as a module, in any way it could be imported.
NAMED = ("kivy", "gpiozero", "lgpio", "RPi", "ui", "hardware", "table_companion")
# Calls that take a module name as a string.
IMPORTING_CALLS = ("import_module", "__import__", "find_spec", "import_string", "run_module")

ROOT = pathlib.Path(companion.__file__).parent


def _core_files():
    return sorted(ROOT.rglob("*.py"))


def test_importing_every_core_module_pulls_in_no_gui_or_gpio_library():
    modules = sorted(
        "companion." + ".".join(path.relative_to(ROOT).with_suffix("").parts)
        for path in _core_files() if path.name != "__init__.py" or path.parent != ROOT)
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


def _is_named(module: str | None) -> bool:
    return bool(module) and module.split(".")[0] in NAMED


def _call_name(node: ast.Call) -> str:
    function = node.func
    if isinstance(function, ast.Attribute):
        return function.attr
    if isinstance(function, ast.Name):
        return function.id
    return ""


def offences(source: str) -> list[tuple[int, str]]:
    """Each place the source names a forbidden module: an import statement at any depth (a function's
    body too), a module name handed to an importing call, or a dotted module path kept in a string for
    later (a handler table like {"doctor": "hardware.doctor"}). Relative imports stay inside the core."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names if _is_named(alias.name)]
        elif isinstance(node, ast.ImportFrom):
            if node.level == 0 and _is_named(node.module):
                found.append((node.lineno, node.module))
        elif isinstance(node, ast.Call) and _call_name(node) in IMPORTING_CALLS:
            for argument in (*node.args, *(keyword.value for keyword in node.keywords)):
                if isinstance(argument, ast.Constant) and isinstance(argument.value, str) \
                        and _is_named(argument.value):
                    found.append((node.lineno, argument.value))
                elif isinstance(argument, ast.JoinedStr) and argument.values \
                        and isinstance(argument.values[0], ast.Constant) and _is_named(argument.values[0].value):
                    found.append((node.lineno, argument.values[0].value))
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            text = node.value
            # A file's name ("table_companion.py", which an update must carry) is not a module to import.
            if "." in text and " " not in text and not text.endswith(".py") and _is_named(text) \
                    and all(part.isidentifier() for part in text.rstrip(".").split(".")):
                found.append((node.lineno, text))
    return found


def test_core_source_never_names_the_gui_the_gpio_library_or_the_layers_above_it():
    offenders = [
        f"{path.relative_to(ROOT)}:{line}: {name}"
        for path in _core_files()
        for line, name in offences(path.read_text())
    ]
    assert offenders == []


def test_the_source_check_catches_every_way_of_importing():
    caught = [
        "import kivy",
        "import os, gpiozero.pins.mock",
        "from ui.games import view_class",
        "def later():\n    from hardware import backend\n",
        "import importlib\nimportlib.import_module('ui.main')",
        "from importlib import import_module\nimport_module('hardware')",
        "__import__('kivy.app')",
        "import importlib\nimportlib.import_module(f'ui.games.{key}')",
        "HANDLERS = {'doctor': 'hardware.doctor'}",
        "import importlib.util\nimportlib.util.find_spec('gpiozero')",
    ]
    for source in caught:
        assert offences(source), source
    passed = [
        "from .errors import BadDocument",
        "from companion.games import nut",
        "import importlib\nimportlib.import_module('companion.games.nut')",
        "TEXT = 'the hardware layer drives it'",
        "uid = 'ui'",  # a bare word is not a module path
        "import uuid",
        "ENTRY = 'table_companion.py'",  # a file's name, not a module
    ]
    for source in passed:
        assert not offences(source), source


def test_only_the_gpio_backend_reaches_into_gpiozero_internals():
    """A gpiozero upgrade that moves its private attributes should break hardware/backend.py alone."""
    repo = ROOT.parent
    internals = ("_last_changed", "_last_change", "pins.mock.monotonic")
    allowed = {repo / "hardware" / "backend.py", pathlib.Path(__file__).resolve()}
    offenders = [
        f"{path.relative_to(repo)}:{number}"
        for folder in ("companion", "hardware", "ui", "tests", "bench", "deploy")
        for path in sorted((repo / folder).rglob("*.py")) if path.resolve() not in allowed
        for number, line in enumerate(path.read_text().splitlines(), start=1)
        if any(name in line for name in internals)
    ]
    assert offenders == []
