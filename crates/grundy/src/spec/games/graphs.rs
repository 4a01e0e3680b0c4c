//! Games on graphs: `digraph(a>b, b>c; a)` (a token moved along arcs, from an edge list or an
//! included file `digraph(@edges.txt; a)`), `green(a-b, b-c; ground=a)` (Green Hackenbush),
//! and Node and Arc Kayles on a family (`nodekayles(path(10))`, `grid(3x5)`, `petersen`) or
//! edges (`arckayles(a-b, b-c)`).

use super::{rectangle, solved, term, unless_over};
use crate::error::{Error, ErrorKind, Result};
use crate::positional;
use crate::rules::{
    ArcKayles, Digraph, Graph, GreenHackenbush, KaylesGraph, KaylesSolver, NodeKayles, VertexSet,
    MAX_VERTICES,
};
use crate::spec::parser::Parser;
use crate::spec::Options;
use crate::sum::Term;

/// Vertex names in order of appearance, and edges between their indices.
#[derive(Default)]
struct Edges {
    names: Vec<String>,
    edges: Vec<(usize, usize)>,
}

impl Edges {
    fn index(&mut self, name: &str) -> usize {
        self.names
            .iter()
            .position(|n| n == name)
            .unwrap_or_else(|| {
                self.names.push(name.to_string());
                self.names.len() - 1
            })
    }
}

/// `digraph(a>b, a>c; a)` or `digraph(@edges.txt; a, b)`: tokens on vertices.
pub(super) fn digraph(parser: &mut Parser<'_>, _: &str) -> Result<Box<dyn Term>> {
    parser.expect('(')?;
    let mut edges = Edges::default();
    if parser.peek() == Some('@') {
        let included = parser.include()?;
        // Lines of edges, comments after `#`, as one list.
        let text: Vec<&str> = included
            .text
            .lines()
            .flat_map(|line| line.split('#').next().unwrap_or("").split(','))
            .map(str::trim)
            .filter(|edge| !edge.is_empty())
            .collect();
        let text = text.join(",");
        let mut inner = Parser::new(&text, Options::default());
        read_edges(&mut inner, '>', &mut edges)
            .and_then(|()| inner.end())
            .map_err(|error| included.error(format!("not a list of edges such as a>b: {error}")))?;
    } else {
        read_edges(parser, '>', &mut edges)?;
    }
    parser.expect(';')?;
    let mut tokens = Vec::new();
    parser.list(|parser| {
        let (start, name) = vertex_name(parser)?;
        tokens.push((name, start..parser.position));
        Ok(())
    })?;
    parser.expect(')')?;
    let graph = Digraph::new(edges.names, edges.edges)?;
    let mut positions = Vec::new();
    for (name, span) in tokens {
        let vertex = graph.vertex(name).ok_or_else(|| {
            let reason = format!("the token is on '{name}', which is not a vertex of the graph");
            Error::at(ErrorKind::InvalidPosition { reason }, span)
        })?;
        positions.push(vertex);
    }
    Ok(solved(parser, graph, positions))
}

/// `green(a-b, b-c, a-c; ground=a)`.
pub(super) fn green(parser: &mut Parser<'_>, _: &str) -> Result<Box<dyn Term>> {
    parser.expect('(')?;
    let mut edges = Edges::default();
    read_edges(parser, '-', &mut edges)?;
    parser.expect(';')?;
    if !parser.eat_str("ground") {
        return Err(parser.unexpected("'ground=' and the ground vertex"));
    }
    parser.expect('=')?;
    let (start, ground) = vertex_name(parser)?;
    let span = start..parser.position;
    parser.expect(')')?;
    let index = edges.names.iter().position(|name| name == ground);
    let ground = index.ok_or_else(|| {
        let reason = format!("the ground '{ground}' is not a vertex of the graph");
        Error::at(ErrorKind::InvalidPosition { reason }, span)
    })?;
    let game = GreenHackenbush::new(edges.names, edges.edges, ground)?;
    let position = game.start().into_iter().collect();
    Ok(solved(parser, game, position))
}

/// `nodekayles(path(10))`.
pub(super) fn node_kayles(parser: &mut Parser<'_>, _: &str) -> Result<Box<dyn Term>> {
    let game = NodeKayles::new(kayles_graph(parser, &NODE_KAYLES_STRIPS)?);
    Ok(kayles_term(parser, game))
}

/// `arckayles(a-b, b-c)`.
pub(super) fn arc_kayles(parser: &mut Parser<'_>, _: &str) -> Result<Box<dyn Term>> {
    let game = ArcKayles::new(kayles_graph(parser, &ARC_KAYLES_STRIPS)?);
    Ok(kayles_term(parser, game))
}

/// What Node or Arc Kayles is on paths and cycles (the `kayles_graph` module's docs): on a
/// path, the octal game `code`; on a cycle, every move takes `taken` vertices and leaves a path.
struct Strips {
    game: &'static str,
    code: &'static str,
    taken: u64,
}

/// Node Kayles on a path is Dawson's Chess; a move on a cycle takes three vertices.
const NODE_KAYLES_STRIPS: Strips = Strips {
    game: "Node Kayles",
    code: "0.137",
    taken: 3,
};

