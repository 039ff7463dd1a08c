//! One module per route.

pub mod boards;
pub mod constrain;
pub mod deal;
pub mod home;
pub mod not_found;
pub mod probability;
pub mod score;
pub mod script;
pub mod simulate;
pub mod suit;
pub mod tournament;
pub mod viewer;
