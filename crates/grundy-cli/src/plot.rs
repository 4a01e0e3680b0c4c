//! `grundy plot`: a chart of the Grundy values g(n) of a heap rule, as SVG or PNG.
//!
//! Text is drawn with a font compiled into the binary (a subset of DejaVu Sans, see
//! `fonts/README.md`), so plotting needs no system fonts. A known preperiod and period would be
//! shaded; until the library proves periods every sequence is a prefix only, and the caption
//! says so.

use std::path::{Path, PathBuf};

use anyhow::{bail, Context, Result};
use grundy::analysis::image::ImageReport;
use grundy::analysis::{self, SequenceReport};
use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::{register_font, FontStyle};

use crate::flags::{parse_count, LimitArgs, Output};
use crate::output::{emit, with_input, Problem};
use crate::tables::parse_rule;

/// The arguments of `grundy plot`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The rule without a heap, as for `seq`: kayles, sub{1,2,4}, 0.137, ...
    rule: String,
    /// The last heap.
    #[arg(long, value_parser = parse_count)]
    to: u64,
    /// The image file; its extension (.svg or .png) picks the format.
    #[arg(long)]
    out: PathBuf,
    /// Width and height in pixels.
    #[arg(long, value_parser = parse_size, default_value = "960x540")]
    size: (u32, u32),
    #[command(flatten)]
    limits: LimitArgs,
    #[command(flatten)]
    output: Output,
}

/// `WIDTHxHEIGHT` in pixels, each from 100 to 10000.
fn parse_size(text: &str) -> std::result::Result<(u32, u32), String> {
    let parse = |part: &str| {
        part.trim()
            .parse::<u32>()
            .ok()
            .filter(|pixels| (100..=10_000).contains(pixels))
            .ok_or_else(|| format!("'{part}' is not a size from 100 to 10000 pixels"))
    };
    let (width, height) = text
        .split_once('x')
        .ok_or_else(|| format!("expected WIDTHxHEIGHT such as 960x540, found '{text}'"))?;
    Ok((parse(width)?, parse(height)?))
}

/// The font family every label uses; registered once with the embedded font.
const FAMILY: &str = "sans-serif";

static FONT: &[u8] = include_bytes!("../fonts/DejaVuSans-subset.ttf");

/// The image formats `plot` writes, chosen by the output file's extension.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ImageFormat {
    /// Scalable vector graphics; text stays text.
    Svg,
    /// A bitmap.
    Png,
}

impl ImageFormat {
    /// The format for `path`'s extension.
    ///
    /// # Errors
    /// An extension other than `.svg` or `.png`.
    pub fn of(path: &Path) -> Result<ImageFormat> {
        let extension = path
            .extension()
            .and_then(|extension| extension.to_str())
            .map(str::to_ascii_lowercase);
        match extension.as_deref() {
            Some("svg") => Ok(ImageFormat::Svg),
            Some("png") => Ok(ImageFormat::Png),
            _ => bail!(
                "cannot tell the image format of '{}': the file name must end in .svg or .png",
                path.display()
            ),
        }
    }
}

/// Writes a plot of `report` to `path`, `width` by `height` pixels.
///
/// # Errors
/// The file cannot be written.
pub fn write(report: &SequenceReport, path: &Path, size: (u32, u32)) -> Result<()> {
    // Registering twice only replaces the same font, so this is safe to repeat.
    register_font(FAMILY, FontStyle::Normal, FONT)
        .map_err(|_| anyhow::anyhow!("the embedded font is not a valid font file"))?;
    let context = || format!("writing the plot to '{}'", path.display());
    match ImageFormat::of(path)? {
        ImageFormat::Svg => {
            let root = SVGBackend::new(path, size).into_drawing_area();
            draw(report, &root).with_context(context)?;
            root.present().with_context(context)?;
        }
        ImageFormat::Png => {
            let root = BitMapBackend::new(path, size).into_drawing_area();
            draw(report, &root).with_context(context)?;
            root.present().with_context(context)?;
        }
    }
    Ok(())
}

/// The caption under the title: what is known about the sequence's period.
fn period_note(report: &SequenceReport) -> String {
    match &report.periodicity {
        Some(period) => format!(
            "heaps 0 to {}, period {} from heap {} (proved)",
            report.to, period.period, period.preperiod
        ),
        None => format!("heaps 0 to {}, prefix only (no period proved)", report.to),
    }
}

