//! Partizan values in CGSuite's notation, and the partizan rulesets' positions, read into a
//! [`Games`] table.
//!
//! ```text
//! value    := term (('+' | '-' | '+-') term)*               a +- b is a + {b | -b}
//! term     := '-' term | '+-' term | postfix
//! postfix  := primary ('.Tiny' | '.Miny')*                  2.Tiny = {0 || 0 | -2}
//! primary  := '(' value ')' | '{' options '}' | nus
//!           | 'Tiny(' value ')' | 'Miny(' value ')'
//!           | 'hackenbush(' [lre]* ')'                      edges from the ground up
//!           | 'hackenbush(' edge (',' edge)* ';ground=' name ')'     edge: a-b:l (b-c:r, c-c:e)
//!           | 'domineering(' board ')' | 'cutcake(' number 'x' number ')'
//!           | 'toads(' [tfTF.]* ')' | 'clobber(' [XO.]* ('/' [XO.]*)* ')'
//!           | ('col' | 'snort') '(' graph (';' paint (',' paint)*)? ')'   graph: path(5), a-b, ...
//!           | impartial                     a named impartial game, kayles(5): the nimber *g
//! paint    := name '=' ('l' | 'r')                          a vertex painted blue (l) or red (r)
//! board    := number 'x' number | [ox]+ ('/' [ox]+)*       rows x columns, o empty
//! options  := values and bars: {1|0}, {2|0||-1}, {0,*|}     the longest run of bars splits
//! nus      := number? ups? star?  (one at least)            3/4, *2, ^, v3, 73/16v9*8, 3/4v[3]*
//! number   := digits ('/' digits)?                          a power of two below the bar
//! ups      := '^'+ digits? | 'v'+ digits?                    ^^ is 2 ups, ^3 is 3
//!           | ('^' | 'v') ('<' digits '>' | '[' digits ']')  ^<2> = {0|v*}, ^[2] = ^ + ^<2>
//! star     := '*' digits?
//! ```

use super::parser::Parser;
use super::Options;
use crate::error::{Error, ErrorKind, Result};
use crate::game::Limits;
use crate::partizan::games::{ClobberBoard, Grid, Position};
use crate::partizan::{ComponentMove, Game, Games};

mod graphs;
mod impartial;
mod nus;
mod sum;

pub use sum::{parse_any_with, parse_partizan_sum, AnyGame};

/// The names of the partizan grammar; any other name is read as an impartial game, worth the
/// nimber of its Grundy value (`impartial.rs`).
const PARTIZAN_NAMES: [&str; 9] = [
    "Tiny",
    "Miny",
    "hackenbush",
    "toads",
    "domineering",
    "cutcake",
    "clobber",
    "col",
    "snort",
];

/// How deeply braces and parentheses may nest.
pub const MAX_DEPTH: usize = 100;

/// The most edges of a Hackenbush string, squares of a Toads and Frogs strip, and units of a
/// side of a cake (each move recurses once, so these bound the depth).
pub const MAX_LENGTH: usize = 256;

/// Reads a partizan value in CGSuite's notation, or a sum of positions of the partizan
/// rulesets, into `games`.
///
/// # Errors
/// Syntax errors with their span; numbers beyond the range kept exactly; the table's limits.
///
/// # Example
/// ```
/// use grundy::partizan::Games;
/// let mut games = Games::new();
/// let g = grundy::spec::parse_partizan("{1|0} + ^ + *2", &mut games)?;
/// assert_eq!(games.format(g)?, "{1^*2|^*2}");
/// let d = grundy::spec::parse_partizan("domineering(2x2)", &mut games)?;
/// assert_eq!(games.format(d)?, "+-1");
/// # Ok::<(), grundy::Error>(())
/// ```
pub fn parse_partizan(text: &str, games: &mut Games) -> Result<Game> {
    let mut reader = Reader::new(text, Options::default(), games);
    let value = reader.value()?;
    reader.parser.end()?;
    Ok(value)
}

struct Reader<'a, 'g> {
    parser: Parser<'a>,
    games: &'g mut Games,
    depth: usize,
    /// The rulesets' limits, and their work so far.
    limits: Limits,
    work: u64,
    /// Whether top-level ruleset positions list their moves, and the last one's.
    want_moves: bool,
    moves: Option<sum::TermMoves>,
    /// Why the last top-level position has no value, when it was too large to value.
    unvalued: Option<Error>,
}

