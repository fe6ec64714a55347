//! Strategies for Owlery's games.
