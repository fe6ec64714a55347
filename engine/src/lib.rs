//! The rules of Owlery's games.
