//! The thermograph of a partizan value drawn as SVG, one picture for every face: the CLI's
//! `grundy thermograph`, the page's partizan card and Jupyter's `_repr_svg_` all show this
//! text. Pure string building from the walls ([`Thermograph`]); nothing is measured.
//!
//! As in *Winning Ways* and CGSuite, values grow to the **left** (Left's side) and temperature
//! upwards: Left's wall (blue) starts at the left stop, Right's (red) at the right stop, and
//! above the temperature both are the mast at the mean.
//!
//! ```
//! let report = grundy::analysis::thermograph::report_of("{3|1}")?;
//! assert_eq!((report.mean.as_str(), report.temperature.as_str()), ("2", "1"));
//! assert!(report.svg.starts_with("<svg") && report.svg.contains("class=\"left-wall\""));
//! # Ok::<(), grundy::Error>(())
//! ```

use std::fmt::Write as _;

use serde::Serialize;

use super::partizan::Walls;
use super::SCHEMA;
use crate::error::Result;
use crate::partizan::{Dyadic, Game, Games, Thermograph, Wall};

/// The picture's size in pixels.
const WIDTH: f64 = 480.0;
const HEIGHT: f64 = 320.0;
/// Room around the plot: left, right, top, bottom.
const MARGIN: (f64, f64, f64, f64) = (40.0, 40.0, 36.0, 44.0);

/// A thermograph, as data and as a picture.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ThermographReport {
    /// [`SCHEMA`].
    pub schema: u32,
    /// The text asked about.
    pub spec: String,
    /// Its canonical form.
    pub canonical: String,
    /// The temperature.
    pub temperature: String,
    /// The mean.
    pub mean: String,
    /// Its walls.
    #[serde(flatten)]
    pub walls: Walls,
    /// The picture: a standalone SVG document.
    pub svg: String,
}

/// The thermograph report of `g`, asked as `spec`.
///
/// # Errors
/// As [`Games::thermograph`].
pub fn report(games: &mut Games, g: Game, spec: &str) -> Result<ThermographReport> {
    let canonical = games.format(g)?;
    named(games, g, spec, canonical)
}

/// The thermograph report of an impartial game of Grundy value `n`, asked as `spec`: the game
/// equals the nimber `*n`, and its thermograph is the library's thermograph of `*n` (for
/// `n >= 1` that of `*`: every `*n` is infinitesimal with both stops 0, cooled to 0 above
/// temperature 0, so all have one thermograph, a mast at 0; `0` is the mast of a number).
///
/// # Errors
/// None in practice (`*` and `0` always fit the table); a `Result` like [`report`].
///
/// # Example
/// ```
/// let report = grundy::analysis::thermograph::of_nimber(3, "kayles(3)")?;
/// assert_eq!((report.canonical.as_str(), report.mean.as_str()), ("*3", "0"));
/// # Ok::<(), grundy::Error>(())
/// ```
pub fn of_nimber(n: u64, spec: &str) -> Result<ThermographReport> {
    let mut games = Games::new();
    let g = games.nimber(n.min(1))?;
    let canonical = match n {
        0 => "0".to_string(),
        1 => "*".to_string(),
        n => format!("*{n}"),
    };
    named(&mut games, g, spec, canonical)
}

/// The thermograph report of `g`, asked as `spec`, its canonical form written `canonical`.
fn named(games: &mut Games, g: Game, spec: &str, canonical: String) -> Result<ThermographReport> {
    let thermograph = games.thermograph(g)?;
    Ok(ThermographReport {
        schema: SCHEMA,
        spec: spec.to_string(),
        svg: svg(&thermograph, &canonical),
        canonical,
        temperature: thermograph.temperature.to_string(),
        mean: thermograph.mean.to_string(),
        walls: Walls::of(&thermograph),
    })
}

/// The thermograph report of a partizan game written as spec text
/// ([`crate::spec::parse_partizan_sum`]), with the default limits.
///
/// # Errors
/// As [`crate::spec::parse_partizan_sum`] and [`report`].
pub fn report_of(text: &str) -> Result<ThermographReport> {
    let mut sum = crate::spec::parse_partizan_sum(text, crate::spec::Options::default())?;
    let value = sum.canonical()?;
    report(&mut sum.games, value, text.trim())
}

/// An approximation of `x` for drawing.
fn float(x: Dyadic) -> f64 {
    // Pictures need no exactness: numerators are below 2^101, exponents at most 100.
    x.numerator() as f64 / 2f64.powi(i32::try_from(x.exponent()).unwrap_or(i32::MAX))
}

/// Where values and temperatures land on the picture: one scale for both, so that walls of
/// slope ±1 are drawn at 45 degrees, as in the books.
#[derive(Clone, Copy, Debug)]
struct Frame {
    /// The value at the left edge of the plot (the largest) and at the right edge.
    high: f64,
    low: f64,
    /// The temperature at the top of the plot (the bottom is 0).
    top: f64,
    /// Pixels per unit of value and of temperature.
    scale: f64,
}

/// The plot's width and height in pixels.
const PLOT: (f64, f64) = (WIDTH - MARGIN.0 - MARGIN.1, HEIGHT - MARGIN.2 - MARGIN.3);

