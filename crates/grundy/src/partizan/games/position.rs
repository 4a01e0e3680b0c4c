//! A position of one of the partizan rulesets as a term of a sum: its value, and, when asked,
//! its moves for Left and Right, each written back as spec text with the value it leaves.

use super::{
    Clobber, ClobberBoard, Cutcake, Domineering, EdgeColour, Grid, HackenbushGraph,
    HackenbushString, PaintedGraph, PartizanRuleset, PartizanSolver, Strip, ToadsAndFrogs,
};
use crate::error::Result;
use crate::game::Limits;
use crate::partizan::sum::ComponentMove;
use crate::partizan::table::{Game, Games};

/// A position of a partizan ruleset.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Position {
    /// A Hackenbush string, edges from the ground up (`l`, `r`, `e`).
    Hackenbush(Vec<u8>),
    /// A Toads and Frogs strip (`t`, `f`, `.`).
    Toads(Vec<u8>),
    /// A Domineering board.
    Domineering(Grid),
    /// A Clobber board.
    Clobber(ClobberBoard),
    /// Cutcake: rectangles `(width, height)`.
    Cutcake(Vec<(u32, u32)>),
    /// A Hackenbush graph and the edges still standing.
    HackenbushGraph(Box<GraphPosition>),
    /// Col or Snort on a graph, some vertices painted.
    Colouring(Box<PaintedGraph>),
}

/// A position of Hackenbush on a graph: the graph as written, its vertices' names, and the
/// edges still standing (bit `i` for edge `i`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GraphPosition {
    /// The graph, every edge as written.
    pub graph: HackenbushGraph,
    /// The vertices' names, by index.
    pub names: Vec<String>,
    /// The edges still standing.
    pub standing: u128,
}

impl GraphPosition {
    /// The position as spec text: the edges still standing, in the order written, and the
    /// ground; `0` when none is.
    ///
    /// ```
    /// use grundy::partizan::games::{EdgeColour, GraphPosition, HackenbushGraph};
    /// let graph = HackenbushGraph::new(3, 0, &[(0, 1, EdgeColour::Blue), (1, 2, EdgeColour::Red)])?;
    /// let names = vec!["g".to_string(), "a".to_string(), "b".to_string()];
    /// let position = GraphPosition { standing: graph.start(), graph, names };
    /// assert_eq!(position.text(), "hackenbush(g-a:l, a-b:r; ground=g)");
    /// # Ok::<(), grundy::Error>(())
    /// ```
    pub fn text(&self) -> String {
        let name = |v: usize| self.names.get(v).map_or("?", String::as_str);
        let edges: Vec<String> = self
            .graph
            .edges()
            .enumerate()
            .filter(|&(edge, _)| self.standing >> edge & 1 == 1)
            .map(|(_, (a, b, colour))| {
                let letter = match colour {
                    EdgeColour::Blue => 'l',
                    EdgeColour::Red => 'r',
                    EdgeColour::Green => 'e',
                };
                format!("{}-{}:{letter}", name(a), name(b))
            })
            .collect();
        if edges.is_empty() {
            return "0".to_string();
        }
        format!(
            "hackenbush({}; ground={})",
            edges.join(", "),
            name(self.graph.ground())
        )
    }

    /// The same graph with `standing` edges.
    pub fn with_standing(&self, standing: u128) -> GraphPosition {
        GraphPosition {
            standing,
            ..self.clone()
        }
    }
}

/// A position's value, its moves (when asked for) and the work the solver did.
#[derive(Clone, Debug)]
pub struct Valued {
    /// The value.
    pub value: Game,
    /// Left's moves (empty unless asked for).
    pub left: Vec<ComponentMove>,
    /// Right's moves (empty unless asked for).
    pub right: Vec<ComponentMove>,
    /// The work counted, including `work` given.
    pub work: u64,
}

