//! What the tiles kept after a move are worth, in hundredths of a point, so equity compares
//! exactly. Two models: a table with a value for every leave of one to six tiles (`table`,
//! stored as a KLV2 file, the format of wolges and MAGPIE), and a linear model (`linear`: a
//! value per tile, per extra copy and per vowel mix, stored as TOML). `owlery train leaves`
//! learns either from self-play; docs/BOTS.md has the methods and their strength.

pub mod klv;
pub mod learn;
pub mod linear;
pub mod table;

use std::ops::RangeBounds;
use std::sync::OnceLock;

use engine::data::DataError;
use engine::scrabble::Rack;

use super::equity::for_each_sub_rack;
pub use linear::LinearLeaves;

/// The shipped leave table, a KLV2 file learned by `owlery train leaves` (docs/BOTS.md).
pub const EMBEDDED_TABLE: &[u8] = include_bytes!("../../../data/leaves.klv2");

/// The shipped leave table of the card game's `equity`, learned from the card game.
pub const EMBEDDED_CARD_TABLE: &[u8] = include_bytes!("../../../data/card-leaves.klv2");

/// The most sub-racks a rack's values are read for at once: every sub-rack of ten different
/// tiles.
pub const MOST_SUB_RACKS: usize = 1 << 10;
use table::LeaveTable;

/// A leave model: how the tiles kept are valued, and what a brown Hogwarts square is worth.
#[derive(Debug, Clone, PartialEq)]
pub struct LeaveModel {
    values: Values,
    hogwarts_square: i32,
}

#[derive(Debug, Clone, PartialEq)]
enum Values {
    Linear(Box<LinearLeaves>),
    /// Leaves of more than six tiles (a pass, Engorgio's racks) are valued by `beyond`.
    Table {
        table: LeaveTable,
        beyond: &'static LinearLeaves,
    },
}

