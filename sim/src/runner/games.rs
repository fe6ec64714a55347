//! The games the simulator plays, each behind [`Contest`].

use std::sync::Arc;

use anyhow::Context;
use bots::{Registered, Settings, bot_with};
use engine::cardgame::{CardGame, CardMove, CardRules, RummyGame, Variant};
use engine::draws::Draws;
use engine::hogwarts::{Card, CardEvent, CardTable, HpGame, HpRules};
use engine::monopoly::{Monopoly, MonopolyRules};
use engine::play::{Decider, Progress, Stepped, play_out};
use engine::scrabble::{Game, Rules, Setup};
use lexicon::Lexicon;

use super::Contest;
use super::aggregate::{CardTally, MAX_SEATS, Outcome};
use super::letters::LetterRecord;
use super::monopoly::{Labels, MonopolyGame};
use super::plays::PlayRecord;
use super::seeds::bot_seed;

/// The plain crossword game between a lineup.
pub struct Crossword {
    /// The rules shared by every game.
    pub rules: Arc<Rules>,
    /// The lexicon shared by every game.
    pub lexicon: Arc<Lexicon>,
    /// Who plays.
    pub lineup: Lineup<Game>,
    /// Where each seat's tiles come from.
    pub draws: Draws,
}

impl Contest for Crossword {
    type Seats = Vec<Box<dyn Decider<Game>>>;

    fn seats(&self) -> anyhow::Result<Self::Seats> {
        self.lineup.seats()
    }

    fn play(&self, seats: &mut Self::Seats, index: u64, seed: u64) -> anyhow::Result<Outcome> {
        let mut setup = Setup::standard(self.lineup.names().len(), self.rules.numbers.rack_size);
        setup.draws = self.draws;
        let mut game = Game::with_setup(self.rules.clone(), self.lexicon.clone(), setup, seed)?;
        let rotation = play_seated(&mut game, seats, index, seed)?;
        Ok(outcome(index, seed, &game, rotation))
    }
}

/// Makes a worker's bots, in seat order for game 0.
type MakeSeats<G> = dyn Fn() -> anyhow::Result<Vec<Box<dyn Decider<G>>>> + Send + Sync;

/// Who plays a run: the bots' names, as the tables label them, and how each worker makes its
/// set of them (reused game after game; each game seeds them anew).
pub struct Lineup<G: Stepped> {
    names: Vec<String>,
    make: Box<MakeSeats<G>>,
}

impl<G: Registered> Lineup<G> {
    /// The registered bots `names`, made with `settings`.
    pub fn registered(names: Vec<String>, settings: Settings) -> Lineup<G> {
        let made = names.clone();
        Lineup {
            names,
            make: Box::new(move || {
                made.iter()
                    .map(|name| bot_with::<G>(name, &settings).map_err(Into::into))
                    .collect()
            }),
        }
    }
}

impl<G: Stepped> Lineup<G> {
    /// Bots of one's own (a bot kept in its own crate, say): `make` makes one worker's set in
    /// seat order for game 0, labelled `names` in the tables.
    pub fn custom(
        names: Vec<String>,
        make: impl Fn() -> Vec<Box<dyn Decider<G>>> + Send + Sync + 'static,
    ) -> Lineup<G> {
        Lineup {
            names,
            make: Box::new(move || Ok(make())),
        }
    }

    /// As [`Lineup::custom`], for bots whose making can fail (a Python class that raises when
    /// made): the run stops with `make`'s error.
    pub fn fallible(
        names: Vec<String>,
        make: impl Fn() -> anyhow::Result<Vec<Box<dyn Decider<G>>>> + Send + Sync + 'static,
    ) -> Lineup<G> {
        Lineup {
            names,
            make: Box::new(make),
        }
    }

    /// The bots' names, in seat order for game 0.
    pub fn names(&self) -> &[String] {
        &self.names
    }

    /// A worker's set of bots.
    fn seats(&self) -> anyhow::Result<Vec<Box<dyn Decider<G>>>> {
        let seats = (self.make)()?;
        if seats.len() != self.names.len() {
            anyhow::bail!("{} bots made for {} names", seats.len(), self.names.len());
        }
        Ok(seats)
    }
}

