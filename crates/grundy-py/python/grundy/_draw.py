"""SVG of a game DAG report, the layered picture of the explorer page.

Drawing only: positions in rows by layer (the end of the game at the bottom), P-positions
first in their row and filled blue, N-positions outlined grey, moves as arrows, winning
moves in red. The order within rows comes from a few barycenter sweeps. Every number shown
comes from the report.
"""

from __future__ import annotations

from html import escape

P_FILL = "#dce9fc"
P_BORDER = "#2f63c2"
N_BORDER = "#8a94a6"
WIN = "#cf3f2b"
EDGE = "#a3acba"
INK = "#1b2230"

NODE_HEIGHT = 34
ROW_GAP = 46
COLUMN_GAP = 14
CHAR_WIDTH = 7.0
MAX_LABEL = 28


def _label(node: dict) -> str:
    text = node["spec"]
    if len(text) > MAX_LABEL:
        text = text[: MAX_LABEL - 1] + "\u2026"
    return text


def dag_svg(report: dict) -> str:
    """The DAG report drawn as SVG text."""
    nodes = report["nodes"]
    edges = report["edges"]
    if not nodes:
        return '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"></svg>'
    layers = max(node["layer"] for node in nodes) + 1
    rows: list[list[int]] = [[] for _ in range(layers)]
    for node in nodes:
        rows[node["layer"]].append(node["id"])
    parents: dict[int, list[int]] = {node["id"]: [] for node in nodes}
    children: dict[int, list[int]] = {node["id"]: [] for node in nodes}
    for edge in edges:
        parents[edge["to"]].append(edge["from"])
        children[edge["from"]].append(edge["to"])
    by_id = {node["id"]: node for node in nodes}
    # In misère play the labels are misère values.
    symbol = "g⁻" if report.get("play") == "misere" else "g"

    position: dict[int, float] = {}
    for row in rows:
        for index, node_id in enumerate(row):
            position[node_id] = float(index)

    def order(row: list[int], neighbours: dict[int, list[int]]) -> None:
        def key(node_id: int) -> tuple:
            linked = [position[n] for n in neighbours[node_id] if n in position]
            center = sum(linked) / len(linked) if linked else position[node_id]
            # P-positions stay first: they are where the winning moves lead.
            return (by_id[node_id]["value"] != 0, center)

        row.sort(key=key)
        for index, node_id in enumerate(row):
            position[node_id] = float(index)

    for _ in range(2):
        for layer in range(layers - 2, -1, -1):
            order(rows[layer], parents)
        for layer in range(1, layers):
            order(rows[layer], children)

    widths = {
        node["id"]: max(48.0, CHAR_WIDTH * len(_label(node)) + 18) for node in nodes
    }
    row_widths = [
        sum(widths[n] for n in row) + COLUMN_GAP * max(len(row) - 1, 0) for row in rows
    ]
    width = max(row_widths) + 40
    height = layers * (NODE_HEIGHT + ROW_GAP) + 20
    centers: dict[int, tuple[float, float]] = {}
    for layer, row in enumerate(rows):
        x = (width - row_widths[layer]) / 2
        y = height - 20 - (layer + 1) * (NODE_HEIGHT + ROW_GAP) + ROW_GAP
        for node_id in row:
            centers[node_id] = (x + widths[node_id] / 2, y + NODE_HEIGHT / 2)
            x += widths[node_id] + COLUMN_GAP

    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0f}" height="{height:.0f}" '
        f'viewBox="0 0 {width:.0f} {height:.0f}" font-family="sans-serif" font-size="12">',
        "<defs>",
        f'<marker id="arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" '
        f'markerHeight="7" orient="auto"><path d="M0,1 L10,5 L0,9 z" fill="{EDGE}"/></marker>',
        f'<marker id="arrow-win" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" '
        f'markerHeight="7" orient="auto"><path d="M0,1 L10,5 L0,9 z" fill="{WIN}"/></marker>',
        "</defs>",
    ]
    # Ordinary moves first, winning moves on top.
    for edge in sorted(edges, key=lambda e: e["winning"]):
        (x1, y1), (x2, y2) = centers[edge["from"]], centers[edge["to"]]
        y1 += NODE_HEIGHT / 2
        y2 -= NODE_HEIGHT / 2
        color, marker, stroke = (
            (WIN, "arrow-win", 2.0) if edge["winning"] else (EDGE, "arrow", 1.0)
        )
        title = escape(f"{edge['component']}: {edge['description']}")
        out.append(
            f'<line class="{"win" if edge["winning"] else "move"}" x1="{x1:.1f}" y1="{y1:.1f}" '
            f'x2="{x2:.1f}" y2="{y2:.1f}" stroke="{color}" stroke-width="{stroke}" '
            f'marker-end="url(#{marker})"><title>{title}</title></line>'
        )
    for node in nodes:
        x, y = centers[node["id"]]
        w = widths[node["id"]]
        is_p = node["value"] == 0
        fill, border = (P_FILL, P_BORDER) if is_p else ("#ffffff", N_BORDER)
        out.append(
            f'<g class="node {"p" if is_p else "n"}"><title>{escape(node["spec"])}: value '
            f'{node["value"]}, options {node["option_values"]}</title>'
            f'<rect x="{x - w / 2:.1f}" y="{y - NODE_HEIGHT / 2:.1f}" width="{w:.1f}" '
            f'height="{NODE_HEIGHT}" rx="8" fill="{fill}" stroke="{border}" '
            f'stroke-width="{1.6 if is_p else 1.0}"/>'
            f'<text x="{x:.1f}" y="{y - 2:.1f}" text-anchor="middle" fill="{INK}">'
            f"{escape(_label(node))}</text>"
            f'<text x="{x:.1f}" y="{y + 12:.1f}" text-anchor="middle" fill="{INK}" '
            f'font-size="10">{symbol} = {node["value"]}</text></g>'
        )
    if report.get("left_out"):
        more = "" if report.get("left_out_exact") else "at least "
        out.append(
            f'<text x="8" y="14" fill="{INK}">{more}{report["left_out"]} more positions not '
            "drawn</text>"
        )
    out.append("</svg>")
    return "".join(out)