impl<'a, 'g> Reader<'a, 'g> {
    fn new(text: &'a str, options: Options<'a>, games: &'g mut Games) -> Reader<'a, 'g> {
        Reader {
            parser: Parser::new(text, options),
            games,
            depth: 0,
            limits: options.limits,
            work: 0,
            want_moves: false,
            moves: None,
            unvalued: None,
        }
    }
}

/// One item between braces.
enum Item {
    Value(Game),
    Comma,
    Bars(usize),
}

impl Reader<'_, '_> {
    fn syntax(&mut self, expected: &str) -> Error {
        self.parser.unexpected(expected)
    }

    fn value(&mut self) -> Result<Game> {
        let mut total = self.term()?;
        loop {
            if self.parser.eat_str("+-") {
                let b = self.term()?;
                let switch = self.games.switch(b)?;
                total = self.games.add(total, switch)?;
            } else if self.parser.eat('+') {
                let b = self.term()?;
                total = self.games.add(total, b)?;
            } else if self.parser.eat('-') {
                let b = self.term()?;
                total = self.games.sub(total, b)?;
            } else {
                return Ok(total);
            }
        }
    }

    fn nested<T>(&mut self, read: impl FnOnce(&mut Self) -> Result<T>) -> Result<T> {
        if self.depth >= MAX_DEPTH {
            let start = self.parser.position;
            return Err(Error::at(
                ErrorKind::NumberTooLarge {
                    text: "nesting".to_string(),
                    max: MAX_DEPTH as u128,
                },
                start..start + 1,
            ));
        }
        self.depth += 1;
        let result = read(self);
        self.depth -= 1;
        result
    }

    fn term(&mut self) -> Result<Game> {
        self.nested(|reader| {
            if reader.parser.eat_str("+-") {
                if reader.parser.peek() == Some('{') {
                    return reader.switch_of_options();
                }
                let g = reader.term()?;
                return reader.games.switch(g);
            }
            if reader.parser.eat('-') {
                if reader.parser.text[reader.parser.position..]
                    .starts_with(|c: char| c.is_ascii_digit())
                {
                    // CGSuite's -1v is (-1) + v: the sign belongs to the number.
                    return reader.nus(true);
                }
                let g = reader.term()?;
                return reader.games.neg(g);
            }
            let mut g = reader.primary()?;
            loop {
                if reader.parser.eat_str(".Tiny") {
                    g = reader.games.tiny(g)?;
                } else if reader.parser.eat_str(".Miny") {
                    g = reader.games.miny(g)?;
                } else {
                    return Ok(g);
                }
            }
        })
    }

    fn primary(&mut self) -> Result<Game> {
        match self.parser.peek() {
            Some('(') => {
                self.parser.expect('(')?;
                let g = self.value()?;
                self.parser.expect(')')?;
                Ok(g)
            }
            Some('{') => {
                self.parser.expect('{')?;
                let g = self.braces()?;
                self.parser.expect('}')?;
                Ok(g)
            }
            Some(c) if c.is_ascii_alphabetic() && c != 'v' => self.named(),
            Some(c) if c == 'v' && self.word_follows() => self.named(),
            _ => self.nus(false),
        }
    }

    /// Whether a word of more than `v`s and digits comes next (a name, not downs).
    fn word_follows(&mut self) -> bool {
        let start = self.parser.position;
        let (_, word) = self.parser.identifier();
        self.parser.position = start;
        word.chars().any(|c| c != 'v' && !c.is_ascii_digit())
    }