impl Position {
    /// The position as spec text: `hackenbush(lre)`, `domineering(oo/ox)`, `cutcake(1x3) +
    /// cutcake(2x3)`.
    ///
    /// ```
    /// use grundy::partizan::games::{Grid, Position};
    /// assert_eq!(Position::Domineering(Grid::rectangle(2, 3)?).text(), "domineering(ooo/ooo)");
    /// assert_eq!(Position::Cutcake(vec![(1, 3), (2, 3)]).text(), "cutcake(1x3) + cutcake(2x3)");
    /// # Ok::<(), grundy::Error>(())
    /// ```
    pub fn text(&self) -> String {
        let letters =
            |name: &str, letters: &[u8]| format!("{name}({})", String::from_utf8_lossy(letters));
        match self {
            Position::Hackenbush(edges) => letters("hackenbush", edges),
            Position::Toads(squares) => letters("toads", squares),
            Position::Domineering(grid) => format!("domineering({grid})"),
            Position::Clobber(board) => format!("clobber({board})"),
            Position::Cutcake(pieces) if pieces.is_empty() => "0".to_string(),
            Position::Cutcake(pieces) => pieces
                .iter()
                .map(|(width, height)| format!("cutcake({width}x{height})"))
                .collect::<Vec<_>>()
                .join(" + "),
            Position::HackenbushGraph(position) => position.text(),
            Position::Colouring(position) => position.text(),
        }
    }

    /// The positions Left (`left`) or Right can move to, in the order the moves are listed.
    ///
    /// ```
    /// use grundy::partizan::games::{Grid, Position};
    /// let moves = Position::Domineering(Grid::rectangle(2, 2)?).options(false);
    /// assert_eq!(moves[0].text(), "domineering(xx/oo)");
    /// # Ok::<(), grundy::Error>(())
    /// ```
    pub fn options(&self, left: bool) -> Vec<Position> {
        fn wrap<P>(found: Vec<P>, into: impl Fn(P) -> Position) -> Vec<Position> {
            found.into_iter().map(into).collect()
        }
        match self {
            Position::Hackenbush(edges) => {
                wrap(HackenbushString.moves(edges, left), Position::Hackenbush)
            }
            Position::Toads(squares) => {
                let moves = ToadsAndFrogs.moves(&Strip::from_valid(squares), left);
                wrap(moves, |strip| Position::Toads(strip.letters()))
            }
            Position::Domineering(grid) => {
                wrap(Domineering.moves(grid, left), Position::Domineering)
            }
            Position::Clobber(board) => wrap(Clobber.moves(board, left), Position::Clobber),
            Position::Cutcake(pieces) => wrap(Cutcake.moves(pieces, left), Position::Cutcake),
            Position::HackenbushGraph(position) => {
                wrap(position.graph.moves(&position.standing, left), |standing| {
                    Position::HackenbushGraph(Box::new(position.with_standing(standing)))
                })
            }
            Position::Colouring(position) => wrap(position.moves(left), |after| {
                Position::Colouring(Box::new(after))
            }),
        }
    }

    /// The independent parts whose sum the position is, each a position of the same ruleset
    /// (parts worth 0 may be left out). Col and Snort are kept whole.
    ///
    /// ```
    /// use grundy::partizan::games::{Grid, Position};
    /// let board = Position::Domineering(Grid::from_rows(&[vec![true, true, false, true, true]])?);
    /// assert_eq!(board.parts().len(), 2);
    /// # Ok::<(), grundy::Error>(())
    /// ```
    pub fn parts(&self) -> Vec<Position> {
        fn wrap<P>(found: Vec<P>, into: impl Fn(P) -> Position) -> Vec<Position> {
            found.into_iter().map(into).collect()
        }
        match self {
            Position::Hackenbush(edges) => {
                wrap(HackenbushString.parts(edges), Position::Hackenbush)
            }
            Position::Toads(squares) => {
                let parts = ToadsAndFrogs.parts(&Strip::from_valid(squares));
                wrap(parts, |strip| Position::Toads(strip.letters()))
            }
            Position::Domineering(grid) => wrap(Domineering.parts(grid), Position::Domineering),
            Position::Clobber(board) => wrap(Clobber.parts(board), Position::Clobber),
            Position::Cutcake(pieces) => wrap(Cutcake.parts(pieces), Position::Cutcake),
            Position::HackenbushGraph(position) => {
                wrap(position.graph.parts(&position.standing), |standing| {
                    Position::HackenbushGraph(Box::new(position.with_standing(standing)))
                })
            }
            Position::Colouring(_) => vec![self.clone()],
        }
    }

