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
use crate::error::{Error, Result};
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
#[derive(Clone, Debug, PartialEq, Eq)]
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

    /// Which game.
    pub fn rule(&self) -> Colouring {
        self.rule
    }

    /// The graph.
    pub fn graph(&self) -> &Graph {
        &self.graph
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

/// A position of Col or Snort as a player sees it: the game and the vertices painted so far,
/// blue (Left's) and red (Right's). Written `col(a-b, b-c; a=l, c=r)`: the graph's edges, then
/// each painted vertex with `l` (blue) or `r` (red).
///
/// ```
/// use grundy::partizan::games::{Colouring, ColouringGame, PaintedGraph};
/// use grundy::rules::Graph;
/// let start = PaintedGraph::new(ColouringGame::new(Colouring::Col, Graph::path(3)?), 0, 0)?;
/// let moves = start.moves(true);
/// assert_eq!(moves.len(), 3);
/// assert_eq!(moves[1].text(), "col(path(3); 2=l)");
/// // Neither end may now be blue: Left has no move left.
/// assert!(moves[1].moves(true).is_empty());
/// # Ok::<(), grundy::Error>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PaintedGraph {
    game: ColouringGame,
    blue: u128,
    red: u128,
}

impl PaintedGraph {
    /// `game` with the vertices `blue` painted blue and `red` red.
    ///
    /// # Errors
    /// A vertex painted twice or not in the graph; two neighbours that the rule keeps apart (the
    /// same colour in Col, different colours in Snort).
    pub fn new(game: ColouringGame, blue: u128, red: u128) -> Result<PaintedGraph> {
        let graph = &game.graph;
        if (blue | red) & !graph.all() != 0 || blue & red != 0 {
            return Err(Error::invalid_position(
                "a painted vertex is painted once, blue or red",
            ));
        }
        for v in 0..graph.len() {
            let near = graph.neighbours(v);
            let (mine, theirs) = if blue >> v & 1 == 1 {
                (blue, red)
            } else if red >> v & 1 == 1 {
                (red, blue)
            } else {
                continue;
            };
            let clash = match game.rule {
                Colouring::Col => near & mine,
                Colouring::Snort => near & theirs,
            };
            if clash != 0 {
                let other = graph.name(clash.trailing_zeros() as usize);
                let rule = match game.rule {
                    Colouring::Col => "in col, neighbours never share a colour",
                    Colouring::Snort => "in snort, neighbours never have different colours",
                };
                return Err(Error::invalid_position(format!(
                    "{} and {other} are painted against the rules: {rule}",
                    graph.name(v)
                )));
            }
        }
        Ok(PaintedGraph { game, blue, red })
    }

    /// The game.
    pub fn game(&self) -> &ColouringGame {
        &self.game
    }

    /// The vertices painted blue.
    pub fn blue(&self) -> u128 {
        self.blue
    }

    /// The vertices painted red.
    pub fn red(&self) -> u128 {
        self.red
    }

    /// What is left to play: the open vertices and their tints.
    pub fn painting(&self) -> Painting {
        let graph = &self.game.graph;
        let near = |set: u128| {
            (0..graph.len())
                .filter(|&v| set >> v & 1 == 1)
                .fold(0, |all, v| all | graph.neighbours(v))
        };
        let (no_left, no_right) = match self.game.rule {
            Colouring::Col => (near(self.blue), near(self.red)),
            Colouring::Snort => (near(self.red), near(self.blue)),
        };
        let open = graph.all() & !self.blue & !self.red & !(no_left & no_right);
        Painting {
            open,
            no_left: no_left & open,
            no_right: no_right & open,
        }
    }

    /// The vertices Left (`left`) or Right may paint, lowest first.
    pub fn paintable(&self, left: bool) -> u128 {
        let painting = self.painting();
        let banned = if left {
            painting.no_left
        } else {
            painting.no_right
        };
        painting.open & !banned
    }

    /// The position after Left (`left`) or Right paints `v`.
    pub fn painted(&self, v: usize, left: bool) -> PaintedGraph {
        let (mut blue, mut red) = (self.blue, self.red);
        if left {
            blue |= 1 << v;
        } else {
            red |= 1 << v;
        }
        PaintedGraph {
            game: self.game.clone(),
            blue,
            red,
        }
    }

    /// The positions Left (`left`) or Right can move to, vertex by vertex, lowest first (the
    /// order of [`ColouringGame`]'s moves).
    pub fn moves(&self, left: bool) -> Vec<PaintedGraph> {
        let paintable = self.paintable(left);
        (0..self.game.graph.len())
            .filter(|&v| paintable >> v & 1 == 1)
            .map(|v| self.painted(v, left))
            .collect()
    }

