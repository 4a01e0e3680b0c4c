//! [`SmallCram`]: Cram on regions whose bounding box holds at most 64 squares, a part being
//! one word ([`WordRegion`]), with the theorems of the [module docs](super) and three
//! simplifications: of the leaves that share a centre, all but one are dropped
//! ([`WordRegion::spare_leaves`]), so are bridges ([`WordRegion::bridges`]), and an option
//! splits at its diagonal joints ([`WordRegion::joints`]); two equal parts of an option
//! cancel.

use std::sync::OnceLock;

use super::solver::{mirror_play, straight};
use crate::positional::{Checkpointed, Decomposable, Known, Options, WordRegion};

/// Cram on [`WordRegion`]s, for the positional search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SmallCram;

impl SmallCram {
    /// The part of the connected squares of `region`: spare leaves and bridges dropped
    /// ([`WordRegion::reduced`]) when that leaves it connected (the search's parts are
    /// connected), canonical.
    pub fn part(region: WordRegion) -> WordRegion {
        let reduced = region.reduced();
        let mut parts = 0;
        reduced.split(|_| parts += 1);
        if parts == 1 {
            reduced.canonical()
        } else {
            region.canonical()
        }
    }
}

/// Adds the parts of `region` (reduced) to the option being listed, canonical, split at
/// its diagonal joints ([`WordRegion::joints`]), each part split off that way reduced and
/// split again; parts of one square (no move: worth 0) left out, two equal parts cancelled.
/// `joints` are `region`'s joints, `seeds` the squares of `region` next to those taken from
/// a connected region to leave it ([`WordRegion::split_seeded`]).
#[inline(always)]
fn push_parts<P: From<WordRegion> + PartialEq>(
    region: WordRegion,
    joints: u64,
    seeds: u64,
    out: &mut Options<P>,
) {
    let whole = region.bits();
    // The parts of two squares or more (at most 32 in a frame of 64 squares), gathered
    // first so that the work on each is inlined here rather than in a closure.
    let (mut parts, mut count) = ([0u64; 32], 0);
    region.split_seeded(joints, seeds | joints | joints << 1, |part| {
        let bits = part.bits();
        if bits & (bits - 1) != 0 {
            parts[count] = bits;
            count += 1;
        }
    });
    for &bits in &parts[..count] {
        let part = region.with_bits(bits);
        if joints == 0 || bits == whole {
            out.push_or_cancel(part.canonical().into());
        } else {
            // A part split off at a joint: new leaves, perhaps new joints.
            push_connected(part, out);
        }
    }
}

crate::cpu::bit_instructions! {
    /// Adds the parts of the connected `region`, reduced ([`push_after`] with nothing
    /// taken): for a part split off at a joint (out of line, so that the recursion stays
    /// out of [`push_parts`]' inlined body) and a board's part once it fits a word.
    #[inline(never)]
    pub(super) fn push_connected[P: From<WordRegion> + PartialEq](
        region: WordRegion,
        out: &mut Options<P>,
    ) {
        push_after(region, 0, out);
    }
}

/// Adds the parts that the connected `region` less the squares `taken` leaves, reduced
/// ([`push_parts`]).
#[inline(always)]
fn push_after<P: From<WordRegion> + PartialEq>(
    region: WordRegion,
    taken: u64,
    out: &mut Options<P>,
) {
    let (reduced, joints) = region
        .with_bits(region.bits() & !taken)
        .reduced_and_joints();
    let gone = region.bits() & !reduced.bits();
    push_parts(reduced, joints, region.around(gone) & reduced.bits(), out);
}

/// The order in which a region lists its dominoes: nearest the centre of its frame first,
/// by `a dx + b dy` (in half squares, `dx` across and `dy` down from the frame's centre to
/// the domino's; the weights by the frame's shape, [`weights`]), a domino down before one
/// across at the same distance (the centre first is igsolve's order; `2 dx + dy`, which
/// suits frames a little taller than wide, gave 30% fewer moves than listing by square on
/// 5x6, 3x13, 4x9 and 5x7). For each
/// distance in turn, the squares where a domino down and one across may start; empty for
/// frames of more than 64 squares or wider than 8 (listed by square).
fn centre_out(width: u32, height: u32) -> &'static [(u64, u64)] {
    static LEVELS: OnceLock<Vec<Vec<(u64, u64)>>> = OnceLock::new();
    let levels = LEVELS.get_or_init(|| {
        (0..(MAX_ORDERED_WIDTH + 1) * 65)
            .map(|i| levels_of(i / 65, i % 65))
            .collect()
    });
    if width > MAX_ORDERED_WIDTH || width * height > 64 {
        return &[];
    }
    &levels[(width * 65 + height) as usize]
}

