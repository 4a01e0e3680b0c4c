//! The boards of Col and Snort (kinds `"col"` and `"snort"`): the graph's vertices, each with
//! its `paint` (`l` blue, Left's; `r` red, Right's; `.` not painted) and a `height` to lay the
//! picture out by (edges from the lowest vertex of its connected piece, by a breadth-first
//! walk), and its edges (`ends`, indices into `vertices`; no colour). Each move says which
//! vertex it paints (`paint`, an index into `vertices`) and for whom (`side`). The page only
//! draws these and matches a click on a vertex against the moves; the rules stay here.
//!
//! ```json
//! {"index": 0, "spec": "col(1-2)", "kind": "col",
//!  "vertices": [{"name": "1", "height": 0, "paint": "."}, {"name": "2", "height": 1, "paint": "."}],
//!  "edges": [{"index": 0, "ends": [0, 1]}]}
//! {"component": 0, "to": "col(1-2; 1=l)", "side": "left", "paint": 0}
//! ```

use std::collections::VecDeque;

use super::partizan::Drawer;
use super::{BoardComponent, BoardEdge, BoardKind, BoardVertex};
use crate::partizan::games::{Colouring, PaintedGraph, Position};

/// Draws a Col or Snort position into `drawn`.
pub(super) fn draw(drawn: &mut BoardComponent, position: &PaintedGraph) {
    let graph = position.game().graph();
    let n = graph.len();
    drawn.kind = Some(match position.game().rule() {
        Colouring::Col => BoardKind::Col,
        Colouring::Snort => BoardKind::Snort,
    });
    let heights = heights(position);
    drawn.vertices = Some(
        (0..n)
            .map(|v| BoardVertex {
                name: graph.name(v).to_string(),
                height: heights[v],
                paint: Some(paint(position, v)),
            })
            .collect(),
    );
    let mut edges = Vec::new();
    for a in 0..n {
        for b in a + 1..n {
            if graph.neighbours(a) >> b & 1 == 1 {
                edges.push(BoardEdge {
                    index: edges.len(),
                    ends: [a, b],
                    colour: None,
                });
            }
        }
    }
    drawn.edges = Some(edges);
}

/// The moves of a Col or Snort position for the player of `drawer`, drawn there.
pub(super) fn moves_of(position: &PaintedGraph, drawer: &mut Drawer<'_>) {
    let left = drawer.left();
    let paintable = position.paintable(left);
    for v in (0..position.game().graph().len()).filter(|&v| paintable >> v & 1 == 1) {
        let after = Position::Colouring(Box::new(position.painted(v, left)));
        drawer.draw(after.text(), |entry| entry.paint = Some(v));
    }
}

/// The paint letter of vertex `v`.
fn paint(position: &PaintedGraph, v: usize) -> char {
    if position.blue() >> v & 1 == 1 {
        'l'
    } else if position.red() >> v & 1 == 1 {
        'r'
    } else {
        '.'
    }
}

/// Each vertex's distance from the lowest vertex of its connected piece.
fn heights(position: &PaintedGraph) -> Vec<u32> {
    let graph = position.game().graph();
    let n = graph.len();
    let mut height: Vec<Option<u32>> = vec![None; n];
    let mut queue = VecDeque::new();
    for root in 0..n {
        if height[root].is_some() {
            continue;
        }
        height[root] = Some(0);
        queue.push_back(root);
        while let Some(v) = queue.pop_front() {
            let next = height[v].map_or(0, |h| h.saturating_add(1));
            for u in (0..n).filter(|&u| graph.neighbours(v) >> u & 1 == 1) {
                if height[u].is_none() {
                    height[u] = Some(next);
                    queue.push_back(u);
                }
            }
        }
    }
    height.into_iter().map(|h| h.unwrap_or(0)).collect()
}
