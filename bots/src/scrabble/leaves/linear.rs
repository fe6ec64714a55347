//! The linear leave model: a leave's value is the sum of its tiles' values, a value for each
//! copy of a kind beyond the first, and a value for its mix of vowels and consonants.
//! `owlery train leaves --model linear` fits the three tables to the points each seat scored
//! on its next turn (docs/BOTS.md has the method); they live in `bots/data/leaves.toml`,
//! embedded in the binary, which also holds what a brown Hogwarts square is worth.

use std::collections::BTreeMap;
use std::sync::OnceLock;

use engine::data::{DataError, toml_error};
use engine::scrabble::Rack;
use engine::scrabble::tiles::{BLANK, KINDS};
use serde::{Deserialize, Serialize};

/// The shipped linear leave values.
pub const EMBEDDED_LEAVES: &str = include_str!("../../../data/leaves.toml");

/// Rows and columns of the balance table: vowels and consonants kept, the last for "so many or more".
pub const BALANCE: usize = 8;

/// The kinds' names in the data file: A-Z, and `?` for the blank.
fn kind_name(kind: usize) -> String {
    if kind == BLANK {
        "?".to_string()
    } else {
        char::from(b'A' + kind as u8).to_string()
    }
}

fn is_vowel(kind: usize) -> bool {
    matches!(kind, 0 | 4 | 8 | 14 | 20)
}

/// A leave's vowels and consonants (blanks are neither).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
struct Mix {
    vowels: usize,
    consonants: usize,
}

impl Mix {
    /// The mix once a leave's tiles of `kind` go from `from` to `to`.
    #[inline]
    fn change(&mut self, kind: usize, from: u8, to: u8) {
        let tally = if is_vowel(kind) {
            &mut self.vowels
        } else if kind != BLANK {
            &mut self.consonants
        } else {
            return;
        };
        *tally = *tally + usize::from(to) - usize::from(from);
    }
}

/// Leave values in hundredths of a point, so equity compares exactly.
#[derive(Debug, Clone, PartialEq)]
pub struct LinearLeaves {
    tile: [i32; KINDS],
    duplicate: [i32; KINDS],
    balance: [[i32; BALANCE]; BALANCE],
    hogwarts_square: i32,
    file: LeaveFile,
}

/// The data file's layout.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct LeaveFile {
    /// How the values were made (free text, kept for the reader).
    method: String,
    /// Games and turns the fit used.
    games: u64,
    samples: u64,
    /// What covering a brown Hogwarts square is worth (the card it earns), in points.
    hogwarts_square: f64,
    /// The value of keeping one tile of a kind.
    tiles: BTreeMap<String, f64>,
    /// The value of each copy of a kind beyond the first.
    duplicates: BTreeMap<String, f64>,
    /// By vowels kept (row) and consonants kept (column).
    balance: Vec<Vec<f64>>,
}

/// Hundredths of a point.
fn centi(value: f64) -> i32 {
    (value * 100.0).round() as i32
}

/// The most points, either way, one leave value may be: far beyond any learned value, and
/// small enough that a rack's sum in hundredths stays inside 32 bits.
const MOST_LEAVE_POINTS: f64 = 1000.0;

/// `value` in hundredths of a point, or what `key` expects.
fn bounded(key: &str, value: f64) -> Result<i32, String> {
    if value.is_finite() && value.abs() <= MOST_LEAVE_POINTS {
        Ok(centi(value))
    } else {
        Err(format!(
            "{key} = {value}: expected a number from -{MOST_LEAVE_POINTS} to {MOST_LEAVE_POINTS}"
        ))
    }
}

