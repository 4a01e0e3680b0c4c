//! One term of a sum: `0`, `*n`, a heap rule with its heaps, or a game of the table with its
//! positions. The game's name picks its row of [`super::games`], which reads the rest.

use super::games::{self, Read};
use super::parser::Parser;
use super::suggest::unknown_game;
use crate::error::Result;
use crate::heap::HeapSolver;
use crate::rules::{HeapRule, Nim};
use crate::sum::{RulesetTerm, Term};

impl<'a> Parser<'a> {
    /// The name of a game: an identifier, or a take-and-break code.
    pub(super) fn rule_name(&mut self) -> Result<String> {
        match self.peek() {
            Some(c) if c.is_ascii_digit() || c == '.' => {
                let (_, code) = self.code();
                Ok(code.to_string())
            }
            Some(c) if c.is_ascii_alphabetic() => Ok(self.identifier().1.to_string()),
            _ => Err(self.unexpected("a game such as nim(3,4,5) or kayles(13)")),
        }
    }

    /// The characters of a take-and-break code (`0.137`, `4.[3]`, `0.3F`) and their start.
    pub(super) fn code(&mut self) -> (usize, &'a str) {
        self.scan(|c| c.is_ascii_hexdigit() || matches!(c, '.' | '[' | ']'))
    }

    /// One term of a sum.
    pub(super) fn term(&mut self) -> Result<Box<dyn Term>> {
        self.skip_space();
        let start = self.position;
        if self.eat('*') {
            let heap = self.number("a nimber after '*'")?;
            return Ok(self.heap_term(HeapRule::Nim(Nim), vec![heap]));
        }
        let name = self.rule_name()?;
        if name == "0" && self.peek() != Some('(') {
            return Ok(self.heap_term(HeapRule::Nim(Nim), Vec::new()));
        }
        match games::find(&name) {
            Some(Read::Heaps(read)) => {
                let rule = read(self, &name, start)?;
                if self.peek() != Some('(') {
                    return Err(self.unexpected(&format!(
                        "'(' and heap sizes: a game needs its heaps, such as {rule}(13)"
                    )));
                }
                self.expect('(')?;
                let heaps = self.numbers("a heap size (a whole number >= 0)", ')')?;
                self.expect(')')?;
                Ok(self.heap_term(rule, heaps))
            }
            Some(Read::Positions(read)) => read(self, &name),
            None => Err(unknown_game(&name, start..self.position)),
        }
    }

    /// A term of `rule` on the non-empty `heaps`.
    fn heap_term(&self, rule: HeapRule, heaps: Vec<u64>) -> Box<dyn Term> {
        let heaps = heaps.into_iter().filter(|&heap| heap > 0).collect();
        Box::new(RulesetTerm::new(
            HeapSolver::with_limits(rule, self.options.limits),
            heaps,
        ))
    }
}
