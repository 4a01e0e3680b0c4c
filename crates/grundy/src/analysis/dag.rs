//! The game DAG as a report ([`DagReport`]): every position reachable from a sum, equal
//! positions merged, with values, option values, layers and the edges between them.

use serde::Serialize;

use super::loopy::{self, ReportValue};
use super::{misere, ReportOutcome, SCHEMA};
use crate::error::Result;
use crate::loopy::LoopyOutcome;
use crate::sum::Sum;
use crate::whole::Play;

/// The game DAG of a sum: every position reachable from it, equal positions merged, each with
/// its value, the values of its options and a layer for drawing.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct DagReport {
    /// [`SCHEMA`].
    pub schema: u32,
    /// The start position as spec text.
    pub spec: String,
    /// `"misere"` in misère play; absent in normal play.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub play: Option<String>,
    /// The start position's Grundy value (generalised in a game with cycles; its misère value
    /// in misère play).
    pub value: ReportValue,
    /// The escapes of an infinite value.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub escapes: Option<Vec<u64>>,
    /// `"N"`, `"P"` or `"D"` for the start position.
    pub outcome: ReportOutcome,
    /// The most positions the report may hold.
    pub max_nodes: u64,
    /// The positions, the start first (id 0), then breadth-first.
    pub nodes: Vec<DagNode>,
    /// The moves between positions in `nodes`; moves with equal results are one edge.
    pub edges: Vec<DagEdgeReport>,
    /// The number of layers: one more than the start's layer.
    pub layers: u64,
    /// Reachable positions not in `nodes` (the DAG was cut at `max_nodes`).
    pub left_out: u64,
    /// Whether `left_out` is exact; otherwise it is a lower bound.
    pub left_out_exact: bool,
}

/// One position of a [`DagReport`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct DagNode {
    /// Index into [`DagReport::nodes`].
    pub id: usize,
    /// The position as spec text (`0` for the end of the game).
    pub spec: String,
    /// Its Grundy value, the mex of `option_values` (generalised in a game with cycles). In
    /// misère play its misère value: the mex of `option_values`, but 1 at the end of the game.
    pub value: ReportValue,
    /// The escapes of an infinite value.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub escapes: Option<Vec<u64>>,
    /// `"N"`, `"P"` or `"D"`.
    pub outcome: ReportOutcome,
    /// The longest path to a position without edges in the report, the positions of a cycle
    /// counting as one: 0 for the end of the game, and for a complete report without cycles
    /// the most moves the game can still last.
    pub layer: u64,
    /// The fewest moves from the start.
    pub depth: u64,
    /// The distinct values of its options (all of them, in the report or not), finite ones
    /// first, ascending.
    pub option_values: Vec<ReportValue>,
    /// Its number of moves, before moves with equal results are merged.
    pub moves: u64,
    /// Whether its moves were listed; false when the report's budget of moves ran out first,
    /// and then `option_values` is empty and `moves` is 0.
    pub expanded: bool,
    /// Whether its moves were listed and every option is in the report.
    pub complete: bool,
}

/// One edge of a [`DagReport`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct DagEdgeReport {
    /// The node moved from.
    pub from: usize,
    /// The node moved to.
    pub to: usize,
    /// The component moved in, as spec text.
    pub component: String,
    /// The move in words.
    pub description: String,
    /// Whether the move wins: it leaves a P-position (value 0).
    pub winning: bool,
}

/// The game DAG of a sum in `play`, with at most `max_nodes` positions (see
/// [`crate::dag::explore`]); the graph of a game with cycles, with generalised values.
///
/// # Errors
/// A limit reached while solving or listing moves; a game with cycles whose moves split a
/// component; in misère play, a game with cycles
/// ([`ErrorKind::MisereCycle`](crate::ErrorKind::MisereCycle), as every misère report says).
///
/// # Example
/// ```
/// use grundy::{analysis, analysis::loopy::ReportValue, spec, Play};
/// let report = analysis::dag(&spec::parse("kayles(2)")?, 100, Play::Normal)?;
/// let nodes: Vec<(&str, ReportValue)> =
///     report.nodes.iter().map(|n| (n.spec.as_str(), n.value)).collect();
/// let finite = ReportValue::Finite;
/// assert_eq!(nodes, [("kayles(2)", finite(2)), ("kayles(1)", finite(1)), ("0", finite(0))]);
/// assert_eq!(report.nodes[0].option_values, [finite(0), finite(1)]); // mex {0, 1} = 2
/// assert!(report.edges.iter().any(|e| (e.from, e.to, e.winning) == (0, 2, true)));
/// // Misère play: moving to the single pin wins, and the end is worth 1.
/// let report = analysis::dag(&spec::parse("kayles(2)")?, 100, Play::Misere)?;
/// assert_eq!(report.play.as_deref(), Some("misere"));
/// assert!(report.edges.iter().any(|e| (e.from, e.to, e.winning) == (0, 1, true)));
/// assert_eq!(report.nodes[2].value, finite(1));
/// # Ok::<(), grundy::Error>(())
/// ```
pub fn dag(sum: &Sum, max_nodes: usize, play: Play) -> Result<DagReport> {
    let game = crate::dag::explore(sum, max_nodes, play);
    let game = if play == Play::Misere {
        misere::without_cycles(game)?
    } else {
        game?
    };
    let nodes: Vec<DagNode> = game
        .positions
        .iter()
        .enumerate()
        .map(|(id, position)| {
            let (value, escapes) = loopy::split(&position.value);
            DagNode {
                id,
                spec: position.spec.clone(),
                value,
                escapes,
                outcome: position.value.outcome().into(),
                layer: position.layer as u64,
                depth: position.depth as u64,
                option_values: position
                    .option_values
                    .iter()
                    .map(|option| loopy::split(option).0)
                    .collect(),
                moves: position.move_count as u64,
                expanded: position.expanded,
                complete: position.complete,
            }
        })
        .collect();
    let edges = game
        .edges
        .into_iter()
        .map(|edge| DagEdgeReport {
            from: edge.from,
            to: edge.to,
            component: edge.component,
            description: edge.description,
            winning: game.positions[edge.to].value.outcome() == LoopyOutcome::PreviousWins,
        })
        .collect();
    let (value, escapes) = loopy::split(&game.positions[0].value);
    Ok(DagReport {
        schema: SCHEMA,
        spec: sum.format(),
        play: (play == Play::Misere).then(|| "misere".to_string()),
        value,
        escapes,
        outcome: game.positions[0].value.outcome().into(),
        max_nodes: max_nodes.max(1) as u64,
        layers: nodes.first().map_or(0, |root| root.layer + 1),
        nodes,
        edges,
        left_out: game.left_out as u64,
        left_out_exact: game.left_out_exact,
    })
}
