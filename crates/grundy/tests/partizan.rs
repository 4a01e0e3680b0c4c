//! Partizan games against brute force written from the definitions, sharing no code with the
//! table of canonical forms: game trees built from each ruleset's moves as the rules state
//! them (no regions split, no symmetry), compared by the definition of `<=` (`G <= H` unless
//! some `G^L >= H` or some `H^R <= G`); outcomes by minimax; canonical forms checked to have
//! no dominated and no reversible option; published values (Berlekamp, Conway and Guy,
//! *Winning Ways*); and every value printed in CGSuite's notation and read back.

// The helpers below are test code too: a failed unwrap is a failed test.
#![allow(clippy::unwrap_used)]

mod xorshift;

use std::collections::HashMap;
use std::hash::Hash;

use grundy::partizan::games::{
    Clobber, ClobberBoard, Cutcake, Domineering, Grid, HackenbushString, PartizanRuleset,
    PartizanSolver, Strip, ToadsAndFrogs,
};
use grundy::partizan::{Dyadic, Game, Games, OutcomeClass};
use xorshift::Random;

/// Game trees: node `i`'s Left and Right options.
#[derive(Default)]
struct Trees {
    left: Vec<Vec<usize>>,
    right: Vec<Vec<usize>>,
    ge: HashMap<(usize, usize), bool>,
    wins: HashMap<(usize, bool), bool>,
    canonical: HashMap<Game, usize>,
}

impl Trees {
    fn node(&mut self) -> usize {
        self.left.push(Vec::new());
        self.right.push(Vec::new());
        self.left.len() - 1
    }

    /// `a >= b` by the definition.
    fn ge(&mut self, a: usize, b: usize) -> bool {
        if let Some(&known) = self.ge.get(&(a, b)) {
            return known;
        }
        let mut answer = true;
        for ar in self.right[a].clone() {
            if self.ge(b, ar) {
                answer = false;
                break;
            }
        }
        if answer {
            for bl in self.left[b].clone() {
                if self.ge(bl, a) {
                    answer = false;
                    break;
                }
            }
        }
        self.ge.insert((a, b), answer);
        answer
    }

    fn equal(&mut self, a: usize, b: usize) -> bool {
        self.ge(a, b) && self.ge(b, a)
    }

    /// Whether the player to move (Left when `left`) wins from node `a`.
    fn wins(&mut self, a: usize, left: bool) -> bool {
        if let Some(&known) = self.wins.get(&(a, left)) {
            return known;
        }
        let options = if left {
            self.left[a].clone()
        } else {
            self.right[a].clone()
        };
        let answer = options.into_iter().any(|o| !self.wins(o, !left));
        self.wins.insert((a, left), answer);
        answer
    }

    fn outcome(&mut self, a: usize) -> OutcomeClass {
        OutcomeClass::from_wins(self.wins(a, true), self.wins(a, false))
    }

    /// The tree of a canonical form, from the options the table lists.
    fn of_canonical(&mut self, games: &mut Games, g: Game) -> usize {
        if let Some(&node) = self.canonical.get(&g) {
            return node;
        }
        let sides = [Games::left_options, Games::right_options];
        let [left, right] = sides.map(|options_of| -> Vec<usize> {
            let options = options_of(games, g).unwrap();
            options
                .into_iter()
                .map(|o| self.of_canonical(games, o))
                .collect()
        });
        let node = self.node();
        self.left[node] = left;
        self.right[node] = right;
        self.canonical.insert(g, node);
        node
    }

    /// The tree of every position reachable from `start` by `moves`.
    fn of_positions<P: Clone + Eq + Hash>(
        &mut self,
        start: &P,
        moves: &impl Fn(&P, bool) -> Vec<P>,
        nodes: &mut HashMap<P, usize>,
    ) -> usize {
        if let Some(&node) = nodes.get(start) {
            return node;
        }
        let node = self.node();
        nodes.insert(start.clone(), node);
        let left: Vec<usize> = moves(start, true)
            .iter()
            .map(|p| self.of_positions(p, moves, nodes))
            .collect();
        let right: Vec<usize> = moves(start, false)
            .iter()
            .map(|p| self.of_positions(p, moves, nodes))
            .collect();
        self.left[node] = left;
        self.right[node] = right;
        node
    }