/// Plays game `index` (seeded `seed`) to its end: seat s is played by bot (s + index) mod
/// players, so each bot takes every seat in turn, and is seeded for this game and seat. The
/// bots are put back in their order; returns the rotation.
fn play_seated<G: Stepped>(
    game: &mut G,
    seats: &mut [Box<dyn Decider<G>>],
    index: u64,
    seed: u64,
) -> anyhow::Result<usize> {
    let rotation = (index % seats.len() as u64) as usize;
    seats.rotate_left(rotation);
    for (seat, bot) in seats.iter_mut().enumerate() {
        bot.start_game(bot_seed(seed, seat));
    }
    let result = play_out(game, seats, |_| {});
    seats.rotate_right(rotation);
    match result.with_context(|| format!("game {index} (seed {seed})"))? {
        Progress::Over => Ok(rotation),
        Progress::Waiting(pending) => anyhow::bail!(
            "game {index} (seed {seed}): seat {} gave no answer to {:?}",
            pending.seat + 1,
            pending.question
        ),
        Progress::Stopped => anyhow::bail!("game {index} (seed {seed}) stopped before its end"),
    }
}

/// What a finished crossword game counts, its seats labelled with their bots.
fn outcome(index: u64, seed: u64, game: &Game, rotation: usize) -> Outcome {
    let first = game.history().first().map_or(0, |turn| turn.seat);
    let turns = game.history().len() as u32;
    let mut outcome = seated(index, seed, first, turns, rotation, game.scores());
    outcome.plays = Some(PlayRecord::of_game(game));
    outcome.letters = Some(Box::new(LetterRecord::of_game(game)));
    outcome
}

/// A finished game's outcome: seat s is played by bot (s + rotation) mod players.
fn seated(
    index: u64,
    seed: u64,
    first: usize,
    turns: u32,
    rotation: usize,
    scores: &[i32],
) -> Outcome {
    let players = scores.len();
    let mut outcome = Outcome {
        index,
        seed,
        players,
        first,
        bots: [0; MAX_SEATS],
        scores: [0; MAX_SEATS],
        turns,
        houses: [None; MAX_SEATS],
        cards: None,
        plays: None,
        letters: None,
        monopoly: None,
    };
    for (seat, &score) in scores.iter().enumerate() {
        outcome.bots[seat] = (seat + rotation) % players;
        outcome.scores[seat] = score;
    }
    outcome
}

/// Scrabble: Harry Potter Edition between a lineup, houses sorted by each game's seed.
pub struct HarryPotter {
    /// The rules shared by every game.
    pub rules: Arc<HpRules>,
    /// The lexicon (dictionary and Glossary) shared by every game.
    pub lexicon: Arc<Lexicon>,
    /// Who plays.
    pub lineup: Lineup<HpGame>,
    /// Each bot keeps its house as the seats rotate (duplicate seating), rather than each
    /// seat keeping the house sorted for it.
    pub houses_follow_bots: bool,
    /// Where each seat's tiles and cards come from.
    pub draws: Draws,
}

fn card_index(card: Card) -> usize {
    Card::ALL
        .iter()
        .position(|&c| c == card)
        .expect("every card is listed")
}

impl Contest for HarryPotter {
    type Seats = Vec<Box<dyn Decider<HpGame>>>;

    fn seats(&self) -> anyhow::Result<Self::Seats> {
        self.lineup.seats()
    }

    fn play(&self, seats: &mut Self::Seats, index: u64, seed: u64) -> anyhow::Result<Outcome> {
        let players = self.lineup.names().len();
        let mut houses = HpGame::sorted_houses(players, seed)?;
        if self.houses_follow_bots {
            houses.rotate_left((index % players as u64) as usize);
        }
        let mut game = HpGame::dealt(
            self.rules.clone(),
            self.lexicon.clone(),
            houses,
            seed,
            self.draws,
        )?;
        let mut tally = CardTally::hogwarts();
        let numbers = &self.rules.numbers;
        let rotation = play_seated(&mut game, seats, index, seed)?;
        for (turn, report) in game.core().history().iter().zip(game.reports()) {
            let Some(card) = report.card_played else {
                continue;
            };
            let revelio_extra = if card == Card::Revelio && numbers.cards.entry(card).power {
                (numbers.revelio_bonus - numbers.glossary_bonus)
                    * report.glossary_words.len() as i32
            } else {
                0
            };
            let count = tally.at(turn.seat, card_index(card));
            count.played += 1;
            count.points += report.card_points + revelio_extra;
        }
        for event in game.events() {
            if let CardEvent::Drew { seat, card, points } = *event {
                let count = tally.at(seat, card_index(card));
                count.drawn += 1;
                // A Competition card is played the moment it is drawn.
                if card.is_competition() {
                    count.played += 1;
                    count.points += points;
                }
            }
        }
        let mut outcome = outcome(index, seed, game.core(), rotation);
        outcome.cards = Some(tally);
        for (seat, house) in game.houses().iter().enumerate() {
            outcome.houses[seat] = Some(*house);
        }
        Ok(outcome)
    }
}