impl LinearLeaves {
    /// The shipped model, parsed once.
    pub fn embedded() -> &'static LinearLeaves {
        static MODEL: OnceLock<LinearLeaves> = OnceLock::new();
        MODEL.get_or_init(|| {
            LinearLeaves::parse(EMBEDDED_LEAVES, "embedded leaves.toml")
                .expect("the shipped leaves.toml is tested")
        })
    }

    /// Reads a leave file; `file` names it in errors.
    pub fn parse(text: &str, file: &str) -> Result<LinearLeaves, DataError> {
        let parsed: LeaveFile =
            toml::from_str(text).map_err(|error| toml_error(text, file, &error))?;
        LinearLeaves::from_file(parsed, file)
    }

    /// Checks a file's values and turns them into hundredths of a point.
    fn from_file(parsed: LeaveFile, file: &str) -> Result<LinearLeaves, DataError> {
        let invalid = |message: String| DataError::whole(file, message);
        let table =
            |name: &str, values: &BTreeMap<String, f64>| -> Result<[i32; KINDS], DataError> {
                let mut out = [0; KINDS];
                for (key, value) in values {
                    let kind = (0..KINDS).find(|&k| kind_name(k) == *key).ok_or_else(|| {
                        invalid(format!(
                            "[{name}] has key {key:?}: expected a letter A-Z or \"?\""
                        ))
                    })?;
                    out[kind] = bounded(&format!("[{name}] {key}"), *value).map_err(invalid)?;
                }
                if let Some(kind) = (0..KINDS).find(|&k| !values.contains_key(&kind_name(k))) {
                    return Err(invalid(format!(
                        "[{name}] has no value for {}",
                        kind_name(kind)
                    )));
                }
                Ok(out)
            };
        let tile = table("tiles", &parsed.tiles)?;
        let duplicate = table("duplicates", &parsed.duplicates)?;
        if parsed.balance.len() != BALANCE || parsed.balance.iter().any(|row| row.len() != BALANCE)
        {
            return Err(invalid(format!(
                "balance: expected {BALANCE} rows of {BALANCE} numbers (vowels by consonants kept)"
            )));
        }
        let mut balance = [[0; BALANCE]; BALANCE];
        for (row, values) in balance.iter_mut().zip(&parsed.balance) {
            for (cell, value) in row.iter_mut().zip(values) {
                *cell = bounded("balance", *value).map_err(invalid)?;
            }
        }
        let hogwarts_square =
            bounded("hogwarts_square", parsed.hogwarts_square).map_err(invalid)?;
        Ok(LinearLeaves {
            tile,
            duplicate,
            balance,
            hogwarts_square,
            file: parsed,
        })
    }

    /// The value of keeping `leave`, in hundredths of a point.
    #[inline]
    pub fn value(&self, leave: &Rack) -> i32 {
        let mut value = 0;
        let mut mix = Mix::default();
        for kind in leave.present_kinds() {
            value += self.kind_value(kind, leave.count(kind));
            mix.change(kind, 0, leave.count(kind));
        }
        value + self.mix_value(mix)
    }

    /// What `count` tiles of `kind` add to a leave's value, its mix of vowels and consonants
    /// aside.
    #[inline]
    fn kind_value(&self, kind: usize, count: u8) -> i32 {
        match i32::from(count) {
            0 => 0,
            count => self.tile[kind] * count + self.duplicate[kind] * (count - 1),
        }
    }

    /// What a leave's mix of vowels and consonants adds to its value.
    #[inline]
    fn mix_value(&self, mix: Mix) -> i32 {
        self.balance[mix.vowels.min(BALANCE - 1)][mix.consonants.min(BALANCE - 1)]
    }

    /// What covering a brown Hogwarts square is worth, in hundredths of a point.
    pub fn hogwarts_square(&self) -> i32 {
        self.hogwarts_square
    }

    /// The data file's text.
    pub fn to_toml(&self) -> String {
        let header = "# Leave values for the `equity` bot, in points: what keeping tiles is worth to the\n\
             # next turn. Written by `owlery train leaves`; docs/BOTS.md has the method. Edit the\n\
             # numbers and re-run the simulator to try others.\n";
        format!(
            "{header}{}",
            toml::to_string(&self.file).expect("a leave file serialises")
        )
    }
}

/// One turn seen in training: the tiles a seat kept, and what it scored next turn.
#[derive(Debug, Clone, Copy)]
pub struct LeaveSample {
    /// The tiles kept.
    pub leave: Rack,
    /// Points on the seat's next turn.
    pub next_score: i32,
}

