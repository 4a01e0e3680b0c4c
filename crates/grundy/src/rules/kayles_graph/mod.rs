//! Node Kayles and Arc Kayles: Kayles played on the vertices or the edges of a graph.
//!
//! In **Node Kayles** a move takes a vertex and removes it with all its neighbours (a vertex
//! with no neighbour left is still a move, worth *1 alone); in **Arc Kayles** a move takes an
//! edge and removes both its ends, and so every edge touching them (a vertex with no edge left
//! is dead: no move, worth 0). Who cannot move loses (Schaefer, "On the complexity of some
//! two-person perfect-information games", 1978; *Winning Ways*, ch. 4 and 16).
//!
//! A position is the set of vertices left of one fixed [`Graph`] (the subgraph they induce);
//! it falls into connected components, whose nimbers add by XOR. [`KaylesSolver`] values them
//! by the positional search ([`crate::positional`]), a part being a connected vertex set, with
//! the theorems below for parts that are paths or cycles.
//!
//! On a path both games are octal games: a move on a row of `n` vertices removes 1 to 3
//! vertices of Node Kayles (an end alone, an end and its neighbour, or a vertex inside with
//! its two neighbours) or 2 of Arc Kayles, leaving at most two rows: the digits of 0.137,
//! Dawson's Chess (OEIS A002187), and of 0.07, Dawson's Kayles, whose value on `n` is
//! A002187's `a(n - 1)`. On a cycle the first move leaves a path: `C_n` goes to `P_{n-3}` in
//! Node Kayles and to `P_{n-2}` in Arc Kayles.

mod solver;

pub use solver::{ArcKaylesSolver, KaylesSolver, NodeKaylesSolver};

use std::sync::Arc;

use super::graph::{vertices, Graph};
use crate::game::{Parts, Ruleset};
use crate::positional::Decomposable;

/// A set of vertices of a game's [`Graph`] (bit `v` for vertex `v`): a position of
/// [`NodeKayles`] or [`ArcKayles`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct VertexSet(pub u128);

/// What the two games share: a graph, which parts have a move, and the spec's name.
pub trait KaylesGraph:
    Ruleset<Position = VertexSet> + Decomposable<Part = u128> + Send + 'static
{
    /// The graph played on.
    fn graph(&self) -> &Graph;

    /// Whether the connected set `part` has a move.
    fn is_live(&self, part: u128) -> bool;
}

/// Node Kayles on a [`Graph`]: a move takes a vertex and its neighbours.
///
/// # Example
/// ```
/// use grundy::{rules::{Graph, NodeKayles, VertexSet}, Nimber, Ruleset, Solver};
/// let game = NodeKayles::new(Graph::path(5)?);
/// let start = VertexSet(game.graph().all());
/// // Dawson's Chess (0.137) on 5.
/// assert_eq!(Solver::new(game.clone()).value(&start)?, Nimber::new(3));
/// assert_eq!(game.format(&[start]), "nodekayles(path(5))");
/// # Ok::<(), grundy::Error>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NodeKayles {
    graph: Arc<Graph>,
}

/// Arc Kayles on a [`Graph`]: a move takes an edge and both its ends.
///
/// # Example
/// ```
/// use grundy::{rules::{ArcKayles, Graph, VertexSet}, Nimber, Ruleset, Solver};
/// let game = ArcKayles::new(Graph::path(4)?);
/// let start = VertexSet(game.graph().all());
/// // Dawson's Kayles (0.07) on 4.
/// assert_eq!(Solver::new(game.clone()).value(&start)?, Nimber::new(2));
/// assert_eq!(game.format(&[start]), "arckayles(path(4))");
/// # Ok::<(), grundy::Error>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ArcKayles {
    graph: Arc<Graph>,
}

/// The constructor, the [`Ruleset`] and the [`KaylesGraph`] of each game: the same but for
/// whether a move takes a vertex (`node`) or an edge, the spec's name, and which parts have a
/// move (`live`).
macro_rules! kayles_game {
    (
        $game:ident,
        $title:literal,
        node: $node:literal,
        name: $name:literal,
        live: |$part:ident| $live:expr
    ) => {
        impl $game {
            #[doc = concat!($title, " on `graph`.")]
            pub fn new(graph: Graph) -> $game {
                $game {
                    graph: Arc::new(graph),
                }
            }

            /// The graph played on.
            pub fn graph(&self) -> &Graph {
                &self.graph
            }
        }

        impl Ruleset for $game {
            type Position = VertexSet;

            fn moves(&self, set: &VertexSet, out: &mut Vec<Parts<VertexSet>>) {
                ruleset_moves(&self.graph, set.0, $node, out);
            }

            fn describe(&self, from: &VertexSet, to: &[VertexSet]) -> String {
                describe_move(&self.graph, from.0, to, $node)
            }

            fn format(&self, positions: &[VertexSet]) -> String {
                format_positions(&self.graph, $name, positions)
            }
        }

        impl KaylesGraph for $game {
            fn graph(&self) -> &Graph {
                &self.graph
            }

            fn is_live(&self, $part: u128) -> bool {
                $live
            }
        }
    };
}

