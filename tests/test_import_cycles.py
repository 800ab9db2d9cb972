"""No module of the app imports, directly or through others, a module that imports it back: not at
the top, and not inside a function either (a screen asks the navigator for a place instead of
importing the screen that leads back to it). An import under `if TYPE_CHECKING:` is never run, so it
names a type without making a cycle."""

import ast
import pathlib

ROOT = pathlib.Path(__file__).resolve().parents[1]
LAYERS = ("companion", "hardware", "ui")


def _modules() -> dict[str, pathlib.Path]:
    found = {"table_companion": ROOT / "table_companion.py"}
    for layer in LAYERS:
        for path in (ROOT / layer).rglob("*.py"):
            parts = path.relative_to(ROOT).with_suffix("").parts
            name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
            found[name] = path
    return found


def _imports(name: str, path: pathlib.Path, modules: dict[str, pathlib.Path]) -> set[str]:
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    targets = set()
    for node in _run_imports(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            targets.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join(anchor + ([base] if base else []))
            for alias in node.names:
                submodule = f"{base}.{alias.name}"
                targets.add(submodule if submodule in modules else base)
    return {target for target in targets if target in modules and target != name}


def _run_imports(tree: ast.AST) -> list[ast.AST]:
    """Every node of the module but those only read by a type checker."""
    nodes, waiting = [], [tree]
    while waiting:
        node = waiting.pop()
        nodes.append(node)
        if isinstance(node, ast.If) and _only_for_types(node.test):
            waiting.extend(node.orelse)
        else:
            waiting.extend(ast.iter_child_nodes(node))
    return nodes


def _only_for_types(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def _cycle(graph: dict[str, set[str]]) -> list[str] | None:
    done: set[str] = set()

    def visit(node: str, path: list[str]) -> list[str] | None:
        if node in path:
            return path[path.index(node):] + [node]
        if node in done:
            return None
        for target in sorted(graph[node]):
            found = visit(target, path + [node])
            if found:
                return found
        done.add(node)
        return None

    for start in sorted(graph):
        found = visit(start, [])
        if found:
            return found
    return None


def test_no_module_imports_its_way_back_to_itself():
    modules = _modules()
    graph = {name: _imports(name, path, modules) for name, path in modules.items()}
    cycle = _cycle(graph)
    assert cycle is None, "import cycle: " + " -> ".join(cycle)


def test_the_check_sees_a_cycle_made_by_imports_inside_functions():
    graph = {"ui.screens.home": {"ui.screens.setup"}, "ui.screens.setup": {"ui.screens.home"}}
    assert _cycle(graph) == ["ui.screens.home", "ui.screens.setup", "ui.screens.home"]


def test_an_import_only_for_types_makes_no_cycle():
    tree = ast.parse("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    import ui.navigation\n"
                     "def go():\n    import ui.routes\n")
    imported = [alias.name for node in _run_imports(tree) if isinstance(node, ast.Import) for alias in node.names]
    assert imported == ["ui.routes"]
