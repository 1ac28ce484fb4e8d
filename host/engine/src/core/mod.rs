//! Pure functions of their inputs, with no run behind them: the map and its
//! generation, sight and lines of fire, distance maps, and the run's RNG.
//! Nothing here knows of creatures, plugins or the turn.

pub mod map;
pub mod mapgen;
pub mod paths;
pub mod rng;
pub mod sight;