/// Arc Kayles on a path is Dawson's Kayles; a move on a cycle takes two vertices.
const ARC_KAYLES_STRIPS: Strips = Strips {
    game: "Arc Kayles",
    code: "0.07",
    taken: 2,
};

/// The graph of `nodekayles(...)` or `arckayles(...)`. A path or a cycle past
/// [`MAX_VERTICES`] is refused with the octal game to ask instead, which the heap engine
/// values at any length.
fn kayles_graph(parser: &mut Parser<'_>, strips: &Strips) -> Result<Graph> {
    let start = parser.position;
    graph_argument(parser).map_err(|error| {
        let ErrorKind::InvalidPosition { reason } = error.kind() else {
            return error;
        };
        parser.position = start;
        let mut family = || -> Result<(&str, u64)> {
            parser.expect('(')?;
            parser.skip_space();
            let (_, word) = parser.identifier();
            parser.expect('(')?;
            let n = parser.number("")?;
            parser.expect(')')?;
            Ok((word, n))
        };
        let Strips { game, code, taken } = strips;
        let hint = match family() {
            Ok(("path", n)) if n > MAX_VERTICES as u64 => {
                format!("{game} on a path is the octal game {code}: ask for {code}({n})")
            }
            Ok(("cycle", n)) if n > MAX_VERTICES as u64 => {
                let left = n - taken;
                format!(
                    "{game} on a cycle has one option, a path of {left} vertices, which is \
                     the octal game {code}: the cycle's value is 1 when {code}({left})'s is 0, \
                     else 0"
                )
            }
            _ => return error,
        };
        let reason = format!("{reason}; {hint}");
        Error::at(
            ErrorKind::InvalidPosition { reason },
            error.span().unwrap_or(start..parser.position),
        )
    })
}

/// A term of Node Kayles or Arc Kayles on the whole of `game`'s graph (no component when no
/// move is left), valued by the positional search.
fn kayles_term<G: KaylesGraph>(parser: &Parser<'_>, game: G) -> Box<dyn Term> {
    let all = game.graph().all();
    let mut live = false;
    game.graph()
        .components(all, |part| live |= game.is_live(part));
    let positions = unless_over(!live, VertexSet(all));
    let threads = positional::default_threads();
    term(
        KaylesSolver::new(game, parser.options.limits, threads),
        positions,
    )
}

/// A vertex name: letters, digits and `_`.
fn vertex_name<'a>(parser: &mut Parser<'a>) -> Result<(usize, &'a str)> {
    let (start, name) = parser.identifier();
    if name.is_empty() {
        return Err(parser.unexpected("a vertex name"));
    }
    Ok((start, name))
}

/// Edges `a>b, b>c>d, e` (a bare name is an isolated vertex) up to `;`.
fn read_edges(parser: &mut Parser<'_>, arrow: char, edges: &mut Edges) -> Result<()> {
    if parser.peek() == Some(';') {
        return Ok(());
    }
    parser.list(|parser| {
        let (_, first) = vertex_name(parser)?;
        let mut previous = edges.index(first);
        while parser.eat(arrow) {
            let (_, next) = vertex_name(parser)?;
            let next = edges.index(next);
            edges.edges.push((previous, next));
            previous = next;
        }
        Ok(())
    })
}

/// The graph of `nodekayles(...)`, `arckayles(...)`, `col(...)` or `snort(...)`, parentheses
/// included: a family (`path(10)`, `cycle(5)`, `complete(4)`, `grid(3x5)`, `petersen`) or edges
/// `a-b, b-c`.
pub(in crate::spec) fn graph_argument(parser: &mut Parser<'_>) -> Result<Graph> {
    parser.expect('(')?;
    let graph = graph_inside(parser)?;
    parser.expect(')')?;
    Ok(graph)
}

/// A graph as [`graph_argument`] reads it, without the parentheses around it: a family
/// (`path(5)`, `grid(3x5)`, `petersen`) or edges `a-b, b-c`.
pub(in crate::spec) fn graph_inside(parser: &mut Parser<'_>) -> Result<Graph> {
    parser.skip_space();
    let start = parser.position;
    let (_, word) = parser.identifier();
    let graph = match word {
        "path" | "cycle" | "complete" if parser.peek() == Some('(') => {
            parser.expect('(')?;
            let n = parser.number("a number of vertices")?;
            parser.expect(')')?;
            match word {
                "path" => Graph::path(n),
                "cycle" => Graph::cycle(n),
                _ => Graph::complete(n),
            }
        }
        "grid" if parser.peek() == Some('(') => {
            parser.expect('(')?;
            let (rows, columns) = rectangle(parser, "a grid", "grid(3x5)")?;
            parser.expect(')')?;
            Graph::grid(rows, columns)
        }
        "petersen" if matches!(parser.peek(), Some(')' | ';')) => Ok(Graph::petersen()),
        _ => {
            parser.position = start;
            let mut edges = Edges::default();
            read_edges(parser, '-', &mut edges)?;
            Graph::new(edges.names, &edges.edges)
        }
    };
    graph.map_err(|e| e.or_at(start..parser.position))
}
