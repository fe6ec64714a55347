//! The state of a game and its turns: rolling, moving, Jail and the final count (what the
//! space landed on does is `landing`'s).

use std::sync::Arc;

use rand::{Rng, SeedableRng};

use super::ask::{Asker, Stepping};
use super::board::MAX_PROPERTIES;
use super::events::Event;
use super::owl_post::Deck;
use super::rules::MonopolyRules;
use super::seat::{JailChoice, View};
use super::tally::Tally;
use super::{MAX_PLAYERS, MonopolyError};
use crate::hogwarts::House;
use crate::play::{Decider, DecisionError};
use crate::scrabble::GameRng;

pub use crate::bits::mask_bits;

/// No one: the owner of an unexplored property.
pub(super) const NOBODY: u8 = u8::MAX;

/// One player's public state.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Player {
    pub(super) position: u8,
    pub(super) points: i32,
    /// Failed rolls for doubles while in Jail, or `None` when free.
    pub(super) jail: Option<u8>,
    /// Held Get Out of Jail Free cards, as a mask of card numbers.
    pub(super) held: u64,
    /// The Owl Post card that sent the player to Jail, while it is there (for the card's
    /// later cost in the tables).
    pub(super) jailed_by: Option<u8>,
    pub(super) house: House,
    pub(super) out: bool,
}

/// Why a game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ending {
    /// Every property was explored (the rulebook's end).
    Explored,
    /// Every other player went out.
    LastStanding,
    /// The turn cap stopped a stalled game.
    TurnCap,
}

impl Ending {
    /// The ending's name in tables.
    pub fn name(self) -> &'static str {
        match self {
            Ending::Explored => "explored",
            Ending::LastStanding => "last_standing",
            Ending::TurnCap => "turn_cap",
        }
    }
}

/// A game of Monopoly: Harry Potter in progress. Not `Clone`: a copy that kept the dice's
/// RNG would tell a bot the future, so the only copy is [`Monopoly::sampled`].
#[derive(Debug)]
pub struct Monopoly {
    pub(super) rules: Arc<MonopolyRules>,
    pub(super) players: usize,
    pub(super) seats: [Player; MAX_PLAYERS],
    pub(super) owner: [u8; MAX_PROPERTIES],
    pub(super) owned: [u32; MAX_PLAYERS],
    pub(super) mortgaged: u32,
    pub(super) crested: u32,
    pub(super) crests_left: [u8; 4],
    pub(super) deck: Deck,
    /// Points the Bank has taken minus points it has given: players' points plus this is constant.
    pub(super) bank: i64,
    pub(super) rng: GameRng,
    pub(super) first: usize,
    pub(super) mover: usize,
    pub(super) turns: u32,
    pub(super) ending: Option<Ending>,
    /// Whether a turn is under way (a copy taken now starts with the next player).
    pub(super) in_turn: bool,
    pub(super) tally: Tally,
    pub(super) log: Option<Vec<Event>>,
    /// Set while the game is stepped question by question (see `ask`).
    pub(super) stepping: Option<Box<Stepping>>,
}

fn house_index(house: House) -> usize {
    House::ALL
        .iter()
        .position(|&h| h == house)
        .expect("every house is listed")
}

impl Monopoly {
    /// A game with the given houses, one per player (2 to 6), shuffled deck and first player from `seed`.
    pub fn new(
        rules: Arc<MonopolyRules>,
        houses: &[House],
        seed: u64,
    ) -> Result<Monopoly, MonopolyError> {
        let players = houses.len();
        if !(2..=rules.max_players()).contains(&players) {
            return Err(MonopolyError::Players {
                players,
                max: rules.max_players(),
            });
        }
        for house in House::ALL {
            let sharing = houses.iter().filter(|&&h| h == house).count();
            if sharing > rules.numbers.house_cards_per_house as usize {
                return Err(MonopolyError::HouseCards {
                    house,
                    players: sharing,
                    cards: rules.numbers.house_cards_per_house,
                });
            }
        }
        let mut rng = GameRng::seed_from_u64(seed);
        let deck = Deck::shuffled(rules.cards.len(), &mut rng);
        let start = Player {
            position: 0,
            points: rules.numbers.starting_points,
            jail: None,
            held: 0,
            jailed_by: None,
            house: House::Gryffindor,
            out: false,
        };
        let mut seats = [start; MAX_PLAYERS];
        for (seat, &house) in seats.iter_mut().zip(houses) {
            seat.house = house;
        }
        // The highest roller starts: every player equally likely.
        let first = rng.random_range(0..players);
        Ok(Monopoly {
            players,
            seats,
            owner: [NOBODY; MAX_PROPERTIES],
            owned: [0; MAX_PLAYERS],
            mortgaged: 0,
            crested: 0,
            crests_left: [rules.numbers.crests_per_house; 4],
            deck,
            bank: 0,
            rng,
            first,
            mover: first,
            turns: 0,
            ending: None,
            in_turn: false,
            tally: Tally::default(),
            log: None,
            stepping: None,
            rules,
        })
    }

