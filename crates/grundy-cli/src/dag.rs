//! `grundy dag` and the renderings of a [`DagReport`]: Graphviz DOT, and text for people.
//!
//! DOT draws each position as a box labelled with its spec and Grundy value (`g⁻`, its misère
//! value, in misère play), P-positions filled, winning edges red and bold, and positions of
//! one layer on one rank.

use std::fmt::Write as _;
use std::io;

use grundy::analysis::loopy::ReportValue;
use grundy::analysis::{DagNode, DagReport, ReportOutcome};
use grundy::ask::{self, Settings};
use grundy::Play;

use crate::flags::{parse_count, LimitArgs};
use crate::input::parse_sum;
use crate::output::{print_json, with_input, Problem};
use crate::render_loopy::value_words;

/// The arguments of `grundy dag`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The game, e.g. "kayles(6)" or "nim(1,2) + sub{1,2}(3)".
    /// @FILE reads it from FILE, - from standard input.
    spec: String,
    /// The most positions to list (1 to 100000); the rest are counted.
    #[arg(long, value_parser = parse_max_nodes, default_value_t = ask::DEFAULT_MAX_NODES)]
    max_nodes: usize,
    /// Misère play: each position with its misère value (the mex of its options' misère
    /// values, 1 at the end), found by searching every position reachable from it.
    #[arg(long)]
    misere: bool,
    /// Output format.
    #[arg(long, value_enum, default_value_t = DagFormat::Text)]
    format: DagFormat,
    #[command(flatten)]
    limits: LimitArgs,
}

#[derive(clap::ValueEnum, Debug, Clone, Copy, PartialEq, Eq)]
enum DagFormat {
    /// Layers of positions with their options' values and moves.
    Text,
    /// One JSON document (the `DagReport`).
    Json,
    /// Graphviz DOT: P-positions filled, winning moves red.
    Dot,
}

/// A DAG's node limit: at least 1 (the start), at most 100000, since every position drawn is
/// kept in memory.
fn parse_max_nodes(text: &str) -> Result<usize, String> {
    const MAX: u64 = 100_000;
    match parse_count(text)? {
        0 => Err("at least 1 position (the start), not 0".to_string()),
        count if count > MAX => Err(format!("at most {MAX} positions, not {count}")),
        count => usize::try_from(count).map_err(|error| error.to_string()),
    }
}

impl Args {
    /// `grundy dag`: the DAG of at most `--max-nodes` positions, in the format asked.
    pub fn run(self, out: &mut impl io::Write) -> Result<(), Problem> {
        let limits = self.limits.limits();
        let settings = Settings {
            limits,
            max_nodes: self.max_nodes,
            ..Settings::DEFAULT
        };
        let (spec, sum) = parse_sum(&self.spec, limits)?;
        let play = Play::from_misere(self.misere);
        let report = ask::dag(&sum, play, &settings).map_err(with_input(&spec))?;
        match self.format {
            DagFormat::Json => print_json(out, &report)?,
            DagFormat::Dot => write!(out, "{}", dot(&report))?,
            DagFormat::Text => write!(out, "{}", text(&report))?,
        }
        Ok(())
    }
}

/// A DOT string literal: quotes and backslashes escaped.
fn quoted(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 2);
    out.push('"');
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            _ => out.push(c),
        }
    }
    out.push('"');
    out
}

/// A line that says what was left out, or nothing.
fn left_out_note(report: &DagReport) -> Option<String> {
    (report.left_out > 0).then(|| {
        format!(
            "{}{} more positions left out (the limit is {} positions)",
            if report.left_out_exact {
                ""
            } else {
                "at least "
            },
            report.left_out,
            report.max_nodes
        )
    })
}

/// Whether the report is of misère play.
fn is_misere(report: &DagReport) -> bool {
    report.play.as_deref() == Some("misere")
}

/// Whether the DAG was cut: then a position's layer counts only the moves drawn, so positions
/// are arranged by their distance from the start instead.
fn is_cut(report: &DagReport) -> bool {
    report.nodes.iter().any(|node| !node.complete)
}