impl Frame {
    fn new(thermograph: &Thermograph) -> Frame {
        let walls = [&thermograph.left, &thermograph.right];
        let values: Vec<f64> = walls
            .iter()
            .flat_map(|wall| wall.pieces().iter().map(|piece| float(piece.value)))
            .collect();
        let hottest = walls
            .iter()
            .flat_map(|wall| wall.pieces().iter().map(|piece| float(piece.start)))
            .fold(float(thermograph.temperature).max(0.0), f64::max);
        let (high, low) = values
            .iter()
            .fold((f64::MIN, f64::MAX), |(h, l), &v| (h.max(v), l.min(v)));
        let pad = ((high - low) * 0.1).max(0.5);
        let (high, low) = (high + pad, low - pad);
        let top = hottest + (hottest * 0.25).max(1.0);
        let scale = (PLOT.0 / (high - low)).min(PLOT.1 / top);
        // Widen the view to fill the plot at that scale, the walls in the middle.
        let widen = (PLOT.0 / scale - (high - low)) / 2.0;
        Frame {
            high: high + widen,
            low: low - widen,
            top: PLOT.1 / scale,
            scale,
        }
    }

    fn x(self, value: f64) -> f64 {
        MARGIN.0 + (self.high - value) * self.scale
    }

    fn y(self, t: f64) -> f64 {
        HEIGHT - MARGIN.3 - t * self.scale
    }

    /// The value and temperature drawn at pixel `(x, y)`.
    #[cfg(test)]
    fn back(self, x: f64, y: f64) -> (f64, f64) {
        (
            self.high - (x - MARGIN.0) / self.scale,
            (HEIGHT - MARGIN.3 - y) / self.scale,
        )
    }
}

/// Text made safe inside an SVG element or attribute.
fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// The corners of `wall` from temperature 0 to the top of `frame`, as `x,y` pixel pairs.
fn points(wall: &Wall, frame: Frame) -> String {
    let mut corners: Vec<(f64, f64)> = wall
        .pieces()
        .iter()
        .map(|piece| (float(piece.value), float(piece.start)))
        .collect();
    if let Some(last) = wall.pieces().last() {
        let rise = frame.top - float(last.start);
        let value = float(last.value) + f64::from(last.slope) * rise;
        corners.push((value, frame.top));
    }
    let pairs: Vec<String> = corners
        .iter()
        .map(|&(value, t)| format!("{:.2},{:.2}", frame.x(value), frame.y(t)))
        .collect();
    pairs.join(" ")
}

