//! Col and Snort on a graph (*Winning Ways*, ch. 2; Conway, *On Numbers and Games*, ch. 10):
//! Left paints an unpainted vertex blue, Right one red. In Col no two neighbours share a colour;
//! in Snort no two neighbours have different colours.
//!
//! A painted vertex matters only through its unpainted neighbours, so a position keeps the
//! unpainted vertices that someone may still paint, each with who may not paint it (a vertex
//! *tinted* for one player, in Winning Ways' words). Painting a vertex blue in Col forbids blue
//! on its neighbours; in Snort it forbids red there. A vertex that neither may paint leaves the
//! game. The parts of a position are the connected pieces of what is left.

use super::PartizanRuleset;
use crate::rules::Graph;

/// Which of the two colouring games.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Colouring {
    /// Neighbours never share a colour.
    Col,
    /// Neighbours never have different colours.
    Snort,
}

/// Col or Snort on one graph.
///
/// # Example
/// ```
/// use grundy::partizan::games::{Colouring, ColouringGame, PartizanSolver};
/// use grundy::partizan::Games;
/// use grundy::rules::Graph;
/// let mut games = Games::new();
/// // Snort on two joined vertices: whoever paints first keeps the other for a move of their own.
/// let snort = ColouringGame::new(Colouring::Snort, Graph::path(2)?);
/// let start = snort.start();
/// let value = PartizanSolver::new(snort).value(&mut games, &start)?;
/// assert_eq!(games.format(value)?, "+-1");
/// // Col on the same graph: each move leaves a vertex only the other player may paint.
/// let col = ColouringGame::new(Colouring::Col, Graph::path(2)?);
/// let start = col.start();
/// assert_eq!(PartizanSolver::new(col).value(&mut games, &start)?, games.zero());
/// # Ok::<(), grundy::Error>(())
/// ```
#[derive(Clone, Debug)]
pub struct ColouringGame {
    rule: Colouring,
    graph: Graph,
}

/// A position: the vertices still to be painted (bit `v` for vertex `v`), and among them those
/// Left may not paint and those Right may not paint (never both).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Painting {
    /// The unpainted vertices that someone may paint.
    pub open: u128,
    /// Those Left may not paint (blue is forbidden there).
    pub no_left: u128,
    /// Those Right may not paint.
    pub no_right: u128,
}

impl ColouringGame {
    /// `rule` on `graph`.
    pub fn new(rule: Colouring, graph: Graph) -> ColouringGame {
        ColouringGame { rule, graph }
    }

    /// The graph with nothing painted.
    pub fn start(&self) -> Painting {
        Painting {
            open: self.graph.all(),
            no_left: 0,
            no_right: 0,
        }
    }

    /// The position after `left` (or Right) paints vertex `v` of `position`.
    fn paint(&self, position: &Painting, v: usize, left: bool) -> Painting {
        let open = position.open & !(1 << v);
        let near = self.graph.neighbours(v) & open;
        // Col forbids the mover's colour beside the vertex, Snort the other colour.
        let forbid_left = left == (self.rule == Colouring::Col);
        let (no_left, no_right) = if forbid_left {
            (position.no_left | near, position.no_right)
        } else {
            (position.no_left, position.no_right | near)
        };
        let open = open & !(no_left & no_right);
        Painting {
            open,
            no_left: no_left & open,
            no_right: no_right & open,
        }
    }
}

impl PartizanRuleset for ColouringGame {
    type Position = Painting;

    fn moves(&self, position: &Painting, left: bool) -> Vec<Painting> {
        let banned = if left {
            position.no_left
        } else {
            position.no_right
        };
        let mut paintable = position.open & !banned;
        let mut found = Vec::new();
        while paintable != 0 {
            let v = paintable.trailing_zeros() as usize;
            paintable &= paintable - 1;
            found.push(self.paint(position, v, left));
        }
        found
    }