    /// The value of the position, counting on from `work` done already against `limits`,
    /// and its moves when `with_moves`.
    ///
    /// # Errors
    /// The limits (positions, work, cancel) and the table's.
    ///
    /// ```
    /// use grundy::partizan::games::{Grid, Position};
    /// use grundy::partizan::Games;
    /// let mut games = Games::new();
    /// let valued = Position::Domineering(Grid::rectangle(2, 2)?)
    ///     .value(&mut games, Default::default(), 0, true)?;
    /// assert_eq!(games.format(valued.value)?, "+-1");
    /// assert_eq!(valued.left[0].text, "domineering(xo/xo)");
    /// # Ok::<(), grundy::Error>(())
    /// ```
    pub fn value(
        &self,
        games: &mut Games,
        limits: Limits,
        work: u64,
        with_moves: bool,
    ) -> Result<Valued> {
        let solve = Solve {
            games,
            limits,
            work,
            with_moves,
        };
        match self {
            Position::Hackenbush(edges) => solve.run(HackenbushString, edges, |p| {
                Position::Hackenbush(p.clone()).text()
            }),
            Position::Toads(squares) => solve.run(ToadsAndFrogs, &Strip::new(squares)?, |p| {
                Position::Toads(p.letters()).text()
            }),
            Position::Domineering(grid) => {
                solve.run(Domineering, grid, |p| Position::Domineering(*p).text())
            }
            Position::Clobber(board) => solve.run(Clobber, board, |p| Position::Clobber(*p).text()),
            Position::Cutcake(pieces) => {
                solve.run(Cutcake, pieces, |p| Position::Cutcake(p.clone()).text())
            }
            Position::HackenbushGraph(position) => {
                solve.run(position.graph.clone(), &position.standing, |p| {
                    position.with_standing(*p).text()
                })
            }
            Position::Colouring(position) => solve.colouring(position),
        }
    }
}

/// One question to a fresh solver.
struct Solve<'g> {
    games: &'g mut Games,
    limits: Limits,
    work: u64,
    with_moves: bool,
}

impl Solve<'_> {
    /// Col or Snort: the moves listed by the painted vertex, so that each prints back.
    fn colouring(self, position: &PaintedGraph) -> Result<Valued> {
        let game = position.game().clone();
        self.valued(game, &position.painting(), |_, left| {
            let moves = position.moves(left).into_iter();
            moves
                .map(|after| (after.text(), after.painting()))
                .collect()
        })
    }

    /// A ruleset's position, its options printed by `text`.
    fn run<R: PartizanRuleset>(
        self,
        rules: R,
        position: &R::Position,
        text: impl Fn(&R::Position) -> String,
    ) -> Result<Valued> {
        self.valued(rules, position, |rules, left| {
            let moves = rules.moves(position, left).into_iter();
            moves.map(|option| (text(&option), option)).collect()
        })
    }

    /// The value of `position` and, when asked, of each option `options` lists for Left
    /// (`true`) and Right, with its text.
    fn valued<R: PartizanRuleset>(
        self,
        rules: R,
        position: &R::Position,
        options: impl Fn(&R, bool) -> Vec<(String, R::Position)>,
    ) -> Result<Valued> {
        let mut solver = PartizanSolver::with_limits(rules, self.limits);
        solver.add_work(self.work);
        let value = solver.value(self.games, position)?;
        let mut sides = [Vec::new(), Vec::new()];
        if self.with_moves {
            for (side, left) in sides.iter_mut().zip([true, false]) {
                for (text, option) in options(solver.rules(), left) {
                    let value = solver.value(self.games, &option)?;
                    side.push(ComponentMove {
                        text,
                        value: Some(value),
                    });
                }
            }
        }
        let [left, right] = sides;
        Ok(Valued {
            value,
            left,
            right,
            work: solver.work(),
        })
    }
}
