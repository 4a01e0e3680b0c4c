//! A wall of a thermograph: a continuous piecewise-linear function of the temperature
//! `t >= 0` whose slopes are -1, 0 or +1, kept as pieces with dyadic starts, so every crossing
//! is dyadic and exact.

use super::dyadic::Dyadic;
use crate::error::Result;

/// One piece: from `start` (to the next piece's start), `value + slope·(t - start)`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Piece {
    /// The temperature where the piece starts.
    pub start: Dyadic,
    /// The wall's value there.
    pub value: Dyadic,
    /// The slope, -1, 0 or +1 (per unit of temperature).
    pub slope: i8,
}

/// A wall: its pieces, the first starting at temperature 0, the last going on for ever.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Wall {
    pieces: Vec<Piece>,
}

fn times(slope: i8, t: Dyadic) -> Dyadic {
    match slope {
        0 => Dyadic::ZERO,
        s if s > 0 => t,
        _ => t.neg(),
    }
}

impl Wall {
    /// The vertical wall at `x`.
    pub fn constant(x: Dyadic) -> Wall {
        Wall {
            pieces: vec![Piece {
                start: Dyadic::ZERO,
                value: x,
                slope: 0,
            }],
        }
    }

    /// The pieces, the first at temperature 0.
    pub fn pieces(&self) -> &[Piece] {
        &self.pieces
    }

    /// The wall's value at temperature `t >= 0`.
    ///
    /// # Errors
    /// A value beyond the numbers kept exactly.
    pub fn at(&self, t: Dyadic) -> Result<Dyadic> {
        let piece = self.piece_at(t);
        piece
            .value
            .checked_add(times(piece.slope, t.checked_sub(piece.start)?))
    }

    fn piece_at(&self, t: Dyadic) -> Piece {
        let index = self.pieces.partition_point(|piece| piece.start <= t);
        self.pieces[index.saturating_sub(1)]
    }

    /// The wall plus `slope·t` (`slope` ±1: moving the wall with the temperature).
    ///
    /// # Errors
    /// A value beyond the numbers kept exactly.
    pub fn tilt(&self, slope: i8) -> Result<Wall> {
        let mut pieces = Vec::with_capacity(self.pieces.len());
        for piece in &self.pieces {
            pieces.push(Piece {
                start: piece.start,
                value: piece.value.checked_add(times(slope, piece.start))?,
                slope: piece.slope + slope,
            });
        }
        Ok(Wall { pieces })
    }

    /// The pointwise maximum (`higher`) or minimum of two walls.
    ///
    /// # Errors
    /// A value beyond the numbers kept exactly.
    pub fn extreme(&self, other: &Wall, higher: bool) -> Result<Wall> {
        let mut starts: Vec<Dyadic> = self
            .pieces
            .iter()
            .chain(&other.pieces)
            .map(|piece| piece.start)
            .collect();
        starts.sort_unstable();
        starts.dedup();
        let mut pieces = Vec::new();
        for (index, &start) in starts.iter().enumerate() {
            let end = starts.get(index + 1).copied();
            let (a, b) = (self.piece_at(start), other.piece_at(start));
            let (va, vb) = (self.at(start)?, other.at(start)?);
            // The better one at the start; at a tie, the one that stays better after it.
            let a_first = if va == vb {
                if higher {
                    a.slope >= b.slope
                } else {
                    a.slope <= b.slope
                }
            } else if higher {
                va > vb
            } else {
                va < vb
            };
            let (first, first_value, second, second_value) = if a_first {
                (a, va, b, vb)
            } else {
                (b, vb, a, va)
            };
            push(&mut pieces, start, first_value, first.slope);
            // Where the other catches up, if within this interval.
            let gap = first_value.checked_sub(second_value)?;
            let closing = if higher {
                second.slope - first.slope
            } else {
                first.slope - second.slope
            };
            if closing > 0 {
                let mut cross = gap;
                if closing == 2 {
                    cross = cross.half()?;
                }
                let cross = start.checked_add(cross)?;
                if end.is_none_or(|end| cross < end) && cross > start {
                    let value =
                        first_value.checked_add(times(first.slope, cross.checked_sub(start)?))?;
                    push(&mut pieces, cross, value, second.slope);
                }
            }
        }
        Ok(Wall { pieces })
    }

    /// This wall up to `t`, and the constant `value` from `t` on.
    pub(super) fn until(&self, t: Dyadic, value: Dyadic) -> Wall {
        let mut pieces: Vec<Piece> = Vec::new();
        for piece in self.pieces.iter().filter(|piece| piece.start < t) {
            push(&mut pieces, piece.start, piece.value, piece.slope);
        }
        push(&mut pieces, t, value, 0);
        Wall { pieces }
    }
}

/// Adds a piece, merging it into the last when it only continues it.
fn push(pieces: &mut Vec<Piece>, start: Dyadic, value: Dyadic, slope: i8) {
    if let Some(last) = pieces.last() {
        if last.slope == slope {
            let continues = last
                .value
                .checked_add(times(
                    slope,
                    start.checked_sub(last.start).unwrap_or(Dyadic::ZERO),
                ))
                .is_ok_and(|expected| expected == value);
            if continues {
                return;
            }
        }
        if last.start == start {
            pieces.pop();
        }
    }
    pieces.push(Piece {
        start,
        value,
        slope,
    });
}