/// The rows a DAG is drawn in, top first, each with its label: layers (the most moves left)
/// for a complete DAG, distances from the start for a cut one.
fn rows(report: &DagReport) -> Vec<(String, Vec<&DagNode>)> {
    if is_cut(report) {
        let deepest = report
            .nodes
            .iter()
            .map(|node| node.depth)
            .max()
            .unwrap_or(0);
        (0..=deepest)
            .map(|depth| {
                let label = match depth {
                    0 => "the start".to_string(),
                    1 => "1 move from the start".to_string(),
                    _ => format!("{depth} moves from the start"),
                };
                let nodes = report.nodes.iter().filter(|n| n.depth == depth).collect();
                (label, nodes)
            })
            .collect()
    } else {
        (0..report.layers)
            .rev()
            .map(|layer| {
                let nodes = report.nodes.iter().filter(|n| n.layer == layer).collect();
                (format!("layer {layer}"), nodes)
            })
            .collect()
    }
}

/// The DAG in Graphviz DOT.
pub fn dot(report: &DagReport) -> String {
    let mut text = String::new();
    let _ = writeln!(
        text,
        "// game DAG of {}{}; P-positions are filled, winning moves red",
        report.spec,
        if is_misere(report) {
            " in misère play (g⁻: the misère value)"
        } else {
            ""
        }
    );
    let symbol = if is_misere(report) { "g⁻" } else { "g" };
    if let Some(note) = left_out_note(report) {
        let _ = writeln!(text, "// {note}");
    }
    let _ = writeln!(text, "digraph game {{");
    let _ = writeln!(text, "  rankdir=TB;");
    let _ = writeln!(
        text,
        "  node [shape=box, style=\"rounded,filled\", fillcolor=white, fontname=\"sans-serif\"];"
    );
    for node in &report.nodes {
        let label = format!(
            "{}\n{symbol} = {}",
            node.spec,
            value_words(&node.value, node.escapes.as_ref())
        );
        let fill = if node.outcome == ReportOutcome::PreviousWins {
            "#cfe3f7"
        } else {
            "white"
        };
        let border = if node.complete { "solid" } else { "dashed" };
        let _ = writeln!(
            text,
            "  n{} [label={}, fillcolor=\"{fill}\", style=\"rounded,filled,{border}\"];",
            node.id,
            quoted(&label)
        );
    }
    for edge in &report.edges {
        let tooltip = quoted(&format!("in {}: {}", edge.component, edge.description));
        if edge.winning {
            let _ = writeln!(
                text,
                "  n{} -> n{} [color=\"#c0392b\", penwidth=2.5, tooltip={tooltip}];",
                edge.from, edge.to
            );
        } else {
            let _ = writeln!(
                text,
                "  n{} -> n{} [color=\"#7f8c8d\", tooltip={tooltip}];",
                edge.from, edge.to
            );
        }
    }
    for (_, nodes) in rows(report) {
        let ids: Vec<String> = nodes.iter().map(|node| format!("n{}", node.id)).collect();
        if ids.len() > 1 {
            let _ = writeln!(text, "  {{ rank=same; {}; }}", ids.join("; "));
        }
    }
    let _ = writeln!(text, "}}");
    text
}

