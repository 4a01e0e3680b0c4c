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

use std::sync::{Arc, OnceLock};

use super::graph::{vertices, Graph, Shape, MAX_VERTICES};
use crate::error::Result;
use crate::game::{Evaluator, Limits, MoveClass, MoveList, Parts, Ruleset};
use crate::nimber::Nimber;
use crate::positional::{Decomposable, Known, NimberSearch, Options};

/// The bit that marks a key of the search's table, so that no key is 0.
const MARKER: u128 = 1 << 127;

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
/// assert_eq!(game.format(&[start]), "nodekayles(1-2, 2-3, 3-4, 4-5)");
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
/// assert_eq!(game.format(&[start]), "arckayles(1-2, 2-3, 3-4)");
/// # Ok::<(), grundy::Error>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ArcKayles {
    graph: Arc<Graph>,
}

impl NodeKayles {
    /// Node Kayles on `graph`.
    pub fn new(graph: Graph) -> NodeKayles {
        NodeKayles {
            graph: Arc::new(graph),
        }
    }

    /// The graph played on.
    pub fn graph(&self) -> &Graph {
        &self.graph
    }
}

impl ArcKayles {
    /// Arc Kayles on `graph`.
    pub fn new(graph: Graph) -> ArcKayles {
        ArcKayles {
            graph: Arc::new(graph),
        }
    }

    /// The graph played on.
    pub fn graph(&self) -> &Graph {
        &self.graph
    }
}

/// What each move of `set` removes: a closed neighbourhood (Node Kayles) or the ends of an
/// edge (Arc Kayles).
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