/// The thermograph as a standalone SVG document, titled with `canonical`.
pub fn svg(thermograph: &Thermograph, canonical: &str) -> String {
    let frame = Frame::new(thermograph);
    let title = escape(&format!("Thermograph of {canonical}"));
    let mut out = String::new();
    let _ = write!(
        out,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"thermograph\" width=\"{WIDTH}\" \
         height=\"{HEIGHT}\" viewBox=\"0 0 {WIDTH} {HEIGHT}\" role=\"img\" \
         font-family=\"sans-serif\" font-size=\"12\"><title>{title}</title>\
         <rect width=\"100%\" height=\"100%\" fill=\"white\"/>"
    );
    let (axis_y, left_edge, right_edge) = (frame.y(0.0), frame.x(frame.high), frame.x(frame.low));
    let _ = write!(
        out,
        "<line class=\"axis\" x1=\"{left_edge:.2}\" y1=\"{axis_y:.2}\" x2=\"{right_edge:.2}\" \
         y2=\"{axis_y:.2}\" stroke=\"#888\"/>"
    );
    let temperature = float(thermograph.temperature);
    if temperature > 0.0 {
        let y = frame.y(temperature);
        let _ = write!(
            out,
            "<line class=\"temperature\" x1=\"{left_edge:.2}\" y1=\"{y:.2}\" \
             x2=\"{right_edge:.2}\" y2=\"{y:.2}\" stroke=\"#bbb\" stroke-dasharray=\"4 3\"/>\
             <text x=\"{:.2}\" y=\"{:.2}\" text-anchor=\"end\" fill=\"#666\">t = {}</text>",
            right_edge,
            y - 4.0,
            escape(&thermograph.temperature.to_string())
        );
    }
    // The stops and the mean, labelled under the axis (once each).
    let mut marks: Vec<Dyadic> = Vec::new();
    for mark in [
        thermograph.left.pieces()[0].value,
        thermograph.mean,
        thermograph.right.pieces()[0].value,
    ] {
        if !marks.contains(&mark) {
            marks.push(mark);
        }
    }
    for mark in marks {
        let x = frame.x(float(mark));
        let _ = write!(
            out,
            "<line x1=\"{x:.2}\" y1=\"{axis_y:.2}\" x2=\"{x:.2}\" y2=\"{:.2}\" stroke=\"#888\"/>\
             <text class=\"tick\" x=\"{x:.2}\" y=\"{:.2}\" text-anchor=\"middle\">{}</text>",
            axis_y + 5.0,
            axis_y + 18.0,
            escape(&mark.to_string())
        );
    }
    for (class, wall, colour) in [
        ("right-wall", &thermograph.right, "#c0392b"),
        ("left-wall", &thermograph.left, "#1f5fbf"),
    ] {
        let _ = write!(
            out,
            "<polyline class=\"{class}\" points=\"{}\" fill=\"none\" stroke=\"{colour}\" \
             stroke-width=\"2\" stroke-linejoin=\"round\"/>",
            points(wall, frame)
        );
    }
    let _ = write!(
        out,
        "<text x=\"{left_edge:.2}\" y=\"{:.2}\" fill=\"#1f5fbf\">Left</text>\
         <text x=\"{right_edge:.2}\" y=\"{:.2}\" text-anchor=\"end\" fill=\"#c0392b\">Right</text>\
         <text x=\"{:.2}\" y=\"18\" text-anchor=\"middle\">{title}</text></svg>",
        HEIGHT - 8.0,
        HEIGHT - 8.0,
        WIDTH / 2.0,
    );
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The polyline of `class`, as (value, temperature) pairs read back through the frame.
    fn wall_points(svg: &str, class: &str, frame: Frame) -> Vec<(f64, f64)> {
        let start = svg.find(&format!("class=\"{class}\" points=\"")).unwrap();
        let rest = &svg[start..];
        let rest = &rest[rest.find("points=\"").unwrap() + 8..];
        let text = &rest[..rest.find('"').unwrap()];
        text.split(' ')
            .map(|pair| {
                let (x, y) = pair.split_once(',').unwrap();
                frame.back(x.parse().unwrap(), y.parse().unwrap())
            })
            .collect()
    }

    /// Each wall's corners, read back from the picture, lie on the wall at their temperature,
    /// start at the stop, and reach the mast at the mean; larger values lie further left.
    #[test]
    fn the_picture_is_the_walls() {
        let mut games = Games::new();
        for text in [
            "{3|1}",
            "{2|0||-1}",
            "+-1 + {4|2}",
            "^",
            "3/4",
            "-2",
            "{5|{2|-3}}",
            "domineering(3x3)",
            "toads(tt..f.ff)",
        ] {
            let g = crate::spec::parse_partizan(text, &mut games).unwrap();
            let thermograph = games.thermograph(g).unwrap();
            let svg = svg(&thermograph, text);
            let frame = Frame::new(&thermograph);
            let tolerance = 0.02 * (frame.high - frame.low).max(frame.top);
            for (class, wall) in [
                ("left-wall", &thermograph.left),
                ("right-wall", &thermograph.right),
            ] {
                let corners = wall_points(&svg, class, frame);
                assert_eq!(corners.len(), wall.pieces().len() + 1, "{text} {class}");
                for (corner, piece) in corners.iter().zip(wall.pieces()) {
                    assert!((corner.1 - float(piece.start)).abs() < tolerance, "{text}");
                    assert!((corner.0 - float(piece.value)).abs() < tolerance, "{text}");
                }
                let (top_value, top_t) = corners[corners.len() - 1];
                assert!((top_t - frame.top).abs() < tolerance, "{text}");
                assert!(
                    (top_value - float(thermograph.mean)).abs() < tolerance,
                    "{text}"
                );
                assert!((corners[0].1).abs() < tolerance, "{text}: starts at t = 0");
            }
            let (left, right) = (
                wall_points(&svg, "left-wall", frame)[0],
                wall_points(&svg, "right-wall", frame)[0],
            );
            assert!(
                left.0 >= right.0 - tolerance,
                "{text}: left stop >= right stop"
            );
            assert!(
                frame.x(left.0) <= frame.x(right.0) + 0.01,
                "{text}: Left on the left"
            );
            // One scale: a wall of slope 1 climbs as far as it moves.
            assert!(((frame.x(0.0) - frame.x(1.0)) - (frame.y(0.0) - frame.y(1.0))).abs() < 1e-9);
        }
    }

    #[test]
    fn titles_are_escaped_and_numbers_are_masts() {
        let report = report_of("2").unwrap();
        assert_eq!(report.walls.left_wall, report.walls.right_wall);
        assert!(!report.svg.contains("class=\"temperature\""));
        assert_eq!(escape("{a<b}&\""), "{a&lt;b}&amp;&quot;");
    }

    /// An impartial game's thermograph is the library's thermograph of its nimber `*n`, for
    /// every `n` (the walls of `*n` are those of `*` for `n >= 1`); `ask::thermograph_of`'s
    /// example asks it of a Kayles row.
    #[test]
    fn impartial_games_are_their_nimbers() {
        let mut games = Games::new();
        for n in 0..=8 {
            let star = games.nimber(n).unwrap();
            let direct = report(&mut games, star, "x").unwrap();
            let ours = of_nimber(n, "x").unwrap();
            assert_eq!(ours, direct, "*{n}");
            assert_eq!(ours.mean, "0");
        }
        let big = of_nimber(1000, "nim(1000)").unwrap();
        assert_eq!(big.canonical, "*1000");
        assert_eq!(big.walls, of_nimber(1, "x").unwrap().walls);
    }
}
