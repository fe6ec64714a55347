//! Every bot of every game's table plays legal games: the tables are read, not restated, so
//! a bot added to one is played here too.

use std::sync::Arc;

use bots::registry::{Registered, known};
use bots::seating::seat_table;
use bots::{Settings, bot};
use engine::cardgame::{CardGame, CardRules, RummyGame, Variant};
use engine::hogwarts::{HpGame, HpRules};
use engine::monopoly::{Monopoly, MonopolyRules};
use engine::play::{Progress, play_out};
use engine::scrabble::{Game, Rules};
use lexicon::{Edition, Lexicon};

/// Each bot of `G`'s table by its name, or with a small setting where it takes one (so the
/// search bots play quickly).
fn quick_names<G: Registered>() -> Vec<String> {
    G::bots()
        .iter()
        .map(|entry| match entry.setting {
            Some(setting) if setting.starts_with("WIDTHxSAMPLES") => format!("{}:2x3", entry.name),
            Some(setting) if setting.starts_with("BUDGET") => format!("{}:300", entry.name),
            Some(setting) if setting.starts_with("cautious") => format!("{}:bold", entry.name),
            Some(setting) if setting.starts_with("DOUBLE/TRIPLE") => {
                format!("{}:5/20/40", entry.name)
            }
            Some(setting) if setting.starts_with("at-once=") => {
                format!("{}:at-once=gemino+confundo", entry.name)
            }
            Some(setting) => panic!(
                "{}: a setting this test cannot shorten: {setting}",
                entry.name
            ),
            None => entry.name.to_string(),
        })
        .collect()
}

/// Plays two games for each bot of `G`, against the next bots of the table in turn.
fn every_bot_plays<G: Registered>(players: usize, new_game: impl Fn(u64) -> G) {
    let names = quick_names::<G>();
    assert!(!names.is_empty(), "{} has no bots", G::GAME);
    let settings = Settings {
        rollouts: 2,
        ..Settings::default()
    };
    for (first, name) in names.iter().enumerate() {
        for seed in 0..2 {
            let table: Vec<&str> = (0..players)
                .map(|seat| names[(first + seat) % names.len()].as_str())
                .collect();
            let mut game = new_game(seed);
            let mut seats = seat_table(&table, seed, &settings, None).unwrap();
            let progress = play_out(&mut game, &mut seats, |_| {})
                .unwrap_or_else(|error| panic!("{} {name}: {error}", G::GAME));
            assert!(matches!(progress, Progress::Over), "{} {table:?}", G::GAME);
        }
        // The name as a person types it is the bot's name; the table lists it.
        assert!(bot::<G>(name).is_ok(), "{name}");
        assert!(known::<G>().iter().any(|k| name.starts_with(k.as_str())));
    }
}

#[test]
fn every_crossword_bot_plays_legal_games() {
    let rules = Arc::new(Rules::standard());
    let lexicon = Arc::new(Lexicon::embedded(Edition::Plain));
    every_bot_plays::<Game>(2, |seed| {
        Game::new(rules.clone(), lexicon.clone(), 2, seed).unwrap()
    });
}

#[test]
fn every_harry_potter_bot_plays_legal_games() {
    let rules = Arc::new(HpRules::standard());
    let lexicon = Arc::new(Lexicon::embedded(Edition::HarryPotter));
    every_bot_plays::<HpGame>(3, |seed| {
        HpGame::sorted(rules.clone(), lexicon.clone(), 3, seed).unwrap()
    });
}

#[test]
fn every_card_game_bot_plays_legal_games() {
    let lexicon = Arc::new(Lexicon::embedded(Edition::Plain));
    for variant in [Variant::Classic, Variant::Forfeit] {
        let rules = Arc::new(CardRules {
            variant,
            ..CardRules::standard()
        });
        every_bot_plays::<CardGame>(3, |seed| {
            CardGame::new(rules.clone(), lexicon.clone(), 3, seed).unwrap()
        });
    }
    let rummy = Arc::new(CardRules {
        variant: Variant::Rummy,
        ..CardRules::standard()
    });
    every_bot_plays::<RummyGame>(2, |seed| {
        RummyGame::new(rummy.clone(), lexicon.clone(), 2, seed).unwrap()
    });
}

#[test]
fn every_monopoly_bot_plays_legal_games() {
    let rules = Arc::new(MonopolyRules::standard());
    every_bot_plays::<Monopoly>(3, |seed| Monopoly::sorted(rules.clone(), 3, seed).unwrap());
}

#[test]
fn an_unknown_name_lists_the_game_s_bots() {
    let refused = bot::<Game>("genius").err().unwrap();
    assert_eq!(refused.known, known::<Game>());
    assert!(refused.to_string().contains("lookahead:WIDTHxSAMPLES"));
    // A setting on a bot that takes none, or out of its range, is refused too.
    assert!(bot::<Game>("greedy:3").is_err());
    assert!(bot::<Game>("lookahead:0x3").is_err());
    assert!(bot::<Monopoly>("greedy").is_err());
}

/// The names of `G`'s bots that take a `WIDTHxSAMPLES` setting: the simulating ones.
fn simulating<G: Registered>() -> Vec<&'static str> {
    G::bots()
        .iter()
        .filter(|entry| {
            entry
                .setting
                .is_some_and(|s| s.starts_with("WIDTHxSAMPLES"))
        })
        .map(|entry| entry.name)
        .collect()
}

#[test]
fn every_simulating_bot_has_the_reach_a_server_caps() {
    let mut names = simulating::<Game>();
    names.extend(simulating::<HpGame>());
    assert!(names.len() >= 6, "{names:?}");
    for name in names {
        // The standard reach, and the one a setting names.
        assert!(bots::scrabble::reach_of(name).is_some(), "{name}");
        let named = bots::scrabble::reach_of(&format!("{name}:2x3"));
        assert_eq!(named.map(|r| (r.width, r.samples)), Some((2, 3)), "{name}");
    }
    assert_eq!(bots::scrabble::reach_of("equity"), None);
}