    /// The connected pieces of the open vertices, each with its tints.
    fn parts(&self, position: &Painting) -> Vec<Painting> {
        let mut parts = Vec::new();
        self.graph.components(position.open, |piece| {
            parts.push(Painting {
                open: piece,
                no_left: position.no_left & piece,
                no_right: position.no_right & piece,
            });
        });
        parts.sort_unstable();
        parts
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::partizan::games::PartizanSolver;
    use crate::partizan::{Game, Games, OutcomeClass};

    fn value(games: &mut Games, rule: Colouring, graph: Graph) -> Game {
        let game = ColouringGame::new(rule, graph);
        let start = game.start();
        PartizanSolver::new(game)
            .value(games, &start)
            .expect("a value")
    }

    /// Whether the player to move (`left` or Right) wins `position`, by searching the whole
    /// game tree from the rules (no parts, no values).
    fn mover_wins(game: &ColouringGame, position: &Painting, left: bool) -> bool {
        game.moves(position, left)
            .iter()
            .any(|next| !mover_wins(game, next, !left))
    }

    /// A small graph from the bits of `pairs` (one bit an unordered pair of `n` vertices).
    fn graph(n: usize, pairs: u64) -> Graph {
        let mut edges = Vec::new();
        let mut bit = 0;
        for a in 0..n {
            for b in a + 1..n {
                if pairs >> bit & 1 == 1 {
                    edges.push((a, b));
                }
                bit += 1;
            }
        }
        let names = (0..n).map(|v| format!("v{v}")).collect();
        Graph::new(names, &edges).expect("a graph")
    }

    #[test]
    fn small_values_by_hand() {
        let mut games = Games::new();
        let single = Graph::path(1).expect("a graph");
        // One vertex: either player paints it and the game ends: {0|0} = *.
        for rule in [Colouring::Col, Colouring::Snort] {
            let star = value(&mut games, rule, single.clone());
            assert_eq!(games.format(star).expect("text"), "*");
        }
        // Col on a path of three: Left painting the middle leaves two ends for Right (-2), an
        // end leaves {-1|0} = -1/2; Right's best is 1/2 likewise: {-1/2|1/2} = 0.
        let path = value(&mut games, Colouring::Col, Graph::path(3).expect("a graph"));
        assert_eq!(path, games.zero());
        let triangle = graph(3, 0b111);
        // A triangle in Snort: the first vertex painted leaves the other two for its painter.
        let snort = value(&mut games, Colouring::Snort, triangle);
        assert_eq!(games.format(snort).expect("text"), "+-2");
    }

    /// The value from the options' values of the whole position, with no parts and no memo.
    fn whole(games: &mut Games, game: &ColouringGame, position: &Painting) -> Game {
        let mut sides = [Vec::new(), Vec::new()];
        for (side, left) in sides.iter_mut().zip([true, false]) {
            for next in game.moves(position, left) {
                side.push(whole(games, game, &next));
            }
        }
        games.game(&sides[0], &sides[1]).expect("a form")
    }

    /// Every value agrees with the canonical form of the whole game tree, and every outcome
    /// with a search of who wins, on every graph of up to 5 vertices (1,024 graphs of 5
    /// vertices by their edge bits).
    #[test]
    fn values_and_outcomes_agree_with_the_game_tree() {
        let mut games = Games::new();
        for n in 1..=5usize {
            for pairs in 0..1u64 << (n * (n - 1) / 2) {
                for rule in [Colouring::Col, Colouring::Snort] {
                    let game = ColouringGame::new(rule, graph(n, pairs));
                    let start = game.start();
                    let expected = match (
                        mover_wins(&game, &start, true),
                        mover_wins(&game, &start, false),
                    ) {
                        (true, true) => OutcomeClass::Next,
                        (true, false) => OutcomeClass::Left,
                        (false, true) => OutcomeClass::Right,
                        (false, false) => OutcomeClass::Previous,
                    };
                    let g = value(&mut games, rule, graph(n, pairs));
                    assert_eq!(
                        g,
                        whole(&mut games, &game, &start),
                        "{rule:?} {n} {pairs:b}"
                    );
                    assert_eq!(
                        games.outcome(g).expect("an outcome"),
                        expected,
                        "{rule:?} {n} {pairs:b}"
                    );
                }
            }
        }
    }

    /// Conway's theorem (ONAG, ch. 10): every Col position is a number or a number plus *.
    /// Snort is hot: on a graph with an edge, its value is not such.
    #[test]
    fn col_values_are_numbers_or_numbers_plus_star() {
        let mut games = Games::new();
        let star = games.nimber(1).expect("*");
        for pairs in 0..1u64 << 10 {
            let g = value(&mut games, Colouring::Col, graph(5, pairs));
            let shifted = games.add(g, star).expect("a sum");
            assert!(
                games.as_number(g).is_some() || games.as_number(shifted).is_some(),
                "{pairs:b}: {}",
                games.format(g).expect("text")
            );
        }
    }
}
