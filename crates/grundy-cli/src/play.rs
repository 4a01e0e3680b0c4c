//! `grundy play`: a game against the computer at the terminal.
//!
//! Only input and output live here. The library's [`grundy::play::Game`] lists the moves,
//! reads a typed move, chooses the computer's move with its reason and knows when the game is
//! over; [`grundy::analysis::repetition`] says when a game with cycles ends as a draw (a
//! position come up for the third time), as on the page; this loop shows the position, asks,
//! and says who won.

use std::io::{self, BufRead, Write};
use std::process::ExitCode;

use clap::ValueEnum;
use grundy::analysis::partizan_play::Side;
use grundy::analysis::play::{computer_move, typed_move, view, PlayMove};
use grundy::analysis::repetition::{Repetitions, DRAW_AFTER_VISITS};
use grundy::analysis::ReportOutcome;
use grundy::ask::{self, Settings};
use grundy::play::Game;
use grundy::spec::AnyGame;
use grundy::{Limits, Play};

use crate::flags::LimitArgs;
use crate::input::parse_any;
use crate::output::{with_input, Problem};
use crate::render::{outcome_words, Wording};

/// The arguments of `grundy play`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The game, e.g. "nim(3,4,5)" or "kayles(7) + nim(2)".
    /// @FILE reads it from FILE.
    spec: String,
    /// Misère play: the player who makes the last move loses.
    #[arg(long)]
    misere: bool,
    /// With --misere: a misère quotient saved by grundy quotient (--cert FILE), re-checked,
    /// then used to judge sums of its game's heaps.
    #[arg(long, value_name = "FILE")]
    quotient: Option<std::path::PathBuf>,
    /// Who moves first.
    #[arg(long, value_enum, default_value_t = First::Me)]
    first: First,
    /// In a partizan game ("domineering(3x3)", "hackenbush(lrl)", "{1|0} + ^"): the player you
    /// are (Left by default); the computer is the other.
    #[arg(long = "as", value_enum, value_name = "PLAYER")]
    side: Option<Player>,
    #[command(flatten)]
    limits: LimitArgs,
}

/// Who moves first.
#[derive(ValueEnum, Debug, Clone, Copy, PartialEq, Eq)]
pub enum First {
    /// You.
    Me,
    /// The computer.
    Computer,
}