    /// Checks that the canonical form at `node` has no dominated or reversible option.
    fn assert_canonical(&mut self, node: usize, what: &str) {
        let (left, right) = (self.left[node].clone(), self.right[node].clone());
        for &a in &left {
            for &b in &left {
                assert!(a == b || !self.ge(b, a), "{what}: a dominated Left option");
            }
            for ar in self.right[a].clone() {
                assert!(!self.ge(node, ar), "{what}: a reversible Left option");
            }
        }
        for &a in &right {
            for &b in &right {
                assert!(a == b || !self.ge(a, b), "{what}: a dominated Right option");
            }
            for bl in self.left[a].clone() {
                assert!(!self.ge(bl, node), "{what}: a reversible Right option");
            }
        }
    }
}

/// Checks every position of `positions` (with brute-force `moves`) against the library's
/// value of it: equal game, same outcome, canonical, and the notation read back. Returns the
/// library's values.
fn check<P: Clone + Eq + Hash + std::fmt::Debug>(
    games: &mut Games,
    positions: &[P],
    moves: impl Fn(&P, bool) -> Vec<P>,
    mut library: impl FnMut(&mut Games, &P) -> Game,
) -> Vec<Game> {
    let mut trees = Trees::default();
    let mut nodes = HashMap::new();
    let mut values = Vec::new();
    for position in positions {
        let brute = trees.of_positions(position, &moves, &mut nodes);
        let value = library(games, position);
        let canonical = trees.of_canonical(games, value);
        let text = games.format(value).unwrap();
        assert!(
            trees.equal(brute, canonical),
            "{position:?}: not equal to {text}"
        );
        assert_eq!(
            games.outcome(value).unwrap(),
            trees.outcome(brute),
            "{position:?} = {text}: outcome"
        );
        values.push(value);
    }
    let mut distinct = values.clone();
    distinct.sort_unstable();
    distinct.dedup();
    for &value in &distinct {
        let node = trees.of_canonical(games, value);
        let text = games.format(value).unwrap();
        trees.assert_canonical(node, &text);
        let back = grundy::spec::parse_partizan(&text, games)
            .unwrap_or_else(|e| panic!("{text} does not parse back: {e}"));
        assert_eq!(back, value, "{text} reads back as another game");
    }
    values
}

/// Domineering from the rules: a board of `rows x cols` as a mask of empty squares.
fn domineering_moves(rows: usize, cols: usize) -> impl Fn(&u32, bool) -> Vec<u32> {
    move |&board, left| {
        let mut found = Vec::new();
        for r in 0..rows {
            for c in 0..cols {
                let (r2, c2) = if left { (r + 1, c) } else { (r, c + 1) };
                if r2 >= rows || c2 >= cols {
                    continue;
                }
                let pair = 1 << (r * cols + c) | 1 << (r2 * cols + c2);
                if board & pair == pair {
                    found.push(board & !pair);
                }
            }
        }
        found
    }
}

#[test]
fn domineering_on_every_board_of_up_to_12_squares_equals_brute_force() {
    let mut games = Games::new();
    let mut solver = PartizanSolver::new(Domineering);
    for (rows, cols) in [(1, 12), (12, 1), (2, 6), (6, 2), (3, 4), (4, 3)] {
        let boards: Vec<u32> = (0..1u32 << (rows * cols)).collect();
        check(
            &mut games,
            &boards,
            domineering_moves(rows, cols),
            |games, &board| {
                let grid = Grid::new(rows, cols, u128::from(board)).unwrap();
                solver.value(games, &grid).unwrap()
            },
        );
    }
}

