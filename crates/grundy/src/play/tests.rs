//! Tests of [`Game`](super::Game): the computer against itself, by each judge, and its
//! reasons.

use super::*;
use crate::spec;

fn game(text: &str, play: Play) -> Result<Game> {
    Game::new(&spec::parse(text)?, play, Limits::default())
}

/// Plays the computer against itself and returns the number of moves made.
fn self_play(game: &mut Game, limit: usize) -> Result<usize> {
    let mut made = 0;
    while !game.is_over()? && made < limit {
        let choice = game.choose()?;
        game.make_move(choice.index)?;
        made += 1;
    }
    Ok(made)
}

#[test]
fn the_winner_wins_fastest() -> Result<()> {
    let mut nim = game("nim(3,4,5)", Play::Normal)?;
    let assessment = nim.assess()?;
    assert_eq!(assessment.outcome, LoopyOutcome::NextWins);
    assert_eq!(assessment.value, Some(Nimber::new(2)));
    let length = assessment.remoteness.unwrap_or(0);
    assert_eq!(self_play(&mut nim, 100)?, length as usize);
    // An odd number of moves: the first player made the last move.
    assert_eq!(length % 2, 1);
    Ok(())
}

#[test]
fn large_misere_heap_sums_are_played_by_the_quotient() -> Result<()> {
    // Too large to search within the trial budget: the misère quotient of Kayles judges.
    let mut kayles = game("kayles(4,5,7,8,9,10,11,12,13) + kayles(1)", Play::Misere)?;
    assert!(matches!(kayles.judge, Judge::Quotient(_)));
    assert_eq!(kayles.assess()?.outcome, LoopyOutcome::NextWins);
    let choice = kayles.choose()?;
    assert!(
        choice.reason.contains("misère P-position"),
        "{}",
        choice.reason
    );
    // The move chosen is one of those the misère report calls winning.
    let moves = kayles.moves()?;
    let chosen = kayles.format_position(&moves[choice.index].result);
    let sum = spec::parse(&kayles.position())?;
    let report = crate::analysis::misere::value(&sum, Limits::default())?;
    assert!(
        report.winning_moves.iter().any(|m| m.result == chosen),
        "{chosen}"
    );
    // Against itself from an N-position the first player wins: in misère play the other
    // player makes the last move, so the number of moves is even.
    let made = self_play(&mut kayles, 200)?;
    assert!(kayles.is_over()?);
    assert_eq!(made % 2, 0, "{made} moves");
    Ok(())
}

#[test]
fn misere_nim_is_won_the_misere_way() -> Result<()> {
    let mut nim = game("nim(1,1,2)", Play::Misere)?;
    let choice = nim.choose()?;
    let moves = nim.moves()?;
    // Leave an odd number of single tokens: take 1 from the 2 (taking it all would leave
    // 1 + 1, an even number, and lose).
    assert_eq!(moves[choice.index].description, "take 1 from 2, leaving 1");
    assert!(
        choice.reason.contains("misère P-position"),
        "{}",
        choice.reason
    );
    let made = self_play(&mut nim, 100)?;
    assert_eq!(made % 2, 0, "the second player must take the last token");
    Ok(())
}

#[test]
fn large_games_are_played_by_the_theory() -> Result<()> {
    // With room for 20 000 positions neither game can be solved completely.
    let limits = Limits::DEFAULT.with_max_positions(20_000);
    let mut kayles = Game::new(&spec::parse("kayles(30) + nim(6)")?, Play::Normal, limits)?;
    assert!(matches!(kayles.judge, Judge::Values));
    let choice = kayles.choose()?;
    kayles.make_move(choice.index)?;
    assert_eq!(kayles.assess()?.outcome, LoopyOutcome::PreviousWins);
    let mut misere = Game::new(
        &spec::parse("kayles(18) + dawson(15)")?,
        Play::Misere,
        limits,
    )?;
    assert!(matches!(misere.judge, Judge::Misere(_)));
    assert_eq!(misere.assess()?.remoteness, None);
    Ok(())
}

#[test]
fn draws_are_kept() -> Result<()> {
    // From a, moving to the sink c loses in misère play; circling a <-> b draws.
    let mut circle = game("digraph(a>b, b>a, a>c; a)", Play::Misere)?;
    assert!(circle.is_loopy());
    assert_eq!(circle.assess()?.outcome, LoopyOutcome::Draw);
    let choice = circle.choose()?;
    assert_eq!(
        circle.moves()?[choice.index].description,
        "move from a to b"
    );
    assert_eq!(self_play(&mut circle, 10)?, 10);
    Ok(())
}

/// Issue 15: a reason reads the same whoever hears it (the player told a hint, or the one
/// the computer just moved against), and counts moves in plain English.
#[test]
fn reasons_are_plain_words() -> Result<()> {
    let reason = |text, play| -> Result<String> { Ok(game(text, play)?.choose()?.reason) };
    assert_eq!(
        reason("nim(1)", Play::Misere)?,
        "every move loses against perfect play; this one ends the game by taking the last move"
    );
    assert_eq!(
        reason("nim(2)", Play::Misere)?,
        "it leaves a misère P-position: whatever the reply, whoever replies can be made to \
         take the last move; the game ends within 1 more move"
    );
    assert_eq!(
        reason("nim(2,2)", Play::Normal)?,
        "every move loses against perfect play; this one holds out longest: whoever moves next \
         wins, but only after 3 more moves"
    );
    assert_eq!(
        reason("nim(1,2)", Play::Normal)?,
        "it leaves value 0: every reply leaves a nonzero value, and the value can always be \
         brought back to 0; the game ends within 2 more moves"
    );
    Ok(())
}

#[test]
fn finished_games_have_no_choice() -> Result<()> {
    let mut over = game("nim(0)", Play::Normal)?;
    assert!(over.is_over()?);
    assert!(over.choose().is_err());
    assert!(over.make_move(0).is_err());
    Ok(())
}

#[test]
fn restart_goes_back() -> Result<()> {
    let mut nim = game("nim(2)", Play::Normal)?;
    nim.make_move(0)?;
    assert_eq!(nim.position(), "0");
    nim.restart();
    assert_eq!(nim.position(), "nim(2)");
    Ok(())
}