/// A player of a partizan game.
#[derive(ValueEnum, Debug, Clone, Copy, PartialEq, Eq)]
pub enum Player {
    /// Left: blue edges, vertical dominoes, toads.
    Left,
    /// Right: red edges, horizontal dominoes, frogs.
    Right,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Mover {
    Human,
    Computer,
}

/// The most moves listed at once; the rest can still be typed.
const SHOWN_MOVES: usize = 60;

fn rules(play: Play, loopy: bool) -> String {
    let goal = match play {
        Play::Normal => "normal play: whoever makes the last move wins",
        Play::Misere => "misère play: whoever makes the last move loses",
    };
    if loopy {
        format!(
            "{goal}. Positions can repeat; a position that comes up {DRAW_AFTER_VISITS} times \
             ends the game as a draw (type q to stop sooner)"
        )
    } else {
        goal.to_string()
    }
}

/// What the player typed at the prompt.
pub enum Typed {
    /// A move: its number or what it leaves.
    Move(String),
    /// `hint` (or `h`, `?`).
    Hint,
    /// The end of the game, already told: `q` typed, or the input ran out.
    Stop,
}

/// Asks `your move> ` and reads one line.
pub fn prompt(input: &mut impl BufRead, out: &mut impl Write) -> io::Result<Typed> {
    write!(out, "your move> ")?;
    out.flush()?;
    let mut line = String::new();
    if input.read_line(&mut line)? == 0 {
        writeln!(out, "\nno more input: the game is abandoned.")?;
        return Ok(Typed::Stop);
    }
    let typed = line.trim();
    Ok(match typed.to_lowercase().as_str() {
        "q" | "quit" | "exit" => {
            writeln!(out, "You stopped the game.")?;
            Typed::Stop
        }
        "hint" | "?" | "h" => Typed::Hint,
        _ => Typed::Move(typed.to_string()),
    })
}

fn show_moves(out: &mut impl Write, moves: &[PlayMove]) -> io::Result<()> {
    writeln!(out, "your moves:")?;
    let width = moves.len().to_string().len();
    for entry in moves.iter().take(SHOWN_MOVES) {
        writeln!(
            out,
            "  {:>width$}. in {}: {}  ->  {}{}",
            entry.number,
            entry.from,
            entry.description,
            entry.result,
            alike(entry.count)
        )?;
    }
    if moves.len() > SHOWN_MOVES {
        writeln!(
            out,
            "  ... and {} more (type a number or a description)",
            moves.len() - SHOWN_MOVES
        )?;
    }
    Ok(())
}

/// What a move listed for its class says of the others: a heap with too many moves to list
/// shows one move per class of moves that are alike for the misère quotient.
fn alike(count: u64) -> String {
    match count {
        0 | 1 => String::new(),
        2 => "  (and 1 more like it)".to_string(),
        _ => format!("  (and {} more like it)", count - 1),
    }
}

/// Plays `game` at the terminal: `input` gives the human's moves, `out` shows everything.
///
/// # Errors
/// A limit reached by the engine, or the terminal failing.
pub fn game_loop(
    game: &mut Game,
    first: First,
    input: &mut impl BufRead,
    out: &mut impl Write,
) -> Result<(), Problem> {
    writeln!(
        out,
        "Playing {} in {}.",
        game.position(),
        rules(game.play(), game.is_loopy())
    )?;
    writeln!(
        out,
        "{} first. Type a move's number or its description, 'hint' for advice, 'q' to quit.",
        match first {
            First::Me => "You move",
            First::Computer => "The computer moves",
        }
    )?;
    let mut to_move = match first {
        First::Me => Mover::Human,
        First::Computer => Mover::Computer,
    };
    let mut last_mover: Option<Mover> = None;
    let mut repetitions = Repetitions::new();
    let mut turn = 0;
    // Your last move from a won position, and the first one that let the win go.
    let mut from_a_win: Option<Slip> = None;
    let mut slip: Option<Slip> = None;
    loop {
        let shown = view(game)?;
        if let Some(candidate) = from_a_win.take() {
            // The computer now moves from a won position: your move gave the win away.
            if shown.outcome == ReportOutcome::NextWins && slip.is_none() {
                slip = Some(candidate);
            }
        }
        writeln!(out, "\nposition: {}", shown.position)?;
        if shown.over {
            announce(out, game, to_move, last_mover)?;
            if let Some(slip) = &slip {
                let lost = game.last_mover_wins() == (to_move == Mover::Human);
                if lost {
                    writeln!(out, "{}", slip.account())?;
                }
            }
            return Ok(());
        }
        let seen = repetitions.visit(&shown.position);
        if seen.draw {
            writeln!(
                out,
                "Draw: {} has come up {} times, which ends the game as a draw.",
                seen.position, seen.visits
            )?;
            return Ok(());
        }
        match to_move {
            Mover::Human => {
                show_moves(out, &shown.moves)?;
                let entry = loop {
                    let typed = match prompt(input, out)? {
                        Typed::Stop => return Ok(()),
                        Typed::Hint => {
                            writeln!(
                                out,
                                "hint: {}.",
                                outcome_words(shown.outcome, Wording::Hint)
                            )?;
                            let advice = game.choose()?;
                            if let Some(entry) = shown.moves.get(advice.index) {
                                writeln!(
                                    out,
                                    "      best move: {}. {} ({})",
                                    entry.number, entry.description, advice.reason
                                )?;
                            }
                            continue;
                        }
                        Typed::Move(typed) => typed,
                    };
                    match typed_move(game, &typed) {
                        Ok(entry) => break entry,
                        Err(error) if error.is_limit() => return Err(error.into()),
                        Err(error) => match error.kind() {
                            grundy::ErrorKind::InvalidPosition { reason } => {
                                writeln!(out, "{reason}; try again")?
                            }
                            _ => writeln!(out, "{error}; try again")?,
                        },
                    }
                };
                let index = entry.number - 1;
                turn += 1;
                if slip.is_none() && shown.outcome == ReportOutcome::NextWins {
                    let advice = game.choose()?;
                    from_a_win = shown.moves.get(advice.index).map(|best| Slip {
                        turn,
                        played: entry.clone(),
                        winning: best.clone(),
                    });
                }
                game.make_move(index)?;
                writeln!(
                    out,
                    "you:      in {}: {}  ->  {}",
                    entry.from, entry.description, entry.result
                )?;
                last_mover = Some(Mover::Human);
                to_move = Mover::Computer;
            }
            Mover::Computer => {
                let chosen = computer_move(game)?;
                writeln!(
                    out,
                    "computer: in {}: {}  ->  {}\n          ({})",
                    chosen.chosen.from,
                    chosen.chosen.description,
                    chosen.chosen.result,
                    chosen.reason
                )?;
                last_mover = Some(Mover::Computer);
                to_move = Mover::Human;
            }
        }
    }
}

/// A move of yours from a position you could win that left the computer a position it wins.
struct Slip {
    /// Your how-manieth move it was.
    turn: usize,
    /// The move you made.
    played: PlayMove,
    /// A winning move you had instead.
    winning: PlayMove,
}

impl Slip {
    /// Why the game was lost, in a sentence.
    fn account(&self) -> String {
        let Slip {
            turn,
            played,
            winning,
        } = self;
        format!(
            "Your move {turn} gave the win away: in {}: {}  ->  {} leaves the player to move a \
             win. A winning move was in {}: {}  ->  {}.",
            played.from,
            played.description,
            played.result,
            winning.from,
            winning.description,
            winning.result
        )
    }
}

/// Says who won once no move is left.
fn announce(
    out: &mut impl Write,
    game: &Game,
    to_move: Mover,
    last_mover: Option<Mover>,
) -> io::Result<()> {
    // The player to move cannot: in normal play they lose, in misère play they win.
    let winner = match (game.last_mover_wins(), to_move) {
        (true, Mover::Human) | (false, Mover::Computer) => Mover::Computer,
        (true, Mover::Computer) | (false, Mover::Human) => Mover::Human,
    };
    let what = match last_mover {
        Some(Mover::Human) => "No move is left, and you made the last move.",
        Some(Mover::Computer) => "No move is left, and the computer made the last move.",
        None => "No move is left: the game is over before it starts.",
    };
    let rule = if game.last_mover_wins() {
        "In normal play the last player to move wins"
    } else {
        "In misère play the last player to move loses"
    };
    let verdict = match winner {
        Mover::Human => "you win",
        Mover::Computer => "the computer wins",
    };
    writeln!(out, "{what} {rule}: {verdict}.")
}

impl Args {
    /// `grundy play`: the game loop reads stdin and writes stdout directly, flushing each
    /// prompt.
    pub fn run(self) -> Result<ExitCode, Problem> {
        let play = Play::from_misere(self.misere);
        if let Some(path) = &self.quotient {
            if !self.misere {
                return Err(crate::output::usage(
                    "--quotient judges misère play; it needs --misere",
                ));
            }
            crate::value::load_quotient(path, self.limits.limits())?;
        }
        command(
            &self.spec,
            play,
            self.first,
            self.side,
            self.limits.limits(),
        )
    }
}

/// Plays the game `text` names in `play` from the terminal, as `side` in a partizan game.
fn command(
    text: &str,
    play: Play,
    first: First,
    side: Option<Player>,
    limits: Limits,
) -> Result<ExitCode, Problem> {
    if text == "-" {
        return Err(anyhow::anyhow!(
            "play reads moves from standard input, so its game cannot come from there; use @FILE"
        )
        .into());
    }
    let (text, game) = parse_any(text, limits)?;
    let sum = match game {
        AnyGame::Impartial(sum) => {
            if side.is_some() {
                return Err(crate::output::usage(
                    "--as picks Left or Right in a partizan game; in an impartial game both \
                     players have the same moves",
                ));
            }
            sum
        }
        AnyGame::Partizan(_) => {
            if play == Play::Misere {
                return Err(crate::output::usage(
                    "a partizan game is played in normal play here; drop --misere",
                ));
            }
            let you = match side {
                Some(Player::Right) => Side::Right,
                _ => Side::Left,
            };
            let stdout = io::stdout();
            let mut out = stdout.lock();
            let settings = Settings::with_limits(limits);
            crate::play_partizan::game_loop(
                &text,
                you,
                first,
                settings,
                &mut io::stdin().lock(),
                &mut out,
            )?;
            return Ok(ExitCode::SUCCESS);
        }
    };
    let text = text.as_str();
    let mut game =
        ask::play(&sum, play, &Settings::with_limits(limits)).map_err(with_input(text))?;
    let stdout = io::stdout();
    let mut out = stdout.lock();
    match game_loop(&mut game, first, &mut io::stdin().lock(), &mut out) {
        Ok(()) => Ok(ExitCode::SUCCESS),
        Err(Problem::Library(failure)) => Err(with_input(text)(failure.error)),
        Err(other) => Err(other),
    }
}
