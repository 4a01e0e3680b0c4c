//! The board of a partizan sum: Domineering boards as squares (kind `"domineering"`, each move
//! the squares it leaves, as Cram's), Hackenbush strings and graphs as edges (kind
//! `"hackenbush"`: vertices with their heights, edges with their colours, each move the edge
//! it cuts), Toads and Frogs, Clobber and Cutcake as squares with their owners (`pieces.rs`),
//! Col and Snort as graphs with painted vertices (`colouring.rs`), every move with its player
//! (`"side": "left"` or `"right"`). Any other term (a value such as `{1|0}`) has no kind, and
//! the sum is then not drawn.
//!
//! ```json
//! {"schema": 1, "spec": "domineering(1x2) + hackenbush(lr)", "heap_rule": null, "drawn": true,
//!  "components": [{"index": 0, "spec": "domineering(1x2)", "kind": "domineering", "cells": ["oo"]},
//!                 {"index": 1, "spec": "hackenbush(lr)", "kind": "hackenbush",
//!                  "vertices": [{"name": "ground", "height": 0}, {"name": "1", "height": 1},
//!                               {"name": "2", "height": 2}],
//!                  "edges": [{"index": 0, "ends": [0, 1], "colour": "l"},
//!                            {"index": 1, "ends": [1, 2], "colour": "r"}]}],
//!  "moves": [{"component": 0, "to": "domineering(xx)", "cells": ["xx"], "side": "right"},
//!            {"component": 1, "to": "hackenbush()", "side": "left", "cut": 0},
//!            {"component": 1, "to": "hackenbush(l)", "side": "right", "cut": 1}]}
//! ```
//! A move's `to` is the `to` of the moves report's move in that term for that player.

use std::collections::VecDeque;

use super::{
    colouring, fits, pieces, BoardComponent, BoardEdge, BoardKind, BoardMove, BoardReport,
    BoardVertex,
};
use crate::analysis::partizan_play::Side;
use crate::analysis::SCHEMA;
use crate::error::Result;
use crate::partizan::games::{
    Domineering, EdgeColour, GraphPosition, Grid, PartizanRuleset, Position,
};
use crate::partizan::PartizanSum;

/// The board of the partizan sum `sum`: each term's kind and drawing, and, when all of it can
/// be drawn, each move of each term for each player.
///
/// # Errors
/// None yet; a `Result` like [`super::board`].
///
/// # Example
/// ```
/// use grundy::analysis::board::{partizan_board, BoardKind};
/// let sum = grundy::spec::parse_partizan_sum("domineering(2x2) + hackenbush(lr)", Default::default())?;
/// let report = partizan_board(&sum)?;
/// assert!(report.drawn);
/// assert_eq!(report.components[0].kind, Some(BoardKind::Domineering));
/// assert_eq!(report.components[1].edges.as_ref().map(Vec::len), Some(2));
/// // Two vertical dominoes for Left, two horizontal ones for Right, one cut each in the string.
/// assert_eq!(report.moves.len(), 6);
/// # Ok::<(), grundy::Error>(())
/// ```
pub fn partizan_board(sum: &PartizanSum) -> Result<BoardReport> {
    let components: Vec<BoardComponent> = sum
        .components
        .iter()
        .enumerate()
        .map(|(index, term)| component(index, &term.text, term.position.as_ref()))
        .collect();
    let drawn = !components.is_empty() && components.iter().all(fits);
    let mut moves = Vec::new();
    if drawn {
        for (index, term) in sum.components.iter().enumerate() {
            if let Some(position) = &term.position {
                for side in [Side::Left, Side::Right] {
                    let mut drawer = Drawer {
                        index,
                        side,
                        moves: &mut moves,
                    };
                    moves_of(position, &mut drawer);
                }
            }
        }
    }
    Ok(BoardReport {
        schema: SCHEMA,
        spec: sum.text(None),
        heap_rule: None,
        drawn,
        components,
        moves,
    })
}

/// Term `index`, written `spec`, drawn from its position.
fn component(index: usize, spec: &str, position: Option<&Position>) -> BoardComponent {
    let mut drawn = BoardComponent::undrawn(index, spec.to_string());
    match position {
        Some(Position::Domineering(grid)) => {
            drawn.kind = Some(BoardKind::Domineering);
            drawn.cells = Some(cells(grid));
        }
        Some(Position::Hackenbush(letters)) => {
            drawn.kind = Some(BoardKind::Hackenbush);
            let mut vertices = vec![BoardVertex {
                name: "ground".to_string(),
                height: 0,
                paint: None,
            }];
            let mut edges = Vec::new();
            for (i, &letter) in letters.iter().enumerate() {
                vertices.push(BoardVertex {
                    name: (i + 1).to_string(),
                    height: u32::try_from(i + 1).unwrap_or(u32::MAX),
                    paint: None,
                });
                edges.push(BoardEdge {
                    index: i,
                    ends: [i, i + 1],
                    colour: Some(char::from(letter)),
                });
            }
            drawn.vertices = Some(vertices);
            drawn.edges = Some(edges);
        }
        Some(Position::HackenbushGraph(graph)) => {
            drawn.kind = Some(BoardKind::Hackenbush);
            let (vertices, edges) = graph_drawing(graph);
            drawn.vertices = Some(vertices);
            drawn.edges = Some(edges);
        }
        Some(Position::Colouring(painted)) => colouring::draw(&mut drawn, painted),
        Some(other) => {
            pieces::draw(&mut drawn, other);
        }
        None => {}
    }
    drawn
}