    fn named(&mut self) -> Result<Game> {
        let (start, word) = self.parser.identifier();
        let word = word.to_string();
        if !PARTIZAN_NAMES.contains(&word.as_str()) {
            return self.impartial(start);
        }
        self.parser.expect('(')?;
        if word == "Tiny" || word == "Miny" {
            let inner = self.value()?;
            self.parser.expect(')')?;
            return if word == "Tiny" {
                self.games.tiny(inner)
            } else {
                self.games.miny(inner)
            };
        }
        let at = self.parser.position;
        let position = if word == "hackenbush" && !self.is_string() {
            self.hackenbush_graph()?
        } else if word == "col" || word == "snort" {
            self.painted_graph(&word)?
        } else {
            self.position(&word, start)?
        };
        let span = at..self.parser.position;
        self.parser.expect(')')?;
        let with_moves = self.depth == 1 && self.want_moves;
        let valued = match position.value(self.games, self.limits, self.work, with_moves) {
            Ok(valued) => valued,
            Err(error) if with_moves && crate::partizan::search::too_large(&error) => {
                // Kept as a position for the outcome search, charged half the work left (so
                // that the attempts of a sum's terms add up to at most the limit twice).
                let left = self.limits.max_work.saturating_sub(self.work);
                self.work = self.work.saturating_add(left / 2);
                let listed = |left: bool| -> Vec<ComponentMove> {
                    let options = position.options(left).into_iter();
                    options
                        .map(|after| ComponentMove {
                            text: after.text(),
                            value: None,
                        })
                        .collect()
                };
                let (left, right) = (listed(true), listed(false));
                self.moves = Some((self.parser.position, left, right, Some(position)));
                self.unvalued = Some(error.or_at(span));
                return Ok(self.games.zero());
            }
            Err(error) => return Err(error.or_at(span)),
        };
        self.work = valued.work;
        if with_moves {
            self.moves = Some((
                self.parser.position,
                valued.left,
                valued.right,
                Some(position),
            ));
        }
        Ok(valued.value)
    }

    /// The position of the ruleset `word` (its name read from `start`), up to its `)`.
    fn position(&mut self, word: &str, start: usize) -> Result<Position> {
        Ok(match word {
            "hackenbush" | "toads" => {
                let (at, letters) = self.parser.scan(|c| match word {
                    "hackenbush" => matches!(c, 'l' | 'r' | 'e'),
                    // Toads and frogs in either case (`T` and `F` as CGSuite and `cgt` write them).
                    _ => matches!(c, 't' | 'f' | 'T' | 'F' | '.'),
                });
                let letters = letters.to_ascii_lowercase().into_bytes();
                check_length(letters.len(), at)?;
                if word == "hackenbush" {
                    Position::Hackenbush(letters)
                } else {
                    Position::Toads(letters)
                }
            }
            "domineering" => Position::Domineering(self.board()?),
            "cutcake" => {
                let width = self.parser.number("a width")?;
                if !self.parser.eat('x') {
                    return Err(self.syntax("'x' and a height, as in cutcake(3x4)"));
                }
                let height = self.parser.number("a height")?;
                check_length(
                    usize::try_from(width.max(height)).unwrap_or(usize::MAX),
                    start,
                )?;
                let (Ok(width), Ok(height)) = (u32::try_from(width), u32::try_from(height)) else {
                    return Err(self.syntax("a smaller cake"));
                };
                if width == 0 || height == 0 {
                    return Err(Error::at(
                        ErrorKind::InvalidPosition {
                            reason: "a cake is at least 1 x 1".to_string(),
                        },
                        start..self.parser.position,
                    ));
                }
                Position::Cutcake(vec![(width, height)])
            }
            "clobber" => {
                let at = self.parser.position;
                let rows = self.rows(|c| match c {
                    'X' => Some(Some(true)),
                    'O' => Some(Some(false)),
                    '.' => Some(None),
                    _ => None,
                })?;
                let board = ClobberBoard::from_rows(&rows)
                    .map_err(|e| e.or_at(at..self.parser.position))?;
                Position::Clobber(board)
            }
            _ => {
                let kind = ErrorKind::UnknownGame {
                    name: word.to_string(),
                    suggestion: None,
                };
                return Err(Error::at(kind, start..start + word.len()));
            }
        })
    }

    /// A Domineering board: `rows x cols`, or rows of `o` (empty) and `x` split by `/`.
    fn board(&mut self) -> Result<Grid> {
        let at = self.parser.position;
        if self.parser.peek().is_some_and(|c| c.is_ascii_digit()) {
            let rows = self.parser.number("a number of rows")?;
            if !self.parser.eat('x') {
                return Err(self.syntax("'x' and a number of columns, as in domineering(4x5)"));
            }
            let cols = self.parser.number("a number of columns")?;
            let size = usize::try_from(rows.saturating_mul(cols)).unwrap_or(usize::MAX);
            return Grid::rectangle(
                usize::try_from(rows).unwrap_or(usize::MAX).min(size),
                usize::try_from(cols).unwrap_or(usize::MAX).min(size),
            )
            .map_err(|e| e.or_at(at..self.parser.position));
        }
        let rows = self.rows(|c| match c {
            'o' => Some(true),
            'x' => Some(false),
            _ => None,
        })?;
        Grid::from_rows(&rows).map_err(|e| e.or_at(at..self.parser.position))
    }