impl LeaveModel {
    /// The shipped model: the leave table, parsed once.
    pub fn embedded() -> &'static LeaveModel {
        static MODEL: OnceLock<LeaveModel> = OnceLock::new();
        MODEL.get_or_init(|| {
            LeaveModel::read(EMBEDDED_TABLE, "embedded leaves.klv2")
                .expect("the shipped leaves.klv2 is tested")
        })
    }

    /// The fingerprint of the shipped model, known without parsing it (a run that seats no
    /// bot valuing leaves never reads the table): a test checks it against the table.
    pub const EMBEDDED_FINGERPRINT: u64 = 0xe736_196b_9137_312f;

    /// The fingerprint of the shipped card-game model, likewise.
    pub const CARD_EMBEDDED_FINGERPRINT: u64 = 0x4bea_d9ce_cf13_6c53;

    /// The shipped card-game model: a leave table learned from the card game, parsed once.
    pub fn card_embedded() -> &'static LeaveModel {
        static MODEL: OnceLock<LeaveModel> = OnceLock::new();
        MODEL.get_or_init(|| {
            LeaveModel::read(EMBEDDED_CARD_TABLE, "embedded card-leaves.klv2")
                .expect("the shipped card-leaves.klv2 is tested")
        })
    }

    /// The shipped linear model, parsed once (the `equity-linear` bot's).
    pub fn linear() -> &'static LeaveModel {
        static MODEL: OnceLock<LeaveModel> = OnceLock::new();
        MODEL.get_or_init(|| LeaveModel::from_linear(LinearLeaves::embedded().clone()))
    }

    /// A model of linear values, with the brown squares' worth they hold.
    pub fn from_linear(linear: LinearLeaves) -> LeaveModel {
        LeaveModel {
            hogwarts_square: linear.hogwarts_square(),
            values: Values::Linear(Box::new(linear)),
        }
    }

    /// A model of `table`'s values; longer leaves and a brown square are valued as the
    /// shipped linear model values them (a KLV file holds neither).
    pub fn from_table(table: LeaveTable) -> LeaveModel {
        let beyond = LinearLeaves::embedded();
        LeaveModel {
            hogwarts_square: beyond.hogwarts_square(),
            values: Values::Table { table, beyond },
        }
    }

    /// Reads a leave file: a KLV or KLV2 file when `file` ends `.klv` or `.klv2`, otherwise a
    /// linear model's TOML. `file` names it in errors.
    pub fn read(bytes: &[u8], file: &str) -> Result<LeaveModel, DataError> {
        let lower = file.to_ascii_lowercase();
        if lower.ends_with(".klv") || lower.ends_with(".klv2") {
            let (table, _) = klv::read(bytes, file)?;
            return Ok(LeaveModel::from_table(table));
        }
        let text = std::str::from_utf8(bytes).map_err(|_| {
            let expected = "not UTF-8 text: expected a leaves TOML file, or a .klv or .klv2 file";
            DataError::whole(file, expected)
        })?;
        Ok(LeaveModel::from_linear(LinearLeaves::parse(text, file)?))
    }

    /// Which model it is: `table` or `linear`.
    pub fn kind(&self) -> &'static str {
        match self.values {
            Values::Linear(_) => "linear",
            Values::Table { .. } => "table",
        }
    }

    /// A fingerprint of every value (FNV-1a): runs fingerprint the leave values they play
    /// with, so a run is never resumed or merged with other values.
    pub fn fingerprint(&self) -> u64 {
        let mut print = engine::fingerprint::Fingerprint::default();
        print.add(&self.hogwarts_square.to_le_bytes());
        match &self.values {
            Values::Linear(linear) => print.add(format!("{linear:?}").as_bytes()),
            Values::Table { table, .. } => {
                for rank in 0..table::LEAVES {
                    print.add(&table.at(rank).to_le_bytes());
                }
            }
        }
        print.value()
    }

    /// The linear values, if it is the linear model.
    pub fn as_linear(&self) -> Option<&LinearLeaves> {
        match &self.values {
            Values::Linear(linear) => Some(linear),
            Values::Table { .. } => None,
        }
    }

    /// The value of keeping `leave`, in hundredths of a point.
    #[inline]
    pub fn value(&self, leave: &Rack) -> i32 {
        match &self.values {
            Values::Linear(linear) => linear.value(leave),
            Values::Table { table, beyond } => {
                table.get(leave).unwrap_or_else(|| beyond.value(leave))
            }
        }
    }

    /// The value of every sub-rack of `rack` (one with `MOST_SUB_RACKS` or fewer), in
    /// [`for_each_sub_rack`]'s order, into the start of `out`; returns how many. A table's reads are issued
    /// together, after the ranks, so the processor overlaps their cache misses.
    pub fn sub_rack_values(&self, rack: &Rack, out: &mut [i32]) -> usize {
        let mut count = 0;
        match &self.values {
            Values::Linear(linear) => for_each_sub_rack(rack, |sub| {
                out[count] = linear.value(sub);
                count += 1;
            }),
            Values::Table { table, beyond } => {
                // A leave beyond the table is valued at once, its rank marked `u32::MAX`.
                let mut ranks = [0u32; MOST_SUB_RACKS];
                for_each_sub_rack(rack, |sub| {
                    match table::rank(sub) {
                        Some(rank) => ranks[count] = rank as u32,
                        None => {
                            ranks[count] = u32::MAX;
                            out[count] = beyond.value(sub);
                        }
                    }
                    count += 1;
                });
                for (value, &rank) in out[..count].iter_mut().zip(&ranks[..count]) {
                    if rank != u32::MAX {
                        *value = table.at(rank as usize);
                    }
                }
            }
        }
        count
    }

    /// What covering a brown Hogwarts square is worth, in hundredths of a point.
    pub fn hogwarts_square(&self) -> i32 {
        self.hogwarts_square
    }

    /// The best tiles of `rack` to keep, some number of them in `sizes`, and their value;
    /// equal values go to the more tiles kept.
    pub fn best_keep(&self, rack: &Rack, sizes: impl RangeBounds<usize>) -> (Rack, i32) {
        let mut best = (Rack::EMPTY, i32::MIN);
        for_each_sub_rack(rack, |sub| {
            if !sizes.contains(&sub.len()) {
                return;
            }
            let value = self.value(sub);
            if (value, sub.len()) > (best.1, best.0.len()) {
                best = (*sub, value);
            }
        });
        best
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_shipped_models_value_the_empty_leave_at_nothing() {
        let models = [
            LeaveModel::embedded(),
            LeaveModel::card_embedded(),
            LeaveModel::linear(),
        ];
        for model in models {
            assert_eq!(model.value(&Rack::EMPTY), 0, "{}", model.kind());
        }
        assert_eq!(LeaveModel::embedded().kind(), "table");
        assert_eq!(LeaveModel::card_embedded().kind(), "table");
    }

    #[test]
    fn the_shipped_models_fingerprints_are_known_before_they_are_read() {
        assert_eq!(
            LeaveModel::embedded().fingerprint(),
            LeaveModel::EMBEDDED_FINGERPRINT,
            "the shipped leaves.klv2 changed: set EMBEDDED_FINGERPRINT to its fingerprint"
        );
        assert_eq!(
            LeaveModel::card_embedded().fingerprint(),
            LeaveModel::CARD_EMBEDDED_FINGERPRINT,
            "the shipped card-leaves.klv2 changed: set CARD_EMBEDDED_FINGERPRINT likewise"
        );
    }

    #[test]
    fn fingerprints_tell_values_apart() {
        let mut table = LeaveTable::default();
        let zeros = LeaveModel::from_table(table.clone()).fingerprint();
        table.set(&Rack::parse("QU").unwrap(), 1);
        let one = LeaveModel::from_table(table).fingerprint();
        assert_ne!(zeros, one);
        assert_ne!(
            LeaveModel::embedded().fingerprint(),
            LeaveModel::linear().fingerprint()
        );
        assert_eq!(
            LeaveModel::linear().fingerprint(),
            LeaveModel::from_linear(LinearLeaves::embedded().clone()).fingerprint()
        );
    }

    #[test]
    fn a_table_values_long_leaves_as_the_linear_model() {
        let rack = Rack::parse("AEINRST").unwrap();
        let model = LeaveModel::from_table(LeaveTable::default());
        assert_eq!(model.value(&rack), LinearLeaves::embedded().value(&rack));
        assert_eq!(model.value(&Rack::parse("Q").unwrap()), 0);
    }

    #[test]
    fn files_are_read_by_their_names() {
        let error = LeaveModel::read(b"\x00\xff", "mine.toml").unwrap_err();
        assert!(error.to_string().contains("mine.toml"), "{error}");
        let error = LeaveModel::read(b"method = 3", "mine.klv2").unwrap_err();
        assert!(error.to_string().contains("mine.klv2"), "{error}");
        let linear = LeaveModel::read(linear::EMBEDDED_LEAVES.as_bytes(), "x.toml").unwrap();
        assert_eq!(&linear, LeaveModel::linear());
    }
}