#[test]
fn domineering_published_values() {
    // Winning Ways, ch. 5: the 2 x 2 square is ±1; a vertical strip of n is ⌊n/2⌋, a horizontal
    // one -⌊n/2⌋.
    let mut games = Games::new();
    let mut solver = PartizanSolver::new(Domineering);
    let square = solver
        .value(&mut games, &Grid::rectangle(2, 2).unwrap())
        .unwrap();
    assert_eq!(games.format(square).unwrap(), "+-1");
    for n in 1..12 {
        let vertical = solver
            .value(&mut games, &Grid::rectangle(n, 1).unwrap())
            .unwrap();
        assert_eq!(
            games.as_number(vertical),
            Some(Dyadic::integer((n / 2) as i128).unwrap())
        );
        let horizontal = solver
            .value(&mut games, &Grid::rectangle(1, n).unwrap())
            .unwrap();
        assert_eq!(
            games.as_number(horizontal),
            Some(Dyadic::integer(-((n / 2) as i128)).unwrap())
        );
    }
}

#[test]
fn domineering_sums_have_the_outcome_of_minimax() {
    let mut games = Games::new();
    let mut solver = PartizanSolver::new(Domineering);
    let (rows, cols) = (3, 3);
    let moves = domineering_moves(rows, cols);
    let mut trees = Trees::default();
    let mut nodes = HashMap::new();
    let mut state = 0x2545_f491_4f6c_dd1du64;
    for _ in 0..300 {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        let (a, b) = ((state & 511) as u32, ((state >> 9) & 511) as u32);
        let na = trees.of_positions(&a, &moves, &mut nodes);
        let nb = trees.of_positions(&b, &moves, &mut nodes);
        // The sum's tree: pairs of nodes.
        let sum = sum_tree(&mut trees, na, nb, &mut HashMap::new());
        let va = solver
            .value(&mut games, &Grid::new(rows, cols, u128::from(a)).unwrap())
            .unwrap();
        let vb = solver
            .value(&mut games, &Grid::new(rows, cols, u128::from(b)).unwrap())
            .unwrap();
        let total = games.add(va, vb).unwrap();
        assert_eq!(
            games.outcome(total).unwrap(),
            trees.outcome(sum),
            "{a:b} + {b:b}"
        );
    }
}

/// The tree of the sum of nodes `a` and `b`: a move in either.
fn sum_tree(
    trees: &mut Trees,
    a: usize,
    b: usize,
    made: &mut HashMap<(usize, usize), usize>,
) -> usize {
    if let Some(&node) = made.get(&(a, b)) {
        return node;
    }
    let mut left = Vec::new();
    for o in trees.left[a].clone() {
        left.push(sum_tree(trees, o, b, made));
    }
    for o in trees.left[b].clone() {
        left.push(sum_tree(trees, a, o, made));
    }
    let mut right = Vec::new();
    for o in trees.right[a].clone() {
        right.push(sum_tree(trees, o, b, made));
    }
    for o in trees.right[b].clone() {
        right.push(sum_tree(trees, a, o, made));
    }
    let node = trees.node();
    trees.left[node] = left;
    trees.right[node] = right;
    made.insert((a, b), node);
    node
}

/// Every word of up to `max` letters from `letters`.
fn words(letters: &[u8], max: usize) -> Vec<Vec<u8>> {
    let mut all = vec![Vec::new()];
    let mut last = vec![Vec::new()];
    for _ in 0..max {
        let mut next = Vec::new();
        for word in &last {
            for &letter in letters {
                let mut longer = word.clone();
                longer.push(letter);
                next.push(longer);
            }
        }
        all.extend(next.iter().cloned());
        last = next;
    }
    all
}

/// Berlekamp's rule for a blue-red string (Winning Ways, ch. 2): ±1 an edge up to the first
/// change of colour, then ±1/2, ±1/4, ….
fn berlekamp(string: &[u8]) -> Dyadic {
    let sign = |edge: u8| if edge == b'l' { 1 } else { -1 };
    let run = string.iter().take_while(|&&e| e == string[0]).count();
    let mut value = Dyadic::integer(sign(string[0]) * run as i128).unwrap();
    let mut step = Dyadic::integer(1).unwrap();
    for &edge in &string[run..] {
        step = step.half().unwrap();
        let term = if sign(edge) > 0 { step } else { step.neg() };
        value = value.checked_add(term).unwrap();
    }
    value
}

