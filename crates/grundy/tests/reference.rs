//! Published values: the library against the OEIS sequences in `tests/data/` (each file names
//! its source, offset and meaning in `#` header lines) and against the Library Checker's nim
//! product example.
//!
//! Besides the data lines, the files' notes quote published facts: codes that share a
//! sequence with a shift, and eventual periods with their exceptions. Those are checked too,
//! on tables computed well past the last exception.

mod library_checker;

use std::path::PathBuf;

use grundy::heap::HeapSolver;
use grundy::{spec, Nimber};

// ---------------------------------------------------------------------------------------------
// The data files

/// One file of `tests/data/`: its header lines and its numbers.
struct Data {
    name: &'static str,
    /// `(key, text)` for each `# key: text` line, in order.
    headers: Vec<(String, String)>,
    /// Each data line's numbers.
    rows: Vec<Vec<u64>>,
}

impl Data {
    fn read(name: &'static str) -> Data {
        let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
            .join("tests/data")
            .join(name);
        let text = std::fs::read_to_string(&path)
            .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
        let mut headers = Vec::new();
        let mut rows = Vec::new();
        for line in text.lines() {
            if let Some(header) = line.strip_prefix('#') {
                if let Some((key, value)) = header.split_once(':') {
                    headers.push((key.trim().to_string(), value.trim().to_string()));
                }
                continue;
            }
            let row: Vec<u64> = line
                .split_whitespace()
                .map(|word| {
                    word.parse()
                        .unwrap_or_else(|e| panic!("{name}: '{word}' is not a number: {e}"))
                })
                .collect();
            if !row.is_empty() {
                rows.push(row);
            }
        }
        let data = Data {
            name,
            headers,
            rows,
        };
        assert!(
            !data.header("source").is_empty(),
            "{name} does not name its source"
        );
        data
    }

    fn header(&self, key: &str) -> Vec<&str> {
        self.headers
            .iter()
            .filter(|(k, _)| k == key)
            .map(|(_, v)| v.as_str())
            .collect()
    }

    fn number(&self, key: &str) -> u64 {
        let values = self.header(key);
        let first = values
            .first()
            .unwrap_or_else(|| panic!("{}: no '{key}' header", self.name));
        let digits: String = first.chars().take_while(char::is_ascii_digit).collect();
        digits
            .parse()
            .unwrap_or_else(|e| panic!("{}: bad '{key}' header '{first}': {e}", self.name))
    }

    /// The index of the first value.
    fn offset(&self) -> u64 {
        self.number("offset")
    }

    /// Every number of the data lines, in order; as many as the `count` header says.
    fn values(&self) -> Vec<u64> {
        let values: Vec<u64> = self.rows.concat();
        assert_eq!(values.len() as u64, self.number("count"), "{}", self.name);
        values
    }

    /// `(index, value)` for each value, indices starting at the offset.
    fn indexed(&self) -> Vec<(u64, u64)> {
        (self.offset()..).zip(self.values()).collect()
    }

    /// Asserts that a note says `note` and that each of `rules` has this file's values
    /// shifted by `shift` (its value of heap `n + shift` is the file's `a(n)`).
    fn check_shifted(&self, note: &str, rules: &[&str], shift: u64) {
        self.assert_note_says(note);
        for rule in rules {
            check_sequence(self, rule, shift);
        }
    }

    /// Asserts that a note line says `words`: ties a published fact used in a test to its file.
    fn assert_note_says(&self, words: &str) {
        assert!(
            self.header("note").iter().any(|note| note.contains(words)),
            "{}: no note says '{words}'",
            self.name
        );
    }
}

/// The values of heaps `0..=last` of a heap rule written in the spec language.
fn heap_values(rule: &str, last: u64) -> Vec<u64> {
    let rule_value = spec::parse_heap_rule(rule).unwrap_or_else(|e| panic!("{rule}: {e}"));
    HeapSolver::new(rule_value)
        .values(last)
        .unwrap_or_else(|e| panic!("{rule}: {e}"))
        .into_iter()
        .map(Nimber::value)
        .collect()
}

/// The value of a spec, through `spec::parse` and `Sum::value`.
fn spec_value(text: &str) -> u64 {
    spec::parse(text)
        .and_then(|sum| sum.value())
        .unwrap_or_else(|e| panic!("{text}: {e}"))
        .value()
}

