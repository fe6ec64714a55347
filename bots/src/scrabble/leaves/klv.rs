//! KLV and KLV2 leave files, the format of wolges and MAGPIE, read and written.
//!
//! A file is a word graph of the leaves (a KWG holding only its DAWG part) and then one value
//! per leave, in the graph's word order: a little-endian u32 count of graph nodes, the nodes
//! (u32: bits 0-21 the index of the first arc of the node's children, bit 22 the last of its
//! siblings, bit 23 a leave ends here, bits 24-31 the tile: 0 the blank, 1-26 A-Z), a u32
//! count of values, and the values: f32 points in KLV2, i16 256ths of a point in KLV. Node 0
//! points to the root's arcs. A leave is its tiles in ascending order; its index is its place
//! among the graph's leaves read depth first, siblings by tile: their sorted order.

use std::collections::HashMap;

use engine::data::DataError;
use engine::scrabble::Rack;
use engine::scrabble::tiles::BLANK;

use super::table::{LeaveTable, MOST_TILES};

/// Which of the two formats.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum KlvFormat {
    /// Values as f32 points.
    Klv2,
    /// Values as i16 256ths of a point.
    Klv,
}

/// The most nodes a graph may hold: arc indices have 22 bits.
const MOST_NODES: usize = 1 << 22;

/// The most points a leave may be worth, either way.
const MOST_POINTS: f32 = super::table::MOST_POINTS as f32;

/// A kind in the files' numbering: the blank first.
fn file_tile(kind: usize) -> u8 {
    if kind == BLANK { 0 } else { kind as u8 + 1 }
}

/// A file's tile as a kind, if it is one of the English alphabet's.
fn kind_of_file_tile(tile: u8) -> Option<usize> {
    match tile {
        0 => Some(BLANK),
        1..=26 => Some(usize::from(tile) - 1),
        _ => None,
    }
}

fn word_of(leave: &Rack) -> Vec<u8> {
    let mut word: Vec<u8> = leave
        .present_kinds()
        .flat_map(|kind| std::iter::repeat_n(file_tile(kind), usize::from(leave.count(kind))))
        .collect();
    word.sort_unstable();
    word
}

fn u32_at(bytes: &[u8], at: usize) -> Option<u32> {
    Some(u32::from_le_bytes(bytes.get(at..at + 4)?.try_into().ok()?))
}