kayles_game!(
    NodeKayles,
    "Node Kayles",
    node: true,
    name: "nodekayles",
    live: |part| part != 0
);
kayles_game!(
    ArcKayles,
    "Arc Kayles",
    node: false,
    name: "arckayles",
    live: |part| part.count_ones() > 1
);

/// What each move of `set` removes: a closed neighbourhood (Node Kayles) or the ends of an
/// edge (Arc Kayles).
#[inline(always)]
fn removals<'a>(
    graph: &'a Graph,
    set: u128,
    node: bool,
) -> impl Iterator<Item = (usize, Option<usize>, u128)> + 'a {
    let set = set & graph.all();
    vertices(set).flat_map(move |v| {
        let single = node.then_some((v, None, (graph.adjacent[v] & set) | 1 << v));
        let higher = if node {
            0
        } else {
            graph.adjacent[v] & set & !(u128::MAX >> (127 - v))
        };
        single
            .into_iter()
            .chain(vertices(higher).map(move |u| (v, Some(u), 1 << v | 1 << u)))
    })
}

/// The moves of `set` as [`Ruleset`] moves: one part per component left (dead ones too, so
/// that the parts say what was taken).
fn ruleset_moves(graph: &Graph, set: u128, node: bool, out: &mut Vec<Parts<VertexSet>>) {
    for (_, _, removed) in removals(graph, set, node) {
        let mut parts = Parts::new();
        graph.components(set & !removed, |part| parts.push(VertexSet(part)));
        out.push(parts);
    }
}

/// "take vertex c" or "take edge a-b": the move whose removal leaves `to` from `from`.
fn describe_move(graph: &Graph, from: u128, to: &[VertexSet], node: bool) -> String {
    let left = to.iter().fold(0, |left, part| left | part.0);
    let taken = from & !left;
    let found = removals(graph, from, node).find(|&(_, _, removed)| removed == taken);
    match found {
        Some((v, None, _)) => format!("take vertex {}", graph.names[v]),
        Some((v, Some(u), _)) => format!("take edge {}-{}", graph.names[v], graph.names[u]),
        None if node => "take a vertex".to_string(),
        None => "take an edge".to_string(),
    }
}