#[test]
fn hackenbush_strings_of_up_to_8_edges_equal_brute_force_and_berlekamp() {
    let mut games = Games::new();
    let mut solver = PartizanSolver::new(HackenbushString);
    let strings = words(b"lre", 8);
    let moves = |s: &Vec<u8>, left: bool| -> Vec<Vec<u8>> {
        let mut found = Vec::new();
        for i in 0..s.len() {
            let cuttable = s[i] == b'e' || (s[i] == b'l') == left;
            if cuttable {
                found.push(s[..i].to_vec());
            }
        }
        found
    };
    let values = check(&mut games, &strings, moves, |games, s| {
        solver.value(games, s).unwrap()
    });
    for (string, value) in strings.iter().zip(values) {
        if !string.is_empty() && !string.contains(&b'e') {
            assert_eq!(
                games.as_number(value),
                Some(berlekamp(string)),
                "{string:?}"
            );
        }
    }
    let green = grundy::spec::parse_partizan("hackenbush(eee)", &mut games).unwrap();
    assert_eq!(games.format(green).unwrap(), "*3");
    // Toads and frogs in CGSuite's capitals read as the lower-case letters.
    let upper = grundy::spec::parse_partizan("toads(TT.F.F)", &mut games).unwrap();
    let lower = grundy::spec::parse_partizan("toads(tt.f.f)", &mut games).unwrap();
    assert_eq!(upper, lower);
}

#[test]
fn toads_and_frogs_strips_equal_brute_force() {
    let mut games = Games::new();
    let mut solver = PartizanSolver::new(ToadsAndFrogs);
    let mut random = Random(0x9e37_79b9_7f4a_7c15);
    // Half the strips sparse, half crowded (where blocks like `ttff` freeze and split them).
    let strips: Vec<Vec<u8>> = (0..600)
        .map(|k| {
            let n = 1 + random.below(11) as usize;
            let letters: &[u8] = if k % 2 == 0 { b"tf.." } else { b"ttff." };
            (0..n)
                .map(|_| letters[random.below(letters.len() as u64) as usize])
                .collect()
        })
        .collect();
    let moves = |s: &Vec<u8>, left: bool| -> Vec<Vec<u8>> {
        let mut found = Vec::new();
        for i in 0..s.len() {
            let (me, them, step): (u8, u8, isize) = if left {
                (b't', b'f', 1)
            } else {
                (b'f', b't', -1)
            };
            if s[i] != me {
                continue;
            }
            let at = |k: isize| -> Option<u8> {
                let j = i as isize + k * step;
                (j >= 0 && (j as usize) < s.len()).then(|| s[j as usize])
            };
            let target = if at(1) == Some(b'.') {
                Some(1)
            } else if at(1) == Some(them) && at(2) == Some(b'.') {
                Some(2)
            } else {
                None
            };
            if let Some(k) = target {
                let mut next = s.clone();
                next.swap(i, (i as isize + k * step) as usize);
                found.push(next);
            }
        }
        found
    };
    check(&mut games, &strips, moves, |games, s| {
        solver.value(games, &Strip::new(s).unwrap()).unwrap()
    });
}

/// Clobber from the rules: squares 0 empty, 1 Left's, 2 Right's, on a `cols`-wide board.
fn clobber_moves(cols: usize) -> impl Fn(&Vec<u8>, bool) -> Vec<Vec<u8>> {
    move |board, left| {
        let (me, them) = if left { (1, 2) } else { (2, 1) };
        let rows = board.len() / cols;
        let mut found = Vec::new();
        for r in 0..rows {
            for c in 0..cols {
                if board[r * cols + c] != me {
                    continue;
                }
                let mut targets = Vec::new();
                if r > 0 {
                    targets.push((r - 1) * cols + c);
                }
                if r + 1 < rows {
                    targets.push((r + 1) * cols + c);
                }
                if c > 0 {
                    targets.push(r * cols + c - 1);
                }
                if c + 1 < cols {
                    targets.push(r * cols + c + 1);
                }
                for t in targets {
                    if board[t] == them {
                        let mut next = board.clone();
                        next[t] = me;
                        next[r * cols + c] = 0;
                        found.push(next);
                    }
                }
            }
        }
        found
    }
}

