//! What a face needs to draw a sum as a board: heaps of tokens, rows of pins, rows of coins,
//! boards of squares.
//!
//! The kind of each component comes from its rule, not from the shapes of its moves:
//!
//! - `"heap"`: tokens taken from the end of a heap ([`Nim`](crate::rules::Nim), subtraction
//!   games, codes whose moves never break a heap);
//! - `"row"`: a row of pins, a run of neighbours knocked down, which may leave two rows
//!   (take-and-break codes with a digit that breaks a heap after removing tokens: Kayles,
//!   Dawson's Kayles, 0.137);
//! - `"split"`: a heap split in two without removing tokens (Grundy's game, codes whose only
//!   breaking digit is the one before the point, such as Lasker's Nim);
//! - `"coins"`: a row of coins, `H` or `T`, some turned over (every coin-turning rule);
//! - `"dominoes"`: a board of squares, a domino placed on two empty neighbours
//!   ([`Cram`](crate::rules::Cram));
//! - `"chomp"`: a board of squares, a square taken with every square below and right of it
//!   ([`Chomp`](crate::rules::Chomp)).
//!
//! Any other game has no kind (`null`) and no board. The JSON of [`BoardReport`] is
//! ```json
//! {"schema": 1, "spec": "kayles(3) + nim(2) + turtles(THH)", "heap_rule": "kayles",
//!  "drawn": true,
//!  "components": [{"index": 0, "spec": "kayles(3)", "kind": "row", "tokens": 3},
//!                 {"index": 1, "spec": "nim(2)", "kind": "heap", "tokens": 2},
//!                 {"index": 2, "spec": "turtles(THH)", "kind": "coins", "coins": "THH"}],
//!  "moves": [{"component": 0, "to": "kayles(2)", "heaps": [2]},
//!            {"component": 0, "to": "kayles(1,1)", "heaps": [1, 1]},
//!            {"component": 0, "to": "kayles(1)", "heaps": [1]},
//!            {"component": 1, "to": "0", "heaps": []}, ...,
//!            {"component": 2, "to": "turtles(THT)", "coins": "THT"}, ...]}
//! ```
//! `index` and `component` count components left to right, as in every moves report. A move
//! lists what its component becomes: the heaps left (`heaps`, smallest first, `[]` when nothing
//! is left), the coins after the turn (`coins`, as many letters as before) or the squares
//! after the move (`cells`: rows of `o`, a square in play, and `x`, in the component's frame:
//! `cram(2x3)` is `["ooo", "ooo"]` and placing a domino in column 1 leaves `["xoo", "xoo"]`,
//! whatever regions the move splits the board into), and `to`, the
//! same text as the `to` of the moves reports, so a face finds the listed move a click makes
//! (the move from the component's `spec` to `to`). Equal components each list their moves.
//! `heap_rule` is the rule of the first term when it is a heap game (the sequence a face
//! plots beside the game), else `null`. `drawn` says whether the whole sum can be drawn:
//! every component has a kind and at most [`MAX_TOKENS`] tokens or coins, or [`MAX_SQUARES`]
//! squares in its frame; `moves` is empty otherwise.

use std::collections::HashSet;

use serde::Serialize;

use super::partizan_play::Side;
use super::SCHEMA;
use crate::error::Result;
use crate::rules::{Digit, HeapRule, TakeBreak};
use crate::sum::Sum;
use crate::table::{PositionTable, SquareGame, Squares};

/// The most tokens, pins or coins a drawn component has: a board fits a screen, and its moves
/// are few.
pub const MAX_TOKENS: u64 = 40;

/// The most squares in the frame of a drawn board of squares.
pub const MAX_SQUARES: u64 = 64;

/// How a component is drawn and what a click on it does.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum BoardKind {
    /// Tokens in a line; a move takes tokens from the end.
    Heap,
    /// Pins in a row; a move knocks down a run of neighbours, which may leave two rows.
    Row,
    /// Tokens in a line; a move splits the heap in two.
    Split,
    /// Coins in a row, each heads or tails; a move turns some over.
    Coins,
    /// A board of squares; a move covers two empty squares side by side.
    Dominoes,
    /// A board of squares; a move takes a square and every square below and right of it.
    Chomp,
    /// A Domineering board of squares; Left covers two empty squares one above the other,
    /// Right two side by side.
    Domineering,
    /// Hackenbush edges from the ground (a string or a graph); Left cuts a blue (`l`) or
    /// green (`e`) edge, Right a red (`r`) or green one, and what no longer reaches the ground
    /// falls.
    Hackenbush,
    /// A Toads and Frogs strip: squares with the players' pieces (`owners`); a move is a click
    /// on the piece that moves (each piece has at most one move).
    Toads,
    /// A Clobber board: squares with the players' stones (`owners`); a move is two clicks, the
    /// stone and the neighbouring stone it clobbers.
    Clobber,
    /// Cutcake: rectangles of cake side by side; a move is a click on a cut line (`line`),
    /// Left's vertical, Right's horizontal.
    Cutcake,
    /// Col on a graph: vertices with their `paint`, edges; a move is a click on the vertex it
    /// paints (`paint`), blue for Left, red for Right.
    Col,
    /// Snort on a graph, drawn and played as Col.
    Snort,
}