/// Monopoly: Harry Potter between a lineup, House Cards drawn by each game's seed.
pub struct MonopolyContest {
    /// The rules shared by every game.
    pub rules: Arc<MonopolyRules>,
    /// Who plays.
    pub lineup: Lineup<Monopoly>,
    /// The names the tables print.
    pub labels: Arc<Labels>,
    /// Each bot keeps its house as the seats rotate (duplicate seating).
    pub houses_follow_bots: bool,
}

impl MonopolyContest {
    /// A contest of a lineup on these rules.
    pub fn new(rules: Arc<MonopolyRules>, lineup: Lineup<Monopoly>) -> MonopolyContest {
        let labels = Arc::new(Labels::of(&rules));
        MonopolyContest {
            rules,
            lineup,
            labels,
            houses_follow_bots: false,
        }
    }
}

impl Contest for MonopolyContest {
    type Seats = Vec<Box<dyn Decider<Monopoly>>>;

    fn seats(&self) -> anyhow::Result<Self::Seats> {
        self.lineup.seats()
    }

    fn play(&self, seats: &mut Self::Seats, index: u64, seed: u64) -> anyhow::Result<Outcome> {
        let players = self.lineup.names().len();
        let mut houses = Monopoly::drawn_houses(&self.rules, players, seed)
            .with_context(|| format!("game {index} (seed {seed})"))?;
        if self.houses_follow_bots {
            houses.rotate_left((index % players as u64) as usize);
        }
        let mut game = Monopoly::new(self.rules.clone(), &houses, seed)
            .with_context(|| format!("game {index} (seed {seed})"))?;
        let rotation = play_seated(&mut game, seats, index, seed)?;
        let scores = game.final_scores();
        let mut outcome = seated(
            index,
            seed,
            game.first(),
            game.turns(),
            rotation,
            &scores[..players],
        );
        outcome.monopoly = Some(Box::new(MonopolyGame {
            tally: game.tally().clone(),
            ending: game.ending().expect("the game was played out"),
            labels: self.labels.clone(),
        }));
        for seat in 0..players {
            outcome.houses[seat] = Some(game.house(seat));
        }
        Ok(outcome)
    }
}

/// The Scrabble Card Game (Classic) between named bots.
pub struct CardContest {
    /// The rules shared by every game.
    pub rules: Arc<CardRules>,
    /// The dictionary (no Glossary).
    pub lexicon: Arc<Lexicon>,
    /// Who plays.
    pub lineup: Lineup<CardGame>,
    /// The names of the kinds its tally counts.
    card_keys: &'static [&'static str],
}

impl CardContest {
    /// A contest of a lineup; the tables name the Premium cards and, in Forfeit, each
    /// Action category.
    pub fn new(
        rules: Arc<CardRules>,
        lexicon: Arc<Lexicon>,
        lineup: Lineup<CardGame>,
    ) -> CardContest {
        let mut keys = vec!["double_word".to_string(), "triple_word".to_string()];
        if rules.variant == Variant::Forfeit {
            for card in &rules.actions {
                for category in &card.categories {
                    keys.push(format!("action: {}", category.name));
                }
            }
        }
        // The names live as long as the run.
        let keys: Vec<&'static str> = keys
            .into_iter()
            .map(|key| &*Box::leak(key.into_boxed_str()))
            .collect();
        CardContest {
            rules,
            lexicon,
            lineup,
            card_keys: Box::leak(keys.into_boxed_slice()),
        }
    }
}

impl Contest for CardContest {
    type Seats = Vec<Box<dyn Decider<CardGame>>>;

    fn seats(&self) -> anyhow::Result<Self::Seats> {
        self.lineup.seats()
    }