    /// A game whose players draw House Cards at random from the seed (two per house).
    pub fn sorted(
        rules: Arc<MonopolyRules>,
        players: usize,
        seed: u64,
    ) -> Result<Monopoly, MonopolyError> {
        let cards = Monopoly::drawn_houses(&rules, players, seed)?;
        Monopoly::new(rules, &cards, seed)
    }

    /// The House Cards [`Monopoly::sorted`] deals the seats of a game seeded `seed`.
    pub fn drawn_houses(
        rules: &MonopolyRules,
        players: usize,
        seed: u64,
    ) -> Result<Vec<House>, MonopolyError> {
        let mut cards: Vec<House> = House::ALL
            .iter()
            .flat_map(|&h| std::iter::repeat_n(h, rules.numbers.house_cards_per_house as usize))
            .collect();
        let mut rng = GameRng::seed_from_u64(seed ^ 0x486f_7573_6543_6172);
        rand::seq::SliceRandom::shuffle(&mut cards[..], &mut rng);
        cards.truncate(players.min(cards.len()));
        if cards.len() < players {
            return Err(MonopolyError::Players {
                players,
                max: rules.max_players(),
            });
        }
        Ok(cards)
    }

    /// A copy for a rollout: the same table, with the Owl Post deck reshuffled and the dice
    /// reseeded, so it reveals nothing a seat may not see. Taken during a turn, the copy
    /// starts with the next player's turn (the rest of this one, a doubles roll, is dropped).
    pub fn sampled(&self, seed: u64) -> Monopoly {
        let mut rng = GameRng::seed_from_u64(seed);
        let mover = if self.in_turn {
            self.next_player(self.mover)
        } else {
            self.mover
        };
        let deck = self.deck.reshuffled(&mut rng);
        Monopoly {
            mover,
            ..self.table_copy(deck, rng)
        }
    }

    /// A copy a seat may hold as its view: the table exactly as it stands (mid-turn too, with
    /// what has happened), the Owl Post deck in a canonical shuffle and the dice reseeded, so
    /// it reveals nothing hidden and every [`View`](super::View) of it reads as the game's.
    pub fn observed(&self) -> Monopoly {
        let mut rng = GameRng::seed_from_u64(0);
        let deck = self.deck.reshuffled(&mut rng);
        Monopoly {
            in_turn: self.in_turn,
            log: self.log.clone(),
            ..self.table_copy(deck, rng)
        }
    }

    /// An exact copy, dice and deck order included: for the engine's own replays only (a
    /// bot's copy is [`Monopoly::sampled`]). The copy is not stepped.
    pub(super) fn duplicate(&self) -> Monopoly {
        Monopoly {
            in_turn: self.in_turn,
            tally: self.tally.clone(),
            log: self.log.clone(),
            ..self.table_copy(self.deck.clone(), self.rng.clone())
        }
    }

    /// The table as it stands (seats, deeds, crests, the mover) with `deck` and `rng`, between
    /// turns, with nothing tallied or logged and not stepped.
    fn table_copy(&self, deck: Deck, rng: GameRng) -> Monopoly {
        Monopoly {
            rules: self.rules.clone(),
            players: self.players,
            seats: self.seats,
            owner: self.owner,
            owned: self.owned,
            mortgaged: self.mortgaged,
            crested: self.crested,
            crests_left: self.crests_left,
            deck,
            bank: self.bank,
            rng,
            first: self.first,
            mover: self.mover,
            turns: self.turns,
            ending: self.ending,
            in_turn: false,
            tally: Tally::default(),
            log: None,
            stepping: None,
        }
    }

    /// The rules in play.
    pub fn rules(&self) -> &MonopolyRules {
        &self.rules
    }