/// Reads a KLV or KLV2 file (told apart by the size of its values); `file` names it in
/// errors. Leaves the file does not hold are worth nothing, as in the engines that write it.
pub fn read(bytes: &[u8], file: &str) -> Result<(LeaveTable, KlvFormat), DataError> {
    let invalid = |message: String| DataError::whole(file, message);
    let nodes_len = u32_at(bytes, 0)
        .ok_or_else(|| invalid("expected a KLV file: a node count first".into()))?
        as usize;
    if nodes_len == 0 || nodes_len > MOST_NODES {
        return Err(invalid(format!(
            "{nodes_len} graph nodes: expected 1 to {MOST_NODES} (is this a KLV file?)"
        )));
    }
    let values_at = 4 + 4 * nodes_len;
    let values_len = u32_at(bytes, values_at).ok_or_else(|| {
        invalid(format!(
            "{} bytes: expected {nodes_len} graph nodes and a value count (is this a KLV file?)",
            bytes.len()
        ))
    })? as usize;
    let rest = bytes.len() - values_at - 4;
    let format = if rest == 4 * values_len {
        KlvFormat::Klv2
    } else if rest == 2 * values_len {
        KlvFormat::Klv
    } else {
        return Err(invalid(format!(
            "{rest} bytes of values: expected {values_len} of 4 bytes (KLV2) or of 2 (KLV)"
        )));
    };
    let node = |index: usize| u32_at(bytes, 4 + 4 * index).expect("checked against the length");
    let value = |index: usize| -> f32 {
        let at = values_at + 4 + index * if format == KlvFormat::Klv2 { 4 } else { 2 };
        match format {
            KlvFormat::Klv2 => f32::from_bits(u32_at(bytes, at).expect("checked")),
            KlvFormat::Klv => f32::from(i16::from_le_bytes([bytes[at], bytes[at + 1]])) / 256.0,
        }
    };
    let mut table = LeaveTable::default();
    let mut next_value = 0;
    // Depth first, siblings in order: (the arc list's next node, the leave so far).
    let mut stack: Vec<(usize, Rack)> = Vec::new();
    let root = (node(0) & 0x3f_ffff) as usize;
    if root != 0 {
        stack.push((root, Rack::EMPTY));
    }
    // In a graph of leaves every arc leads to one, so a path to each of at most six tiles is
    // all a walk can visit; more is a graph made to be walked for ever.
    let most_visits = MOST_TILES * values_len + 1;
    let mut visits = 0;
    while let Some((at, prefix)) = stack.pop() {
        visits += 1;
        if visits > most_visits {
            return Err(invalid(format!(
                "more paths than its {values_len} leaves: expected a graph of the leaves"
            )));
        }
        if at >= nodes_len {
            return Err(invalid(format!(
                "an arc to node {at}: expected one of the file's {nodes_len}"
            )));
        }
        let bits = node(at);
        let tile = (bits >> 24) as u8;
        let kind = kind_of_file_tile(tile).ok_or_else(|| {
            invalid(format!(
                "node {at} holds tile {tile}: expected 0 (the blank) to 26 (Z)"
            ))
        })?;
        let mut leave = prefix;
        leave.add(kind);
        if leave.len() > MOST_TILES {
            return Err(invalid(format!(
                "a leave of {} tiles or more at node {at}: expected at most {MOST_TILES}",
                leave.len()
            )));
        }
        // The next sibling after this arc's children: pushed first, taken last.
        if bits & 0x40_0000 == 0 {
            stack.push((at + 1, prefix));
        }
        let children = (bits & 0x3f_ffff) as usize;
        if children != 0 {
            stack.push((children, leave));
        }
        if bits & 0x80_0000 != 0 {
            if next_value == values_len {
                return Err(invalid(format!("more leaves than its {values_len} values")));
            }
            let points = value(next_value);
            if !points.is_finite() || points.abs() > MOST_POINTS {
                return Err(invalid(format!(
                    "leave {leave} is worth {points}: expected -{MOST_POINTS} to {MOST_POINTS} points"
                )));
            }
            table.set(&leave, (points * 100.0).round() as i32);
            next_value += 1;
        }
    }
    if next_value != values_len {
        return Err(invalid(format!(
            "{next_value} leaves for {values_len} values: expected one value per leave"
        )));
    }
    Ok((table, format))
}

/// A sibling list: each arc's tile, whether a leave ends there, and its children's list.
type Arcs = Vec<(u8, bool, u32)>;

/// Minimal graph building: equal sibling lists are stored once.
#[derive(Default)]
struct Lists {
    ids: HashMap<Arcs, u32>,
    lists: Vec<Arcs>,
}

impl Lists {
    /// The list of arcs from the words of `words` (sorted, all sharing their first `depth`
    /// tiles) that go on past `depth`; 0 for none, lists numbered from 1.
    fn build(&mut self, words: &[Vec<u8>], depth: usize) -> u32 {
        let mut arcs = Arcs::new();
        let mut start = 0;
        while start < words.len() {
            let tile = words[start][depth];
            let end = start + words[start..].partition_point(|word| word[depth] == tile);
            let group = &words[start..end];
            // Sorted, so a leave ending here comes first in its group.
            let accepts = group[0].len() == depth + 1;
            let longer = if accepts { &group[1..] } else { group };
            let children = self.build(longer, depth + 1);
            arcs.push((tile, accepts, children));
            start = end;
        }
        if arcs.is_empty() {
            return 0;
        }
        if let Some(&id) = self.ids.get(&arcs) {
            return id;
        }
        self.lists.push(arcs.clone());
        let id = self.lists.len() as u32;
        self.ids.insert(arcs, id);
        id
    }
}

