//! What a call into a plugin may do to the run.

/// What a call may do to the run.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Access {
    /// The game plays: rolls, changes and trace events are the plugin's to make.
    Play,
    /// A question while the screen is drawn: nothing may change, nothing is traced.
    Look,
    /// A question the bot asks (what would `f` aim?): as [`Access::Look`],
    /// and a refused change is expected, so it is not warned of.
    Probe,
}