    /// Seats at the table.
    pub fn players(&self) -> usize {
        self.players
    }

    /// A player's house points.
    pub fn points(&self, seat: usize) -> i32 {
        self.seats[seat].points
    }

    /// A player's space.
    pub fn position(&self, seat: usize) -> usize {
        self.seats[seat].position as usize
    }

    /// A player's house.
    pub fn house(&self, seat: usize) -> House {
        self.seats[seat].house
    }

    /// Whether a player has gone out.
    pub fn is_out(&self, seat: usize) -> bool {
        self.seats[seat].out
    }

    /// Whether a player is in Jail.
    pub fn in_jail(&self, seat: usize) -> bool {
        self.seats[seat].jail.is_some()
    }

    /// A player's Get Out of Jail Free cards.
    pub fn jail_cards(&self, seat: usize) -> u8 {
        self.seats[seat].held.count_ones() as u8
    }

    /// A property's owner.
    pub fn owner(&self, property: usize) -> Option<usize> {
        match self.owner[property] {
            NOBODY => None,
            seat => Some(seat as usize),
        }
    }

    /// A player's properties, as a mask.
    pub fn owned(&self, seat: usize) -> u32 {
        self.owned[seat]
    }

    /// Mortgaged properties, as a mask.
    pub fn mortgaged(&self) -> u32 {
        self.mortgaged
    }

    /// Crested locations, as a mask.
    pub fn crested(&self) -> u32 {
        self.crested
    }

    /// A house's crests still with the Bank.
    pub fn crests_left(&self, house: House) -> u8 {
        self.crests_left[house_index(house)]
    }

    /// Unexplored properties, as a mask.
    pub fn unexplored(&self) -> u32 {
        let owned = self.owned[..self.players].iter().fold(0, |all, &m| all | m);
        self.rules.board.all_properties() & !owned
    }

    /// Turns begun so far.
    pub fn turns(&self) -> u32 {
        self.turns
    }

    /// Cards in the Owl Post deck.
    pub fn deck_len(&self) -> usize {
        self.deck.len()
    }

    /// The seat that moved first.
    pub fn first(&self) -> usize {
        self.first
    }

    /// The seat whose turn is next.
    pub fn mover(&self) -> usize {
        self.mover
    }

    /// Why the game ended, once it has.
    pub fn ending(&self) -> Option<Ending> {
        self.ending
    }

    /// What happened, counted for the simulator's tables.
    pub fn tally(&self) -> &Tally {
        &self.tally
    }

    /// Points the Bank has taken minus those it has given.
    pub fn bank(&self) -> i64 {
        self.bank
    }

    /// Starts keeping a log of events (off by default: the simulator needs none).
    pub fn record_events(&mut self) {
        self.log.get_or_insert_with(Vec::new);
    }

    /// The events logged and not yet taken (all of them are public).
    pub fn events(&self) -> &[Event] {
        self.log.as_deref().unwrap_or_default()
    }

    /// The events since the last call.
    pub fn take_events(&mut self) -> Vec<Event> {
        self.log.as_mut().map(std::mem::take).unwrap_or_default()
    }

    pub(super) fn note(&mut self, event: Event) {
        if let Some(log) = &mut self.log {
            log.push(event);
        }
    }