fn clobber_board(board: &[u8], cols: usize) -> ClobberBoard {
    let rows: Vec<Vec<Option<bool>>> = board
        .chunks(cols)
        .map(|row| row.iter().map(|&s| (s != 0).then_some(s == 1)).collect())
        .collect();
    ClobberBoard::from_rows(&rows).unwrap()
}

#[test]
fn clobber_strips_and_boards_equal_brute_force() {
    let mut games = Games::new();
    let mut solver = PartizanSolver::new(Clobber);
    for n in 1..=7 {
        let strips: Vec<Vec<u8>> = words(&[0, 1, 2], n)
            .into_iter()
            .filter(|w| w.len() == n)
            .collect();
        check(&mut games, &strips, clobber_moves(n), |games, s| {
            solver.value(games, &clobber_board(s, n)).unwrap()
        });
    }
    let mut random = Random(0x1234_5678_9abc_def1);
    for (rows, cols) in [(2, 3), (2, 4), (3, 3)] {
        let boards: Vec<Vec<u8>> = (0..60)
            .map(|_| {
                (0..rows * cols)
                    .map(|_| [0, 1, 2, 1, 2][random.below(5) as usize])
                    .collect()
            })
            .collect();
        check(&mut games, &boards, clobber_moves(cols), |games, s| {
            solver.value(games, &clobber_board(s, cols)).unwrap()
        });
    }
    // XO is *, XXO is ^.
    let star = grundy::spec::parse_partizan("clobber(XO)", &mut games).unwrap();
    assert_eq!(games.format(star).unwrap(), "*");
    let up = grundy::spec::parse_partizan("clobber(XXO)", &mut games).unwrap();
    assert_eq!(games.format(up).unwrap(), "^");
}

#[test]
fn cutcake_equals_brute_force_and_is_an_integer() {
    // Winning Ways, ch. 2: every Cutcake position is an integer.
    let mut games = Games::new();
    let mut solver = PartizanSolver::new(Cutcake);
    let cakes: Vec<Vec<(u32, u32)>> = (1..=5)
        .flat_map(|w| (1..=5).map(move |h| vec![(w, h)]))
        .collect();
    let moves = |cake: &Vec<(u32, u32)>, left: bool| -> Vec<Vec<(u32, u32)>> {
        let mut found = Vec::new();
        for (i, &(w, h)) in cake.iter().enumerate() {
            let size = if left { w } else { h };
            for cut in 1..size {
                let mut next = cake.clone();
                next.remove(i);
                if left {
                    next.push((cut, h));
                    next.push((w - cut, h));
                } else {
                    next.push((w, cut));
                    next.push((w, h - cut));
                }
                next.sort_unstable();
                found.push(next);
            }
        }
        found
    };
    let values = check(&mut games, &cakes, moves, |games, c| {
        solver.value(games, c).unwrap()
    });
    for value in values {
        assert!(games.as_number(value).is_some_and(Dyadic::is_integer));
    }
}

/// Left's and Right's stops by the definition, over the canonical form's tree.
fn stops(games: &mut Games, g: Game) -> (Dyadic, Dyadic) {
    if let Some(x) = games.as_number(g) {
        return (x, x);
    }
    let left = games.left_options(g).unwrap();
    let right = games.right_options(g).unwrap();
    let ls = left.iter().map(|&o| stops(games, o).1).max().unwrap();
    let rs = right.iter().map(|&o| stops(games, o).0).min().unwrap();
    (ls, rs)
}

