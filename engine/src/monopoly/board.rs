//! The ring of spaces and the properties on it, read from engine/data/monopoly-hp/board.toml.

use serde::Deserialize;

use crate::data::{DataError, MOST_POINTS, Range, Source, array_table_lines, parse_toml};
use crate::hogwarts::House;

/// The most properties a board may hold: ownership sets are `u32` masks.
pub const MAX_PROPERTIES: usize = 32;

/// The most spaces a board may hold.
pub const MAX_SPACES: usize = 64;

/// What a space does when a token lands on it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Space {
    /// GO: its reward is paid for passing or landing.
    Go,
    /// A property, by index into [`Board::properties`].
    Property(u8),
    /// Draw the top Owl Post card.
    OwlPost,
    /// Give points to the Bank (Filch, Mrs. Norris).
    Fine(i32),
    /// Jail, or Just Visiting for a token that lands there.
    Jail,
    /// Nothing happens.
    FreeParking,
    /// Straight to Jail.
    GoToJail,
}

/// The kinds of property.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PropertyKind {
    /// A location in a colour set, by index into [`Board::groups`].
    Location(u8),
    /// A house's common room.
    CommonRoom(House),
    /// A spell (Lumos, Aguamenti).
    Spell,
}

/// One property's printed and assumed numbers.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Property {
    /// Its name on the board.
    pub name: String,
    /// Its space on the ring.
    pub space: u8,
    /// Location, common room or spell.
    pub kind: PropertyKind,
    /// The explore price and its value at the final count.
    pub value: i32,
    /// A location's rent alone, in its colour set, and with a crest (zeros for others).
    pub rent: [i32; 3],
    /// A location's crest cost (0 for others).
    pub crest_cost: i32,
    /// Points the Bank gives for mortgaging it.
    pub mortgage: i32,
    /// Points the Bank asks to end the mortgage.
    pub unmortgage: i32,
}

/// A colour set.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Group {
    /// Its name in the data file (`dark_blue`).
    pub name: String,
    /// Its locations, as a property mask.
    pub members: u32,
}

/// The board: spaces in order from GO, and the properties on them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Board {
    /// Every space, GO first.
    pub spaces: Vec<Space>,
    /// Each space's name.
    pub names: Vec<String>,
    /// The properties in board order.
    pub properties: Vec<Property>,
    /// The colour sets in order of first appearance.
    pub groups: Vec<Group>,
    /// The Jail space.
    pub jail: u8,
    /// Every common room, as a property mask.
    pub common_rooms: u32,
    /// Every spell, as a property mask.
    pub spells: u32,
}

/// The board's file as written.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct BoardFile {
    space: Vec<SpaceEntry>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct SpaceEntry {
    name: String,
    kind: String,
    group: Option<String>,
    house: Option<String>,
    value: Option<i32>,
    rent: Option<[i32; 3]>,
    crest_cost: Option<i32>,
    mortgage: Option<i32>,
    unmortgage: Option<i32>,
    points: Option<i32>,
}

/// The range of every number a board file may hold.
pub const BOARD_RANGES: [Range; 6] = [
    Range::new("space[].value", 1, MOST_POINTS, "points"),
    Range::new("space[].rent[]", 0, MOST_POINTS, "points"),
    Range::new("space[].crest_cost", 1, MOST_POINTS, "points"),
    Range::new("space[].mortgage", 0, MOST_POINTS, "points"),
    Range::new("space[].unmortgage", 0, MOST_POINTS, "points"),
    Range::new("space[].points", 0, MOST_POINTS, "points"),
];