/// Features of a leave: its tiles, its extra copies, its mix.
const FEATURES: usize = 2 * KINDS + BALANCE * BALANCE;

fn features(leave: &Rack, mut visit: impl FnMut(usize, f64)) {
    let (mut vowels, mut consonants) = (0, 0);
    for kind in 0..KINDS {
        let count = leave.count(kind);
        if count == 0 {
            continue;
        }
        visit(kind, f64::from(count));
        if count > 1 {
            visit(KINDS + kind, f64::from(count - 1));
        }
        if is_vowel(kind) {
            vowels += usize::from(count);
        } else if kind != BLANK {
            consonants += usize::from(count);
        }
    }
    let cell = vowels.min(BALANCE - 1) * BALANCE + consonants.min(BALANCE - 1);
    visit(2 * KINDS + cell, 1.0);
}

/// Running sums for a ridge regression of next-turn score on leave features.
#[derive(Debug, Clone)]
pub struct LeaveFit {
    gram: Vec<f64>,
    moment: Vec<f64>,
    total: f64,
    samples: u64,
}

impl Default for LeaveFit {
    fn default() -> Self {
        LeaveFit {
            gram: vec![0.0; FEATURES * FEATURES],
            moment: vec![0.0; FEATURES],
            total: 0.0,
            samples: 0,
        }
    }
}

impl LeaveFit {
    /// Adds one sample.
    pub fn add(&mut self, sample: &LeaveSample) {
        let mut present = [(0usize, 0f64); 2 * KINDS + 1];
        let mut n = 0;
        features(&sample.leave, |index, value| {
            present[n] = (index, value);
            n += 1;
        });
        let y = f64::from(sample.next_score);
        for &(i, xi) in &present[..n] {
            self.moment[i] += xi * y;
            for &(j, xj) in &present[..n] {
                self.gram[i * FEATURES + j] += xi * xj;
            }
        }
        self.total += y;
        self.samples += 1;
    }

    /// Adds another fit's sums (from another thread or shard).
    pub fn merge(&mut self, other: &LeaveFit) {
        for (a, b) in self.gram.iter_mut().zip(&other.gram) {
            *a += b;
        }
        for (a, b) in self.moment.iter_mut().zip(&other.moment) {
            *a += b;
        }
        self.total += other.total;
        self.samples += other.samples;
    }

    /// Turns seen.
    pub fn samples(&self) -> u64 {
        self.samples
    }

    /// Solves for the values: scores are centred on their mean and the weights pulled gently
    /// towards zero (so a mix seldom seen is worth about the average), then the empty leave is
    /// made worth nothing.
    pub fn solve(&self, games: u64, bot: &str, hogwarts_square: f64) -> LinearLeaves {
        let n = FEATURES;
        let mean = if self.samples == 0 {
            0.0
        } else {
            self.total / self.samples as f64
        };
        // Centring y on its mean turns Xᵀy into Xᵀy - mean Xᵀ1. Every sample has exactly one
        // balance feature, so a feature's entry of Xᵀ1 is its row of the gram summed over the
        // balance columns.
        let mut a = self.gram.clone();
        let mut b = self.moment.clone();
        for (i, bi) in b.iter_mut().enumerate() {
            let ones: f64 = (2 * KINDS..n).map(|j| self.gram[i * n + j]).sum();
            *bi -= mean * ones;
        }
        let ridge = 1.0 + self.samples as f64 * 1e-6;
        for i in 0..n {
            a[i * n + i] += ridge;
        }
        let w = cholesky_solve(&mut a, &mut b, n);
        let base = w[2 * KINDS];
        let round = |x: f64| (x * 100.0).round() / 100.0;
        let named = |offset: usize| -> BTreeMap<String, f64> {
            (0..KINDS)
                .map(|k| (kind_name(k), round(w[offset + k])))
                .collect()
        };
        let balance = (0..BALANCE)
            .map(|v| {
                (0..BALANCE)
                    .map(|c| round(w[2 * KINDS + v * BALANCE + c] - base))
                    .collect()
            })
            .collect();
        let file = LeaveFile {
            method: format!(
                "ridge regression of the next turn's score on the tiles kept, their extra copies \
                 and their vowel-consonant mix, over {bot} self-play"
            ),
            games,
            samples: self.samples,
            hogwarts_square,
            tiles: named(0),
            duplicates: named(KINDS),
            balance,
        };
        LinearLeaves::from_file(file, "fitted leaves").expect("a fitted model is well formed")
    }
}