    /// The position as spec text: `col(1-2, 2-3; 2=l)`.
    pub fn text(&self) -> String {
        let graph = &self.game.graph;
        let name = match self.game.rule {
            Colouring::Col => "col",
            Colouring::Snort => "snort",
        };
        let painted: Vec<String> = (0..graph.len())
            .filter_map(|v| {
                let colour = if self.blue >> v & 1 == 1 {
                    'l'
                } else if self.red >> v & 1 == 1 {
                    'r'
                } else {
                    return None;
                };
                Some(format!("{}={colour}", graph.name(v)))
            })
            .collect();
        let edges = graph.format_set(graph.all());
        if painted.is_empty() {
            format!("{name}({edges})")
        } else {
            format!("{name}({edges}; {})", painted.join(", "))
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

    /// Col and Snort on every graph of 1 to `most` vertices (by its edge bits, see [`graph`]),
    /// with the number of vertices and the edge bits.
    fn every_game(most: usize) -> impl Iterator<Item = (ColouringGame, usize, u64)> {
        (1..=most).flat_map(|n| {
            (0..1u64 << (n * (n - 1) / 2)).flat_map(move |pairs| {
                [Colouring::Col, Colouring::Snort]
                    .map(|rule| (ColouringGame::new(rule, graph(n, pairs)), n, pairs))
            })
        })
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
        for (game, n, pairs) in every_game(5) {
            let (rule, start) = (game.rule(), game.start());
            let expected = OutcomeClass::from_wins(
                mover_wins(&game, &start, true),
                mover_wins(&game, &start, false),
            );
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

    /// The moves of a painted graph straight from the rules: every unpainted vertex whose
    /// neighbours allow the mover's colour, as the painted sets `(blue, red)` after the move.
    fn moves_by_definition(
        game: &ColouringGame,
        blue: u128,
        red: u128,
        left: bool,
    ) -> Vec<(u128, u128)> {
        let graph = game.graph();
        (0..graph.len())
            .filter(|&v| (blue | red) >> v & 1 == 0)
            .filter(|&v| {
                let near = graph.neighbours(v);
                let (mine, theirs) = if left { (blue, red) } else { (red, blue) };
                match game.rule() {
                    Colouring::Col => near & mine == 0,
                    Colouring::Snort => near & theirs == 0,
                }
            })
            .map(|v| {
                if left {
                    (blue | 1 << v, red)
                } else {
                    (blue, red | 1 << v)
                }
            })
            .collect()
    }

    /// Whether the mover wins from the painted sets, by the rules alone.
    fn wins_by_definition(game: &ColouringGame, blue: u128, red: u128, left: bool) -> bool {
        moves_by_definition(game, blue, red, left)
            .into_iter()
            .any(|(b, r)| !wins_by_definition(game, b, r, !left))
    }

    /// Every move of every legal painting of every graph of up to 4 vertices, in both games:
    /// the moves listed are those of the rules, each prints back as spec text that reads as the
    /// same position, and the value of what each leaves has the outcome a search of the rules
    /// finds.
    #[test]
    fn painted_moves_agree_with_the_rules() {
        let mut games = Games::new();
        for (game, n, _) in every_game(4) {
            // Each vertex unpainted, blue or red: 3^n paintings, the legal ones kept.
            for code in 0..3usize.pow(n as u32) {
                let (mut blue, mut red, mut rest) = (0u128, 0u128, code);
                for v in 0..n {
                    match rest % 3 {
                        1 => blue |= 1 << v,
                        2 => red |= 1 << v,
                        _ => {}
                    }
                    rest /= 3;
                }
                let Ok(position) = PaintedGraph::new(game.clone(), blue, red) else {
                    continue;
                };
                for left in [true, false] {
                    let listed: Vec<(u128, u128)> = position
                        .moves(left)
                        .iter()
                        .map(|after| (after.blue(), after.red()))
                        .collect();
                    assert_eq!(listed, moves_by_definition(&game, blue, red, left));
                    for after in position.moves(left) {
                        let text = after.text();
                        let mut solver = PartizanSolver::new(game.clone());
                        let g = solver
                            .value(&mut games, &after.painting())
                            .expect("a value");
                        let read = crate::spec::parse_partizan(&text, &mut games)
                            .expect("the text reads back");
                        assert_eq!(read, g, "{text}");
                        let expected = OutcomeClass::from_wins(
                            wins_by_definition(&game, after.blue(), after.red(), true),
                            wins_by_definition(&game, after.blue(), after.red(), false),
                        );
                        assert_eq!(games.outcome(g).expect("an outcome"), expected, "{text}");
                    }
                }
            }
        }
    }
}