impl Board {
    /// Reads and checks a board file.
    pub fn parse(text: &str, file: &str) -> Result<Board, DataError> {
        let parsed: BoardFile = parse_toml(Source::new(text, file), &BOARD_RANGES)?;
        let lines = array_table_lines(text, "space");
        let at = |index: usize, message: String| {
            DataError::at(file, lines.get(index).copied().unwrap_or(0), 0, message)
        };
        if !(12..=MAX_SPACES).contains(&parsed.space.len()) {
            return Err(DataError::whole(
                file,
                format!("{} spaces: expected 12 to {MAX_SPACES}", parsed.space.len()),
            ));
        }
        let mut board = Board {
            spaces: Vec::new(),
            names: Vec::new(),
            properties: Vec::new(),
            groups: Vec::new(),
            jail: 0,
            common_rooms: 0,
            spells: 0,
        };
        let mut jails = 0;
        for (index, entry) in parsed.space.into_iter().enumerate() {
            let space = board.read_space(entry, index).map_err(|m| at(index, m))?;
            match space {
                Space::Go if index != 0 => {
                    return Err(at(index, "GO must be the first space".into()));
                }
                Space::Jail => {
                    board.jail = index as u8;
                    jails += 1;
                }
                _ => {}
            }
            board.spaces.push(space);
        }
        if board.spaces[0] != Space::Go {
            return Err(at(0, "the first space must be GO (kind = \"go\")".into()));
        }
        if jails != 1 {
            return Err(DataError::whole(
                file,
                format!("{jails} jail spaces: expected exactly one"),
            ));
        }
        for house in House::ALL {
            let rooms = board
                .properties
                .iter()
                .filter(|p| p.kind == PropertyKind::CommonRoom(house))
                .count();
            if rooms > 1 {
                return Err(DataError::whole(
                    file,
                    format!(
                        "{rooms} common rooms of {}: expected at most one",
                        house.name()
                    ),
                ));
            }
        }
        Ok(board)
    }

    fn read_space(&mut self, entry: SpaceEntry, index: usize) -> Result<Space, String> {
        let kind = entry.kind.as_str();
        const KINDS: [&str; 9] = [
            "go",
            "location",
            "common_room",
            "spell",
            "owl_post",
            "fine",
            "jail",
            "free_parking",
            "go_to_jail",
        ];
        if !KINDS.contains(&kind) {
            return Err(format!(
                "kind {kind:?}: expected one of {}",
                KINDS.join(", ")
            ));
        }
        let is_property = matches!(kind, "location" | "common_room" | "spell");
        let allowed: &[&str] = match kind {
            "location" => &[
                "group",
                "value",
                "rent",
                "crest_cost",
                "mortgage",
                "unmortgage",
            ],
            "common_room" => &["house", "value", "mortgage", "unmortgage"],
            "spell" => &["value", "mortgage", "unmortgage"],
            "fine" => &["points"],
            _ => &[],
        };
        let given = [
            ("group", entry.group.is_some()),
            ("house", entry.house.is_some()),
            ("value", entry.value.is_some()),
            ("rent", entry.rent.is_some()),
            ("crest_cost", entry.crest_cost.is_some()),
            ("mortgage", entry.mortgage.is_some()),
            ("unmortgage", entry.unmortgage.is_some()),
            ("points", entry.points.is_some()),
        ];
        for (key, present) in given {
            if present && !allowed.contains(&key) {
                return Err(format!("`{key}` does not apply to a {kind} space"));
            }
            if !present && allowed.contains(&key) {
                return Err(format!("a {kind} space needs `{key}`"));
            }
        }
        self.names.push(entry.name.clone());
        let space = match kind {
            "go" => Space::Go,
            "owl_post" => Space::OwlPost,
            "jail" => Space::Jail,
            "free_parking" => Space::FreeParking,
            "go_to_jail" => Space::GoToJail,
            "fine" => Space::Fine(non_negative("points", entry.points)?),
            _ if is_property => {
                if self.properties.len() == MAX_PROPERTIES {
                    return Err(format!("more than {MAX_PROPERTIES} properties"));
                }
                let id = self.properties.len() as u8;
                let bit = 1u32 << id;
                let property_kind = match kind {
                    "location" => {
                        let name = entry.group.clone().unwrap_or_default();
                        let group = match self.groups.iter().position(|g| g.name == name) {
                            Some(group) => group,
                            None => {
                                self.groups.push(Group { name, members: 0 });
                                self.groups.len() - 1
                            }
                        };
                        self.groups[group].members |= bit;
                        PropertyKind::Location(group as u8)
                    }
                    "common_room" => {
                        let name = entry.house.clone().unwrap_or_default();
                        let house: House = name.parse().map_err(|_| {
                            format!(
                                "house {name:?}: expected gryffindor, hufflepuff, ravenclaw or slytherin"
                            )
                        })?;
                        self.common_rooms |= bit;
                        PropertyKind::CommonRoom(house)
                    }
                    _ => {
                        self.spells |= bit;
                        PropertyKind::Spell
                    }
                };
                let rent = entry.rent.unwrap_or([0; 3]);
                if rent.iter().any(|&r| r < 0) {
                    return Err("rent: expected amounts of 0 or more".into());
                }
                self.properties.push(Property {
                    name: entry.name,
                    space: index as u8,
                    kind: property_kind,
                    value: positive("value", entry.value)?,
                    rent,
                    crest_cost: entry
                        .crest_cost
                        .map_or(Ok(0), |c| positive("crest_cost", Some(c)))?,
                    mortgage: non_negative("mortgage", entry.mortgage)?,
                    unmortgage: non_negative("unmortgage", entry.unmortgage)?,
                });
                Space::Property(id)
            }
            _ => unreachable!("kinds are checked above"),
        };
        Ok(space)
    }

