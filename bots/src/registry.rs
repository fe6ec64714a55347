//! The bots each game knows, as data: a name, a line on what the bot does, the setting its
//! name may carry (`lookahead:4x12`), and how it is made. The command line's help, `owlery
//! bots`, the seat builder and the tests all read these tables, so a bot added to one is
//! known everywhere.

use engine::play::{Decider, Stepped};

use crate::monopoly::DEFAULT_ROLLOUTS;
use crate::scrabble::leaves::LeaveModel;

/// What bots are made with besides their name, the same for every seat of a run.
#[derive(Debug, Clone, Copy)]
pub struct Settings {
    /// The leave values of the crossword bots that value the tiles they keep; none for the
    /// shipped ones (read only when a bot needs them).
    pub leaves: Option<&'static LeaveModel>,
    /// The leave values of the card game's `equity`; none for the shipped ones, learned from
    /// the card game.
    pub card_leaves: Option<&'static LeaveModel>,
    /// Monopoly's `mc-trader`: rollouts per alternative.
    pub rollouts: usize,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            leaves: None,
            card_leaves: None,
            rollouts: DEFAULT_ROLLOUTS,
        }
    }
}

impl Settings {
    /// The crossword bots' leave values.
    pub fn leaves(&self) -> &'static LeaveModel {
        self.leaves.unwrap_or_else(LeaveModel::embedded)
    }

    /// The card game's `equity`'s leave values.
    pub fn card_leaves(&self) -> &'static LeaveModel {
        self.card_leaves.unwrap_or_else(LeaveModel::card_embedded)
    }

    /// The fingerprint of [`Settings::leaves`], without reading the shipped table.
    pub fn leaves_fingerprint(&self) -> u64 {
        self.leaves
            .map_or(LeaveModel::EMBEDDED_FINGERPRINT, LeaveModel::fingerprint)
    }

    /// The fingerprint of [`Settings::card_leaves`], likewise.
    pub fn card_leaves_fingerprint(&self) -> u64 {
        self.card_leaves.map_or(
            LeaveModel::CARD_EMBEDDED_FINGERPRINT,
            LeaveModel::fingerprint,
        )
    }
}

/// Makes a bot of game `G` from the setting after its name's colon, if any; `None` when the
/// setting is not one it takes.
pub type Maker<G> = fn(Option<&str>, &Settings) -> Option<Box<dyn Decider<G>>>;

/// One bot a game knows.
pub struct Entry<G: Stepped> {
    /// Its name.
    pub name: &'static str,
    /// The setting `NAME:SETTING` may carry, with its range; `None` for a bot without one.
    pub setting: Option<&'static str>,
    /// What it does, in a line.
    pub about: &'static str,
    /// Makes it.
    pub make: Maker<G>,
}

/// A game whose bots are listed in a table (each game's bot module implements it).
pub trait Registered: Stepped + 'static {
    /// The game's name on the command line.
    const GAME: &'static str;

    /// Its bots.
    fn bots() -> &'static [Entry<Self>];
}

/// A bot name that is not in its game's table (or a setting the bot does not take).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown bot {name:?}: expected one of {}", known.join(", "))]
pub struct UnknownBot {
    /// The name given.
    pub name: String,
    /// The names the game knows, each setting's form too.
    pub known: Vec<String>,
}

/// The names `G` knows, as a person types them: each name, and each `NAME:SETTING` form.
pub fn known<G: Registered>() -> Vec<String> {
    let mut names = Vec::new();
    for entry in G::bots() {
        names.push(entry.name.to_string());
        if let Some(setting) = entry.setting {
            names.push(format!("{}:{setting}", entry.name));
        }
    }
    names
}

/// A bot made, for an [`Entry::make`].
pub(crate) fn made<G: Stepped, B: Decider<G> + 'static>(bot: B) -> Option<Box<dyn Decider<G>>> {
    Some(Box::new(bot))
}

/// Makes the bot `name` (`NAME` or `NAME:SETTING`) of game `G`.
pub fn bot_with<G: Registered>(
    name: &str,
    settings: &Settings,
) -> Result<Box<dyn Decider<G>>, UnknownBot> {
    let (base, setting) = match name.split_once(':') {
        Some((base, setting)) => (base, Some(setting)),
        None => (name, None),
    };
    G::bots()
        .iter()
        .find(|entry| entry.name == base && (setting.is_none() || entry.setting.is_some()))
        .and_then(|entry| (entry.make)(setting, settings))
        .ok_or_else(|| UnknownBot {
            name: name.to_string(),
            known: known::<G>(),
        })
}

/// Makes the bot `name` of game `G` with the default settings (the shipped leave values).
pub fn bot<G: Registered>(name: &str) -> Result<Box<dyn Decider<G>>, UnknownBot> {
    bot_with(name, &Settings::default())
}