/// Writes `leaves` (each with its value in hundredths of a point) as a KLV or KLV2 file.
pub fn write(leaves: &[(Rack, i32)], format: KlvFormat) -> Result<Vec<u8>, String> {
    let mut words: Vec<(Vec<u8>, i32)> = leaves
        .iter()
        .filter(|(leave, _)| !leave.is_empty())
        .map(|(leave, value)| (word_of(leave), *value))
        .collect();
    words.sort_unstable();
    words.dedup_by(|a, b| a.0 == b.0);
    let sorted: Vec<Vec<u8>> = words.iter().map(|(word, _)| word.clone()).collect();
    let mut lists = Lists::default();
    let root = lists.build(&sorted, 0);
    // Node 0 points to the root; the lists follow, children before parents.
    let mut first = vec![0u32; lists.lists.len() + 1];
    let mut nodes_len = 1usize;
    for (id, arcs) in lists.lists.iter().enumerate() {
        first[id + 1] = nodes_len as u32;
        nodes_len += arcs.len();
    }
    if nodes_len > MOST_NODES {
        return Err(format!(
            "{nodes_len} graph nodes: the format holds {MOST_NODES}"
        ));
    }
    let encode = |tile: u8, accepts: bool, last: bool, children: u32| -> u32 {
        (u32::from(tile) << 24)
            | (u32::from(accepts) << 23)
            | (u32::from(last) << 22)
            | first[children as usize]
    };
    let mut bytes = Vec::with_capacity(8 + 4 * nodes_len + 4 * words.len());
    bytes.extend_from_slice(&(nodes_len as u32).to_le_bytes());
    bytes.extend_from_slice(&encode(0, false, true, root).to_le_bytes());
    for arcs in &lists.lists {
        for (i, &(tile, accepts, children)) in arcs.iter().enumerate() {
            let node = encode(tile, accepts, i + 1 == arcs.len(), children);
            bytes.extend_from_slice(&node.to_le_bytes());
        }
    }
    bytes.extend_from_slice(&(words.len() as u32).to_le_bytes());
    for (word, value) in &words {
        let points = *value as f32 / 100.0;
        match format {
            KlvFormat::Klv2 => bytes.extend_from_slice(&points.to_le_bytes()),
            KlvFormat::Klv => {
                let scaled = (points * 256.0).round();
                if scaled.abs() > f32::from(i16::MAX) {
                    return Err(format!(
                        "a leave ({}) worth {points} points: KLV holds -128 to 128, KLV2 any",
                        word.iter()
                            .map(|&t| kind_of_file_tile(t)
                                .map_or('?', |k| { engine::scrabble::tiles::kind_char(k) }))
                            .collect::<String>()
                    ));
                }
                bytes.extend_from_slice(&(scaled as i16).to_le_bytes());
            }
        }
    }
    Ok(bytes)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scrabble::leaves::table::for_each_possible_leave;

    fn node(tile: u8, accepts: bool, last: bool, arc: u32) -> [u8; 4] {
        ((u32::from(tile) << 24) | (u32::from(accepts) << 23) | (u32::from(last) << 22) | arc)
            .to_le_bytes()
    }

    /// A file laid out by hand: leaves ?, A, AB and B, valued 25, 1, 3.5 and -2 points.
    fn by_hand(values: &[f32]) -> Vec<u8> {
        let nodes = [
            node(0, false, true, 1), // root pointer
            node(0, true, false, 0), // ?
            node(1, true, false, 4), // A, children at 4
            node(2, true, true, 0),  // B
            node(2, true, true, 0),  // A's child B
        ];
        let mut bytes = (nodes.len() as u32).to_le_bytes().to_vec();
        for n in nodes {
            bytes.extend_from_slice(&n);
        }
        bytes.extend_from_slice(&(values.len() as u32).to_le_bytes());
        for v in values {
            bytes.extend_from_slice(&v.to_le_bytes());
        }
        bytes
    }

    #[test]
    fn a_file_laid_out_by_hand_reads_in_sorted_order() {
        let (table, format) = read(&by_hand(&[25.0, 1.0, 3.5, -2.0]), "hand.klv2").unwrap();
        assert_eq!(format, KlvFormat::Klv2);
        let value = |text: &str| table.get(&Rack::parse(text).unwrap());
        assert_eq!(value("?"), Some(2500));
        assert_eq!(value("A"), Some(100));
        assert_eq!(value("AB"), Some(350));
        assert_eq!(value("B"), Some(-200));
        assert_eq!(
            value("C"),
            Some(0),
            "a leave not in the file is worth nothing"
        );
    }

    #[test]
    fn wolges_empty_file_reads_as_no_leaves() {
        let empty = b"\x01\x00\x00\x00\x00\x00\x40\x00\x00\x00\x00\x00";
        let (table, _) = read(empty, "empty.klv2").unwrap();
        assert_eq!(table, LeaveTable::default());
        assert_eq!(write(&[], KlvFormat::Klv2).unwrap(), empty.to_vec());
    }

    #[test]
    fn damaged_files_name_what_is_wrong() {
        let short = read(&by_hand(&[25.0, 1.0, 3.5]), "mine.klv2").unwrap_err();
        assert!(short.to_string().contains("mine.klv2"), "{short}");
        assert!(
            short.to_string().contains("more leaves than its 3"),
            "{short}"
        );
        let mut cut = by_hand(&[25.0, 1.0, 3.5, -2.0]);
        cut.pop();
        let error = read(&cut, "mine.klv2").unwrap_err();
        assert!(
            error.to_string().contains("expected 4 of 4 bytes"),
            "{error}"
        );
        let mut bytes = by_hand(&[25.0, 1.0, 3.5, -2.0]);
        bytes[4 + 4 * 2 + 3] = 40; // A's tile becomes 40
        let error = read(&bytes, "mine.klv2").unwrap_err();
        assert!(error.to_string().contains("tile 40"), "{error}");
        let mut bytes = by_hand(&[25.0, 1.0, 3.5, -2.0]);
        bytes[4 + 4 * 2] = 2; // A's children point back at A: a cycle, cut short
        let error = read(&bytes, "mine.klv2").unwrap_err();
        assert!(error.to_string().contains("more leaves than"), "{error}");
        let mut bytes = by_hand(&[25.0, 1.0, 3.5, -2.0]);
        bytes[4 + 4 * 2] = 2;
        bytes[4 + 4 * 2 + 2] &= !0x80; // and A accepts no leave: the walk is cut at six tiles
        let error = read(&bytes, "mine.klv2").unwrap_err();
        assert!(error.to_string().contains("expected at most 6"), "{error}");
        let error = read(&by_hand(&[f32::NAN, 1.0, 3.5, -2.0]), "mine.klv2").unwrap_err();
        assert!(error.to_string().contains("NaN"), "{error}");
        assert!(read(&[1, 2], "mine.klv2").is_err());
        assert!(read(&[0, 0, 0, 0], "mine.klv2").is_err());
    }

    #[test]
    fn every_english_leave_round_trips_through_both_formats() {
        let counts = *engine::scrabble::TileSet::standard().counts();
        let mut leaves = Vec::new();
        let mut state = 12345u64;
        for_each_possible_leave(&counts, |leave| {
            state = state
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1);
            leaves.push((*leave, (state >> 40) as i32 % 6000 - 3000));
        });
        assert_eq!(leaves.len(), 914_624);
        for format in [KlvFormat::Klv2, KlvFormat::Klv] {
            let bytes = write(&leaves, format).unwrap();
            let (table, read_as) = read(&bytes, "round trip").unwrap();
            assert_eq!(read_as, format);
            for (leave, value) in &leaves {
                let back = table.get(leave).unwrap();
                // KLV keeps 256ths of a point: a hundredth may come back one off.
                let slack = if format == KlvFormat::Klv2 { 0 } else { 1 };
                assert!((back - value).abs() <= slack, "{leave}: {value} -> {back}");
            }
            // Equal endings are stored once: far fewer nodes than leaves.
            let nodes = u32::from_le_bytes(bytes[..4].try_into().unwrap());
            assert!(nodes < 100_000, "{nodes} nodes");
        }
    }
}