#[test]
fn thermograph_walls_are_the_stops_of_the_cooled_game_on_every_small_board() {
    let mut games = Games::new();
    let mut solver = PartizanSolver::new(Domineering);
    let mut values = Vec::new();
    for (rows, cols) in [(1, 12), (12, 1), (2, 6), (6, 2), (3, 4), (4, 3)] {
        for board in 0..1u128 << 12 {
            let grid = Grid::new(rows, cols, board).unwrap();
            values.push(solver.value(&mut games, &grid).unwrap());
        }
    }
    for board in words(b"lre", 8) {
        values.push(
            PartizanSolver::new(HackenbushString)
                .value(&mut games, &board)
                .unwrap(),
        );
    }
    values.sort_unstable();
    values.dedup();
    let temperatures: Vec<Dyadic> = (0..=12).map(|i| Dyadic::new(i, 2).unwrap()).collect();
    for g in values {
        let thermograph = games.thermograph(g).unwrap();
        assert_eq!(
            (
                thermograph.left.at(Dyadic::ZERO).unwrap(),
                thermograph.right.at(Dyadic::ZERO).unwrap()
            ),
            stops(&mut games, g)
        );
        if games.as_number(g).is_some() {
            continue;
        }
        for &t in &temperatures {
            let cooled = games.cool(g, t).unwrap();
            let (ls, rs) = stops(&mut games, cooled);
            let text = games.format(g).unwrap();
            assert_eq!(
                thermograph.left.at(t).unwrap(),
                ls,
                "{text} at {t}: Left's wall"
            );
            assert_eq!(
                thermograph.right.at(t).unwrap(),
                rs,
                "{text} at {t}: Right's wall"
            );
        }
        // Above the temperature the cooled game is the mean.
        let above = thermograph
            .temperature
            .checked_add(Dyadic::new(1, 3).unwrap())
            .unwrap();
        let cooled = games.cool(g, above).unwrap();
        assert_eq!(games.as_number(cooled), Some(thermograph.mean));
    }
}

#[test]
fn the_notation_reads_cgsuites_examples() {
    let mut games = Games::new();
    for (text, printed) in [
        ("0", "0"),
        ("-1823437481924", "-1823437481924"),
        ("25/16", "25/16"),
        ("6+^*", "6^*"),
        ("73/16+v9*8", "73/16v9*8"),
        ("{0|*||*|||*||||*}", "^[4]"),
        ("{0||0|v*}", "{0|^<2>}"),
        ("+-1", "+-1"),
        ("{1|-1}", "+-1"),
        ("{2|0||-1}", "{2|0||-1}"),
        ("Tiny(2)", "2.Tiny"),
        ("{0||0|-2}", "2.Tiny"),
        ("Miny(2)", "2.Miny"),
        ("{3|1}", "{3|1}"),
        ("2+-1", "{3|1}"),
        ("^ + ^", "^^"),
        ("{0|^}", "^^*"),
        ("-1v", "-1v"),
        ("+-{1,2}", "+-2"),
        ("+-{*,^}", "+-{*,^}"),
        ("*+*", "0"),
        ("{0,*|0,*}", "*2"),
        ("{|}", "0"),
        ("{0|}", "1"),
        ("{0|1}", "1/2"),
    ] {
        let g = grundy::spec::parse_partizan(text, &mut games)
            .unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(games.format(g).unwrap(), printed, "{text}");
    }
    for bad in [
        "{1|2||3||4}",
        "{1,|0}",
        "3/5",
        "*5000",
        "{1|0",
        "^^3",
        "domineering(20x20)",
    ] {
        assert!(
            grundy::spec::parse_partizan(bad, &mut games).is_err(),
            "{bad}"
        );
    }
}

#[test]
fn the_solver_splits_regions_and_uses_symmetry() {
    let rules = Domineering;
    let board = Grid::from_rows(&[
        vec![true, true, false, true],
        vec![true, false, false, true],
    ])
    .unwrap();
    let parts = rules.parts(&board);
    assert_eq!(parts.len(), 2);
}