    /// The view of one seat.
    pub fn view(&self, seat: usize) -> View<'_> {
        View::new(self, seat)
    }

    pub(super) fn roll(&mut self) -> (u8, u8) {
        (self.rng.random_range(1..=6), self.rng.random_range(1..=6))
    }

    /// Plays one player's turn, asking the deciders (`deciders[s]` plays seat `s`) as it goes;
    /// a decider that answers another question than the one asked is an error.
    pub fn play_turn(
        &mut self,
        deciders: &mut [Box<dyn Decider<Monopoly>>],
    ) -> Result<(), DecisionError> {
        let mut ask = Asker::new(deciders);
        self.turn(&mut ask);
        match (ask.fault.take(), ask.stopped.take()) {
            (Some(fault), _) => Err(fault),
            (None, Some((pending, _))) => Err(DecisionError {
                decider: ask.name_of(pending.seat),
                seat: pending.seat,
                answer: "nothing".into(),
                reason: "a decider that answers later says so (Decider::waits)".into(),
                position: format!("turn {}", self.turns),
            }),
            (None, None) => Ok(()),
        }
    }

    /// Plays one player's turn: deals and crests before the roll, then the rolls.
    pub(super) fn turn(&mut self, ask: &mut Asker<'_>) {
        if self.ending.is_some() {
            return;
        }
        let mover = self.mover;
        self.turns += 1;
        self.in_turn = true;
        self.trade_phase(mover, ask);
        self.crest_phase(mover, ask);
        self.unmortgage_phase(mover, ask);
        if self.ending.is_none() && !self.seats[mover].out {
            self.rolls(mover, ask);
        }
        self.in_turn = false;
        if self.ending.is_none() {
            self.mover = self.next_player(mover);
            if self.turns >= self.rules.numbers.turn_cap {
                self.ending = Some(Ending::TurnCap);
            }
        }
    }

    pub(super) fn next_player(&self, after: usize) -> usize {
        (1..=self.players)
            .map(|k| (after + k) % self.players)
            .find(|&s| !self.seats[s].out)
            .unwrap_or(after)
    }

    /// Jail, then rolling and moving until the dice stop showing doubles.
    fn rolls(&mut self, mover: usize, ask: &mut Asker<'_>) {
        let numbers = &self.rules.numbers;
        let (fine, tries) = (numbers.jail_fine, numbers.jail_tries);
        if let Some(failed) = self.seats[mover].jail {
            // What the stay costs (fines, turns lost) and what a card saves, for the Owl Post
            // card behind it.
            let jailed_by = self.seats[mover].jailed_by.take().map(usize::from);
            let fined = |tally: &mut Tally| {
                if let Some(card) = jailed_by {
                    tally.owl_later_points[card] -= fine;
                }
            };
            let choice = ask.jail(self, mover);
            match choice {
                JailChoice::Card if self.seats[mover].held != 0 => {
                    let card = self.seats[mover].held.trailing_zeros() as usize;
                    self.seats[mover].held &= !(1 << card);
                    self.deck.put_under(card);
                    self.tally.owl_later_points[card] += fine;
                    self.seats[mover].jail = None;
                    self.note(Event::Freed { seat: mover });
                }
                JailChoice::Pay | JailChoice::Card if self.seats[mover].points >= fine => {
                    self.pay(mover, None, fine, ask);
                    fined(&mut self.tally);
                    self.seats[mover].jail = None;
                    self.note(Event::Freed { seat: mover });
                }
                _ => {
                    let (a, b) = self.roll();
                    self.note(Event::Rolled {
                        seat: mover,
                        dice: (a, b),
                    });
                    if a == b {
                        self.seats[mover].jail = None;
                        self.note(Event::Freed { seat: mover });
                        self.move_by(mover, a + b, ask);
                    } else if failed + 1 >= tries {
                        self.seats[mover].jail = None;
                        self.note(Event::Freed { seat: mover });
                        self.pay(mover, None, fine, ask);
                        fined(&mut self.tally);
                        if !self.seats[mover].out && self.ending.is_none() {
                            self.move_by(mover, a + b, ask);
                        }
                    } else {
                        self.seats[mover].jail = Some(failed + 1);
                        self.note(Event::StaysInJail { seat: mover });
                        self.seats[mover].jailed_by = jailed_by.map(|card| card as u8);
                        if let Some(card) = jailed_by {
                            self.tally.owl_jail_turns[card] += 1;
                        }
                    }
                    return;
                }
            }
        }
        let mut doubles = 0;
        loop {
            let (a, b) = self.roll();
            self.note(Event::Rolled {
                seat: mover,
                dice: (a, b),
            });
            if a == b {
                doubles += 1;
                if doubles >= self.rules.numbers.doubles_to_jail {
                    self.send_to_jail(mover);
                    return;
                }
            }
            self.move_by(mover, a + b, ask);
            let player = self.seats[mover];
            if a != b || self.ending.is_some() || player.out || player.jail.is_some() {
                return;
            }
        }
    }

    pub(super) fn send_to_jail(&mut self, seat: usize) {
        self.seats[seat].position = self.rules.board.jail;
        self.seats[seat].jail = Some(0);
        self.note(Event::Jailed { seat });
    }

    /// Moves forward, paying GO's reward when the token passes or lands on it, and lands.
    fn move_by(&mut self, seat: usize, steps: u8, ask: &mut Asker<'_>) {
        let len = self.rules.board.len();
        let to = (self.seats[seat].position as usize + steps as usize) % len;
        self.move_to(seat, to, ask);
    }

    /// Moves forward to a space, paying GO's reward if the token passes or lands on GO, and lands.
    pub(super) fn move_to(&mut self, seat: usize, to: usize, ask: &mut Asker<'_>) {
        if to <= self.seats[seat].position as usize {
            let reward = self.rules.numbers.go_reward;
            self.gain(seat, reward);
            self.note(Event::PassedGo {
                seat,
                points: reward,
            });
        }
        self.seats[seat].position = to as u8;
        self.land(seat, ask);
    }

    /// The Bank gives a player points.
    pub(super) fn gain(&mut self, seat: usize, points: i32) {
        self.seats[seat].points += points;
        self.bank -= i64::from(points);
    }

    /// Each player's count at the end: points, plus each property's value (doubled for a
    /// location in a colour set, its crest rent where crested), less the unmortgage cost of a
    /// mortgaged one, as if lifted before the count.
    pub fn final_scores(&self) -> [i32; MAX_PLAYERS] {
        let board = &self.rules.board;
        let mut scores = [0; MAX_PLAYERS];
        for (seat, score) in scores.iter_mut().enumerate().take(self.players) {
            if self.seats[seat].out {
                continue;
            }
            *score = self.seats[seat].points;
            let owned = self.owned[seat];
            for property in mask_bits(owned) {
                let deed = &board.properties[property];
                let set = board.group_of(property);
                *score += if self.crested & (1 << property) != 0 {
                    deed.rent[2]
                } else if set != 0 && owned & set == set {
                    2 * deed.value
                } else {
                    deed.value
                };
                if self.mortgaged & (1 << property) != 0 {
                    *score -= deed.unmortgage;
                }
            }
        }
        scores
    }

    /// Checks every conservation law; the text says which one broke.
    pub fn check_invariants(&self) -> Result<(), String> {
        let numbers = &self.rules.numbers;
        let points: i64 = self.seats[..self.players]
            .iter()
            .map(|p| i64::from(p.points))
            .sum();
        let start = i64::from(numbers.starting_points) * self.players as i64;
        if points + self.bank != start {
            return Err(format!(
                "points {points} + bank {} != {start} at the start",
                self.bank
            ));
        }
        if let Some(seat) = (0..self.players).find(|&s| self.seats[s].points < 0) {
            return Err(format!(
                "seat {seat} has {} points",
                self.seats[seat].points
            ));
        }
        let all = self.rules.board.all_properties();
        for property in mask_bits(all) {
            let bit = 1u32 << property;
            let holders: Vec<usize> = (0..self.players)
                .filter(|&s| self.owned[s] & bit != 0)
                .collect();
            let expected: Vec<usize> = self.owner(property).into_iter().collect();
            if holders != expected {
                return Err(format!(
                    "property {property}: owner {expected:?}, masks {holders:?}"
                ));
            }
        }
        if self.crested & self.mortgaged != 0 {
            return Err("a crested property is mortgaged".into());
        }
        if self.mortgaged & self.unexplored() != 0 || self.crested & self.unexplored() != 0 {
            return Err("the Bank's property is mortgaged or crested".into());
        }
        for (index, house) in House::ALL.iter().enumerate() {
            let on_board = (0..self.players)
                .filter(|&s| self.seats[s].house == *house)
                .map(|s| (self.owned[s] & self.crested).count_ones())
                .sum::<u32>();
            if on_board + u32::from(self.crests_left[index]) != u32::from(numbers.crests_per_house)
            {
                return Err(format!("{} crests: {on_board} placed", house.name()));
            }
        }
        for property in mask_bits(self.crested) {
            let set = self.rules.board.group_of(property);
            let owner = self.owner[property] as usize;
            if set == 0 || self.owned[owner] & set != set {
                return Err(format!("crest on {property} outside a whole set"));
            }
        }
        let held: u32 = self.seats[..self.players]
            .iter()
            .map(|p| p.held.count_ones())
            .sum();
        if held as usize + self.deck.len() != self.rules.cards.len() {
            return Err(format!(
                "{held} cards held + {} in the deck != {}",
                self.deck.len(),
                self.rules.cards.len()
            ));
        }
        let out_with_something = (0..self.players)
            .any(|s| self.seats[s].out && (self.owned[s] != 0 || self.seats[s].held != 0));
        if out_with_something {
            return Err("a player out of the game holds property or cards".into());
        }
        Ok(())
    }
}