    fn play(&self, seats: &mut Self::Seats, index: u64, seed: u64) -> anyhow::Result<Outcome> {
        let players = self.lineup.names().len();
        let mut game = CardGame::new(self.rules.clone(), self.lexicon.clone(), players, seed)?;
        let rotation = play_seated(&mut game, seats, index, seed)?;
        let mut tally = CardTally::new(self.card_keys);
        for seat in 0..players {
            for (kind, drawn) in game.premiums_drawn(seat).into_iter().enumerate() {
                tally.at(seat, kind).drawn = u32::from(drawn);
            }
        }
        for turn in game.history() {
            if let CardMove::Place(play) = &turn.action
                && let Some((premium, _)) = play.premium
            {
                let count = tally.at(turn.seat, premium as usize);
                count.played += 1;
                count.points += turn.premium_gain;
            }
        }
        // Action categories follow the two Premium cards: card c's category k at 2 + 2c + k,
        // each "drawn" by the seats that held its card.
        for (card, &holders) in game.action_holders().iter().enumerate() {
            for seat in (0..players).filter(|seat| holders & (1 << seat) != 0) {
                for category in 0..2 {
                    tally.at(seat, 2 + 2 * card + category).drawn = 1;
                }
            }
        }
        for play in game.action_plays() {
            let kind = 2 + 2 * play.card + play.category;
            let count = tally.at(play.seat, kind);
            count.played += 1;
            count.points += play.points;
        }
        let turns = game.history().len() as u32;
        let mut outcome = seated(index, seed, game.first(), turns, rotation, game.scores());
        outcome.cards = Some(tally);
        outcome.letters = Some(Box::new(LetterRecord::of_card_game(&game)));
        Ok(outcome)
    }
}

/// The Scrabble Card Game's Rummy variant between named players.
pub struct RummyContest {
    /// The rules shared by every game.
    pub rules: Arc<CardRules>,
    /// The dictionary (no Glossary).
    pub lexicon: Arc<Lexicon>,
    /// Who plays.
    pub lineup: Lineup<RummyGame>,
    /// The Round cards' names, one per distinct card, and each card's index among them.
    keys: &'static [&'static str],
    key_of: Vec<usize>,
}

impl RummyContest {
    /// A contest of a lineup; the tables name each Round card.
    pub fn new(
        rules: Arc<CardRules>,
        lexicon: Arc<Lexicon>,
        lineup: Lineup<RummyGame>,
    ) -> RummyContest {
        let mut names: Vec<String> = Vec::new();
        let mut key_of = Vec::new();
        for card in &rules.rummy_rounds {
            let name = format!("round: {}", card.name);
            let at = names.iter().position(|n| *n == name).unwrap_or_else(|| {
                names.push(name);
                names.len() - 1
            });
            key_of.push(at);
        }
        // The names live as long as the run.
        let keys: Vec<&'static str> = names
            .into_iter()
            .map(|key| &*Box::leak(key.into_boxed_str()))
            .collect();
        RummyContest {
            rules,
            lexicon,
            lineup,
            keys: Box::leak(keys.into_boxed_slice()),
            key_of,
        }
    }
}

impl Contest for RummyContest {
    type Seats = Vec<Box<dyn Decider<RummyGame>>>;

    fn seats(&self) -> anyhow::Result<Self::Seats> {
        self.lineup.seats()
    }

    fn play(&self, seats: &mut Self::Seats, index: u64, seed: u64) -> anyhow::Result<Outcome> {
        let players = self.lineup.names().len();
        let mut game = RummyGame::new(self.rules.clone(), self.lexicon.clone(), players, seed)?;
        let rotation = play_seated(&mut game, seats, index, seed)?;
        // Per Round card: rounds sat ("drawn"), rounds with words laid ("played"), their points.
        let mut tally = CardTally::new(self.keys);
        for result in game.results() {
            let kind = self.key_of[result.card];
            for seat in 0..players {
                if result.players & (1 << seat) == 0 {
                    continue;
                }
                let count = tally.at(seat, kind);
                count.drawn += 1;
                if let Some(score) = result.scores[seat] {
                    count.played += 1;
                    count.points += score;
                }
            }
        }
        let turns = game.results().len() as u32;
        let mut outcome = seated(index, seed, game.first(), turns, rotation, game.scores());
        outcome.cards = Some(tally);
        outcome.letters = Some(Box::new(LetterRecord::of_rummy_game(&game)));
        Ok(outcome)
    }
}