/// Solves `a x = b` for a symmetric positive definite `a` (n by n, row-major), in place.
fn cholesky_solve(a: &mut [f64], b: &mut [f64], n: usize) -> Vec<f64> {
    for j in 0..n {
        let mut diagonal = a[j * n + j];
        for k in 0..j {
            diagonal -= a[j * n + k] * a[j * n + k];
        }
        let diagonal = diagonal.max(1e-12).sqrt();
        a[j * n + j] = diagonal;
        for i in j + 1..n {
            let mut sum = a[i * n + j];
            for k in 0..j {
                sum -= a[i * n + k] * a[j * n + k];
            }
            a[i * n + j] = sum / diagonal;
        }
    }
    // Forward then back substitution through the lower factor.
    for i in 0..n {
        let mut sum = b[i];
        for k in 0..i {
            sum -= a[i * n + k] * b[k];
        }
        b[i] = sum / a[i * n + i];
    }
    for i in (0..n).rev() {
        let mut sum = b[i];
        for k in i + 1..n {
            sum -= a[k * n + i] * b[k];
        }
        b[i] = sum / a[i * n + i];
    }
    b.to_vec()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_shipped_values_parse() {
        let model = LinearLeaves::embedded();
        assert_eq!(
            model.value(&Rack::EMPTY),
            0,
            "an empty leave is the baseline"
        );
    }

    #[test]
    fn a_fit_recovers_the_values_that_made_the_scores() {
        // Scores made by a known model: S is worth 8, Q -7, a second E -3; mixes nothing.
        let truth = |leave: &Rack| -> i32 {
            let mut value = 20;
            value += 8 * i32::from(leave.count(18));
            value -= 7 * i32::from(leave.count(16));
            value -= 3 * i32::from(leave.count(4).saturating_sub(1));
            value
        };
        let mut fit = LeaveFit::default();
        let mut state = 7u64;
        for _ in 0..20_000 {
            let mut leave = Rack::EMPTY;
            for _ in 0..(state % 7) {
                state = state
                    .wrapping_mul(6_364_136_223_846_793_005)
                    .wrapping_add(1);
                let kind = [0, 4, 4, 18, 16, 19, 13, 26][(state >> 33) as usize % 8];
                leave.add(kind);
            }
            state = state
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1);
            fit.add(&LeaveSample {
                leave,
                next_score: truth(&leave),
            });
        }
        let model = fit.solve(1, "test", 10.0);
        let single = |text: &str| model.value(&Rack::parse(text).unwrap());
        // Differences between leaves of the same mix isolate the tile values.
        assert!((single("S") - single("T") - 800).abs() < 30, "S over T");
        assert!((single("Q") - single("T") + 700).abs() < 30, "Q under T");
        assert!(
            (single("EE") - 2 * single("E") + 300).abs() < 60,
            "a second E"
        );
    }

    #[test]
    fn bad_files_name_what_is_wrong() {
        let error = LinearLeaves::parse("method = 3", "mine.toml").unwrap_err();
        assert!(error.to_string().contains("mine.toml"), "{error}");
        let text = EMBEDDED_LEAVES.replacen("\nA = ", "\nAA = ", 1);
        let error = LinearLeaves::parse(&text, "mine.toml").unwrap_err();
        assert!(error.to_string().contains("AA"), "{error}");
    }

    #[test]
    fn a_model_writes_and_reads_back() {
        let model = LinearLeaves::embedded();
        let again = LinearLeaves::parse(&model.to_toml(), "again").unwrap();
        assert_eq!(&again, model);
    }
}