/// Checks that heap `n + shift` of `rule` has the published value `a(n)`, for every value of
/// the file.
fn check_sequence(data: &Data, rule: &str, shift: u64) {
    let indexed = data.indexed();
    let last = indexed.last().map_or(0, |&(n, _)| n) + shift;
    let values = heap_values(rule, last);
    for (n, expected) in indexed {
        assert_eq!(
            values[(n + shift) as usize],
            expected,
            "{rule}, heap {} against {} a({n})",
            n + shift,
            data.name
        );
    }
    // The spec language reaches the same table (a few heaps as one sum).
    let heaps: Vec<u64> = (0..=last).step_by(7).collect();
    let list: Vec<String> = heaps.iter().map(u64::to_string).collect();
    let expected = heaps
        .iter()
        .fold(0, |sum, &heap| sum ^ values[heap as usize]);
    assert_eq!(
        spec_value(&format!("{rule}({})", list.join(","))),
        expected,
        "{rule}"
    );
}

/// Checks a published eventual period on a table of `rule` computed to well past the last
/// exception: `g(n + period) = g(n)` from `last_exception + 1` on, and the heaps that break the
/// period are exactly `exceptions` (when given) and include `last_exception`.
fn check_period(rule: &str, period: u64, last_exception: u64, exceptions: Option<&[u64]>) {
    let last = 2 * last_exception + 6 * period + 100;
    let values = heap_values(rule, last);
    for n in last_exception + 1..=last - period {
        assert_eq!(
            values[n as usize],
            values[(n + period) as usize],
            "{rule}: g({n}) != g({n} + {period})"
        );
    }
    // Heap n breaks the period when its value differs from the periodic part's value.
    let periodic = |n: u64| {
        let steps = (last_exception + 1).saturating_sub(n).div_ceil(period);
        values[(n + steps * period) as usize]
    };
    let breaking: Vec<u64> = (0..=last_exception)
        .filter(|&n| values[n as usize] != periodic(n))
        .collect();
    assert_eq!(breaking.last(), Some(&last_exception), "{rule}");
    if let Some(exceptions) = exceptions {
        assert_eq!(breaking, exceptions, "{rule}");
    }
}

// ---------------------------------------------------------------------------------------------
// Kayles, Dawson's chess and Dawson's Kayles, Grundy's game

#[test]
fn kayles_a002186() {
    let data = Data::read("kayles.txt");
    assert_eq!(data.offset(), 0);
    for rule in ["kayles", "0.77", "0.771"] {
        check_sequence(&data, rule, 0);
    }
    // "octal games 4.4, 4.41, 4.42, 4.43, 4.6, 4.61, 4.62, 4.63 have values a(n-1)".
    data.check_shifted(
        "4.4, 4.41, 4.42, 4.43, 4.6, 4.61, 4.62, 4.63 have values a(n-1)",
        &["4.4", "4.41", "4.42", "4.43", "4.6", "4.61", "4.62", "4.63"],
        1,
    );
    data.assert_note_says("from n=71 on periodic with period 12");
    data.assert_note_says("only exceptions n=0,3,6,9,11,15,18,21,22,28,34,39,57,70");
    let exceptions = [0, 3, 6, 9, 11, 15, 18, 21, 22, 28, 34, 39, 57, 70];
    check_period("kayles", 12, 70, Some(&exceptions));
}

#[test]
fn dawsons_chess_a002187_and_dawsons_kayles() {
    let data = Data::read("dawson_chess.txt");
    assert_eq!(data.offset(), 0);
    check_sequence(&data, "0.137", 0);
    // "octal game .07 (Dawson's Kayles) has values a(n-1)".
    data.assert_note_says(".07 (Dawson's Kayles) has values a(n-1)");
    check_sequence(&data, "dawson", 1);
    check_sequence(&data, "0.07", 1);
    data.check_shifted(
        ".4, .401, .402, .403, .42, .421, .422, .423 have values a(n-2)",
        &[
            "0.4", "0.401", "0.402", "0.403", "0.42", "0.421", "0.422", "0.423",
        ],
        2,
    );
    data.assert_note_says("period 34 with the only exceptions at n=0, 14, 16, 17, 31, 34 and 51");
    check_period("0.137", 34, 51, Some(&[0, 14, 16, 17, 31, 34, 51]));
}

