//! The boards of the partizan games whose squares hold the players' pieces or cake: Toads and
//! Frogs (kind `"toads"`), Clobber (`"clobber"`) and Cutcake (`"cutcake"`). Each is drawn as
//! `cells` (the squares as the game writes them) with `owners` (`l` Left's piece, `r` Right's,
//! `.` an empty square, a space no square), and each move says what to click: `clicks`, the
//! squares in order (a toad or frog; a stone, then the stone it clobbers), or `line`, the cut
//! (Cutcake). The page only draws these and matches clicks; the rules stay here.
//!
//! ```json
//! {"index": 0, "spec": "toads(t.f)", "kind": "toads", "cells": ["t.f"], "owners": ["l.r"]}
//! {"component": 0, "to": "toads(.tf)", "side": "left", "clicks": [[0, 0]]}
//! {"component": 0, "to": "cutcake(1x1) + cutcake(1x1)", "side": "right", "line": [[1, 0], [1, 1]]}
//! ```

use super::partizan::Drawer;
use super::{BoardComponent, BoardKind};
use crate::partizan::games::{
    Clobber, ClobberBoard, PartizanRuleset, Position, Strip, ToadsAndFrogs,
};

/// Draws `position` into `drawn` when it is one of these games; false otherwise.
pub(super) fn draw(drawn: &mut BoardComponent, position: &Position) -> bool {
    let (kind, cells, owners) = match position {
        Position::Toads(squares) => {
            let owners = squares.iter().map(|&square| toads_owner(square)).collect();
            let cells = String::from_utf8_lossy(squares).into_owned();
            (BoardKind::Toads, vec![cells], vec![owners])
        }
        Position::Clobber(board) => {
            let rows = |letter: fn(Option<bool>) -> char| {
                (0..board.rows())
                    .map(|r| {
                        (0..board.cols())
                            .map(|c| letter(board.owner(r, c)))
                            .collect()
                    })
                    .collect()
            };
            let cells = rows(|owner| match owner {
                Some(true) => 'X',
                Some(false) => 'O',
                None => '.',
            });
            let owners = rows(|owner| match owner {
                Some(true) => 'l',
                Some(false) => 'r',
                None => '.',
            });
            (BoardKind::Clobber, cells, owners)
        }
        Position::Cutcake(pieces) => {
            let cells = cake(pieces);
            let owners = cells.iter().map(|row| row.replace('o', ".")).collect();
            (BoardKind::Cutcake, cells, owners)
        }
        _ => return false,
    };
    drawn.kind = Some(kind);
    drawn.cells = Some(cells);
    drawn.owners = Some(owners);
    true
}

/// The moves of `position` for the player of `drawer`, drawn there, when it is one of these
/// games.
pub(super) fn moves_of(position: &Position, drawer: &mut Drawer<'_>) {
    let left = drawer.left();
    match position {
        Position::Toads(squares) => {
            let mover = if left { b't' } else { b'f' };
            for after in ToadsAndFrogs.moves(&Strip::from_valid(squares), left) {
                let after = after.letters();
                // The one square the mover left; each piece has at most one move.
                let from = squares
                    .iter()
                    .zip(&after)
                    .position(|(&before, &now)| before == mover && now == b'.');
                let to = Position::Toads(after).text();
                drawer.draw(to, |entry| entry.clicks = from.map(|c| vec![[0, c]]));
            }
        }
        Position::Clobber(board) => {
            for after in Clobber.moves(board, left) {
                let clicks = clobbered(board, &after, left);
                drawer.draw(Position::Clobber(after).text(), |entry| {
                    entry.clicks = clicks
                });
            }
        }
        Position::Cutcake(pieces) => cuts(pieces, drawer),
        _ => {}
    }
}

/// The owner letter of a Toads and Frogs square.
fn toads_owner(square: u8) -> char {
    match square {
        b't' => 'l',
        b'f' => 'r',
        _ => '.',
    }
}

/// The stone that moved from `before` to `after` for Left (`left`) or Right, and the square it
/// clobbered: the two clicks of the move.
fn clobbered(before: &ClobberBoard, after: &ClobberBoard, left: bool) -> Option<Vec<[usize; 2]>> {
    let squares = || (0..before.rows()).flat_map(|r| (0..before.cols()).map(move |c| [r, c]));
    let from = squares()
        .find(|&[r, c]| before.owner(r, c) == Some(left) && after.owner(r, c).is_none())?;
    let to = squares()
        .find(|&[r, c]| before.owner(r, c) == Some(!left) && after.owner(r, c) == Some(left))?;
    Some(vec![from, to])
}

/// The columns where each piece of cake starts, one empty column between pieces.
fn offsets(pieces: &[(u32, u32)]) -> Vec<usize> {
    let mut at = 0;
    pieces
        .iter()
        .map(|&(width, _)| {
            let start = at;
            at += width as usize + 1;
            start
        })
        .collect()
}

/// The pieces of cake side by side, tops aligned: `o` cake, a space none.
fn cake(pieces: &[(u32, u32)]) -> Vec<String> {
    let tallest = pieces.iter().map(|&(_, height)| height).max().unwrap_or(0);
    (0..tallest)
        .map(|r| {
            let row: Vec<String> = pieces
                .iter()
                .map(|&(width, height)| {
                    let square = if r < height { "o" } else { " " };
                    square.repeat(width as usize)
                })
                .collect();
            row.join(" ")
        })
        .collect()
}

/// Every cut line of `pieces` for Left (vertical) or Right (horizontal), each the move that
/// leaves the two pieces it makes (a cut at `k` and at `size - k` leave the same pieces, and
/// both are drawn).
fn cuts(pieces: &[(u32, u32)], drawer: &mut Drawer<'_>) {
    let left = drawer.left();
    for ((index, &(width, height)), start) in pieces.iter().enumerate().zip(offsets(pieces)) {
        let size = if left { width } else { height };
        for at in 1..size {
            // The listed move cuts off the smaller piece first (`partizan::games::Cutcake`).
            let small = at.min(size - at);
            let (first, second) = if left {
                ((small, height), (width - small, height))
            } else {
                ((width, small), (width, height - small))
            };
            let mut after = pieces.to_vec();
            after[index] = first;
            after.push(second);
            let at = at as usize;
            let line = if left {
                [[0, start + at], [height as usize, start + at]]
            } else {
                [[at, start], [at, start + width as usize]]
            };
            drawer.draw(Position::Cutcake(after).text(), |entry| {
                entry.line = Some(line)
            });
        }
    }
}
