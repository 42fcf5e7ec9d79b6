"""The layout the folder tree promises: every REST endpoint lives in api/, and the
store (games/) never imports the worker."""
import ast
from pathlib import Path

from django.urls import URLPattern, URLResolver, get_resolver

ROOT = Path(__file__).resolve().parents[2]


def _patterns(resolver, prefix=""):
    for entry in resolver.url_patterns:
        if isinstance(entry, URLResolver):
            yield from _patterns(entry, prefix + str(entry.pattern))
        elif isinstance(entry, URLPattern):
            yield prefix + str(entry.pattern), entry.callback


def test_every_api_endpoint_is_served_from_api():
    served = [(route, callback) for route, callback in _patterns(get_resolver()) if route.startswith("api/")]
    assert len(served) > 20
    for route, callback in served:
        view = getattr(callback, "cls", None) or getattr(callback, "view_class", None) or callback
        assert view.__module__.startswith(("api.", "drf_spectacular.")), (route, view.__module__)


def test_the_store_does_not_import_the_worker():
    # Management commands are entry points (run_embedded starts the worker), not the store.
    for path in (ROOT / "games").rglob("*.py"):
        if "management" in path.relative_to(ROOT / "games").parts:
            continue
        tree = ast.parse(path.read_text(), str(path))
        for node in ast.walk(tree):
            names = []
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0:
                names = [node.module or ""]
            assert not any(name == "worker" or name.startswith("worker.") for name in names), (path, names)