impl BoardKind {
    /// The kind of a heap game, from its move structure: a code whose digits after the point
    /// break heaps is a row of pins, one that breaks heaps only without removing tokens (the
    /// digit before the point) splits, and every other heap game takes tokens.
    ///
    /// # Example
    /// ```
    /// use grundy::{analysis::board::BoardKind, spec};
    /// let kind = |rule| spec::parse_heap_rule(rule).map(|rule| BoardKind::of_heap_rule(&rule));
    /// assert_eq!(kind("kayles")?, BoardKind::Row);
    /// assert_eq!(kind("grundy")?, BoardKind::Split);
    /// assert_eq!(kind("0.33")?, BoardKind::Heap);
    /// # Ok::<(), grundy::Error>(())
    /// ```
    pub fn of_heap_rule(rule: &HeapRule) -> BoardKind {
        match rule {
            HeapRule::Nim(_) | HeapRule::Subtraction(_) => BoardKind::Heap,
            HeapRule::Grundy(_) => BoardKind::Split,
            HeapRule::TakeBreak(code) => code_kind(code),
        }
    }
}

/// The kind of a take-and-break code (see [`BoardKind::of_heap_rule`]).
fn code_kind(code: &TakeBreak) -> BoardKind {
    let breaks = |digit: Digit| digit.splits_two() || digit.splits_three();
    let removing = code.digits().iter().filter(|&&(take, _)| take > 0);
    if removing
        .chain(&code.tail())
        .any(|&(_, digit)| breaks(digit))
    {
        BoardKind::Row
    } else if breaks(code.digit(0)) {
        BoardKind::Split
    } else {
        BoardKind::Heap
    }
}

/// A sum as a board: its components and the moves of each, drawable.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct BoardReport {
    /// [`SCHEMA`].
    pub schema: u32,
    /// The sum as spec text.
    pub spec: String,
    /// The rule of the first term when it is a heap game, as spec text (`kayles`).
    pub heap_rule: Option<String>,
    /// Whether the whole sum can be drawn: every component has a kind and at most
    /// [`MAX_TOKENS`] tokens or coins.
    pub drawn: bool,
    /// Each component, left to right.
    pub components: Vec<BoardComponent>,
    /// The moves of each component, when `drawn`; empty otherwise.
    pub moves: Vec<BoardMove>,
}

/// One component of a board.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct BoardComponent {
    /// Its index, counting components left to right.
    pub index: usize,
    /// The component as spec text (`kayles(3)`).
    pub spec: String,
    /// How it is drawn; `null` when it cannot be.
    pub kind: Option<BoardKind>,
    /// The tokens or pins of a heap, a row or a split.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tokens: Option<u64>,
    /// The coins of a row of coins, `H` and `T` left to right.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub coins: Option<String>,
    /// The squares of a board, top row first: `o` in play, `x` not.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cells: Option<Vec<String>>,
    /// The vertices of a Hackenbush graph or string, each with its name and height (edges from
    /// the ground, which is the one vertex of height 0).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub vertices: Option<Vec<BoardVertex>>,
    /// The edges of a Hackenbush graph or string, all standing.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub edges: Option<Vec<BoardEdge>>,
    /// Who owns what stands on each square of `cells` (Toads and Frogs, Clobber, Cutcake), in
    /// the same frame: `l` a piece of Left's, `r` of Right's, `.` an empty square, and a space
    /// where there is no square (between the pieces of a cake).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub owners: Option<Vec<String>>,
}

impl BoardComponent {
    /// Component `index`, written `spec`, with nothing to draw yet.
    pub(crate) fn undrawn(index: usize, spec: String) -> BoardComponent {
        BoardComponent {
            index,
            spec,
            kind: None,
            tokens: None,
            coins: None,
            cells: None,
            vertices: None,
            edges: None,
            owners: None,
        }
    }
}

