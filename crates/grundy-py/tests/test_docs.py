"""The package's docstring examples run as written, and help() shows an example."""

import doctest
import pydoc

import grundy


def test_docstring_examples():
    failures, attempted = doctest.testmod(grundy, optionflags=doctest.ELLIPSIS)
    assert attempted >= 15
    assert failures == 0


def test_help_shows_an_example():
    text = pydoc.render_doc(grundy.analyze, renderer=pydoc.plaintext)
    assert "Example" in text and 'grundy.analyze("nim(3,4,5)")' in text
    assert "SpecError" in pydoc.render_doc(grundy.parse, renderer=pydoc.plaintext)