#[test]
fn grundys_game_a002188_zeros_and_records() {
    let values_data = Data::read("grundys_game.txt");
    check_sequence(&values_data, "grundy", 0);

    // A036685: the heaps of value 0, up to 1222 (and no others below that).
    let zeros = Data::read("grundys_game_zeros.txt");
    let zeros = zeros.values();
    let last_zero = *zeros.last().unwrap_or(&0);
    let records = Data::read("grundys_game_records.txt");
    assert!(records.rows.iter().all(|row| row.len() == 2));
    assert_eq!(records.rows.len() as u64, records.number("count"));
    let last_record = records.rows.last().map_or(0, |row| row[0]);

    let values = heap_values("grundy", last_record.max(last_zero));
    let found_zeros: Vec<u64> = (0..=last_zero)
        .filter(|&n| values[n as usize] == 0)
        .collect();
    assert_eq!(found_zeros, zeros, "A036685");

    // A180120 / A180121: where a new record value first appears, and the record.
    let mut found_records: Vec<Vec<u64>> = Vec::new();
    for (n, &value) in values.iter().enumerate() {
        let record = match found_records.last() {
            None => true,
            Some(last) => value > last[1],
        };
        if record {
            found_records.push(vec![n as u64, value]);
        }
    }
    assert_eq!(found_records, records.rows, "A180120 and A180121");
}

// ---------------------------------------------------------------------------------------------
// Other octal games

#[test]
fn subtract_a_square_a014586_and_its_zeros_a030193() {
    let data = Data::read("subtract_a_square.txt");
    check_sequence(&data, "sub{squares}", 0);
    // "a(n) = 0 iff n belongs to A030193".
    data.assert_note_says("a(n) = 0 iff n belongs to A030193");
    let zeros = Data::read("subtract_a_square_zeros.txt").values();
    let last_zero = *zeros.last().unwrap_or(&0);
    let values = heap_values("sub{squares}", last_zero);
    let found: Vec<u64> = (0..=last_zero)
        .filter(|&n| values[n as usize] == 0)
        .collect();
    assert_eq!(found, zeros, "A030193");
}

#[test]
fn octal_games() {
    // (file, code, shift, note naming codes with shifted values and the shift)
    let double_kayles = Data::read("octal_7777_double_kayles.txt");
    check_sequence(&double_kayles, "0.7777", 0);
    double_kayles.assert_note_says("period 24, last exception at n=141");
    check_period("0.7777", 24, 141, None);

    let data = Data::read("octal_1377.txt");
    assert_eq!(data.offset(), 1);
    check_sequence(&data, "0.1377", 0);
    data.check_shifted(
        ".074-.077 have values a(n-1)",
        &["0.074", "0.075", "0.076", "0.077"],
        1,
    );
    data.check_shifted(
        ".440-.443 and .460-.463 have values a(n-2)",
        &[
            "0.44", "0.441", "0.442", "0.443", "0.46", "0.461", "0.462", "0.463",
        ],
        2,
    );
    data.assert_note_says("period 24, last exception n=140");
    check_period("0.1377", 24, 140, None);
    // "a(2n-1) = a(2n) = A002186(n)", against the Kayles file.
    data.assert_note_says("a(2n-1) = a(2n) = A002186(n)");
    let kayles = Data::read("kayles.txt").values();
    for (n, value) in data.indexed() {
        assert_eq!(value, kayles[n.div_ceil(2) as usize], "0.1377 a({n})");
    }

    let data = Data::read("octal_177.txt");
    check_sequence(&data, "0.177", 0);
    data.check_shifted(
        ".450-.453 and .470-.473 have values a(n-1)",
        &[
            "0.45", "0.451", "0.452", "0.453", "0.47", "0.471", "0.472", "0.473",
        ],
        1,
    );
    data.assert_note_says("period 20, last exception n=496");
    check_period("0.177", 20, 496, None);

    let data = Data::read("octal_117.txt");
    check_sequence(&data, "0.117", 0);
    data.check_shifted(".051 and .053 have values a(n-1)", &["0.051", "0.053"], 1);
    data.assert_note_says("period 48, only exceptions n=2, 6, 7, 12, 16, 22, 26, 36, 46");
    check_period("0.117", 48, 46, Some(&[2, 6, 7, 12, 16, 22, 26, 36, 46]));

    let data = Data::read("octal_127.txt");
    data.check_shifted("0.127 (also .1271)", &["0.127", "0.1271"], 0);

    let data = Data::read("octal_176.txt");
    check_sequence(&data, "0.176", 0);
    data.assert_note_says("period 8, last exception at n=23");
    check_period("0.176", 8, 23, None);
}

