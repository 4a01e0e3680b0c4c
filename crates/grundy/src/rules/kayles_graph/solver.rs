//! [`KaylesSolver`]: positions of Node Kayles and Arc Kayles valued by the positional search
//! ([`NimberSearch`]), a part being a connected vertex set keyed by its mask, with the theorems
//! of the [module docs](super) for parts that are paths or cycles.

use std::sync::OnceLock;

use super::{removals, ArcKayles, KaylesGraph, NodeKayles, VertexSet};
use crate::error::Result;
use crate::game::{Evaluator, Limits, MoveClass, MoveList, Ruleset};
use crate::nimber::Nimber;
use crate::positional::{Decomposable, Known, NimberSearch, Options};
use crate::rules::graph::{Graph, Shape, MAX_VERTICES};

/// The bit that marks a key of the search's table, so that no key is 0.
const MARKER: u128 = 1 << 127;

crate::cpu::bit_instructions! {
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
}

crate::cpu::bit_instructions! {
    /// How hard `part` looks to search: its number of moves, one a vertex (Node Kayles,
    /// `node`) or one an edge (Arc Kayles).
    fn difficulty(graph: &Graph, part: u128, node: bool) -> u32 {
        if node {
            part.count_ones()
        } else {
            graph.edge_count(part)
        }
    }
}

/// What the theorems say of `part`: a path of `n` vertices is Dawson's Chess (Node
/// Kayles, `node`) or Dawson's Kayles (Arc Kayles) on `n`; a cycle goes to the path of
/// `n - 3` (Node Kayles) or `n - 2` (Arc Kayles) vertices, whatever the move; and a
/// single vertex of Node Kayles is worth 1.
fn known(graph: &Graph, part: u128, node: bool) -> Known {
    if node && part.count_ones() == 1 {
        return Known::Nimber(1);
    }
    let removed = if node { 3 } else { 2 };
    match graph.shape(part) {
        Shape::Path(n) => Known::Nimber(path_values(node)[n]),
        Shape::Cycle(n) => Known::Nimber(u8::from(path_values(node)[n - removed] == 0)),
        Shape::Other => Known::Nothing,
    }
}

/// The [`Decomposable`] half of each game, the same but for `node`: a part is a connected
/// vertex set, keyed by its mask with [`MARKER`] set and weighed by its vertices.
macro_rules! kayles_search {
    ($game:ident, node: $node:literal) => {
        impl Decomposable for $game {
            type Part = u128;

            fn moves(&self, part: &u128, out: &mut Options<u128>) {
                search_moves(&self.graph, *part, $node, out);
            }

            fn key(&self, part: &u128) -> Option<u128> {
                Some(part | MARKER)
            }

            fn weight(&self, part: &u128) -> u32 {
                part.count_ones()
            }

            fn difficulty(&self, part: &u128) -> u32 {
                difficulty(&self.graph, *part, $node)
            }

            fn known(&self, part: &u128) -> Known {
                known(&self.graph, *part, $node)
            }
        }
    };
}

kayles_search!(NodeKayles, node: true);
kayles_search!(ArcKayles, node: false);

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
    use crate::rules::published_values;
    use crate::xorshift::Random;

    /// Default limits with a table of 4 MiB, quick to allocate for each of many graphs.
    fn small() -> Limits {
        Limits::DEFAULT.with_max_memory(1 << 22)
    }

    /// A002187: Dawson's Chess (0.137) on `n`, `n = 0, 1, …`.
    fn dawson_chess() -> Vec<u64> {
        published_values(include_str!("../../../tests/data/dawson_chess.txt"))
    }

    /// Both copies of the listing and of the difficulty
    /// ([`crate::cpu::bit_instructions!`]) agree, option for option, on connected vertex sets
    /// drawn from a 9 x 9 grid and the Petersen graph, for both games.
    #[test]
    #[cfg(target_arch = "x86_64")]
    fn both_copies_of_the_listing_agree() -> Result<()> {
        let listed = |graph: &Graph, part: u128, node: bool| {
            let mut out = Options::default();
            search_moves(graph, part, node, &mut out);
            let options: Vec<Vec<u128>> = (0..out.len()).map(|i| out.get(i).to_vec()).collect();
            (options, difficulty(graph, part, node))
        };
        let mut random = Random(0x5eed_1e55_0f9a_1e2d);
        let mut compared = 0;
        for graph in [Graph::grid(9, 9)?, Graph::petersen()] {
            for _ in 0..200 {
                let drawn =
                    (u128::from(random.draw()) << 64 | u128::from(random.draw())) & graph.all();
                let mut parts = Vec::new();
                graph.components(drawn, |part| parts.push(part));
                for part in parts {
                    for node in [true, false] {
                        let fast = listed(&graph, part, node);
                        let portable =
                            crate::cpu::without_bit_instructions(|| listed(&graph, part, node));
                        assert_eq!(fast, portable, "{part:#x}, node {node}");
                        compared += fast.0.len();
                    }
                }
            }
        }
        assert!(compared > 1_000, "{compared} options compared");
        Ok(())
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

    /// Asserts that the memoised solver and the search (on `threads`) both value the whole
    /// graph of `game` at `expected`.
    fn both_are<G: KaylesGraph + Clone>(
        game: &G,
        threads: usize,
        expected: u64,
        label: &str,
    ) -> Result<()> {
        let (memo, searched) = both(game, threads)?;
        assert_eq!((memo, searched), (expected, expected), "{label}");
        Ok(())
    }

    /// Random graphs of 1 to 12 vertices, of densities from sparse to dense.
    fn random_graphs() -> Result<Vec<Graph>> {
        let mut random = Random(0x9e37_79b9_7f4a_7c15);
        let mut graphs = Vec::new();
        for i in 0..120 {
            let n = 1 + i % 12;
            let density = 1 + random.draw() % 6;
            let mut edges = Vec::new();
            for a in 0..n {
                for b in a + 1..n {
                    if random.draw() % 8 < density {
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
            let text = graph.format_edges(graph.all());
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
            let text = graph.format_edges(graph.all());
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
            both_are(
                &NodeKayles::new(Graph::path(n)?),
                1,
                expected,
                &format!("nodekayles(path({n}))"),
            )?;
            let expected = if n == 0 { 0 } else { published[n as usize - 1] };
            both_are(
                &ArcKayles::new(Graph::path(n)?),
                1,
                expected,
                &format!("arckayles(path({n}))"),
            )?;
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
                both_are(&node, 1, expected, &format!("nodekayles(cycle({n}))"))?;
                both_are(&arc, 1, expected, &format!("arckayles(cycle({n}))"))?;
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
}