/// A vertex of a Hackenbush drawing.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct BoardVertex {
    /// Its name (the ground of a string is `ground`, the others `1`, `2`, … upwards).
    pub name: String,
    /// The fewest edges between it and the ground (in Col and Snort, between it and the lowest
    /// vertex of its connected piece: a layer to lay the picture out by).
    pub height: u32,
    /// In Col and Snort, its paint: `l` blue (Left's), `r` red (Right's), `.` none yet.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub paint: Option<char>,
}

/// An edge of a Hackenbush drawing.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct BoardEdge {
    /// The edge's number, which a move's `cut` names.
    pub index: usize,
    /// Its ends, indices into `vertices`.
    pub ends: [usize; 2],
    /// In Hackenbush `l` (blue, Left's), `r` (red, Right's) or `e` (green, either's); none in
    /// Col and Snort.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub colour: Option<char>,
}

/// One move of one component, in drawable terms.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct BoardMove {
    /// The component it changes.
    pub component: usize,
    /// What the component becomes, as spec text (`0` when nothing is left): the `to` of the
    /// moves reports.
    pub to: String,
    /// The heaps left, smallest first, for a heap, a row or a split.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub heaps: Option<Vec<u64>>,
    /// The coins after the move, for a row of coins.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub coins: Option<String>,
    /// The squares after the move, in the component's frame, for a board of squares.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cells: Option<Vec<String>>,
    /// The player who may make the move, in a partizan game.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub side: Option<Side>,
    /// The edge cut, in Hackenbush.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cut: Option<usize>,
    /// The squares to click, in order, to make the move (`[row, column]` in the component's
    /// frame): Toads and Frogs the piece, Clobber the stone and the stone it clobbers.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub clicks: Option<Vec<[usize; 2]>>,
    /// The cut line to click, in Cutcake: its two ends as `[row, column]` corners of squares
    /// in the component's frame (`[0, 1]` is the top right corner of the top left square).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub line: Option<[[usize; 2]; 2]>,
    /// The vertex painted, in Col and Snort (an index into the component's `vertices`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub paint: Option<usize>,
}

impl BoardMove {
    /// The move of component `component` to `to`, with nothing drawn yet.
    pub(crate) fn new(component: usize, to: String) -> BoardMove {
        BoardMove {
            component,
            to,
            heaps: None,
            coins: None,
            cells: None,
            side: None,
            cut: None,
            clicks: None,
            line: None,
            paint: None,
        }
    }
}

/// A component's table (which knows its rule and moves) and its id there.
type Placed<'a> = Option<(&'a dyn PositionTable, u32)>;

/// The board of a sum: each component's kind and size, and, when all of it can be drawn,
/// each component's moves.
///
/// # Errors
/// A failing move callback; a limit reached while listing moves leaves the board undrawn
/// instead.
///
/// # Example
/// ```
/// use grundy::{analysis::board::{board, BoardKind}, spec};
/// let report = board(&spec::parse("grundy(5) + nim(1)")?)?;
/// assert_eq!(report.components[0].kind, Some(BoardKind::Split));
/// let splits: Vec<_> = report.moves.iter().filter(|m| m.component == 0).collect();
/// assert_eq!(splits.len(), 2); // 1 + 4 and 2 + 3
/// assert_eq!(splits[0].heaps, Some(vec![1, 4]));
/// assert_eq!(report.heap_rule.as_deref(), Some("grundy"));
/// # Ok::<(), grundy::Error>(())
/// ```
pub fn board(sum: &Sum) -> Result<BoardReport> {
    let tables: Vec<Option<Box<dyn PositionTable>>> =
        sum.terms().iter().map(|term| term.table()).collect();
    let mut components = Vec::new();
    let mut placed: Vec<Placed<'_>> = Vec::new();
    for (term, table) in sum.terms().iter().zip(&tables) {
        // A term whose positions cannot all be named (the table's limit) is not drawn.
        let ids = table.as_ref().and_then(|_| term.position_ids().ok());
        for index in 0..term.len() {
            let at = table
                .as_deref()
                .zip(ids.as_ref().and_then(|ids| ids.get(index).copied()));
            components.push(component(
                components.len(),
                term.format_component(index),
                at,
            ));
            placed.push(at);
        }
    }
    let heap_rule = tables
        .first()
        .and_then(Option::as_ref)
        .and_then(|table| table.heap_rule())
        .map(|rule| rule.to_string());
    let mut drawn = !components.is_empty() && components.iter().all(fits);
    let mut moves = Vec::new();
    if drawn {
        for (component, at) in components.iter().zip(placed) {
            match moves_of(component, at) {
                Ok(listed) => moves.extend(listed),
                Err(error) if error.is_limit() => {
                    drawn = false;
                    moves.clear();
                    break;
                }
                Err(error) => return Err(error),
            }
        }
    }
    Ok(BoardReport {
        schema: SCHEMA,
        spec: sum.format(),
        heap_rule,
        drawn,
        components,
        moves,
    })
}

