//! The partizan games on graphs as spec text: Hackenbush graphs (`hackenbush(g-a:l, a-b:r;
//! ground=g)`) and Col and Snort with their painted vertices (`col(a-b, b-c; a=l)`).

use super::Reader;
use crate::error::{Error, ErrorKind, Result};
use crate::partizan::games::{
    Colouring, ColouringGame, EdgeColour, GraphPosition, HackenbushGraph, PaintedGraph, Position,
};
use crate::spec::games::graph_inside;
use crate::spec::parser::Parser;

impl Reader<'_, '_> {
    /// Whether a Hackenbush string (letters `l`, `r`, `e` up to `)`) comes next.
    pub(super) fn is_string(&mut self) -> bool {
        let start = self.parser.position;
        self.parser.scan(|c| matches!(c, 'l' | 'r' | 'e'));
        let string = self.parser.peek() == Some(')');
        self.parser.position = start;
        string
    }

    /// A Hackenbush graph: edges `a-b:l` (`l` blue, `r` red, `e` green), then `; ground=a`.
    pub(super) fn hackenbush_graph(&mut self) -> Result<Position> {
        let at = self.parser.position;
        let mut names: Vec<String> = Vec::new();
        let mut vertex = |parser: &mut Parser<'_>| -> Result<usize> {
            let (_, name) = parser.identifier();
            if name.is_empty() {
                return Err(parser.unexpected("a vertex name"));
            }
            Ok(match names.iter().position(|known| known == name) {
                Some(known) => known,
                None => {
                    names.push(name.to_string());
                    names.len() - 1
                }
            })
        };
        let mut edges = Vec::new();
        self.parser.list(|parser| {
            parser.skip_space();
            let a = vertex(parser)?;
            parser.expect('-')?;
            let b = vertex(parser)?;
            parser.expect(':')?;
            let colour = match parser.peek() {
                Some('l') => EdgeColour::Blue,
                Some('r') => EdgeColour::Red,
                Some('e') => EdgeColour::Green,
                _ => return Err(parser.unexpected("a colour: l (blue), r (red) or e (green)")),
            };
            parser.position += 1;
            edges.push((a, b, colour));
            Ok(())
        })?;
        self.parser.expect(';')?;
        self.parser.skip_space();
        if !self.parser.eat_str("ground") {
            return Err(self.parser.unexpected("'ground=' and the ground vertex"));
        }
        self.parser.expect('=')?;
        self.parser.skip_space();
        let ground = vertex(&mut self.parser)?;
        let vertices = names.len();
        let graph = HackenbushGraph::new(vertices, ground, &edges)
            .map_err(|e| e.or_at(at..self.parser.position))?;
        Ok(Position::HackenbushGraph(Box::new(GraphPosition {
            standing: graph.start(),
            graph,
            names,
        })))
    }

    /// Col or Snort (`word`) on a graph, then, after `;`, its painted vertices `a=l` (blue)
    /// and `b=r` (red).
    pub(super) fn painted_graph(&mut self, word: &str) -> Result<Position> {
        let at = self.parser.position;
        let rule = if word == "col" {
            Colouring::Col
        } else {
            Colouring::Snort
        };
        let game = ColouringGame::new(rule, graph_inside(&mut self.parser)?);
        let (mut blue, mut red) = (0u128, 0u128);
        if self.parser.eat(';') {
            let graph = game.graph();
            self.parser.list(|parser| {
                parser.skip_space();
                let (start, name) = parser.identifier();
                let Some(v) = graph.vertex(name) else {
                    let reason = format!("'{name}' is not a vertex of the graph");
                    let end = start + name.len().max(1);
                    return Err(Error::at(ErrorKind::InvalidPosition { reason }, start..end));
                };
                parser.expect('=')?;
                parser.skip_space();
                match parser.peek() {
                    Some('l') => blue |= 1 << v,
                    Some('r') => red |= 1 << v,
                    _ => return Err(parser.unexpected("a colour: l (blue) or r (red)")),
                }
                parser.position += 1;
                Ok(())
            })?;
        }
        let painted =
            PaintedGraph::new(game, blue, red).map_err(|e| e.or_at(at..self.parser.position))?;
        Ok(Position::Colouring(Box::new(painted)))
    }
}