fn draw<DB: DrawingBackend>(
    report: &SequenceReport,
    root: &DrawingArea<DB, Shift>,
) -> Result<(), DrawingAreaErrorKind<DB::ErrorType>>
where
    DB::ErrorType: 'static,
{
    root.fill(&WHITE)?;
    let (width, _) = root.dim_in_pixel();
    let title = format!("Grundy values g(n) of {}", report.rule);
    let root = root.titled(&title, (FAMILY, 22).into_font())?;
    let (area_width, _) = root.dim_in_pixel();
    let note_style = TextStyle::from((FAMILY, 14).into_font()).color(&RGBColor(90, 90, 90));
    let note = period_note(report);
    let (note_width, _) = root.estimate_text_size(&note, &note_style)?;
    let note_x = (area_width.saturating_sub(note_width) / 2) as i32;
    root.draw_text(&note, &note_style, (note_x, 0))?;
    let y_top = report.max_value + 1;
    let x_last = report.to.max(1);
    let mut chart = ChartBuilder::on(&root)
        .margin_top(24)
        .margin_left(12)
        .margin_right(24)
        .margin_bottom(12)
        .x_label_area_size(44)
        .y_label_area_size(52)
        .build_cartesian_2d(0u64..x_last, 0u64..y_top)?;
    chart
        .configure_mesh()
        .x_desc("heap n")
        .y_desc("g(n)")
        .label_style((FAMILY, 14))
        .axis_desc_style((FAMILY, 16))
        .light_line_style(RGBColor(235, 235, 235))
        .bold_line_style(RGBColor(210, 210, 210))
        .y_labels((y_top as usize + 1).min(12))
        .draw()?;
    let blue = RGBColor(31, 97, 170);
    chart.draw_series(LineSeries::new(
        report
            .values
            .iter()
            .enumerate()
            .map(|(n, &g)| (n as u64, g)),
        blue.mix(0.35).stroke_width(1),
    ))?;
    // Dots only while they stay apart; a long sequence reads better as the line alone.
    let dot_size = if report.values.len() as u32 <= width / 6 {
        3
    } else {
        1
    };
    chart.draw_series(
        report
            .values
            .iter()
            .enumerate()
            .map(|(n, &g)| Circle::new((n as u64, g), dot_size, blue.filled())),
    )?;
    Ok(())
}

impl Args {
    /// `grundy plot`: the values of heaps `0..=to` drawn to the image file; says on `out`
    /// which file it wrote.
    pub fn run(self, out: &mut impl std::io::Write) -> std::result::Result<(), Problem> {
        let path = &self.out;
        ImageFormat::of(path)?;
        let heap_rule = parse_rule(&self.rule)?;
        let sequence = analysis::heap_sequence(heap_rule, self.to, self.limits.limits())
            .map_err(with_input(&self.rule))?;
        write(&sequence, path, self.size)?;
        let report = ImageReport {
            schema: analysis::SCHEMA,
            file: path.display().to_string(),
            rule: sequence.rule,
            to: sequence.to,
            width: self.size.0,
            height: self.size.1,
        };
        emit(out, self.output.format, &report, |report| {
            format!(
                "wrote {}: Grundy values of {}, heaps 0 to {}, {}x{} pixels\n",
                report.file, report.rule, report.to, report.width, report.height
            )
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::asserts::assert_contains;
    use grundy::{heap::HeapSolver, spec};

    fn kayles(to: u64) -> SequenceReport {
        let rule = spec::parse_heap_rule("kayles").unwrap();
        let values = HeapSolver::new(rule.clone()).values(to).unwrap();
        grundy::analysis::sequence(rule.to_string(), &values)
    }

    #[test]
    fn formats_follow_the_extension() {
        assert_eq!(
            ImageFormat::of(Path::new("a.svg")).unwrap(),
            ImageFormat::Svg
        );
        assert_eq!(
            ImageFormat::of(Path::new("a.PNG")).unwrap(),
            ImageFormat::Png
        );
        assert!(ImageFormat::of(Path::new("a.jpg")).is_err());
        assert!(ImageFormat::of(Path::new("plot")).is_err());
    }

    #[test]
    fn svg_and_png_are_written() {
        let dir = std::env::temp_dir().join(format!("grundy-plot-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let report = kayles(40);
        let svg = dir.join("kayles.svg");
        write(&report, &svg, (800, 500)).unwrap();
        let text = std::fs::read_to_string(&svg).unwrap();
        assert_contains(
            &text,
            &["<svg", "Grundy values g(n) of kayles", "prefix only"],
        );
        // One dot per heap.
        assert_eq!(text.matches("<circle").count(), 41);
        let png = dir.join("kayles.png");
        write(&report, &png, (800, 500)).unwrap();
        let bytes = std::fs::read(&png).unwrap();
        assert_eq!(&bytes[..8], b"\x89PNG\r\n\x1a\n");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