/// The moves of the connected `part` for the search: parts without a move left out.
fn search_moves(graph: &Graph, part: u128, node: bool, out: &mut Options<u128>) {
    for (_, _, removed) in removals(graph, part, node) {
        graph.components(part & !removed, |left| {
            if node || left.count_ones() > 1 {
                out.push_part(left);
            }
        });
        out.end_option();
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

impl Ruleset for NodeKayles {
    type Position = VertexSet;

    fn moves(&self, set: &VertexSet, out: &mut Vec<Parts<VertexSet>>) {
        ruleset_moves(&self.graph, set.0, true, out);
    }

    fn describe(&self, from: &VertexSet, to: &[VertexSet]) -> String {
        describe_move(&self.graph, from.0, to, true)
    }

    fn format(&self, positions: &[VertexSet]) -> String {
        format_positions(&self.graph, "nodekayles", positions)
    }
}

impl Ruleset for ArcKayles {
    type Position = VertexSet;

    fn moves(&self, set: &VertexSet, out: &mut Vec<Parts<VertexSet>>) {
        ruleset_moves(&self.graph, set.0, false, out);
    }

    fn describe(&self, from: &VertexSet, to: &[VertexSet]) -> String {
        describe_move(&self.graph, from.0, to, false)
    }

    fn format(&self, positions: &[VertexSet]) -> String {
        format_positions(&self.graph, "arckayles", positions)
    }
}

impl Decomposable for NodeKayles {
    type Part = u128;

    fn moves(&self, part: &u128, out: &mut Options<u128>) {
        search_moves(&self.graph, *part, true, out);
    }

    fn key(&self, part: &u128) -> Option<u128> {
        Some(part | MARKER)
    }

    fn weight(&self, part: &u128) -> u32 {
        part.count_ones()
    }

    /// The number of moves: one a vertex.
    fn difficulty(&self, part: &u128) -> u32 {
        part.count_ones()
    }

    /// A single vertex is worth 1; a path of `n` vertices is Dawson's Chess on `n`; a cycle
    /// goes to the path of `n - 3` vertices, whatever the move.
    fn known(&self, part: &u128) -> Known {
        if part.count_ones() == 1 {
            return Known::Nimber(1);
        }
        match self.graph.shape(*part) {
            Shape::Path(n) => Known::Nimber(path_values(true)[n]),
            Shape::Cycle(n) => Known::Nimber(u8::from(path_values(true)[n - 3] == 0)),
            Shape::Other => Known::Nothing,
        }
    }
}

impl Decomposable for ArcKayles {
    type Part = u128;

    fn moves(&self, part: &u128, out: &mut Options<u128>) {
        search_moves(&self.graph, *part, false, out);
    }

    fn key(&self, part: &u128) -> Option<u128> {
        Some(part | MARKER)
    }

    fn weight(&self, part: &u128) -> u32 {
        part.count_ones()
    }

    /// The number of moves: one an edge.
    fn difficulty(&self, part: &u128) -> u32 {
        self.graph.edge_count(*part)
    }

    /// A path of `n` vertices is Dawson's Kayles on `n`; a cycle goes to the path of `n - 2`
    /// vertices, whatever the move.
    fn known(&self, part: &u128) -> Known {
        match self.graph.shape(*part) {
            Shape::Path(n) => Known::Nimber(path_values(false)[n]),
            Shape::Cycle(n) => Known::Nimber(u8::from(path_values(false)[n - 2] == 0)),
            Shape::Other => Known::Nothing,
        }
    }
}

/// The nimbers of Node Kayles (`node`: Dawson's Chess, 0.137) or Arc Kayles (Dawson's Kayles,
/// 0.07) on the paths of `0..=120` vertices, from the rules: taking vertex `i` of `n` leaves
/// paths of `i - 1` and `n - i - 2` vertices (fewer at the ends); taking edge `i` leaves paths
/// of `i` and `n - i - 2`.
fn path_values(node: bool) -> &'static [u8] {
    static VALUES: OnceLock<[Vec<u8>; 2]> = OnceLock::new();
    let values = VALUES.get_or_init(|| {
        let table = |node: bool| {
            let mut values = vec![0u8; MAX_VERTICES + 1];
            for n in 1..=MAX_VERTICES {
                let mut seen = [false; 256];
                for i in 0..n {
                    let (left, right) = if node {
                        (i.saturating_sub(1), (n - i).saturating_sub(2))
                    } else if i + 1 < n {
                        (i, n - i - 2)
                    } else {
                        continue;
                    };
                    seen[usize::from(values[left] ^ values[right])] = true;
                }
                values[n] = seen.iter().position(|&seen| !seen).unwrap_or(255) as u8;
            }
            values
        };
        [table(false), table(true)]
    });
    &values[usize::from(node)]
}

impl KaylesGraph for NodeKayles {
    fn graph(&self) -> &Graph {
        &self.graph
    }

    fn is_live(&self, part: u128) -> bool {
        part != 0
    }
}

impl KaylesGraph for ArcKayles {
    fn graph(&self) -> &Graph {
        &self.graph
    }

    fn is_live(&self, part: u128) -> bool {
        part.count_ones() > 1
    }
}

/// Values positions of [`NodeKayles`] or [`ArcKayles`] by the positional search
/// ([`NimberSearch`]), its table kept across the positions of a sum.
///
/// # Example
/// ```
/// use grundy::rules::{Graph, NodeKayles, NodeKaylesSolver, VertexSet};
/// use grundy::{Evaluator, Limits, Nimber};
/// let game = NodeKayles::new(Graph::petersen());
/// let start = VertexSet(game.graph().all());
/// let mut solver = NodeKaylesSolver::new(game, Limits::default(), 1);
/// assert_eq!(solver.value(&start)?, Nimber::new(1));
/// # Ok::<(), grundy::Error>(())
/// ```
pub struct KaylesSolver<G: KaylesGraph> {
    search: NimberSearch<G>,
    threads: usize,
}

/// [`KaylesSolver`] for Node Kayles.
pub type NodeKaylesSolver = KaylesSolver<NodeKayles>;

/// [`KaylesSolver`] for Arc Kayles.
pub type ArcKaylesSolver = KaylesSolver<ArcKayles>;

impl<G: KaylesGraph> KaylesSolver<G> {
    /// A solver of `game` within `limits` (its table takes `limits.max_memory` bytes), on
    /// `threads` threads.
    pub fn new(game: G, limits: Limits, threads: usize) -> KaylesSolver<G> {
        KaylesSolver {
            search: NimberSearch::new(game, &limits),
            threads,
        }
    }

    /// The search, for its figures.
    pub fn search(&self) -> &NimberSearch<G> {
        &self.search
    }

    /// The live components of `set`.
    fn live_parts(&self, set: u128) -> Vec<u128> {
        let game = self.search.game();
        let mut parts = Vec::new();
        game.graph().components(set, |part| {
            if game.is_live(part) {
                parts.push(part);
            }
        });
        parts
    }
}

impl<G: KaylesGraph> Evaluator for KaylesSolver<G> {
    type Rules = G;

    fn rules(&self) -> &G {
        self.search.game()
    }

    fn limits(&self) -> Limits {
        self.search.limits()
    }

    /// The moves of `set` to a position of value `target`, each found by asking the search
    /// whether the move's value is `target` rather than for its value.
    fn moves_to_value(&mut self, set: &VertexSet, target: Nimber) -> Result<Option<MoveList<G>>> {
        let Ok(target) = u8::try_from(target.value()) else {
            return Ok(Some(Vec::new()));
        };
        let mut moves = Vec::new();
        Ruleset::moves(self.search.game(), set, &mut moves);
        let mut found = Vec::new();
        for parts in moves {
            let live: Vec<u128> = parts
                .iter()
                .filter(|part| self.search.game().is_live(part.0))
                .map(|part| part.0)
                .collect();
            let hit = self.search.sum_is(live, 0, target, self.threads)?;
            if hit {
                found.push(MoveClass { parts, count: 1 });
            }
        }
        Ok(Some(found))
    }

    /// The nim-sum of the nimbers of the components of `set`.
    ///
    /// # Errors
    /// A limit of the search.
    fn value(&mut self, set: &VertexSet) -> Result<Nimber> {
        let mut value = 0u8;
        for part in self.live_parts(set.0) {
            value ^= self.search.nimber(&part, self.threads)?;
        }
        Ok(Nimber::new(u64::from(value)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Solver;

    /// Default limits with a table of 4 MiB, quick to allocate for each of many graphs.
    fn small() -> Limits {
        Limits {
            max_memory: 1 << 22,
            ..Limits::default()
        }
    }

    /// A002187: Dawson's Chess (0.137) on `n`, `n = 0, 1, …`.
    fn dawson_chess() -> Vec<u64> {
        include_str!("../../tests/data/dawson_chess.txt")
            .lines()
            .filter(|line| !line.starts_with('#'))
            .flat_map(str::split_whitespace)
            .filter_map(|word| word.parse().ok())
            .collect()
    }

    /// The value of the whole graph, by the memoised solver and by the search (on `threads`).
    fn both<G: KaylesGraph + Clone>(game: &G, threads: usize) -> Result<(u64, u64)> {
        let start = VertexSet(game.graph().all());
        let memo = Solver::new(game.clone()).value(&start)?.value();
        let searched = KaylesSolver::new(game.clone(), small(), threads)
            .value(&start)?
            .value();
        Ok((memo, searched))
    }

    /// Random graphs of 1 to 12 vertices, of densities from sparse to dense.
    fn random_graphs() -> Result<Vec<Graph>> {
        let mut x = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = move || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        };
        let mut graphs = Vec::new();
        for i in 0..120 {
            let n = 1 + i % 12;
            let density = 1 + next() % 6;
            let mut edges = Vec::new();
            for a in 0..n {
                for b in a + 1..n {
                    if next() % 8 < density {
                        edges.push((a, b));
                    }
                }
            }
            let names = (0..n).map(|v| format!("v{v}")).collect();
            graphs.push(Graph::new(names, &edges)?);
        }
        Ok(graphs)
    }

    #[test]
    fn the_search_agrees_with_the_memoised_solver() -> Result<()> {
        for (i, graph) in random_graphs()?.into_iter().enumerate() {
            let threads = 1 + i % 2;
            let text = graph.format_set(graph.all());
            let (memo, searched) = both(&NodeKayles::new(graph.clone()), threads)?;
            assert_eq!(searched, memo, "nodekayles({text})");
            let (memo, searched) = both(&ArcKayles::new(graph), threads)?;
            assert_eq!(searched, memo, "arckayles({text})");
        }
        Ok(())
    }

    #[test]
    fn petersen_and_grids_agree_with_the_memoised_solver() -> Result<()> {
        let mut graphs = vec![Graph::petersen()];
        for (r, c) in [
            (1, 5),
            (2, 2),
            (2, 3),
            (2, 5),
            (3, 3),
            (3, 4),
            (3, 5),
            (4, 4),
        ] {
            graphs.push(Graph::grid(r, c)?);
        }
        for graph in graphs {
            let text = graph.format_set(graph.all());
            let (memo, searched) = both(&NodeKayles::new(graph.clone()), 1)?;
            assert_eq!(searched, memo, "nodekayles({text})");
            let (memo, searched) = both(&ArcKayles::new(graph), 2)?;
            assert_eq!(searched, memo, "arckayles({text})");
        }
        Ok(())
    }

    #[test]
    fn paths_are_dawsons_chess_and_dawsons_kayles() -> Result<()> {
        // Node Kayles on P_n is 0.137 on n; Arc Kayles on P_n is 0.07 on n, A002187's a(n - 1):
        // the published values, the memoised solver from the rules, and the search.
        let published = dawson_chess();
        for n in 0..=100u64 {
            let expected = published[n as usize];
            let (memo, searched) = both(&NodeKayles::new(Graph::path(n)?), 1)?;
            assert_eq!(
                (memo, searched),
                (expected, expected),
                "nodekayles(path({n}))"
            );
            let expected = if n == 0 { 0 } else { published[n as usize - 1] };
            let (memo, searched) = both(&ArcKayles::new(Graph::path(n)?), 1)?;
            assert_eq!(
                (memo, searched),
                (expected, expected),
                "arckayles(path({n}))"
            );
        }
        Ok(())
    }

    #[test]
    fn a_first_move_on_a_cycle_leaves_a_path() -> Result<()> {
        // Every move is alike: C_n goes to P_{n-3} (Node Kayles) or P_{n-2} (Arc Kayles), both
        // worth A002187's a(n - 3).
        let published = dawson_chess();
        for n in 3..=100u64 {
            let expected = u64::from(published[n as usize - 3] == 0);
            let start = VertexSet(Graph::cycle(n)?.all());
            let node = NodeKayles::new(Graph::cycle(n)?);
            let arc = ArcKayles::new(Graph::cycle(n)?);
            if n <= 24 {
                // The memoised solver sees n copies of each path: kept short.
                let (memo, searched) = both(&node, 1)?;
                assert_eq!(
                    (memo, searched),
                    (expected, expected),
                    "nodekayles(cycle({n}))"
                );
                let (memo, searched) = both(&arc, 1)?;
                assert_eq!(
                    (memo, searched),
                    (expected, expected),
                    "arckayles(cycle({n}))"
                );
            }
            let limits = small();
            let node = NodeKaylesSolver::new(node, limits, 1).value(&start)?;
            let arc = ArcKaylesSolver::new(arc, limits, 1).value(&start)?;
            assert_eq!(
                (node.value(), arc.value()),
                (expected, expected),
                "cycle({n})"
            );
        }
        Ok(())
    }

    #[test]
    fn the_search_alone_values_long_paths() -> Result<()> {
        // The theorems apart: a path with a pendant vertex at its second vertex is no path,
        // and its options are searched, down to paths.
        let published = dawson_chess();
        for n in [20u64, 40, 60] {
            let mut names: Vec<String> = (1..=n).map(|v| v.to_string()).collect();
            names.push("x".to_string());
            let mut edges: Vec<(usize, usize)> = (1..n as usize).map(|v| (v - 1, v)).collect();
            edges.push((1, n as usize));
            let graph = Graph::new(names, &edges)?;
            let (memo, searched) = both(&NodeKayles::new(graph.clone()), 1)?;
            assert_eq!(searched, memo, "n = {n}");
            let (memo, searched) = both(&ArcKayles::new(graph), 2)?;
            assert_eq!(searched, memo, "n = {n}");
        }
        for (n, &value) in published.iter().enumerate().take(MAX_VERTICES + 1) {
            assert_eq!(u64::from(path_values(true)[n]), value, "P_{n}");
        }
        Ok(())
    }

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
    fn winning_moves_by_narrow_questions() -> Result<()> {
        for graph in [Graph::petersen(), Graph::grid(3, 3)?, Graph::path(9)?] {
            let game = NodeKayles::new(graph.clone());
            let start = VertexSet(graph.all());
            let mut solver = NodeKaylesSolver::new(game.clone(), small(), 1);
            let mut memo = Solver::new(game.clone());
            let mut moves = Vec::new();
            Ruleset::moves(&game, &start, &mut moves);
            for target in 0..4 {
                let expected: Vec<_> = moves
                    .iter()
                    .filter(|parts| {
                        parts
                            .iter()
                            .try_fold(0, |sum, part| {
                                memo.value(part).map(|value| sum ^ value.value())
                            })
                            .is_ok_and(|sum| sum == target)
                    })
                    .cloned()
                    .collect();
                let found: Vec<_> = solver
                    .moves_to_value(&start, Nimber::new(target))?
                    .unwrap_or_default()
                    .into_iter()
                    .map(|class| class.parts)
                    .collect();
                assert_eq!(found, expected, "{} to {target}", game.format(&[start]));
            }
        }
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
            let report = analysis::misere::value(&sum, small())?;
            assert_eq!(report.outcome, outcome, "{text}");
        }
        Ok(())
    }

    #[test]
    fn families_and_limits() -> Result<()> {
        assert_eq!(
            Graph::path(3)?.format_set(Graph::path(3)?.all()),
            "1-2, 2-3"
        );
        assert_eq!(
            Graph::cycle(3)?.format_set(Graph::cycle(3)?.all()),
            "1-2, 1-3, 2-3"
        );
        assert_eq!(Graph::complete(4)?.edge_count(Graph::complete(4)?.all()), 6);
        assert_eq!(
            Graph::grid(2, 2)?.format_set(Graph::grid(2, 2)?.all()),
            "r1c1-r1c2, r1c1-r2c1, r1c2-r2c2, r2c1-r2c2"
        );
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
            Some("invalid position: a graph of node kayles or arc kayles has at most 120 vertices, and this one has 121")
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
