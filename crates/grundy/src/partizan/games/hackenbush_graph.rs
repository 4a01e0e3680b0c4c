//! Blue-Red-Green Hackenbush on a graph rooted at the ground (*Winning Ways*, ch. 1, 2 and 7):
//! Left cuts a blue or green edge, Right a red or green one, and every edge no longer joined to
//! the ground falls off. A position is the set of edges still standing (at most 128); its parts
//! are the pieces that meet only at the ground.

use super::PartizanRuleset;
use crate::error::{Error, Limit, Result};

/// The most edges of a Hackenbush graph.
pub const MAX_HACKENBUSH_EDGES: usize = 128;

/// The colour of an edge: who may cut it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EdgeColour {
    /// Left's (`l`).
    Blue,
    /// Right's (`r`).
    Red,
    /// Either's (`e`).
    Green,
}

impl EdgeColour {
    /// Whether `left` (or Right) may cut an edge of this colour.
    fn cut_by(self, left: bool) -> bool {
        match self {
            EdgeColour::Blue => left,
            EdgeColour::Red => !left,
            EdgeColour::Green => true,
        }
    }
}

/// Hackenbush on one graph: edges between vertices `0..vertices`, each with its colour.
///
/// # Example
/// ```
/// use grundy::partizan::games::{EdgeColour, HackenbushGraph, PartizanSolver};
/// use grundy::partizan::Games;
/// // A blue edge on the ground with a red one above it: 1 - 1/2 = 1/2.
/// let stalk = HackenbushGraph::new(3, 0, &[(0, 1, EdgeColour::Blue), (1, 2, EdgeColour::Red)])?;
/// let mut games = Games::new();
/// let start = stalk.start();
/// let value = PartizanSolver::new(stalk).value(&mut games, &start)?;
/// assert_eq!(games.format(value)?, "1/2");
/// # Ok::<(), grundy::Error>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HackenbushGraph {
    ground: usize,
    ends: Vec<(usize, usize)>,
    colours: Vec<EdgeColour>,
    /// For each vertex, its edges and the vertex at their other end.
    adjacent: Vec<Vec<(usize, usize)>>,
}

impl HackenbushGraph {
    /// The graph of `edges` (`(a, b, colour)`, loops allowed) on vertices `0..vertices`, rooted
    /// at `ground`.
    ///
    /// # Errors
    /// More than [`MAX_HACKENBUSH_EDGES`] edges, or a vertex beyond `vertices`.
    pub fn new(
        vertices: usize,
        ground: usize,
        edges: &[(usize, usize, EdgeColour)],
    ) -> Result<HackenbushGraph> {
        if edges.len() > MAX_HACKENBUSH_EDGES {
            return Err(Error::limit(Limit::GraphSize, MAX_HACKENBUSH_EDGES as u64));
        }
        if let Some(v) = edges
            .iter()
            .flat_map(|&(a, b, _)| [a, b])
            .chain([ground])
            .find(|&v| v >= vertices)
        {
            return Err(Error::invalid_position(format!(
                "vertex {v} is not one of the {vertices} vertices"
            )));
        }
        let mut adjacent = vec![Vec::new(); vertices];
        for (edge, &(a, b, _)) in edges.iter().enumerate() {
            adjacent[a].push((edge, b));
            if a != b {
                adjacent[b].push((edge, a));
            }
        }
        Ok(HackenbushGraph {
            ground,
            ends: edges.iter().map(|&(a, b, _)| (a, b)).collect(),
            colours: edges.iter().map(|&(_, _, colour)| colour).collect(),
            adjacent,
        })
    }

    /// The ground vertex.
    pub fn ground(&self) -> usize {
        self.ground
    }

    /// The edges in order: their ends and colour.
    pub fn edges(&self) -> impl Iterator<Item = (usize, usize, EdgeColour)> + '_ {
        self.ends
            .iter()
            .zip(&self.colours)
            .map(|(&(a, b), &colour)| (a, b, colour))
    }

    /// Whether `left` (or Right) may cut `edge`.
    pub fn cut_by(&self, edge: usize, left: bool) -> bool {
        self.colours
            .get(edge)
            .is_some_and(|colour| colour.cut_by(left))
    }

    /// The edges of `standing` still standing once `edge` is cut: those still joined to the
    /// ground.
    ///
    /// ```
    /// use grundy::partizan::games::{EdgeColour, HackenbushGraph};
    /// let stalk = HackenbushGraph::new(3, 0, &[(0, 1, EdgeColour::Blue), (1, 2, EdgeColour::Red)])?;
    /// assert_eq!(stalk.cut(stalk.start(), 0), 0); // the red edge falls with the blue one
    /// assert_eq!(stalk.cut(stalk.start(), 1), 0b01);
    /// # Ok::<(), grundy::Error>(())
    /// ```
    pub fn cut(&self, standing: u128, edge: usize) -> u128 {
        let bit = u32::try_from(edge)
            .ok()
            .and_then(|edge| 1u128.checked_shl(edge))
            .unwrap_or(0);
        self.reached(standing & !bit, self.ground, None)
    }

    /// The edges joined to the ground, all standing.
    pub fn start(&self) -> u128 {
        let all = match self.ends.len() {
            MAX_HACKENBUSH_EDGES => u128::MAX,
            n => (1u128 << n) - 1,
        };
        self.reached(all, self.ground, None)
    }

    /// The edges of `standing` reached from `from` through standing edges, never passing
    /// through `blocked` (the edges at `blocked` are reached but not crossed).
    fn reached(&self, standing: u128, from: usize, blocked: Option<usize>) -> u128 {
        let mut edges = 0u128;
        let mut seen = vec![false; self.adjacent.len()];
        let mut stack = vec![from];
        seen[from] = true;
        while let Some(v) = stack.pop() {
            for &(edge, other) in &self.adjacent[v] {
                if standing >> edge & 1 == 0 {
                    continue;
                }
                edges |= 1 << edge;
                if !seen[other] && Some(other) != blocked {
                    seen[other] = true;
                    stack.push(other);
                }
            }
        }
        edges
    }
}