#[test]
fn random_games_print_and_read_back() {
    // Games built at random from small ones by forms, sums and negation: each printed and read
    // back to the same handle, and sums and negation checked against the trees' definitions.
    let mut games = Games::new();
    let mut random = Random(0x0dd_ba11_cafe_f00d);
    let mut pool: Vec<Game> = vec![games.zero()];
    for text in ["1", "-1", "1/2", "*", "^", "2", "-3/4", "*2"] {
        pool.push(grundy::spec::parse_partizan(text, &mut games).unwrap());
    }
    let mut trees = Trees::default();
    for _ in 0..400 {
        let pick =
            |random: &mut Random, pool: &[Game]| pool[random.below(pool.len() as u64) as usize];
        let g = match random.below(4) {
            0 | 1 => {
                let left: Vec<Game> = (0..random.below(3))
                    .map(|_| pick(&mut random, &pool))
                    .collect();
                let right: Vec<Game> = (0..random.below(3))
                    .map(|_| pick(&mut random, &pool))
                    .collect();
                let g = games.game(&left, &right).unwrap();
                // The form's tree from the options as given equals the canonical form's.
                let form = trees.node();
                trees.left[form] = left
                    .iter()
                    .map(|&o| trees.of_canonical(&mut games, o))
                    .collect();
                trees.right[form] = right
                    .iter()
                    .map(|&o| trees.of_canonical(&mut games, o))
                    .collect();
                let canonical = trees.of_canonical(&mut games, g);
                assert!(trees.equal(form, canonical));
                g
            }
            2 => {
                let (a, b) = (pick(&mut random, &pool), pick(&mut random, &pool));
                let g = games.add(a, b).unwrap();
                let (na, nb) = (
                    trees.of_canonical(&mut games, a),
                    trees.of_canonical(&mut games, b),
                );
                let sum = sum_tree(&mut trees, na, nb, &mut HashMap::new());
                let canonical = trees.of_canonical(&mut games, g);
                assert!(trees.equal(sum, canonical));
                g
            }
            _ => {
                let a = pick(&mut random, &pool);
                let g = games.neg(a).unwrap();
                assert_eq!(games.add(a, g).unwrap(), games.zero());
                g
            }
        };
        let text = games.format(g).unwrap();
        let back = grundy::spec::parse_partizan(&text, &mut games)
            .unwrap_or_else(|e| panic!("{text}: {e}"));
        assert_eq!(back, g, "{text}");
        if text.len() < 40 {
            pool.push(g);
        }
    }
}

#[test]
fn heating_undoes_cooling_on_hot_switches() {
    // Heating by t inverts cooling by t on switches {x | y} with x - y > 2t.
    let mut games = Games::new();
    let t = Dyadic::new(1, 1).unwrap();
    for text in ["+-1", "{3|1}", "{5/2|-1}", "+-2"] {
        let g = grundy::spec::parse_partizan(text, &mut games).unwrap();
        let cooled = games.cool(g, t).unwrap();
        let heated = games.heat(cooled, t).unwrap();
        assert_eq!(games.format(heated).unwrap(), text, "{text}");
    }
}

#[test]
fn col_and_snort_read_graphs_as_node_kayles_does() {
    let mut games = Games::new();
    let mut value = |text: &str| {
        let g = grundy::spec::parse_partizan(text, &mut games).unwrap();
        games.format(g).unwrap()
    };
    // Snort on an edge: the first to paint keeps the other end for a move of their own.
    assert_eq!(value("snort(a-b)"), "+-1");
    assert_eq!(value("snort(complete(3))"), "+-2");
    // Col on a path of 2 or 3 is 0; one vertex is *.
    assert_eq!(value("col(path(3))"), "0");
    assert_eq!(value("col(a-b) + col(c)"), "*");
    // Components add: two edges apart are the sum of two edges.
    let two = value("snort(a-b, c-d)");
    assert_eq!(two, value("snort(a-b) + snort(c-d)"));
    // The graph's errors keep their place in the text.
    let error = grundy::spec::parse_partizan("1 + col(path(500))", &mut Games::new()).unwrap_err();
    assert!(error.to_string().contains("120"), "{error}");
    assert!(error.span().is_some(), "{error}");
}

/// Whether `g` and `h` differ by an infinitesimal: both stops of `g - h` are 0.
fn infinitesimally_close(games: &mut Games, g: Game, h: Game) -> bool {
    let difference = games.sub(g, h).unwrap();
    let zero = Dyadic::integer(0).unwrap();
    games.left_stop(difference).unwrap() == zero && games.right_stop(difference).unwrap() == zero
}

