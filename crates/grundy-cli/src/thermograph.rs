//! `grundy thermograph`: the thermograph of a partizan game (of an impartial one, its nimber
//! `*n`: a mast at 0), drawn as SVG by the library
//! ([`grundy::analysis::thermograph`], the picture the page and Jupyter show too), written to
//! a file or to standard output; `--format json` gives the walls and the picture as data.

use std::path::PathBuf;

use anyhow::Context;
use grundy::ask;

use crate::flags::{LimitArgs, Output};
use crate::input::parse_any;
use crate::output::{emit, with_input, Problem};
use crate::render_partizan::wall;

/// The arguments of `grundy thermograph`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The partizan game: "{2|-1}", "domineering(3x3) + ^", "toads(tt..ff)".
    /// @FILE reads it from FILE, - from standard input.
    spec: String,
    /// The SVG file to write; without it the picture goes to standard output (text format).
    #[arg(long)]
    out: Option<PathBuf>,
    #[command(flatten)]
    limits: LimitArgs,
    #[command(flatten)]
    output: Output,
}

impl Args {
    /// Draws the thermograph.
    pub fn run(self, out: &mut impl std::io::Write) -> Result<(), Problem> {
        let (spec, mut game) = parse_any(&self.spec, self.limits.limits())?;
        let report = ask::thermograph_of(&mut game).map_err(with_input(&spec))?;
        let Some(path) = &self.out else {
            return emit(out, self.output.format, &report, |report| {
                format!("{}\n", report.svg)
            });
        };
        std::fs::write(path, &report.svg)
            .with_context(|| format!("cannot write {}", path.display()))?;
        emit(out, self.output.format, &report, |report| {
            format!(
                "wrote {}: the thermograph of {} = {}, mean {}, temperature {}\n\
                 left wall:  {}\nright wall: {}\n",
                path.display(),
                report.spec,
                report.canonical,
                report.mean,
                report.temperature,
                wall(&report.walls.left_wall),
                wall(&report.walls.right_wall)
            )
        })
    }
}
