//! Green Hackenbush: cut edges of a graph rooted at the ground; what falls off is gone.
//!
//! Values come from two principles of Berlekamp, Conway and Guy, *Winning Ways*, ch. 7. The
//! *colon principle*: a branch hanging from a vertex by one edge, with value `*g` above that
//! edge, is worth `*(g + 1)` (ordinary +1). The *fusion principle*: the vertices of a cycle may
//! be fused into one without changing the value, the cycle's edges becoming loops, each worth
//! `*1`. Fusing every 2-edge-connected piece leaves a tree of bridges, valued by the colon
//! principle from the leaves down to the ground.

use std::collections::HashMap;

use crate::error::{Error, Limit, Result};
use crate::game::{Parts, Ruleset};
use crate::nimber::Nimber;

use super::digraph::check_names;

/// The most edges a [`GreenHackenbush`] graph may have (one bit of an [`EdgeSet`] each).
const MAX_EDGES: usize = 128;

/// A set of edges of a [`GreenHackenbush`] graph: bit `i` is edge `i` as given to
/// [`GreenHackenbush::new`].
///
/// # Example
/// ```
/// use grundy::rules::EdgeSet;
/// let first_and_third = EdgeSet(0b101);
/// assert_eq!(first_and_third.0.count_ones(), 2);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct EdgeSet(
    /// Bit `i` is set when edge `i` is present.
    pub u128,
);

/// Green Hackenbush on an undirected multigraph (parallel edges and loops allowed) with one
/// vertex as the ground. A position is the set of edges still standing.
///
/// A move cuts one edge; every edge no longer connected to the ground falls and disappears. When
/// no edge is left the component is finished and leaves no part.
///
/// # Example
/// ```
/// use grundy::{rules::GreenHackenbush, Nimber, Ruleset, Solver};
/// // A triangle standing on the ground g.
/// let names = ["g", "a", "b"].map(String::from).to_vec();
/// let game = GreenHackenbush::new(names, vec![(0, 1), (1, 2), (2, 0)], 0)?;
/// let start = game.start().ok_or(grundy::Error::invalid_position("no edges"))?;
/// assert_eq!(game.closed_form(&start), Some(Nimber::ONE)); // three loops at the ground
/// let mut solver = Solver::new(game.clone()).use_closed_forms(false);
/// assert_eq!(solver.value(&start)?, Nimber::ONE);
/// assert_eq!(game.format(&[start]), "green(g-a, a-b, b-g; ground=g)");
/// # Ok::<(), grundy::Error>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GreenHackenbush {
    names: Vec<String>,
    /// The edges as given, in the caller's vertex indices.
    edges: Vec<(usize, usize)>,
    ground: usize,
    /// The edges in compact vertex numbers `0..vertices`, the ground being 0.
    ends: Vec<(usize, usize)>,
    /// The number of compact vertices: the ground and every endpoint of an edge.
    vertices: usize,
    /// For each compact vertex, its incident non-loop edges as `(edge, other end)`.
    adjacent: Vec<Vec<(usize, usize)>>,
}

