//! The live games of one kind: each behind its own lock, found by id, forgotten after a spell
//! without requests, and no more of them (with the other kind's) than the server allows.

use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// How many games a server keeps and for how long.
#[derive(Debug, Clone, Copy)]
pub struct Limits {
    /// Games (of both kinds) alive at once; a creation beyond is refused.
    pub most_games: usize,
    /// A game no request has touched for this long is forgotten.
    pub idle: Duration,
}

/// A game and when it was last asked about, in seconds from the server's start.
struct Live<T> {
    game: Arc<Mutex<T>>,
    touched: AtomicU64,
}

/// The live games of one kind.
pub struct Store<T> {
    games: Mutex<HashMap<u64, Live<T>>>,
    started: Instant,
}

impl<T> Store<T> {
    /// No games yet; `started` is the server's clock.
    pub fn new(started: Instant) -> Store<T> {
        Store {
            games: Mutex::new(HashMap::new()),
            started,
        }
    }

    fn now(&self) -> u64 {
        self.started.elapsed().as_secs()
    }

    /// The game `id`, marked as asked about now.
    pub fn get(&self, id: u64) -> Option<Arc<Mutex<T>>> {
        let games = self.games.lock().expect("the games lock");
        let live = games.get(&id)?;
        live.touched.store(self.now(), Ordering::Relaxed);
        Some(live.game.clone())
    }

    /// Keeps `game` under `id`.
    pub fn insert(&self, id: u64, game: T) {
        let live = Live {
            game: Arc::new(Mutex::new(game)),
            touched: AtomicU64::new(self.now()),
        };
        self.games.lock().expect("the games lock").insert(id, live);
    }

    /// Forgets the games idle for `idle` or longer; returns how many are left.
    pub fn forget_idle(&self, idle: Duration) -> usize {
        let now = self.now();
        let mut games = self.games.lock().expect("the games lock");
        games.retain(|_, live| {
            now.saturating_sub(live.touched.load(Ordering::Relaxed)) < idle.as_secs()
        });
        games.len()
    }
}