/// The rows of a Domineering board: `o` empty, `x` filled.
fn cells(grid: &Grid) -> Vec<String> {
    (0..grid.rows())
        .map(|r| {
            (0..grid.cols())
                .map(|c| if grid.contains(r, c) { 'o' } else { 'x' })
                .collect()
        })
        .collect()
}

/// The letter of an edge's colour.
fn letter(colour: EdgeColour) -> char {
    match colour {
        EdgeColour::Blue => 'l',
        EdgeColour::Red => 'r',
        EdgeColour::Green => 'e',
    }
}

/// The vertices (with their heights, by a breadth-first walk from the ground over the standing
/// edges) and the standing edges of a Hackenbush graph.
fn graph_drawing(position: &GraphPosition) -> (Vec<BoardVertex>, Vec<BoardEdge>) {
    let graph = &position.graph;
    let standing: Vec<(usize, usize, usize, EdgeColour)> = graph
        .edges()
        .enumerate()
        .filter(|&(edge, _)| position.standing >> edge & 1 == 1)
        .map(|(edge, (a, b, colour))| (edge, a, b, colour))
        .collect();
    let mut height: Vec<Option<u32>> = vec![None; position.names.len()];
    let mut queue = VecDeque::new();
    if let Some(ground) = height.get_mut(graph.ground()) {
        *ground = Some(0);
        queue.push_back(graph.ground());
    }
    while let Some(v) = queue.pop_front() {
        let next = height[v].map_or(0, |h| h.saturating_add(1));
        for &(_, a, b, _) in &standing {
            for (from, to) in [(a, b), (b, a)] {
                if from == v && height.get(to).is_some_and(Option::is_none) {
                    height[to] = Some(next);
                    queue.push_back(to);
                }
            }
        }
    }
    // Only the vertices on standing edges (and the ground), renumbered in order.
    let mut number = vec![None; position.names.len()];
    let mut vertices = Vec::new();
    for (v, name) in position.names.iter().enumerate() {
        if let Some(h) = height[v] {
            number[v] = Some(vertices.len());
            vertices.push(BoardVertex {
                name: name.clone(),
                height: h,
                paint: None,
            });
        }
    }
    let edges = standing
        .iter()
        .filter_map(|&(edge, a, b, colour)| {
            Some(BoardEdge {
                index: edge,
                ends: [number[a]?, number[b]?],
                colour: Some(letter(colour)),
            })
        })
        .collect();
    (vertices, edges)
}

/// Where the moves of one term for one player are drawn.
pub(super) struct Drawer<'a> {
    /// The term.
    index: usize,
    /// The player.
    side: Side,
    /// The moves drawn so far.
    moves: &'a mut Vec<BoardMove>,
}

impl Drawer<'_> {
    /// Whether the moves are Left's.
    pub(super) fn left(&self) -> bool {
        self.side == Side::Left
    }

    /// Draws the move of the term to `to` (spec text), with what `mark` adds to say how to
    /// make it.
    pub(super) fn draw(&mut self, to: String, mark: impl FnOnce(&mut BoardMove)) {
        let mut entry = BoardMove {
            side: Some(self.side),
            ..BoardMove::new(self.index, to)
        };
        mark(&mut entry);
        self.moves.push(entry);
    }
}

/// The moves of a term at `position` for the player of `drawer`, drawn there.
fn moves_of(position: &Position, drawer: &mut Drawer<'_>) {
    let left = drawer.left();
    match position {
        Position::Domineering(grid) => {
            for after in Domineering.moves(grid, left) {
                let to = Position::Domineering(after).text();
                drawer.draw(to, |entry| entry.cells = Some(cells(&after)));
            }
        }
        Position::Hackenbush(letters) => {
            for (edge, &letter) in letters.iter().enumerate() {
                let mine = if left { b'l' } else { b'r' };
                if letter == mine || letter == b'e' {
                    let to = Position::Hackenbush(letters[..edge].to_vec()).text();
                    drawer.draw(to, |entry| entry.cut = Some(edge));
                }
            }
        }
        Position::HackenbushGraph(graph) => {
            for (edge, _) in graph.graph.edges().enumerate() {
                if graph.standing >> edge & 1 == 1 && graph.graph.cut_by(edge, left) {
                    let after = graph.with_standing(graph.graph.cut(graph.standing, edge));
                    drawer.draw(after.text(), |entry| entry.cut = Some(edge));
                }
            }
        }
        Position::Colouring(painted) => colouring::moves_of(painted, drawer),
        other => pieces::moves_of(other, drawer),
    }
}