impl GreenHackenbush {
    /// The game on the given vertex names, undirected edges (pairs of indices into `vertices`)
    /// and ground vertex.
    ///
    /// # Errors
    /// An edge or ground naming a vertex that does not exist; an empty, repeated or unprintable
    /// vertex name (whitespace or one of `-,;()=+`); more than 128 edges ([`Limit::GraphSize`]).
    ///
    /// # Example
    /// ```
    /// use grundy::rules::GreenHackenbush;
    /// let names = vec!["ground".to_string(), "top".to_string()];
    /// assert!(GreenHackenbush::new(names.clone(), vec![(0, 1), (1, 1)], 0).is_ok());
    /// assert!(GreenHackenbush::new(names, vec![(0, 2)], 0).is_err());
    /// ```
    pub fn new(
        vertices: Vec<String>,
        edges: Vec<(usize, usize)>,
        ground: usize,
    ) -> Result<GreenHackenbush> {
        if edges.len() > MAX_EDGES {
            return Err(Error::limit(Limit::GraphSize, MAX_EDGES as u64));
        }
        check_names(&vertices, &['-', ',', ';', '(', ')', '=', '+'])?;
        let n = vertices.len();
        if ground >= n {
            return Err(Error::invalid_rule(format!(
                "the ground is vertex {ground}, which does not exist (there are {n})"
            )));
        }
        if let Some(&(a, b)) = edges.iter().find(|&&(a, b)| a >= n || b >= n) {
            return Err(Error::invalid_rule(format!(
                "the edge {a} - {b} names a vertex that does not exist (there are {n})"
            )));
        }
        let mut compact = HashMap::from([(ground, 0)]);
        let mut number = |v: usize| {
            let next = compact.len();
            *compact.entry(v).or_insert(next)
        };
        let ends: Vec<(usize, usize)> =
            edges.iter().map(|&(a, b)| (number(a), number(b))).collect();
        let vertices_used = compact.len();
        let mut adjacent = vec![Vec::new(); vertices_used];
        for (edge, &(a, b)) in ends.iter().enumerate() {
            if a != b {
                adjacent[a].push((edge, b));
                adjacent[b].push((edge, a));
            }
        }
        Ok(GreenHackenbush {
            names: vertices,
            edges,
            ground,
            ends,
            vertices: vertices_used,
            adjacent,
        })
    }

    /// The starting position: every edge connected to the ground; `None` when there is none.
    ///
    /// # Example
    /// ```
    /// use grundy::rules::{EdgeSet, GreenHackenbush};
    /// let names = ["g", "a", "b", "c"].map(String::from).to_vec();
    /// // Edge 2 (b-c) does not touch anything connected to g.
    /// let game = GreenHackenbush::new(names, vec![(0, 1), (1, 1), (2, 3)], 0)?;
    /// assert_eq!(game.start(), Some(EdgeSet(0b011)));
    /// # Ok::<(), grundy::Error>(())
    /// ```
    pub fn start(&self) -> Option<EdgeSet> {
        let all = if self.ends.len() == MAX_EDGES {
            u128::MAX
        } else {
            (1u128 << self.ends.len()) - 1
        };
        let start = self.prune(all);
        (start != 0).then_some(EdgeSet(start))
    }

    /// The edges of `set` (restricted to existing edges) still connected to the ground.
    fn prune(&self, set: u128) -> u128 {
        let mut reached = vec![false; self.vertices];
        reached[0] = true;
        let mut stack = vec![0];
        let mut kept = 0u128;
        while let Some(v) = stack.pop() {
            for &(edge, w) in &self.adjacent[v] {
                if set >> edge & 1 == 1 && !reached[w] {
                    reached[w] = true;
                    stack.push(w);
                }
            }
        }
        for (edge, &(a, _)) in self.ends.iter().enumerate() {
            if set >> edge & 1 == 1 && reached[a] {
                kept |= 1 << edge;
            }
        }
        kept
    }