#[test]
fn the_reduced_form_is_one_per_class_of_games_an_infinitesimal_apart() {
    // Random games from small hot and cold ones; for each, the reduced form is an infinitesimal
    // away, reduces to itself, and is the same game for the game plus any of several
    // infinitesimals (ups, stars, tinies): one form per class, as Grossman and Siegel prove.
    let mut games = Games::new();
    let mut random = Random(0x005e_ed0f_1e55_aced);
    let parse = |games: &mut Games, text: &str| grundy::spec::parse_partizan(text, games).unwrap();
    let mut pool: Vec<Game> = [
        "0", "1", "-1", "1/2", "*", "^", "2", "+-1", "{2|0}", "{1|-1/2}",
    ]
    .iter()
    .map(|text| parse(&mut games, text))
    .collect();
    let small: Vec<Game> = [
        "0", "^", "v", "*", "^*", "*2", "{0|^}", "Tiny(1)", "Miny(2)", "^^*",
    ]
    .iter()
    .map(|text| parse(&mut games, text))
    .collect();
    for _ in 0..150 {
        let pick =
            |random: &mut Random, pool: &[Game]| pool[random.below(pool.len() as u64) as usize];
        let left: Vec<Game> = (0..1 + random.below(2))
            .map(|_| pick(&mut random, &pool))
            .collect();
        let right: Vec<Game> = (0..1 + random.below(2))
            .map(|_| pick(&mut random, &pool))
            .collect();
        let g = games.game(&left, &right).unwrap();
        let reduced = games.reduced(g).unwrap();
        let text = games.format(g).unwrap();
        assert!(infinitesimally_close(&mut games, g, reduced), "{text}");
        assert_eq!(games.reduced(reduced).unwrap(), reduced, "{text}");
        for &epsilon in &small {
            let shifted = games.add(g, epsilon).unwrap();
            assert_eq!(
                games.reduced(shifted).unwrap(),
                reduced,
                "{text} + {}",
                games.format(epsilon).unwrap()
            );
        }
        if text.len() < 30 {
            pool.push(g);
        }
    }
    // By hand: ^* and *2 reduce to 0, {1^|-1^} to +-1, {2|0} + Tiny(1) to {2|0}.
    for (text, expected) in [
        ("^*", "0"),
        ("*2", "0"),
        ("{1^|-1^}", "+-1"),
        ("{2|0} + Tiny(1)", "{2|0}"),
        ("1/2 + ^", "1/2"),
    ] {
        let g = parse(&mut games, text);
        let reduced = games.reduced(g).unwrap();
        assert_eq!(games.format(reduced).unwrap(), expected, "{text}");
    }
}

#[test]
fn hackenbush_graphs_read_with_colours_and_a_ground() {
    let mut games = Games::new();
    let mut value = |text: &str| {
        let g = grundy::spec::parse_partizan(text, &mut games)
            .unwrap_or_else(|e| panic!("{text}: {e}"));
        games.format(g).unwrap()
    };
    // A stalk written as a graph is the string.
    assert_eq!(
        value("hackenbush(g-a:l, a-b:r; ground=g)"),
        value("hackenbush(lr)")
    );
    // A blue edge and a red edge side by side on the ground cancel. Green cycles through the
    // ground fuse into loops, each *1 (Winning Ways, ch. 7): two parallel edges are 0, a
    // triangle *.
    assert_eq!(value("hackenbush(g-a:l, g-b:r; ground=g)"), "0");
    assert_eq!(value("hackenbush(g-a:e, a-g:e; ground=g)"), "0");
    assert_eq!(value("hackenbush(g-a:e, a-b:e, b-g:e; ground=g)"), "*");
    // A blue loop on a vertex held up by a red edge: Left cuts the loop (leaving -1), Right
    // the edge (and all falls): {-1 | 0} = -1/2.
    assert_eq!(value("hackenbush(g-a:r, a-a:l; ground=g)"), "-1/2");
    // Edges not joined to the ground are gone from the start.
    assert_eq!(value("hackenbush(a-b:l; ground=g)"), "0");
    for bad in [
        "hackenbush(g-a:x; ground=g)",
        "hackenbush(g-a:l)",
        "hackenbush(g-a:l; ground=)",
    ] {
        assert!(
            grundy::spec::parse_partizan(bad, &mut Games::new()).is_err(),
            "{bad}"
        );
    }
}