/// The widest frame with an order of its own ([`centre_out`]): canonical parts of at most
/// 64 squares are no wider than tall, so at most 8 wide.
const MAX_ORDERED_WIDTH: u32 = 8;

/// The weights `(a, b)` of [`centre_out`]'s distance `a dx + b dy` in a frame `width` by
/// `height` (no wider than tall): the longer the frame, the more the distance along it
/// counts. Moves examined on one thread against `2 dx + dy` everywhere (docs/performance.md,
/// 2026-11-27 17:00): `dx + 2 dy` from three times as tall as wide, 15% fewer on 3x13 and
/// 56% on 3x15; `3 dx + 2 dy` from twice, 5% fewer on 4x9; 5x7 and 5x8 unchanged.
pub(super) fn weights(width: u32, height: u32) -> (u32, u32) {
    if height >= 3 * width {
        (1, 2)
    } else if height >= 2 * width {
        (3, 2)
    } else {
        (2, 1)
    }
}

/// [`centre_out`]'s levels for a frame `width` by `height` (empty for no frame).
fn levels_of(width: u32, height: u32) -> Vec<(u64, u64)> {
    if width == 0 || height == 0 || width * height > 64 {
        return Vec::new();
    }
    let (a, b) = weights(width, height);
    let mut by_distance = vec![(0u64, 0u64); (8 * (width + height)) as usize];
    for r in 0..height {
        for c in 0..width {
            let square = 1u64 << (r * width + c);
            // Centres in half squares: down at (2r + 1, 2c), across at (2r, 2c + 1).
            let distance =
                |y: u32, x: u32| (a * x.abs_diff(width - 1) + b * y.abs_diff(height - 1)) as usize;
            if r + 1 < height {
                by_distance[distance(2 * r + 1, 2 * c)].0 |= square;
            }
            if c + 1 < width {
                by_distance[distance(2 * r, 2 * c + 1)].1 |= square;
            }
        }
    }
    by_distance.retain(|&(down, across)| down | across != 0);
    by_distance
}

crate::cpu::bit_instructions! {
    /// The options of the connected `region`, listed as [`Decomposable::moves_until`] lists
    /// them, into a list of parts of any type a [`WordRegion`] becomes (a board past one
    /// word holds parts of both kinds: [`super::large`]).
    pub(super) fn word_moves_until[P: From<WordRegion> + PartialEq](
        region: &WordRegion,
        out: &mut Options<P>,
        listed: &mut dyn FnMut(&[P]) -> bool,
    ) {
        let (across, down) = region.dominoes();
        let width = region.width();
        debug_assert!(
            {
                let mut parts = 0;
                region.split(|_| parts += 1);
                parts <= 1
            },
            "a part is connected: {region:?}"
        );
        let levels = match centre_out(width, region.height()) {
            [] => &[(u64::MAX, u64::MAX)][..],
            levels => levels,
        };
        for &(down_level, across_level) in levels {
            for (mut dominoes, step) in [(down & down_level, width), (across & across_level, 1)] {
                while dominoes != 0 {
                    let square = dominoes & dominoes.wrapping_neg();
                    dominoes ^= square;
                    push_after(*region, square | square << step, out);
                    out.end_option();
                    if !listed(out.last()) {
                        return;
                    }
                }
            }
        }
    }
}

impl Checkpointed for SmallCram {
    const NAME: &'static str = "cram-word";

    /// Rectangles, an L, a ring and the full 8 x 8, as they stand (not canonical).
    fn samples(&self) -> Vec<WordRegion> {
        [
            (0b11_1111, 3),
            (0xfff, 4),
            (0b100_100_111, 3),
            (0b1111_1001_1111, 4),
            (0x1_ffff_ffff, 7),
            (u64::MAX, 8),
        ]
        .map(|(bits, width)| WordRegion::new(bits, width))
        .to_vec()
    }
}

impl Decomposable for SmallCram {
    type Part = WordRegion;

    fn moves(&self, region: &WordRegion, out: &mut Options<WordRegion>) {
        self.moves_until(region, out, &mut |_| true);
    }

    /// One a domino that fits.
    fn option_count(&self, region: &WordRegion) -> Option<usize> {
        let (across, down) = region.dominoes();
        Some((across.count_ones() + down.count_ones()) as usize)
    }

    fn moves_until(
        &self,
        region: &WordRegion,
        out: &mut Options<WordRegion>,
        listed: &mut dyn FnMut(&[WordRegion]) -> bool,
    ) {
        word_moves_until(region, out, listed);
    }

    fn key(&self, region: &WordRegion) -> Option<u128> {
        Some(region.key())
    }

    /// The squares, and the difficulty too (as [`Cram`](crate::rules::Cram)'s).
    fn weight(&self, region: &WordRegion) -> u32 {
        region.cells()
    }

