"""Reports: the library's JSON documents as read-only objects, shown as tables in Jupyter."""

from __future__ import annotations

import html as _html
import json as _json
from typing import Any, Iterable


def _wrap(value: Any) -> Any:
    if isinstance(value, dict):
        return Report(value)
    if isinstance(value, list):
        return [_wrap(item) for item in value]
    return value


class _Native:
    """A Python face over one native object (``self._native``), which does the work."""

    __slots__ = ("_native",)

    def __init__(self, native: Any):
        self._native = native


class Report:
    """One of the library's reports: the fields of its JSON document as attributes.

    ``report.value``, ``report["value"]`` and ``report.to_dict()["value"]`` are the same.
    Nested objects are reports too. In Jupyter a report shows as tables.
    """

    __slots__ = ("_data",)

    def __init__(self, data: dict):
        object.__setattr__(self, "_data", data)

    def __getattr__(self, name: str) -> Any:
        try:
            return _wrap(self._data[name])
        except KeyError:
            raise AttributeError(
                f"this report has no field {name!r}; it has {', '.join(self._data)}"
            ) from None

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError("reports are read-only")

    def __getitem__(self, name: str) -> Any:
        return _wrap(self._data[name])

    def __contains__(self, name: str) -> bool:
        return name in self._data

    def __dir__(self) -> Iterable[str]:
        return list(self._data) + ["to_dict", "to_json", "keys"]

    def keys(self):
        """The field names, in the JSON's order."""
        return self._data.keys()

    def to_dict(self) -> dict:
        """The JSON document as plain Python values."""
        return self._data

    def to_json(self) -> str:
        """The JSON document as text (what ``--format json`` prints)."""
        return _json.dumps(self._data, separators=(",", ":"))

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Report):
            return self._data == other._data
        if isinstance(other, dict):
            return self._data == other
        return NotImplemented

    def __repr__(self) -> str:
        fields = ", ".join(
            f"{key}={value!r}"
            for key, value in self._data.items()
            if not isinstance(value, (list, dict)) and key != "schema"
        )
        return f"Report({fields})"

    def _repr_html_(self) -> str:
        return _report_html(self._data)


def _cell(value: Any) -> str:
    if isinstance(value, float):
        return f"{value:.4g}"
    if isinstance(value, (dict, list)):
        text = _json.dumps(value)
        if len(text) > 120:
            text = text[:117] + "..."
        return f"<code>{_html.escape(text)}</code>"
    if value is None:
        return "&ndash;"
    return _html.escape(str(value))


def _report_html(data: dict) -> str:
    """Scalar fields as one table, each list of objects as a table of its own."""
    rows = []
    tables = []
    for key, value in data.items():
        if key == "schema":
            continue
        if isinstance(value, list) and value and all(isinstance(item, dict) for item in value):
            columns = list(dict.fromkeys(k for item in value for k in item))
            shown = value[:200]
            head = "".join(f"<th>{_html.escape(c)}</th>" for c in columns)
            body = "".join(
                "<tr>" + "".join(f"<td>{_cell(item.get(c))}</td>" for c in columns) + "</tr>"
                for item in shown
            )
            more = (
                f"<p>{len(value) - len(shown)} more not shown</p>" if len(value) > len(shown) else ""
            )
            tables.append(
                f"<h4>{_html.escape(key.replace('_', ' '))} ({len(value)})</h4>"
                f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>{more}"
            )
        elif isinstance(value, list) and len(value) > 40:
            preview = ", ".join(str(v) for v in value[:40])
            rows.append(
                f"<tr><th>{_html.escape(key)}</th><td><code>{_html.escape(preview)}, "
                f"&hellip;</code> ({len(value)} values)</td></tr>"
            )
        else:
            rows.append(f"<tr><th>{_html.escape(key)}</th><td>{_cell(value)}</td></tr>")
    return (
        '<div class="grundy-report"><table>'
        + "".join(rows)
        + "</table>"
        + "".join(tables)
        + "</div>"
    )


def _report(text: str) -> Report:
    return Report(_json.loads(text))