    /// The standard board.
    pub fn standard() -> Board {
        Board::parse(DEFAULT_BOARD, "embedded monopoly-hp/board.toml")
            .expect("the embedded board is valid")
    }

    /// The number of spaces on the ring.
    pub fn len(&self) -> usize {
        self.spaces.len()
    }

    /// Whether the board has no spaces (never, once parsed).
    pub fn is_empty(&self) -> bool {
        self.spaces.is_empty()
    }

    /// Every property, as a mask.
    pub fn all_properties(&self) -> u32 {
        low_bits(self.properties.len())
    }

    /// The colour set of a location, as a mask (0 for other properties).
    pub fn group_of(&self, property: usize) -> u32 {
        match self.properties[property].kind {
            PropertyKind::Location(group) => self.groups[group as usize].members,
            _ => 0,
        }
    }

    /// The property on a space, if any.
    pub fn property_at(&self, space: usize) -> Option<usize> {
        match self.spaces[space] {
            Space::Property(id) => Some(id as usize),
            _ => None,
        }
    }

    /// The space number of a space's name (the first, for Owl Post).
    pub fn space_named(&self, name: &str) -> Option<usize> {
        self.names.iter().position(|n| n.eq_ignore_ascii_case(name))
    }

    /// The common room of a house, if the board has one.
    pub fn common_room_of(&self, house: House) -> Option<usize> {
        self.properties
            .iter()
            .position(|p| p.kind == PropertyKind::CommonRoom(house))
    }
}

/// The default board file.
pub const DEFAULT_BOARD: &str = include_str!("../../data/monopoly-hp/board.toml");

/// A mask of the lowest `count` bits.
pub fn low_bits(count: usize) -> u32 {
    if count >= 32 {
        u32::MAX
    } else {
        (1u32 << count) - 1
    }
}

fn positive(key: &str, value: Option<i32>) -> Result<i32, String> {
    match value {
        Some(v) if v > 0 => Ok(v),
        _ => Err(format!("{key}: expected a number above 0")),
    }
}

fn non_negative(key: &str, value: Option<i32>) -> Result<i32, String> {
    match value {
        Some(v) if v >= 0 => Ok(v),
        _ => Err(format!("{key}: expected a number of 0 or more")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_standard_board_has_28_properties_in_eight_sets() {
        let board = Board::standard();
        assert_eq!(board.len(), 40);
        assert_eq!(board.properties.len(), 28);
        assert_eq!(board.groups.len(), 8);
        assert_eq!(board.common_rooms.count_ones(), 4);
        assert_eq!(board.spells.count_ones(), 2);
        assert_eq!(board.jail, 10);
        let office = board.property_at(39).unwrap();
        assert_eq!(board.properties[office].rent, [50, 100, 200]);
        assert_eq!(board.properties[office].crest_cost, 100);
        assert_eq!(board.group_of(office).count_ones(), 2);
        assert_eq!(board.spaces[4], Space::Fine(20));
        assert_eq!(board.spaces[38], Space::Fine(10));
    }

    #[test]
    fn a_bad_space_names_its_line() {
        let text = DEFAULT_BOARD.replacen("kind = \"spell\"", "kind = \"charm\"", 1);
        let error = Board::parse(&text, "b.toml").unwrap_err().to_string();
        // The error names the `[[space]]` line two lines above the kind.
        let kind_line = text.lines().position(|l| l.contains("\"charm\"")).unwrap() + 1;
        let header = kind_line - 2;
        assert!(
            error.starts_with(&format!("b.toml: line {header}:")),
            "{error}"
        );
        assert!(error.contains("expected one of go, location"), "{error}");
        let text = DEFAULT_BOARD.replacen("crest_cost = 20\n", "", 1);
        let error = Board::parse(&text, "b.toml").unwrap_err().to_string();
        assert!(error.contains("needs `crest_cost`"), "{error}");
        let error = Board::parse("[[space]]\nname = 1\n", "b.toml").unwrap_err();
        assert!(error.to_string().starts_with("b.toml: line 2"), "{error}");
    }
}