/// Component `index`, its kind and size read from its table.
fn component(index: usize, spec: String, at: Placed<'_>) -> BoardComponent {
    let mut drawn = BoardComponent::undrawn(index, spec);
    let Some((table, id)) = at else {
        return drawn;
    };
    if let (Some(rule), Some(heap)) = (table.heap_rule(), table.heap(id)) {
        drawn.kind = Some(BoardKind::of_heap_rule(&rule));
        drawn.tokens = Some(heap);
    } else if let Some(row) = table.coin_row(id) {
        drawn.kind = Some(BoardKind::Coins);
        drawn.coins = Some(row.to_string());
    } else if let Some(board) = table.squares(id) {
        drawn.kind = Some(match board.game {
            SquareGame::Cram => BoardKind::Dominoes,
            SquareGame::Chomp => BoardKind::Chomp,
        });
        drawn.cells = Some(cells(&board, &board.squares));
    }
    drawn
}

/// The rows of `board`'s frame, with `o` at each of `squares` and `x` elsewhere.
fn cells(board: &Squares, squares: &[(u32, u32)]) -> Vec<String> {
    (0..board.height)
        .map(|r| {
            (0..board.width)
                .map(|c| if squares.contains(&(r, c)) { 'o' } else { 'x' })
                .collect()
        })
        .collect()
}

/// Whether a component can be drawn: it has a kind and at most [`MAX_TOKENS`] tokens or coins,
/// or [`MAX_SQUARES`] squares.
fn fits(component: &BoardComponent) -> bool {
    let fits = match (&component.tokens, &component.coins, &component.cells) {
        (Some(tokens), _, _) => *tokens <= MAX_TOKENS,
        (None, Some(coins), _) => coins.len() as u64 <= MAX_TOKENS,
        (None, None, Some(rows)) => {
            rows.iter().map(|row| row.len() as u64).sum::<u64>() <= MAX_SQUARES
        }
        (None, None, None) => {
            let at_most = |count: Option<usize>| count.is_some_and(|n| n as u64 <= MAX_TOKENS);
            at_most(component.edges.as_ref().map(Vec::len))
                && at_most(component.vertices.as_ref().map(Vec::len))
        }
    };
    component.kind.is_some() && fits
}

/// The moves of one drawable component, each listed once.
fn moves_of(component: &BoardComponent, at: Placed<'_>) -> Result<Vec<BoardMove>> {
    let Some((table, id)) = at else {
        return Ok(Vec::new());
    };
    let mut seen = HashSet::new();
    let mut listed = Vec::new();
    for parts in table.moves(id)?.iter() {
        let to = table.format(parts);
        if !seen.insert(to.clone()) {
            continue;
        }
        let mut drawn = BoardMove::new(component.index, to);
        if let Some(before) = &component.coins {
            // A move that leaves no head leaves the row all tails.
            drawn.coins = Some(
                parts
                    .first()
                    .and_then(|&part| table.coin_row(part))
                    .map_or_else(|| "T".repeat(before.len()), |row| row.to_string()),
            );
        } else if let Some(board) = table.squares(id) {
            // Each part is a region in the same frame; together they are the squares left.
            let left: Vec<(u32, u32)> = parts
                .iter()
                .filter_map(|&part| table.squares(part))
                .flat_map(|part| part.squares)
                .collect();
            drawn.cells = Some(cells(&board, &left));
        } else {
            let heaps: Option<Vec<u64>> = parts.iter().map(|&part| table.heap(part)).collect();
            drawn.heaps = heaps.map(sorted);
        }
        listed.push(drawn);
    }
    Ok(listed)
}

fn sorted(mut heaps: Vec<u64>) -> Vec<u64> {
    heaps.sort_unstable();
    heaps
}

mod colouring;
mod partizan;
mod pieces;
#[cfg(test)]
mod tests;

pub use partizan::partizan_board;