// ---------------------------------------------------------------------------------------------
// Wythoff, coin turning

#[test]
fn wythoff_a004481() {
    let data = Data::read("wythoff.txt");
    data.assert_note_says("T(d,0), T(d-1,1), ..., T(0,d)");
    let values = data.values();
    let mut index = 0;
    for d in 0.. {
        if index == values.len() {
            break;
        }
        for j in 0..=d {
            let text = format!("wythoff({},{j})", d - j);
            assert_eq!(spec_value(&text), values[index], "{text}");
            index += 1;
        }
    }
}

#[test]
fn mock_turtles_a000069_and_ruler_a006519() {
    for (file, game) in [("mock_turtles.txt", "mock"), ("ruler.txt", "ruler")] {
        let data = Data::read(file);
        assert_eq!(data.offset(), 1);
        for (n, expected) in data.indexed() {
            // A single head on coin n, the coins before it showing tails.
            let row = format!("{}H", "T".repeat(n as usize - 1));
            assert_eq!(
                spec_value(&format!("{game}({row})")),
                expected,
                "{game} {n}"
            );
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Nim arithmetic

/// Calls `check(n, m, value)` for the terms of a table read by antidiagonals, `T(d,0)` first.
fn antidiagonals(values: &[u64], mut check: impl FnMut(u64, u64, u64)) {
    let mut terms = values.iter();
    for d in 0u64.. {
        for j in 0..=d {
            match terms.next() {
                Some(&value) => check(d - j, j, value),
                None => return,
            }
        }
    }
}

#[test]
fn nim_product_a051775() {
    let data = Data::read("nim_product.txt");
    data.assert_note_says("T(d,0), T(d-1,1), ..., T(0,d)");
    antidiagonals(&data.values(), |n, m, value| {
        assert_eq!((Nimber::new(n) * Nimber::new(m)).value(), value, "{n}*{m}");
        let text = format!("{n}*{m}");
        let parsed = spec::parse_nimber_expression(&text).map(Nimber::value);
        assert_eq!(parsed, Ok(value), "{text}");
    });
    let table = Data::read("nim_product_table.txt");
    assert_eq!(table.values().len(), 96);
    for (n, row) in table.rows.iter().enumerate() {
        for (m, &value) in row.iter().enumerate() {
            let product = Nimber::new(n as u64) * Nimber::new(m as u64);
            assert_eq!(product.value(), value, "{n}*{m}");
        }
    }
}

#[test]
fn nim_sum_a003987() {
    let data = Data::read("nim_sum.txt");
    // The order inside an antidiagonal does not matter: the table is symmetric.
    antidiagonals(&data.values(), |n, m, value| {
        assert_eq!((Nimber::new(n) + Nimber::new(m)).value(), value, "{n}+{m}");
        assert_eq!(spec_value(&format!("nim({n},{m})")), value, "nim({n},{m})");
    });
}

/// The directory `shared/` beside the repository, which holds hold-out data that may not be
/// copied into the repository; `GRUNDY_SHARED` overrides it.
#[test]
fn nim_product_library_checker_example() {
    let Some((input, output)) = library_checker::example("nim_product_64") else {
        return;
    };
    let numbers: Vec<u64> = input
        .split_whitespace()
        .map(|word| word.parse().expect("a number"))
        .collect();
    let expected: Vec<u64> = output
        .split_whitespace()
        .map(|word| word.parse().expect("a number"))
        .collect();
    assert_eq!(numbers.len() as u64, 1 + 2 * numbers[0]);
    assert_eq!(expected.len() as u64, numbers[0]);
    for (pair, &answer) in numbers[1..].chunks(2).zip(&expected) {
        let product = Nimber::new(pair[0]) * Nimber::new(pair[1]);
        assert_eq!(product.value(), answer, "{} * {}", pair[0], pair[1]);
    }
}
