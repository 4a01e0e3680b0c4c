//! [`heap_sequence`]: the genera of single heaps of a heap game, and the first position where
//! it stops being tame.

use super::{Genus, MisereSolver};
use crate::error::{Error, Limit, Result};
use crate::game::Limits;
use crate::heap::HeapSolver;
use crate::rules::HeapRule;
use crate::sum::{RulesetTerm, Sum, Term};

/// Where a heap game stops being tame.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WildPosition {
    /// The smallest heap from which the position can be reached.
    pub heap: u64,
    /// The position, as spec text (a heap or a sum of heaps).
    pub position: String,
    /// Its genus, which no Nim position has.
    pub genus: Genus,
}

/// The genera of single heaps of a heap game, and where it stops being tame.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MisereSequence {
    /// `genera[n]` is the genus of a heap of `n` tokens.
    pub genera: Vec<Genus>,
    /// The first heap (smallest) one of whose positions has a genus no Nim position has;
    /// `None` when heaps `0..=last` are tame.
    pub first_wild: Option<WildPosition>,
}

/// The genus of every heap `0..=last` of `rule` (so its misère values), and where the game
/// stops being tame, by searching the sums of heaps each heap can reach.
///
/// # Errors
/// A limit reached: positions, work or heaps (`last` above [`Limits::max_positions`]).
///
/// # Example
/// ```
/// use grundy::{misere::heap_sequence, rules::TakeBreak, rules::HeapRule, Limits};
/// let kayles = HeapRule::TakeBreak(TakeBreak::named("kayles").unwrap());
/// let sequence = heap_sequence(&kayles, 6, Limits::default())?;
/// let values: Vec<u64> = sequence.genera.iter().map(|g| g.misere_value().value()).collect();
/// assert_eq!(values, [1, 0, 2, 3, 0, 1, 3]);
/// assert_eq!(sequence.first_wild.map(|wild| wild.heap), Some(5)); // 4^146
/// # Ok::<(), grundy::Error>(())
/// ```
pub fn heap_sequence(rule: &HeapRule, last: u64, limits: Limits) -> Result<MisereSequence> {
    if last >= limits.max_positions {
        return Err(Error::limit_needing(
            Limit::HeapTable,
            limits.max_positions,
            last.saturating_add(1),
        ));
    }
    let term = RulesetTerm::new(
        HeapSolver::with_limits(rule.clone(), limits),
        (1..=last).collect(),
    );
    let ids = term.position_ids()?;
    let sum = Sum::new(vec![Box::new(term)]);
    let mut solver = MisereSolver::new(&sum, limits)?;
    let mut genera = Vec::new();
    let mut first_wild = None;
    for heap in 0..=last {
        // Heap 0 leaves nothing; heap n is the position `ids[n - 1]`.
        let part = match heap {
            0 => &[][..],
            _ => &ids[heap as usize - 1..heap as usize],
        };
        let state = solver.graph().part_state(0, part)?;
        genera.push(solver.genus(&state)?);
        if first_wild.is_none() {
            if let Some((state, genus)) = solver.first_wild() {
                let (state, genus) = (state.clone(), genus.clone());
                first_wild = Some(WildPosition {
                    heap,
                    position: solver.graph().format(&state),
                    genus,
                });
            }
        }
    }
    Ok(MisereSequence { genera, first_wild })
}
