"""The domain stays pure: no web, database or schema library under webapp/tournament/."""
import ast
import pathlib

FORBIDDEN = {"flask", "flask_sqlalchemy", "sqlalchemy", "marshmallow", "htmx_flask", "werkzeug",
             "flask_babel", "flask_login", "flask_wtf"}
DOMAIN = pathlib.Path(__file__).resolve().parents[1] / "webapp" / "tournament"


def _imports(path: pathlib.Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name.split(".")[0] for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module.split(".")[0])
    return names


def test_domain_imports_no_framework():
    files = list(DOMAIN.rglob("*.py"))
    assert len(files) > 5
    offenders = {str(p.relative_to(DOMAIN)): sorted(_imports(p) & FORBIDDEN) for p in files}
    assert {k: v for k, v in offenders.items() if v} == {}


def test_domain_does_not_reach_into_the_app():
    for path in DOMAIN.rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        assert "webapp.models" not in text and "from ..models" not in text and "from ...models" not in text, path


def test_import_contracts_hold():
    """import-linter's contracts in pyproject.toml: the layers, and a pure domain."""
    import subprocess
    import sys

    lint = pathlib.Path(sys.executable).with_name("lint-imports")
    root = pathlib.Path(__file__).resolve().parents[1]
    result = subprocess.run([str(lint), "--no-cache"], cwd=root, capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stdout[-4000:]


def test_no_two_test_files_share_a_name():
    """pytest imports test files by their base name (no packages here): a second file of the
    same name is not collected at all, so its tests would silently never run."""
    root = pathlib.Path(__file__).resolve().parent
    names = [p.name for p in root.rglob("test_*.py") if "vendor" not in p.parts]
    assert sorted({n for n in names if names.count(n) > 1}) == []


# Flask's web objects: a service gets what they hold as parameters (the views read the request,
# the session and the configuration) and refuses with a ServiceError (NotFound for a 404).
WEB_OBJECTS = {"request", "session", "g", "abort", "redirect", "make_response", "render_template",
               "flash", "jsonify", "current_app", "url_for"}
# Known arrows still running up, named so that no new one creeps in: a sign-in link is signed with
# the app's secret and is an absolute address of the app.
KNOWN = {"signin_links.py": {"current_app", "url_for"}}
SERVICES = DOMAIN.parent / "services"


def _flask_names(path: pathlib.Path) -> set[str]:
    """Names a module takes from flask (``from flask import x``, or ``flask.x`` after ``import flask``)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.level == 0 and node.module == "flask":
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "flask":
            names.add(node.attr)
    return names


def test_services_use_no_web_objects():
    files = list(SERVICES.rglob("*.py"))
    assert len(files) > 10
    found = {p.name: sorted((_flask_names(p) & WEB_OBJECTS) - KNOWN.get(p.name, set())) for p in files}
    assert {k: v for k, v in found.items() if v} == {}


def test_ruff_finds_nothing():
    """ruff with the rules in pyproject.toml (E, F, W, B, SLF, BLE; lines up to 120)."""
    import subprocess
    import sys

    ruff = pathlib.Path(sys.executable).with_name("ruff")
    root = pathlib.Path(__file__).resolve().parents[1]
    result = subprocess.run([str(ruff), "check", "--no-cache", "--output-format", "concise", "."],
                            cwd=root, capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stdout[-4000:]


def _import_circles(*packages: str) -> list[list[str]]:
    """Groups of modules that import each other, directly or round a loop (imports inside
    functions count: a late import hides a circle, it does not remove it)."""
    import grimp

    graph = grimp.build_graph(*packages)
    order, low, stack, on_stack, circles = {}, {}, [], set(), []

    def visit(module):  # Tarjan's strongly connected components
        order[module] = low[module] = len(order)
        stack.append(module)
        on_stack.add(module)
        for imported in graph.find_modules_directly_imported_by(module):
            if imported not in order:
                visit(imported)
                low[module] = min(low[module], low[imported])
            elif imported in on_stack:
                low[module] = min(low[module], order[imported])
        if low[module] == order[module]:
            group = []
            while not group or group[-1] != module:
                group.append(stack.pop())
                on_stack.discard(group[-1])
            if len(group) > 1:
                circles.append(sorted(group))

    for module in sorted(graph.modules):
        if module not in order:
            visit(module)
    return circles


def test_no_new_import_circles():
    """No module of webapp/ or sync/ imports itself round a loop (issue 20 took the last apart):
    a function that closes a loop belongs in a module both sides can import."""
    assert _import_circles("webapp", "sync") == []


def test_modules_and_functions_stay_small():
    """A module a person reads in one sitting (≤ 300 lines), a function on one screen (≤ 30)."""
    root = DOMAIN.parents[1]
    files = [p for top in ("webapp", "sync") for p in (root / top).rglob("*.py") if "translations" not in p.parts]
    long_modules, long_functions = [], []
    for path in files:
        text = path.read_text(encoding="utf-8")
        if len(text.splitlines()) > 300:
            long_modules.append(str(path.relative_to(root)))
        for node in ast.walk(ast.parse(text)):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.end_lineno - node.lineno >= 30:
                long_functions.append(f"{path.relative_to(root)}:{node.name}")
    assert (long_modules, long_functions) == ([], [])


def test_the_mirror_tables_import_first():
    """A script (or test) that imports the mirror's tables before the models package gets them
    (they half-imported the models package once: "cannot import name 'MirrorLink'")."""
    import subprocess
    import sys

    root = DOMAIN.parents[1]
    done = subprocess.run([sys.executable, "-c", "import webapp.mirror.models; import webapp.models"],
                          cwd=root, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]


# Package pairs of webapp/ that import each other today (issue 29: each to be broken by giving the
# lower package an interface it owns, or moving the module where it belongs). The list may only shrink.
KNOWN_PACKAGE_CYCLES: set[tuple[str, str]] = set()


def _package_cycles() -> set[tuple[str, str]]:
    """Pairs of webapp's packages that import each other (any module of one, any of the other)."""
    import grimp

    graph = grimp.build_graph("webapp", cache_dir=None)  # a cache keyed on mtimes went stale across a git merge

    def package(module: str) -> str | None:
        parts = module.split(".")
        return parts[1] if len(parts) > 2 or (len(parts) == 2 and graph.find_children(module)) else None
    edges = {(package(m), package(i)) for m in graph.modules for i in graph.find_modules_directly_imported_by(m)}
    edges = {(a, b) for a, b in edges if a and b and a != b}
    return {tuple(sorted(edge)) for edge in edges if edge[::-1] in edges}


def test_no_new_import_cycle_between_packages():
    """No two packages of webapp/ import each other beyond the known pairs, and a pair broken
    stays broken (take it off the list)."""
    assert _package_cycles() == KNOWN_PACKAGE_CYCLES


# Feature packages of services/ and audiences of views/ that still import each other (the package
# move of issue 36 made them visible). Each is to be broken by moving the function that closes the
# loop where both sides can read it. The list may only shrink.
KNOWN_FEATURE_CYCLES = {
    ("services.day", "services.setup"), ("services.decisions", "services.entrants"),
    ("services.entrants", "services.matches"), ("services.entrants", "services.reads"),
    ("services.entrants", "services.setup"), ("services.exports", "services.reads"),
    ("services.matches", "services.setup"), ("services.reads", "services.stream"),
    ("views.desk", "views.staff"),
}


def _feature_cycles() -> set[tuple[str, str]]:
    """Pairs of services' feature packages (or views' audiences) that import each other."""
    import grimp

    graph = grimp.build_graph("webapp", cache_dir=None)

    def feature(module: str) -> str | None:
        parts = module.split(".")
        if len(parts) >= 3 and parts[1] in ("services", "views") and (len(parts) > 3 or graph.find_children(module)):
            return f"{parts[1]}.{parts[2]}"
        return None
    edges = {(feature(m), feature(i)) for m in graph.modules for i in graph.find_modules_directly_imported_by(m)}
    edges = {(a, b) for a, b in edges if a and b and a != b}
    return {tuple(sorted(edge)) for edge in edges if edge[::-1] in edges}


def test_feature_packages_import_each_other_no_more_than_known():
    """A new pair of feature packages importing each other fails; a pair broken stays broken."""
    assert _feature_cycles() == KNOWN_FEATURE_CYCLES


def test_every_feature_package_says_what_lives_there_and_what_it_may_import():
    for package in sorted(p for p in SERVICES.iterdir() if (p / "__init__.py").exists()):
        doc = ast.get_docstring(ast.parse((package / "__init__.py").read_text(encoding="utf-8"))) or ""
        assert "May import" in doc, package.name


def test_only_the_plan_module_reads_an_events_template():
    """One model of an event (issue 36.5): whether an event was made from a seed plan is read in
    services/setup/event_templates.py alone; every other module and page asks the event's model
    (services/setup/event_model.py) a question in the domain's words instead."""
    import re

    root = DOMAIN.parents[1]
    files = [p for top in ("webapp", "templates", "sync") for ext in ("*.py", "*.html") for p in (root / top).rglob(ext)]
    readers = sorted(str(p.relative_to(root)) for p in files
                     if re.search(r"\.template\b(?!\()", p.read_text(encoding="utf-8")))
    assert len(files) > 100
    assert readers == ["webapp/services/setup/event_templates.py"]