impl PartizanRuleset for HackenbushGraph {
    type Position = u128;

    fn moves(&self, standing: &u128, left: bool) -> Vec<u128> {
        let mut found = Vec::new();
        let mut edges = *standing;
        while edges != 0 {
            let edge = edges.trailing_zeros() as usize;
            edges &= edges - 1;
            if self.colours[edge].cut_by(left) {
                found.push(self.cut(*standing, edge));
            }
        }
        found
    }

    /// The pieces meeting only at the ground: from each edge at the ground, what it reaches
    /// without crossing the ground again (a loop at the ground alone).
    fn parts(&self, standing: &u128) -> Vec<u128> {
        let mut parts = Vec::new();
        let mut left = *standing;
        for &(edge, other) in &self.adjacent[self.ground] {
            if left >> edge & 1 == 0 {
                continue;
            }
            let part = if other == self.ground {
                1 << edge
            } else {
                self.reached(left, other, Some(self.ground))
            };
            left &= !part;
            parts.push(part);
        }
        parts.sort_unstable();
        parts
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Solver;
    use crate::partizan::games::{HackenbushString, PartizanSolver};
    use crate::partizan::{Game, Games};
    use crate::rules::GreenHackenbush;

    /// A random graph of `edges` edges on `vertices` vertices (ground 0), coloured from
    /// `colours`, from the xorshift state `seed`.
    fn graph(
        seed: &mut u64,
        vertices: usize,
        edges: usize,
        colours: &[EdgeColour],
    ) -> Vec<(usize, usize, EdgeColour)> {
        let mut next = |n: usize| {
            *seed ^= *seed << 13;
            *seed ^= *seed >> 7;
            *seed ^= *seed << 17;
            (*seed % n as u64) as usize
        };
        (0..edges)
            .map(|_| (next(vertices), next(vertices), colours[next(colours.len())]))
            .collect()
    }

    fn value(games: &mut Games, game: HackenbushGraph) -> Game {
        let start = game.start();
        PartizanSolver::new(game)
            .value(games, &start)
            .expect("a value")
    }

    /// The value from the options of the whole position, no parts, no memo.
    fn whole(games: &mut Games, game: &HackenbushGraph, standing: u128) -> Game {
        let mut sides = [Vec::new(), Vec::new()];
        for (side, left) in sides.iter_mut().zip([true, false]) {
            for next in game.moves(&standing, left) {
                side.push(whole(games, game, next));
            }
        }
        games.game(&sides[0], &sides[1]).expect("a form")
    }

    #[test]
    fn coloured_graphs_equal_their_whole_game_trees() {
        let mut games = Games::new();
        let mut seed = 0x2545_f491_4f6c_dd1d;
        let all = [EdgeColour::Blue, EdgeColour::Red, EdgeColour::Green];
        for _ in 0..300 {
            let edges = graph(&mut seed, 5, 6, &all);
            let game = HackenbushGraph::new(5, 0, &edges).expect("a graph");
            let start = game.start();
            let expected = whole(&mut games, &game, start);
            assert_eq!(value(&mut games, game), expected, "{edges:?}");
        }
    }

    /// Green graphs are impartial: their value is the nimber that the impartial Green
    /// Hackenbush finds by the colon and fusion principles (a different computation).
    #[test]
    fn green_graphs_are_the_nimbers_of_green_hackenbush() {
        let mut games = Games::new();
        let mut seed = 0x9e37_79b9_7f4a_7c15;
        for _ in 0..300 {
            let edges = graph(&mut seed, 6, 8, &[EdgeColour::Green]);
            let game = HackenbushGraph::new(6, 0, &edges).expect("a graph");
            let names = (0..6).map(|v| format!("v{v}")).collect();
            let pairs = edges.iter().map(|&(a, b, _)| (a, b)).collect();
            let green = GreenHackenbush::new(names, pairs, 0).expect("a graph");
            let nimber = match green.start() {
                Some(start) => Solver::new(green).value(&start).expect("a value").value(),
                None => 0,
            };
            let expected = games.nimber(nimber).expect("a nimber");
            assert_eq!(value(&mut games, game), expected, "{edges:?}");
        }
    }

    /// A path from the ground is a string.
    #[test]
    fn stalks_are_strings() {
        let mut games = Games::new();
        let colour = |letter| match letter {
            b'l' => EdgeColour::Blue,
            b'r' => EdgeColour::Red,
            _ => EdgeColour::Green,
        };
        for string in ["l", "lr", "rrl", "elr", "lrlrrllr", "eeel"] {
            let edges: Vec<_> = (0..string.len())
                .map(|i| (i, i + 1, colour(string.as_bytes()[i])))
                .collect();
            let stalk = HackenbushGraph::new(string.len() + 1, 0, &edges).expect("a graph");
            let expected = PartizanSolver::new(HackenbushString)
                .value(&mut games, &string.as_bytes().to_vec())
                .expect("a value");
            assert_eq!(value(&mut games, stalk), expected, "{string}");
        }
    }

    #[test]
    fn too_many_edges_is_a_limit() {
        let edges = vec![(0, 1, EdgeColour::Green); MAX_HACKENBUSH_EDGES + 1];
        assert!(HackenbushGraph::new(2, 0, &edges).unwrap_err().is_limit());
        assert!(HackenbushGraph::new(2, 0, &[(0, 2, EdgeColour::Blue)]).is_err());
    }
}