/// The DAG as text: row by row from the start down (layers, or distances from the start when
/// the DAG is cut), each position with its options' values, its mex and its moves.
pub fn text(report: &DagReport) -> String {
    let mut text = String::new();
    let _ = writeln!(text, "game:      {}", report.spec);
    if is_misere(report) {
        let _ = writeln!(
            text,
            "play:      misère (the last player to move loses): values are misère values, the \
             mex of the options' but 1 at the end"
        );
    }
    let _ = writeln!(
        text,
        "value:     {} ({})",
        value_words(&report.value, report.escapes.as_ref()),
        report.outcome
    );
    // An edge within a layer lies on a cycle.
    let cycles = report
        .edges
        .iter()
        .any(|edge| report.nodes[edge.from].layer == report.nodes[edge.to].layer);
    if is_cut(report) {
        let _ = writeln!(
            text,
            "positions: {} shown by the fewest moves from the start (the DAG is cut, so how \
             many moves are left is not known; * marks winning moves)",
            report.nodes.len()
        );
    } else {
        let _ = writeln!(
            text,
            "positions: {} in {} layers (a layer is the most moves left{}; * marks winning moves)",
            report.nodes.len(),
            report.layers,
            if cycles {
                ", the positions of a cycle sharing one"
            } else {
                ""
            }
        );
    }
    if let Some(note) = left_out_note(report) {
        let _ = writeln!(text, "           {note}");
    }
    for (label, nodes) in rows(report) {
        let _ = writeln!(text, "\n{label}:");
        for node in nodes {
            let options: Vec<String> = node
                .option_values
                .iter()
                .map(|option| value_words(option, None))
                .collect();
            let value = value_words(&node.value, node.escapes.as_ref());
            let mex = match (node.expanded, node.value) {
                (false, _) => format!("value {value} (moves not listed)"),
                (true, _) if node.moves == 0 && is_misere(report) => {
                    format!("no moves: value {value}")
                }
                (true, ReportValue::Finite(_)) => {
                    format!("mex {{{}}} = {value}", options.join(", "))
                }
                (true, ReportValue::Infinite) => {
                    format!("options {{{}}}, value {value}", options.join(", "))
                }
            };
            let _ = writeln!(
                text,
                "  [{}] {}  {}  {}",
                node.id, node.spec, node.outcome, mex
            );
            for edge in report.edges.iter().filter(|edge| edge.from == node.id) {
                let _ = writeln!(
                    text,
                    "      {} -> [{}] {}  (in {}: {})",
                    if edge.winning { "*" } else { " " },
                    edge.to,
                    report.nodes[edge.to].spec,
                    edge.component,
                    edge.description
                );
            }
            if !node.complete && node.expanded {
                let _ = writeln!(text, "        -> (more positions, left out)");
            }
        }
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::asserts::assert_contains;
    use grundy::{analysis, spec};

    fn dag_of(spec: &str, play: Play) -> DagReport {
        analysis::dag(&spec::parse(spec).unwrap(), 100, play).unwrap()
    }

    #[test]
    fn dot_marks_p_positions_and_winning_edges() {
        let dot = dot(&dag_of("kayles(2)", Play::Normal));
        assert!(dot.starts_with("// game DAG of kayles(2)"));
        assert_contains(
            &dot,
            &[
                "n0 [label=\"kayles(2)\\ng = 2\", fillcolor=\"white\"",
                "n2 [label=\"0\\ng = 0\", fillcolor=\"#cfe3f7\"",
                "n0 -> n2 [color=\"#c0392b\"",
                "n0 -> n1 [color=\"#7f8c8d\"",
            ],
        );
        assert!(dot.trim_end().ends_with('}'));
    }

    #[test]
    fn text_lists_layers_from_the_top() {
        let text = text(&dag_of("nim(2)", Play::Normal));
        let top = text.find("layer 2:").unwrap();
        let bottom = text.find("layer 0:").unwrap();
        assert!(top < bottom);
        assert_contains(
            &text,
            &[
                "[0] nim(2)  N  mex {0, 1} = 2",
                "* -> [1] 0  (in nim(2): take 2 from 2, leaving nothing)",
            ],
        );
    }

    #[test]
    fn misere_dags_say_so_and_value_the_end_at_one() {
        let report = dag_of("kayles(2)", Play::Misere);
        assert_contains(
            &text(&report),
            &[
                "play:      misère",
                "[0] kayles(2)  N  mex {0, 1} = 2",
                "[2] 0  N  no moves: value 1",
                "* -> [1] kayles(1)",
            ],
        );
        assert_contains(
            &dot(&report),
            &[
                "in misère play",
                "n1 [label=\"kayles(1)\\ng⁻ = 0\", fillcolor=\"#cfe3f7\"",
            ],
        );
    }

    #[test]
    fn quotes_are_escaped() {
        assert_eq!(quoted("a\"b\\c"), "\"a\\\"b\\\\c\"");
    }
}