    fn known(&self, region: &WordRegion) -> Known {
        let (height, width) = (region.height(), region.width());
        if width == 1 {
            return Known::Nimber(straight(height as usize));
        }
        if region.is_centrally_symmetric() {
            let (r, c) = (height / 2, width / 2);
            return match (height % 2, width % 2) {
                (0, 0) => Known::Nimber(0),
                (0, 1) => mirror_play(region.contains(r - 1, c) && region.contains(r, c)),
                (1, 0) => mirror_play(region.contains(r, c - 1) && region.contains(r, c)),
                _ if region.contains(r, c) => Known::Nothing,
                _ => Known::Nimber(0),
            };
        }
        Known::Nothing
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::positional::Region;
    use crate::rules::Cram;
    use std::collections::HashMap;

    /// The nimber of the squares `bits` (rows `width` apart) from the definition: the mex of
    /// the nimbers after each domino, square by square, no theorem.
    fn brute(bits: u64, width: u32, memo: &mut HashMap<(u64, u32), u8>) -> u8 {
        if let Some(&nimber) = memo.get(&(bits, width)) {
            return nimber;
        }
        let mut seen = [false; 64];
        for s in 0..64 {
            if bits >> s & 1 == 0 {
                continue;
            }
            let mut pairs = vec![s + width];
            if (s + 1) % width != 0 {
                pairs.push(s + 1);
            }
            for t in pairs {
                if t < 64 && bits >> t & 1 == 1 {
                    let after = bits & !(1 << s) & !(1 << t);
                    seen[usize::from(brute(after, width, memo))] = true;
                }
            }
        }
        let nimber = seen.iter().position(|&s| !s).unwrap_or(63) as u8;
        memo.insert((bits, width), nimber);
        nimber
    }

    /// Regions of up to 18 squares in frames 2 to 6 wide, drawn from a fixed stream.
    fn regions() -> impl Iterator<Item = WordRegion> {
        WordRegion::stream(0x2545_f491_4f6c_dd1d)
            .zip(0..3000)
            .map(|(x, i)| {
                let width = 2 + (i % 5) as u32;
                let height = 2 + (x >> 59) as u32 % 4;
                let mut bits = (x | x >> 7) & (u64::MAX >> (64 - width * height));
                while bits.count_ones() > 18 {
                    bits &= bits - 1;
                }
                WordRegion::new(bits, width)
            })
    }

    #[test]
    fn reductions_and_joints_keep_the_nimber() {
        let mut memo = HashMap::new();
        let (mut bridged, mut split) = (0, 0);
        for region in regions() {
            let (bits, width) = (region.bits(), region.width());
            let nimber = brute(bits, width, &mut memo);
            let bridges = region.bridges();
            if bridges != 0 {
                bridged += 1;
                assert_eq!(
                    brute(bits & !bridges, width, &mut memo),
                    nimber,
                    "{region:?}"
                );
            }
            let reduced = region.reduced();
            assert_eq!(
                brute(reduced.bits(), width, &mut memo),
                nimber,
                "{region:?}"
            );
            let mut out = Options::<WordRegion>::default();
            push_parts(reduced, reduced.joints(), reduced.bits(), &mut out);
            out.end_option();
            let mut parts = 0;
            reduced.split(|_| parts += 1);
            if out.get(0).len() > parts {
                split += 1;
            }
            let sum = out.get(0).iter().fold(0, |sum, part| {
                sum ^ brute(part.bits(), part.width(), &mut memo)
            });
            assert_eq!(sum, nimber, "{region:?} {:?}", out.get(0));
        }
        // The stream holds cases of each (else the test would prove nothing).
        assert!(bridged > 20 && split > 20, "{bridged} {split}");
    }

    #[test]
    fn centre_out_lists_every_domino_once() {
        for width in 1..=MAX_ORDERED_WIDTH {
            for height in 1..=64 / width {
                let region = WordRegion::new(u64::MAX >> (64 - width * height), width);
                let (across, down) = region.dominoes();
                let (mut seen_down, mut seen_across) = (0u64, 0u64);
                for &(d, a) in centre_out(width, height) {
                    assert_eq!(seen_down & d, 0);
                    assert_eq!(seen_across & a, 0);
                    seen_down |= d;
                    seen_across |= a;
                }
                assert_eq!(
                    (seen_down, seen_across),
                    (down, across),
                    "{width} x {height}"
                );
            }
        }
        assert!(centre_out(9, 7).is_empty() && centre_out(3, 22).is_empty());
    }

    #[test]
    fn parts_stay_connected() {
        // A strip of five: its middle square is a bridge, and dropping it leaves two dominoes.
        let strip = WordRegion::new(0b11111, 5);
        let mut parts = 0;
        strip.reduced().split(|_| parts += 1);
        assert_eq!(parts, 2);
        assert_eq!(SmallCram::part(strip), strip.canonical());
        // An L of three keeps its reduction (one spare leaf dropped).
        let l = WordRegion::new(0b01_11, 2);
        assert_eq!(SmallCram::part(l).cells(), 2);
    }

    #[test]
    fn mirror_play_decides_symmetric_regions() {
        // Every centrally symmetric set of squares in frames of up to 20 squares, trimmed:
        // what `known` claims against the definition, and no claim only where the mirror
        // strategy fails (an odd frame with its centre square).
        let mut memo = HashMap::new();
        let mut claims = [0; 3];
        for (height, width) in (2..=5u32).flat_map(|h| (2..=5).map(move |w| (h, w))) {
            let n = height * width;
            if n > 20 {
                continue;
            }
            let pairs = n.div_ceil(2);
            for choice in 0..1u64 << pairs {
                let bits = (0..pairs)
                    .filter(|&i| choice >> i & 1 == 1)
                    .fold(0u64, |bits, i| bits | 1 << i | 1 << (n - 1 - i));
                let region = WordRegion::new(bits, width).canonical();
                if !region.is_centrally_symmetric() {
                    continue;
                }
                let nimber = brute(region.bits(), region.width(), &mut memo);
                let (w, mask) = (region.width(), (1u64 << region.width()) - 1);
                let rows: Vec<u64> = (0..region.height())
                    .map(|r| region.bits() >> (r * w) & mask)
                    .collect();
                let known = SmallCram.known(&region);
                assert_eq!(Cram.known(&Region::from_rows(&rows)), known);
                match known {
                    Known::Nimber(known) => {
                        assert_eq!(known, nimber, "{region:?}");
                        claims[0] += 1;
                    }
                    Known::NotZero => {
                        assert_ne!(nimber, 0, "{region:?}");
                        claims[1] += 1;
                    }
                    Known::Nothing => {
                        let (h, w) = (region.height(), region.width());
                        assert!(h % 2 == 1 && w % 2 == 1 && region.contains(h / 2, w / 2));
                        claims[2] += 1;
                    }
                }
            }
        }
        // Each claim is made.
        assert!(claims.iter().all(|&count| count > 100), "{claims:?}");
    }

    /// Both copies of the listing ([`crate::cpu::bit_instructions!`]) list the same options,
    /// part for part, on connected regions up to the full 8 x 8 (where the processor has the
    /// bit instructions; elsewhere both calls take the portable copy).
    #[test]
    #[cfg(target_arch = "x86_64")]
    fn both_copies_of_the_listing_agree() {
        let listed = |region: &WordRegion| {
            let mut out = Options::default();
            word_moves_until::<WordRegion>(region, &mut out, &mut |_| true);
            (0..out.len())
                .map(|i| out.get(i).to_vec())
                .collect::<Vec<_>>()
        };
        let mut components = Vec::new();
        for region in regions().chain(SmallCram.samples()) {
            region.split(|component| components.push(component));
        }
        let mut options = 0;
        for component in components {
            let fast = listed(&component);
            let portable = crate::cpu::without_bit_instructions(|| listed(&component));
            assert_eq!(fast, portable, "{component:?}");
            options += fast.len();
        }
        assert!(options > 10_000, "{options} options compared");
    }

    #[test]
    fn every_option_is_worth_its_parts() {
        let mut memo = HashMap::new();
        let mut components = Vec::new();
        for region in regions().step_by(10) {
            region.split(|component| components.push(component));
        }
        for component in components {
            let part = SmallCram::part(component);
            let mut parts = 0;
            part.split(|_| parts += 1);
            assert_eq!(parts, 1, "{component:?}");
            let mut out = Options::default();
            SmallCram.moves(&part, &mut out);
            let mut values: Vec<u8> = (0..out.len())
                .map(|i| {
                    out.get(i)
                        .iter()
                        .fold(0, |sum, p| sum ^ brute(p.bits(), p.width(), &mut memo))
                })
                .collect();
            let mut direct = Vec::new();
            let (bits, width) = (part.bits(), part.width());
            for s in 0..64u32 {
                let across = ((s + 1) % width != 0).then_some(s + 1);
                for t in across.into_iter().chain([s + width]) {
                    if t < 64 && bits >> s & 1 == 1 && bits >> t & 1 == 1 {
                        direct.push(brute(bits & !(1 << s) & !(1 << t), width, &mut memo));
                    }
                }
            }
            values.sort_unstable();
            direct.sort_unstable();
            assert_eq!(values, direct, "{part:?}");
        }
    }
}