    /// The value of the pruned edge set `set` by fusion and the colon principle.
    fn fused_value(&self, set: u128) -> u64 {
        let n = self.vertices;
        let present = |edge: usize| set >> edge & 1 == 1;
        // Bridges by depth-first search with low links. Parallel edges have their own numbers,
        // so only the edge we came by is skipped: two parallel edges are not bridges.
        let mut search = BridgeSearch {
            set,
            order: vec![usize::MAX; n],
            low: vec![0; n],
            counter: 0,
            bridges: 0,
        };
        search.visit(&self.adjacent, 0, usize::MAX);
        let bridges = search.bridges;
        // 2-edge-connected components: join the ends of every non-bridge edge.
        let mut parent: Vec<usize> = (0..n).collect();
        fn root(parent: &mut [usize], mut v: usize) -> usize {
            while parent[v] != v {
                parent[v] = parent[parent[v]];
                v = parent[v];
            }
            v
        }
        let mut loops = vec![0u32; n];
        for (edge, &(a, b)) in self.ends.iter().enumerate() {
            if present(edge) && bridges >> edge & 1 == 0 {
                let (ra, rb) = (root(&mut parent, a), root(&mut parent, b));
                parent[ra] = rb;
            }
        }
        // Every non-bridge edge becomes a loop on its fused vertex.
        let mut tree = vec![Vec::new(); n];
        for (edge, &(a, b)) in self.ends.iter().enumerate() {
            if !present(edge) {
                continue;
            }
            let (ra, rb) = (root(&mut parent, a), root(&mut parent, b));
            if bridges >> edge & 1 == 1 {
                tree[ra].push(rb);
                tree[rb].push(ra);
            } else {
                loops[ra] += 1;
            }
        }
        let ground = root(&mut parent, 0);
        colon_value(&tree, &loops, ground, usize::MAX)
    }

    /// The edges of `set` as `a-b` texts, in edge order.
    fn edge_texts(&self, set: u128) -> Vec<String> {
        self.edges
            .iter()
            .enumerate()
            .filter(|&(edge, _)| set >> edge & 1 == 1)
            .map(|(_, &(a, b))| format!("{}-{}", self.names[a], self.names[b]))
            .collect()
    }
}

/// Tarjan's bridge search over the edges of one set, from the ground.
struct BridgeSearch {
    set: u128,
    /// The discovery number of each vertex, `usize::MAX` before it is reached.
    order: Vec<usize>,
    /// The least discovery number reachable from a vertex's subtree by one back edge.
    low: Vec<usize>,
    counter: usize,
    bridges: u128,
}

impl BridgeSearch {
    fn visit(&mut self, adjacent: &[Vec<(usize, usize)>], v: usize, came_by: usize) {
        self.order[v] = self.counter;
        self.low[v] = self.counter;
        self.counter += 1;
        for &(edge, w) in &adjacent[v] {
            if self.set >> edge & 1 == 0 || edge == came_by {
                continue;
            }
            if self.order[w] == usize::MAX {
                self.visit(adjacent, w, edge);
                self.low[v] = self.low[v].min(self.low[w]);
                if self.low[w] > self.order[v] {
                    self.bridges |= 1 << edge;
                }
            } else {
                self.low[v] = self.low[v].min(self.order[w]);
            }
        }
    }
}

/// The value of the fused vertex `v` of the bridge tree, entered from `from`: its loops are
/// worth `*1` each, and each branch above it `*(g + 1)` where `*g` is the branch's value.
fn colon_value(tree: &[Vec<usize>], loops: &[u32], v: usize, from: usize) -> u64 {
    let mut value = u64::from(loops[v] % 2);
    for &child in &tree[v] {
        if child != from {
            value ^= colon_value(tree, loops, child, v) + 1;
        }
    }
    value
}

impl Ruleset for GreenHackenbush {
    type Position = EdgeSet;

    fn moves(&self, set: &EdgeSet, out: &mut Vec<Parts<EdgeSet>>) {
        let standing = self.prune(set.0);
        for edge in 0..self.ends.len() {
            if standing >> edge & 1 == 1 {
                let left = self.prune(standing & !(1 << edge));
                out.push(if left == 0 {
                    Parts::new()
                } else {
                    Parts::from_slice(&[EdgeSet(left)])
                });
            }
        }
    }

    fn canonical(&self, set: &EdgeSet) -> EdgeSet {
        EdgeSet(self.prune(set.0))
    }

    fn closed_form(&self, set: &EdgeSet) -> Option<Nimber> {
        Some(Nimber::new(self.fused_value(self.prune(set.0))))
    }

    fn move_count(&self, set: &EdgeSet) -> Option<u64> {
        Some(u64::from(set.0.count_ones()))
    }