    /// Rows of squares read by `square`, split by `/`.
    fn rows<T>(&mut self, square: impl Fn(char) -> Option<T>) -> Result<Vec<Vec<T>>> {
        let mut rows = Vec::new();
        loop {
            let (_, text) = self.parser.scan(|c| square(c).is_some());
            rows.push(text.chars().filter_map(&square).collect());
            if !self.parser.eat('/') {
                return Ok(rows);
            }
        }
    }

    /// What lies between braces: values, commas and runs of bars.
    fn braces(&mut self) -> Result<Game> {
        let start = self.parser.position;
        let items = self.items()?;
        self.build(&items)
            .map_err(|e| e.or_at(start..self.parser.position))
    }

    /// The items up to the closing brace.
    fn items(&mut self) -> Result<Vec<Item>> {
        let mut items = Vec::new();
        loop {
            match self.parser.peek() {
                Some('}') | None => break,
                Some(',') => {
                    self.parser.expect(',')?;
                    items.push(Item::Comma);
                }
                Some('|') => {
                    let (_, bars) = self.parser.scan(|c| c == '|');
                    items.push(Item::Bars(bars.len()));
                }
                Some(_) => {
                    let g = self.value()?;
                    items.push(Item::Value(g));
                }
            }
        }
        Ok(items)
    }

    /// The game of items, split at its one longest run of bars.
    fn build(&mut self, items: &[Item]) -> Result<Game> {
        let most = items
            .iter()
            .filter_map(|item| match item {
                Item::Bars(n) => Some(*n),
                _ => None,
            })
            .max();
        let Some(most) = most else {
            return Err(bad_options("a '|' between Left's and Right's options"));
        };
        let splits: Vec<usize> = (0..items.len())
            .filter(|&i| matches!(items[i], Item::Bars(n) if n == most))
            .collect();
        if splits.len() != 1 {
            return Err(bad_options(
                "one longest run of bars (nest as {a|b||c}, or use braces)",
            ));
        }
        let left = self.side(&items[..splits[0]])?;
        let right = self.side(&items[splits[0] + 1..])?;
        self.games.game(&left, &right)
    }

    /// One side's options: a game of bars, or values split by commas.
    fn side(&mut self, items: &[Item]) -> Result<Vec<Game>> {
        if items.iter().any(|item| matches!(item, Item::Bars(_))) {
            return Ok(vec![self.build(items)?]);
        }
        let mut options = Vec::new();
        let mut expect_value = true;
        for item in items {
            match (item, expect_value) {
                (Item::Value(g), true) => {
                    options.push(*g);
                    expect_value = false;
                }
                (Item::Comma, false) => expect_value = true,
                _ => return Err(bad_options("options separated by single commas")),
            }
        }
        if expect_value && !options.is_empty() {
            return Err(bad_options("an option after the comma"));
        }
        Ok(options)
    }

    /// `+-{a,b}`: `{a,b | -a,-b}`; with bars inside, `±` of that game.
    fn switch_of_options(&mut self) -> Result<Game> {
        self.parser.expect('{')?;
        let start = self.parser.position;
        let items = self.items()?;
        self.parser.expect('}')?;
        if items.iter().any(|item| matches!(item, Item::Bars(_))) {
            let g = self
                .build(&items)
                .map_err(|e| e.or_at(start..self.parser.position))?;
            return self.games.switch(g);
        }
        let left = self
            .side(&items)
            .map_err(|e| e.or_at(start..self.parser.position))?;
        let mut right = Vec::new();
        for &option in &left {
            right.push(self.games.neg(option)?);
        }
        self.games.game(&left, &right)
    }
}

/// The error for a string, strip or cake side longer than [`MAX_LENGTH`], read from `at`.
fn check_length(length: usize, at: usize) -> Result<()> {
    if length <= MAX_LENGTH {
        return Ok(());
    }
    Err(Error::at(
        ErrorKind::NumberTooLarge {
            text: format!("{length} squares or edges"),
            max: MAX_LENGTH as u128,
        },
        at..at + length.min(MAX_LENGTH),
    ))
}

fn bad_options(expected: &str) -> Error {
    Error::new(ErrorKind::Syntax {
        expected: expected.to_string(),
        found: "options that do not make one game".to_string(),
    })
}
