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