    fn describe(&self, from: &EdgeSet, to: &[EdgeSet]) -> String {
        let standing = self.prune(from.0);
        let after = to.first().map_or(0, |set| self.prune(set.0));
        let cut = (0..self.ends.len()).find(|&edge| {
            standing >> edge & 1 == 1
                && after >> edge & 1 == 0
                && self.prune(standing & !(1 << edge)) == after
        });
        match cut {
            Some(edge) => format!("cut edge {}", self.edge_texts(1 << edge).concat()),
            None => "cut no edge".to_string(),
        }
    }

    fn format(&self, positions: &[EdgeSet]) -> String {
        let ground = &self.names[self.ground];
        super::format_sum(positions, |set| {
            format!(
                "green({}; ground={ground})",
                self.edge_texts(set.0).join(", ")
            )
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Solver;

    fn names(n: usize) -> Vec<String> {
        (0..n).map(|v| format!("v{v}")).collect()
    }

    fn search(game: &GreenHackenbush) -> Result<u64> {
        let Some(start) = game.start() else {
            return Ok(0);
        };
        Solver::new(game.clone())
            .use_closed_forms(false)
            .value(&start)
            .map(Nimber::value)
    }

    fn formula(game: &GreenHackenbush) -> u64 {
        game.start()
            .and_then(|start| game.closed_form(&start))
            .map_or(0, Nimber::value)
    }

    #[test]
    fn paths_are_nim_heaps() -> Result<()> {
        // A stalk of k edges is a Nim heap of k (Winning Ways ch. 7).
        for k in 1..=10 {
            let game = GreenHackenbush::new(names(k + 1), (0..k).map(|v| (v, v + 1)).collect(), 0)?;
            assert_eq!(search(&game)?, k as u64);
            assert_eq!(formula(&game), k as u64);
        }
        Ok(())
    }

    #[test]
    fn hand_examples() -> Result<()> {
        // (edges, ground, value by hand)
        let cases: &[(&[(usize, usize)], u64)] = &[
            // Triangle on the ground: cutting a side leaves a stalk of 2 (*2) twice, cutting the
            // top leaves two stalks of 1 (*0); mex{2, 2, 0} = *1 = three fused loops.
            (&[(0, 1), (1, 2), (2, 0)], 1),
            // One loop at the ground is *1; two loops are *0.
            (&[(0, 0)], 1),
            (&[(0, 0), (0, 0)], 0),
            // Two parallel edges to one vertex: a 2-cycle, fused into two loops, *0.
            (&[(0, 1), (0, 1)], 0),
            // A stalk of 1 under two parallel edges: (0 + 1) = *1.
            (&[(0, 1), (1, 2), (1, 2)], 1),
            // A stalk of 1 under a loop: the top is *1, so (1 + 1) = *2.
            (&[(0, 1), (1, 1)], 2),
            // A "Y": a stalk of 1 with two branches of 1 and 2 on top:
            // 1 + (1 ^ 2) = *4 (colon principle).
            (&[(0, 1), (1, 2), (1, 3), (3, 4)], 4),
            // A square on the ground (4 loops, *0) with a stalk of 2 on a corner: *0 ^ *2 = *2.
            (&[(0, 1), (1, 2), (2, 3), (3, 0), (2, 4), (4, 5)], 2),
            // The same with a triangle instead (3 loops, *1): *1 ^ *2 = *3.
            (&[(0, 1), (1, 2), (2, 0), (2, 4), (4, 5)], 3),
        ];
        for (edges, expected) in cases {
            let game = GreenHackenbush::new(names(6), edges.to_vec(), 0)?;
            assert_eq!(search(&game)?, *expected, "{edges:?} by search");
            assert_eq!(formula(&game), *expected, "{edges:?} by formula");
        }
        Ok(())
    }

    #[test]
    fn fusion_matches_search_on_random_graphs() -> Result<()> {
        // A fixed-seed xorshift generator: random multigraphs with loops and parallel edges.
        let mut state: u64 = 0x2545_F491_4F6C_DD1D;
        let mut next = |bound: u64| {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state % bound
        };
        for _ in 0..600 {
            let n = 2 + next(5) as usize;
            let edge_count = 1 + next(9) as usize;
            let edges: Vec<(usize, usize)> = (0..edge_count)
                .map(|_| (next(n as u64) as usize, next(n as u64) as usize))
                .collect();
            let ground = next(n as u64) as usize;
            let game = GreenHackenbush::new(names(n), edges.clone(), ground)?;
            assert_eq!(formula(&game), search(&game)?, "{edges:?} ground {ground}");
        }
        Ok(())
    }

    #[test]
    fn fusion_also_holds_inside_every_position() -> Result<()> {
        // Every position reachable in a denser graph, checked against a search that memoises it.
        let edges = vec![
            (0, 1),
            (1, 2),
            (2, 0),
            (2, 3),
            (3, 3),
            (3, 4),
            (4, 2),
            (1, 1),
            (0, 0),
            (4, 5),
            (5, 5),
        ];
        let game = GreenHackenbush::new(names(6), edges.clone(), 0)?;
        let mut solver = Solver::new(game.clone()).use_closed_forms(false);
        for set in 0..1u128 << edges.len() {
            let set = EdgeSet(set);
            assert_eq!(Some(solver.value(&set)?), game.closed_form(&set), "{set:?}");
        }
        Ok(())
    }

    #[test]
    fn pruning_and_finished_positions() -> Result<()> {
        let game = GreenHackenbush::new(names(3), vec![(0, 1), (1, 2), (2, 2)], 0)?;
        // Cutting the bottom edge drops everything.
        let mut out = Vec::new();
        game.moves(&EdgeSet(0b111), &mut out);
        assert_eq!(out[0], Parts::new());
        assert_eq!(out[1], Parts::from_slice(&[EdgeSet(0b001)]));
        assert_eq!(game.canonical(&EdgeSet(0b110)), EdgeSet(0));
        let floating = GreenHackenbush::new(names(3), vec![(1, 2)], 0)?;
        assert_eq!(floating.start(), None);
        Ok(())
    }

    #[test]
    fn bad_graphs_are_refused() {
        assert!(GreenHackenbush::new(names(2), vec![(0, 1)], 2).is_err());
        assert!(GreenHackenbush::new(names(2), vec![(0, 5)], 0).is_err());
        assert!(GreenHackenbush::new(vec!["a-b".into()], vec![], 0).is_err());
        assert!(GreenHackenbush::new(names(2), vec![(0, 1); 128], 0).is_ok());
        assert_eq!(
            GreenHackenbush::new(names(2), vec![(0, 1); 129], 0).err(),
            Some(Error::limit(Limit::GraphSize, 128))
        );
    }

    #[test]
    fn describes_and_formats() -> Result<()> {
        let abc = ["a", "b", "c"].map(String::from).to_vec();
        let game = GreenHackenbush::new(abc, vec![(0, 1), (1, 2), (0, 2), (2, 2)], 0)?;
        let all = EdgeSet(0b1111);
        assert_eq!(game.format(&[all]), "green(a-b, b-c, a-c, c-c; ground=a)");
        assert_eq!(game.format(&[]), "0");
        assert_eq!(game.describe(&all, &[EdgeSet(0b1101)]), "cut edge b-c");
        assert_eq!(game.describe(&all, &[EdgeSet(0b0111)]), "cut edge c-c");
        // A full stack of 128 edges works at the top bit too.
        let stalk = GreenHackenbush::new(names(129), (0..128).map(|v| (v, v + 1)).collect(), 0)?;
        assert_eq!(stalk.start(), Some(EdgeSet(u128::MAX)));
        assert_eq!(
            stalk.closed_form(&EdgeSet(u128::MAX)),
            Some(Nimber::new(128))
        );
        Ok(())
    }
}
