"""tests/browser/conftest.py's helpers and fixtures, loaded once from its file under a name of its own
(a test module's `from conftest import` would get whichever conftest pytest loaded last)."""
import importlib.util
import pathlib
import sys

NAME = "rehearsal_browser_fixtures"


def _load():
    if NAME not in sys.modules:
        path = pathlib.Path(__file__).resolve().parents[1] / "browser" / "conftest.py"
        spec = importlib.util.spec_from_file_location(NAME, path)
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        sys.modules[NAME] = module
    return sys.modules[NAME]


browser_fixtures = _load()
