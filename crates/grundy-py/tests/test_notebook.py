"""examples/tour.ipynb runs from top to bottom without errors, and its pictures render: the
plots as PNG images and the DAGs as SVG."""

import pathlib

import nbformat
from nbclient import NotebookClient

NOTEBOOK = pathlib.Path(__file__).resolve().parents[3] / "examples" / "tour.ipynb"


def test_the_tour_runs_and_draws():
    notebook = nbformat.read(NOTEBOOK, as_version=4)
    NotebookClient(notebook, timeout=300, kernel_name="python3",
                   resources={"metadata": {"path": str(NOTEBOOK.parent)}}).execute()
    outputs = [output for cell in notebook.cells if cell.cell_type == "code"
               for output in cell.outputs]
    assert not [o for o in outputs if o.output_type == "error"]
    kinds = [kind for o in outputs for kind in o.get("data", {})]
    assert kinds.count("image/png") >= 2, kinds       # plot_seq
    assert kinds.count("image/svg+xml") >= 2, kinds   # the DAGs
    assert kinds.count("text/html") >= 3, kinds       # reports as tables
    text = "".join(o.get("text", "") for o in outputs)
    assert "RecursionError" in text

