"""The package's docstring examples run as written, and help() shows an example."""

import doctest
import importlib
import pkgutil
import pydoc

import grundy


def test_docstring_examples():
    # The package and its Python modules (the public names live in private modules, re-exported
    # by the package); the native module's docs are the stubs', with no examples to run.
    modules = [grundy] + [
        importlib.import_module(f"grundy.{info.name}")
        for info in pkgutil.iter_modules(grundy.__path__)
        if info.name != "_grundy"
    ]
    assert len(modules) >= 7
    failures = attempted = 0
    for module in modules:
        result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
        failures += result.failed
        attempted += result.attempted
    assert attempted >= 15
    assert failures == 0


def test_help_shows_an_example():
    text = pydoc.render_doc(grundy.analyze, renderer=pydoc.plaintext)
    assert "Example" in text and 'grundy.analyze("nim(3,4,5)")' in text
    assert "SpecError" in pydoc.render_doc(grundy.parse, renderer=pydoc.plaintext)