/// `name(edges) + name(edges)`, or `0` for no positions.
fn format_positions(graph: &Graph, name: &str, positions: &[VertexSet]) -> String {
    let parts: Vec<String> = positions
        .iter()
        .map(|set| match set.0 {
            0 => "0".to_string(),
            set => format!("{name}({})", graph.format_set(set)),
        })
        .collect();
    if parts.is_empty() {
        "0".to_string()
    } else {
        parts.join(" + ")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::error::Result;
    use crate::game::{Limits, Solver};
    use crate::nimber::Nimber;

    #[test]
    fn moves_describe_and_format() -> Result<()> {
        let names = ["a", "b", "c", "d", "e"].map(String::from).to_vec();
        // A path a-b-c-d and a lone vertex e.
        let graph = Graph::new(names, &[(0, 1), (1, 2), (2, 3)])?;
        let node = NodeKayles::new(graph.clone());
        let start = VertexSet(graph.all());
        assert_eq!(node.format(&[start]), "nodekayles(a-b, b-c, c-d, e)");
        let mut moves = Vec::new();
        Ruleset::moves(&node, &start, &mut moves);
        assert_eq!(moves.len(), 5);
        let texts: Vec<String> = moves.iter().map(|parts| node.format(parts)).collect();
        assert_eq!(
            texts,
            [
                "nodekayles(c-d) + nodekayles(e)",
                "nodekayles(d) + nodekayles(e)",
                "nodekayles(a) + nodekayles(e)",
                "nodekayles(a-b) + nodekayles(e)",
                "nodekayles(a-b, b-c, c-d)",
            ]
        );
        assert_eq!(node.describe(&start, &moves[1]), "take vertex b");
        assert_eq!(node.describe(&start, &moves[4]), "take vertex e");
        let arc = ArcKayles::new(graph);
        let mut moves = Vec::new();
        Ruleset::moves(&arc, &start, &mut moves);
        let texts: Vec<String> = moves.iter().map(|parts| arc.format(parts)).collect();
        assert_eq!(
            texts,
            [
                "arckayles(c-d) + arckayles(e)",
                "arckayles(a) + arckayles(d) + arckayles(e)",
                "arckayles(a-b) + arckayles(e)",
            ]
        );
        assert_eq!(arc.describe(&start, &moves[1]), "take edge b-c");
        assert_eq!(arc.format(&[]), "0");
        Ok(())
    }

    #[test]
    fn sums_through_the_spec() -> Result<()> {
        let text = "nodekayles(grid(3x4)) + arckayles(petersen) + nodekayles(path(5))";
        let sum = crate::spec::parse(text)?;
        let grid = Graph::grid(3, 4)?;
        let node = Solver::new(NodeKayles::new(grid.clone())).value(&VertexSet(grid.all()))?;
        let petersen = Graph::petersen();
        let arc =
            Solver::new(ArcKayles::new(petersen.clone())).value(&VertexSet(petersen.all()))?;
        // Dawson's Chess on 5 is worth 3.
        let value = node.value() ^ arc.value() ^ 3;
        assert_eq!(sum.value()?.value(), value);
        let winning = sum.winning_moves()?;
        let zeros: Vec<String> = sum
            .moves()?
            .into_iter()
            .filter(|m| m.total_value == Nimber::ZERO)
            .map(|m| m.result.format())
            .collect();
        let found: Vec<String> = winning.iter().map(|m| m.result.format()).collect();
        assert_eq!(found, zeros);
        assert!(value != 0 && !winning.is_empty());
        for m in &winning {
            assert!(m.description.starts_with("take "), "{}", m.description);
            let after = crate::spec::parse(&m.result.format())?;
            assert_eq!(after.value()?, Nimber::ZERO, "{}", m.result.format());
        }
        Ok(())
    }

    #[test]
    fn dags_and_misere_play() -> Result<()> {
        use crate::analysis::{self, ReportOutcome};
        use crate::whole::Play;
        let sum = crate::spec::parse("nodekayles(path(4)) + arckayles(cycle(5))")?;
        let dag = analysis::dag(&sum, 1000, Play::Normal)?;
        assert_eq!(dag.outcome, ReportOutcome::PreviousWins); // 0 (P_4) + 1 (C_5 to P_3)
        assert!(dag.nodes.len() > 5);
        // Misère: the last move loses. A pair of Node Kayles has one move; from three in a
        // row, take an end and leave one; disjoint edges of Arc Kayles are one move each.
        for (text, outcome) in [
            ("nodekayles(a-b)", ReportOutcome::PreviousWins),
            ("nodekayles(a-b, b-c)", ReportOutcome::NextWins),
            ("arckayles(a-b, b-c, c-d)", ReportOutcome::NextWins),
            ("arckayles(a-b, c-d)", ReportOutcome::NextWins),
            ("arckayles(a-b, c-d, e-f)", ReportOutcome::PreviousWins),
        ] {
            let sum = crate::spec::parse(text)?;
            let limits = Limits::DEFAULT.with_max_memory(1 << 22);
            let report = analysis::misere::value(&sum, limits)?;
            assert_eq!(report.head.outcome, outcome, "{text}");
        }
        Ok(())
    }

    #[test]
    fn families_and_limits() -> Result<()> {
        // A family is written by its name whole, by its edges in part.
        let edges = |graph: &Graph| graph.format_edges(graph.all());
        let whole = |graph: &Graph| graph.format_set(graph.all());
        let (path, cycle, grid) = (Graph::path(3)?, Graph::cycle(3)?, Graph::grid(2, 2)?);
        assert_eq!(
            (whole(&path), edges(&path).as_str()),
            ("path(3)".into(), "1-2, 2-3")
        );
        assert_eq!(whole(&cycle), "cycle(3)");
        assert_eq!(edges(&cycle), "1-2, 1-3, 2-3");
        assert_eq!(Graph::complete(4)?.edge_count(Graph::complete(4)?.all()), 6);
        assert_eq!(whole(&grid), "grid(2x2)");
        assert_eq!(edges(&grid), "r1c1-r1c2, r1c1-r2c1, r1c2-r2c2, r2c1-r2c2");
        assert_eq!(whole(&Graph::petersen()), "petersen");
        assert_eq!(path.format_set(0b011), "1-2");
        let petersen = Graph::petersen();
        assert_eq!(petersen.edge_count(petersen.all()), 15);
        assert!((0..10).all(|v| petersen.neighbours(v).count_ones() == 3));
        assert_eq!(
            Graph::path(12)?.format_set(0b110_1000_0011),
            "1-2, 8, 10-11"
        );
        assert_eq!(Graph::path(120)?.len(), 120);
        let too_big = Graph::path(121).err().map(|e| e.to_string());
        assert_eq!(
            too_big.as_deref(),
            Some("invalid position: a graph has at most 120 vertices, and this one has 121")
        );
        assert!(Graph::grid(11, 11).is_err());
        assert!(Graph::grid(u64::MAX, 2).is_err());
        assert!(Graph::complete(1000).is_err());
        assert!(Graph::cycle(2).is_err());
        let names = ["a", "b"].map(String::from).to_vec();
        assert!(Graph::new(names.clone(), &[(0, 0)]).is_err());
        assert!(Graph::new(names.clone(), &[(0, 2)]).is_err());
        assert!(Graph::new(vec!["petersen".to_string()], &[]).is_err());
        assert!(Graph::new(vec!["a".to_string(), "a".to_string()], &[]).is_err());
        Ok(())
    }
}
