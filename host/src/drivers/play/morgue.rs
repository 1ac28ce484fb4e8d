//! What remains after a run: the morgue file and the high-score table, both
//! in the save folder (docs/winning.md).
//!
//! * The morgue, `morgue-<seed>-<turn>.txt` (the first free `-2`, `-3`...
//!   if that name is taken, by anything, a link included: nothing is ever
//!   written over, however many there are): the seed, the plugin set, the
//!   turn, the floor, the level (where the plugin that declares the
//!   player's level keeps it, when one is loaded: `Game::player_level`),
//!   the killer or the victory, what was wielded and worn (the lines the
//!   loaded plugins give above the pack's slots, `Hooks::pack_header`), the
//!   pack, the kills by kind and the last 20 messages.
//! * The scores, `scores.json`: the best 10 runs, best first. The file is
//!   read as hostile: one that is too big, not JSON, of another shape,
//!   holding more than 10 rows, texts out of bounds or rows out of order
//!   (the game writes them best first), or that is a link or anything but
//!   a regular file, is reported in one line and left as it is; the run's
//!   score is then not kept.

use std::path::{Path, PathBuf};

use emberdeep_engine::data::untrusted;
use emberdeep_engine::world::pack::slot_letter;
use emberdeep_engine::Game;
use serde::{Deserialize, Serialize};

use crate::drivers::play::save::{write_atomic, write_new};
use crate::front::screen::{palette, Line};

/// Rows the table keeps.
pub const TABLE_SIZE: usize = 10;
/// The messages a morgue ends with.
pub const MORGUE_MESSAGES: usize = 20;
/// The most a score file may weigh.
const SCORES_LIMIT: u64 = 64 << 10;
/// The longest text a score row may hold.
const TEXT_LIMIT: usize = 200;

/// One run in the table.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Score {
    /// The score ([`score_of`]).
    pub score: u64,
    /// The run's seed.
    pub seed: u64,
    /// Turns played.
    pub turn: u64,
    /// The floor it ended on.
    pub floor: u32,
    /// The level reached (1 when no plugin declares a level).
    pub level: u32,
    /// "killed by a jackal" or "won".
    pub end: String,
}

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct ScoreFile {
    version: u32,
    scores: Vec<Score>,
}

/// What a finished run left: the table to show, this run's row in it, and
/// what went wrong, if anything.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct RunReport {
    /// The morgue file written.
    pub morgue: Option<PathBuf>,
    /// The best runs, best first (this one among them if it made the table).
    pub scores: Vec<Score>,
    /// This run's row in `scores`.
    pub this_run: Option<usize>,
    /// One line for each thing that failed (a damaged score file).
    pub problems: Vec<String>,
}

/// The player's level, if a loaded plugin declares one (`Registrar::player_level`).
pub fn level_of(game: &Game) -> Option<i64> {
    game.player_level()
}

/// The score: 100 a floor reached, 10 a kill, 50 a level above the first;
/// a win adds 2000, and 1 for every 10 turns under 10000.
pub fn score_of(game: &Game) -> u64 {
    let kills: u64 = game.kills().values().map(|&n| n as u64).sum();
    let level = level_of(game).unwrap_or(1).clamp(1, 1000) as u64;
    let mut score = 100 * game.floor() as u64 + 10 * kills + 50 * (level - 1);
    if game.won() {
        score += 2000 + 10_000u64.saturating_sub(game.turn()) / 10;
    }
    score
}

/// How the run ended, in words: "won", "killed by a jackal".
pub fn end_of(game: &Game) -> String {
    if game.won() {
        "won".into()
    } else {
        format!("killed by {}", game.killer().unwrap_or("something unseen"))
    }
}

/// The morgue's text.
pub fn morgue_text(game: &mut Game) -> String {
    let mut out = String::new();
    let mut line = |s: String| {
        out.push_str(&s);
        out.push('\n');
    };
    line(format!("Emberdeep morgue: {}", if game.won() { "a victory" } else { "a death" }));
    line(String::new());
    line(format!("Seed:    {}", game.seed()));
    let plugins = game.plugins().names();
    line(format!("Plugins: {}", if plugins.is_empty() { "none".into() } else { plugins.join(", ") }));
    line(format!("Turn:    {}", game.turn()));
    line(format!("Floor:   {}", game.floor()));
    line(format!("Level:   {}", level_of(game).map_or("- (no loaded plugin declares one)".into(), |l| l.to_string())));
    let player = game.player();
    line(format!("Health:  {}/{}", player.hp.max(0), player.max_hp));
    if game.won() {
        line(format!("Took the ember-heart on turn {}.", game.turn()));
    } else {
        line(format!("{} on turn {}.", capital(&end_of(game)), game.turn()));
    }
    line(format!("Score:   {}", score_of(game)));
    line(String::new());
    // What is wielded, worn and readied is the plugins' to say (the pack
    // screen's header, asked to look): "Wielding: a long sword".
    let worn = game.pack_header();
    line("Wielded and worn:".into());
    if worn.is_empty() {
        line("  (nothing: no loaded plugin keeps gear)".into());
    }
    for text in worn {
        line(format!("  {text}"));
    }
    line(String::new());
    line("The pack:".into());
    let slots: Vec<(usize, String, u32, emberdeep_api::ItemId)> = game
        .pack()
        .slots()
        .iter()
        .enumerate()
        .filter_map(|(i, s)| s.as_ref().map(|it| (i, it.kind.clone(), it.count, it.id)))
        .collect();
    if slots.is_empty() {
        line("  (empty)".into());
    }
    for (i, kind, count, id) in slots {
        let label = game.item_label(&kind, count, id);
        line(format!("  {} - {label}", slot_letter(i)));
    }
    line(String::new());
    line("Kills:".into());
    if game.kills().is_empty() {
        line("  none".into());
    }
    for (kind, n) in game.kills() {
        // Those a plugin had named are listed by their own names.
        let named: Vec<(&str, u32)> = game
            .named_kills()
            .iter()
            .filter(|((k, _), _)| k == kind)
            .map(|((_, name), n)| (name.as_str(), *n))
            .collect();
        let plain = n.saturating_sub(named.iter().map(|(_, n)| n).sum());
        if plain > 0 {
            let name = game.records().monsters.get(kind).map_or(kind.as_str(), |m| m.name.as_str());
            line(format!("  {plain:>4} {name}"));
        }
        for (name, n) in named {
            line(format!("  {n:>4} {name}"));
        }
    }
    // What the plugins add to the run's end (api 1.3): "Allies: freed 2 captives".
    let told = game.morgue_lines();
    if !told.is_empty() {
        line(String::new());
        for text in told {
            line(text);
        }
    }
    line(String::new());
    line(format!("The last {MORGUE_MESSAGES} messages:"));
    let messages = game.log().messages();
    for m in &messages[messages.len().saturating_sub(MORGUE_MESSAGES)..] {
        if m.count > 1 {
            line(format!("  {} x{}", m.text, m.count));
        } else {
            line(format!("  {}", m.text));
        }
    }
    out
}

fn capital(s: &str) -> String {
    let mut c = s.chars();
    c.next().map_or_else(String::new, |f| f.to_uppercase().collect::<String>() + c.as_str())
}

/// A file name in `dir` from `stem`, `-2`, `-3`... that nothing has (a
/// link to nothing has it too), so that none is written over.
fn free_name(dir: &Path, stem: &str, ext: &str) -> PathBuf {
    let free = |p: &PathBuf| std::fs::symlink_metadata(p).is_err();
    let first = dir.join(format!("{stem}.{ext}"));
    if free(&first) {
        return first;
    }
    (2u64..).map(|n| dir.join(format!("{stem}-{n}.{ext}"))).find(free).unwrap_or(first)
}

/// A score table that will not be read, in one line; the file is left as it is.
#[derive(Debug, thiserror::Error)]
pub enum ScoresError {
    /// The file cannot be read (not a regular file, too large).
    #[error(transparent)]
    Read(#[from] untrusted::InputError),
    /// Not a score table's JSON.
    #[error("the score table {} is damaged ({error})", path.display())]
    Damaged {
        /// The file.
        path: PathBuf,
        /// Why it does not read.
        error: serde_json::Error,
    },
    /// Another version wrote it.
    #[error("the score table {} is of version {found}, this game writes 1", path.display())]
    Version {
        /// The file.
        path: PathBuf,
        /// Its version.
        found: u32,
    },
    /// More rows than a table holds.
    #[error("the score table {} holds {rows} rows, more than {TABLE_SIZE}", path.display())]
    TooLong {
        /// The file.
        path: PathBuf,
        /// How many rows it holds.
        rows: usize,
    },
    /// Rows that are not best first, as the game writes them.
    #[error("the score table {} is damaged (row {row} scores more than the row before it: out of order)", path.display())]
    OutOfOrder {
        /// The file.
        path: PathBuf,
        /// The row out of order, from 1.
        row: usize,
    },
    /// A link, a folder, a FIFO, a device: not a file the game wrote.
    #[error("the score table {} is {kind}, not a file the game wrote", path.display())]
    NotAFile {
        /// The file.
        path: PathBuf,
        /// What it is.
        kind: &'static str,
    },
    /// A row's end that is not a short line of text.
    #[error("the score table {} holds a row whose end is not a short line of text", path.display())]
    BadRow {
        /// The file.
        path: PathBuf,
    },
}

/// Reads the score table (none there: an empty one).
pub fn read_scores(path: &Path) -> Result<Vec<Score>, ScoresError> {
    let path_buf = || path.to_path_buf();
    if let Some(kind) = untrusted::not_a_plain_file(path) {
        return Err(ScoresError::NotAFile { path: path_buf(), kind });
    }
    if !path.exists() {
        return Ok(Vec::new());
    }
    let text = untrusted::read_text(path, "score table", SCORES_LIMIT)?;
    let file: ScoreFile =
        serde_json::from_str(&text).map_err(|error| ScoresError::Damaged { path: path_buf(), error })?;
    if file.version != 1 {
        return Err(ScoresError::Version { path: path_buf(), found: file.version });
    }
    if file.scores.len() > TABLE_SIZE {
        return Err(ScoresError::TooLong { path: path_buf(), rows: file.scores.len() });
    }
    for s in &file.scores {
        if s.end.chars().count() > TEXT_LIMIT || s.end.chars().any(char::is_control) {
            return Err(ScoresError::BadRow { path: path_buf() });
        }
    }
    if let Some(at) = file.scores.windows(2).position(|w| w[1].score > w[0].score) {
        return Err(ScoresError::OutOfOrder { path: path_buf(), row: at + 2 });
    }
    Ok(file.scores)
}

/// `score` placed in `table` (best first; ties keep the older first), cut to
/// [`TABLE_SIZE`]; its row, if it made the table.
pub fn place(table: &mut Vec<Score>, score: Score) -> Option<usize> {
    let at = table.iter().position(|s| s.score < score.score).unwrap_or(table.len());
    table.insert(at, score);
    table.truncate(TABLE_SIZE);
    (at < TABLE_SIZE).then_some(at)
}

/// Writes the morgue and enters the run in the score table, in `dir`.
pub fn report_run(game: &mut Game, dir: &Path) -> RunReport {
    let mut report = RunReport::default();
    if let Err(e) = std::fs::create_dir_all(dir) {
        report.problems.push(format!("the folder {} cannot be made ({e}): no morgue, no score", dir.display()));
        return report;
    }
    let morgue = free_name(dir, &format!("morgue-{}-{}", game.seed(), game.turn()), "txt");
    match write_new(&morgue, "morgue", morgue_text(game).as_bytes()) {
        Ok(()) => report.morgue = Some(morgue),
        // Said as what it is: `cannot write the morgue PATH: why`.
        Err(e) => report.problems.push(e.to_string()),
    }
    let row = Score {
        score: score_of(game),
        seed: game.seed(),
        turn: game.turn(),
        floor: game.floor(),
        level: level_of(game).unwrap_or(1).clamp(1, u32::MAX as i64) as u32,
        end: end_of(game).chars().take(TEXT_LIMIT).collect(),
    };
    let path = dir.join("scores.json");
    match read_scores(&path) {
        Ok(mut table) => {
            report.this_run = place(&mut table, row);
            let file = ScoreFile { version: 1, scores: table.clone() };
            let text = serde_json::to_string_pretty(&file).expect("scores serialize") + "\n";
            if let Err(e) = write_atomic(&path, "score table", text.as_bytes(), false) {
                report.problems.push(e.to_string());
            }
            report.scores = table;
        }
        Err(problem) => {
            report.problems.push(format!("{problem}; it is left as it is, and this run's score is not kept"));
            report.scores = vec![row];
            report.this_run = Some(0);
        }
    }
    for p in &report.problems {
        crate::errln!("emberdeep: {p}");
    }
    report
}

/// The table as the end screen shows it: a header, the rows (this run's
/// picked out), then any problem. No rows (no save folder, so no table
/// kept): no header either, only the problems.
pub fn table_lines(report: &RunReport) -> Vec<Line> {
    let mut lines = Vec::new();
    if !report.scores.is_empty() {
        lines.push(Line::new(
            format!("{:<3} {:>6}  {:>5} {:>5} {:>5}  {}", "", "score", "floor", "level", "turn", "end"),
            palette::DIM,
        ));
    }
    for (i, s) in report.scores.iter().enumerate() {
        let color = if report.this_run == Some(i) { palette::GOOD } else { palette::TEXT };
        let text = format!(
            "{:<3} {:>6}  {:>5} {:>5} {:>5}  {}",
            format!("{}.", i + 1),
            s.score,
            s.floor,
            s.level,
            s.turn,
            s.end
        );
        lines.push(Line::new(text, color));
    }
    for p in &report.problems {
        lines.push(Line::new(p.clone(), palette::DANGER));
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::drivers::play::save;
    use emberdeep_api::{EntityId, Point};
    use emberdeep_engine::core::map::Map;
    use emberdeep_engine::core::map::Tile;
    use emberdeep_engine::data::records::Records;
    use emberdeep_engine::data::trace::Trace;
    use emberdeep_engine::plugins::registry::Plugins;
    use std::rc::Rc;

    fn reload(bytes: &[u8]) -> Result<Game, save::SaveError> {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("save.json");
        std::fs::write(&p, bytes).unwrap();
        save::load(&p, Rc::new(Plugins::default()), Rc::new(Records::default()), Trace::console())
    }

    #[test]
    fn a_named_kill_is_kept_and_the_morgue_lists_it_by_its_own_name() {
        let records = Rc::new(Records::default());
        let plugins = Rc::new(Plugins::default());
        let map = Map::new_filled(10, 6, Tile::Floor);
        let mut game = Game::blank(99, map, Point::new(2, 2), plugins, records, Trace::console());
        let killed = |game: &mut Game, id: u32, own: Option<&str>| {
            let victim = (EntityId(id), "jackal", format!("jackal#{id}"));
            game.died_event(
                victim,
                own.map(str::to_string),
                Point::new(1, 1),
                Some(EntityId::PLAYER),
                ("melee", "you"),
            );
        };
        killed(&mut game, 5, Some("risen jackal"));
        killed(&mut game, 6, None);
        killed(&mut game, 7, None);
        let bytes = save::encode(&game);
        let mut back = reload(&bytes).unwrap();
        assert_eq!(back.kills()["jackal"], 3);
        assert_eq!(back.named_kills()[&("jackal".to_string(), "risen jackal".to_string())], 1);
        let morgue = morgue_text(&mut back);
        assert!(morgue.contains("\n     2 jackal\n") && morgue.contains("\n     1 risen jackal\n"), "{morgue}");
        // A save whose named kills outnumber its kills is refused, in one line.
        let text = String::from_utf8(bytes).unwrap();
        let body = text.split_once('\n').unwrap().1.trim_end();
        let broken = body.replace("\"risen jackal\",1]", "\"risen jackal\",4]");
        assert_ne!(broken, body);
        let err = reload(&save::seal(&broken)).err().expect("refused").to_string();
        assert!(err.contains("risen jackal") && err.contains("more than the kills of its kind"), "{err}");
    }

    fn row(score: u64) -> Score {
        Score { score, seed: score, turn: 10, floor: 1, level: 1, end: "won".into() }
    }

    #[test]
    fn a_first_run_shows_its_own_row_and_no_table_shows_no_header() {
        assert!(table_lines(&RunReport::default()).is_empty(), "no rows, no header");
        let dir = tempfile::tempdir().unwrap();
        let mut game = crate::front::aiming::tests::game(&[]);
        let report = report_run(&mut game, dir.path());
        let lines = table_lines(&report);
        assert_eq!(lines.len(), 2, "the header and this run's row: {lines:?}");
        assert!(lines[0].text.contains("score") && lines[1].text.starts_with("1."), "{lines:?}");
        assert_eq!(lines[1].color, palette::GOOD, "this run's row picked out");
    }

    #[test]
    fn the_table_keeps_the_best_ten_best_first() {
        let mut table: Vec<Score> = (1..=10).map(|i| row(i * 100)).rev().collect();
        assert_eq!(place(&mut table, row(50)), None, "too low for a full table");
        assert_eq!(table.len(), 10);
        assert_eq!(place(&mut table, row(550)), Some(5));
        assert_eq!(table.iter().map(|s| s.score).take(7).collect::<Vec<_>>(), [1000, 900, 800, 700, 600, 550, 500]);
        assert_eq!(table.len(), 10);
        assert_eq!(place(&mut table, row(550)), Some(6), "a tie goes after the older");
    }

    #[test]
    fn a_hostile_score_file_is_refused_in_one_line() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("scores.json");
        let eleven: Vec<Score> = (0..11).map(row).collect();
        let cases = [
            "{not json".to_string(),
            r#"{"version":2,"scores":[]}"#.to_string(),
            r#"{"version":1,"scores":[],"extra":1}"#.to_string(),
            serde_json::to_string(&ScoreFile { version: 1, scores: eleven }).unwrap(),
            r#"{"version":1,"scores":[{"score":1,"seed":1,"turn":1,"floor":1,"level":1,"end":"a\nb"}]}"#.to_string(),
            serde_json::to_string(&ScoreFile { version: 1, scores: vec![row(5), row(9), row(1)] }).unwrap(),
        ];
        for text in cases {
            std::fs::write(&path, &text).unwrap();
            let err = read_scores(&path).expect_err(&text).to_string();
            assert!(!err.contains('\n') && err.contains("scores.json"), "{err}");
        }
        std::fs::write(&path, serde_json::to_string(&ScoreFile { version: 1, scores: vec![row(5)] }).unwrap()).unwrap();
        assert_eq!(read_scores(&path).unwrap(), vec![row(5)]);
    }

    #[test]
    fn a_morgue_or_table_that_cannot_be_written_is_named_as_what_it_is() {
        let dir = tempfile::tempdir().unwrap();
        let mut game = crate::front::aiming::tests::game(&[]);
        // The temp files they would be written as are taken by folders, so
        // both writes fail, whoever runs the test (even with every right).
        let temp = |name: &str| {
            dir.path().join(format!("{}{}-{name}", crate::drivers::play::save::TEMP_PREFIX, std::process::id()))
        };
        std::fs::create_dir(temp(&format!("morgue-{}-{}.txt", game.seed(), game.turn()))).unwrap();
        std::fs::create_dir(temp("scores.json")).unwrap();
        let report = report_run(&mut game, dir.path());
        assert_eq!(report.problems.len(), 2, "{:?}", report.problems);
        assert!(report.problems[0].starts_with("cannot write the morgue "), "{:?}", report.problems);
        assert!(report.problems[1].starts_with("cannot write the score table "), "{:?}", report.problems);
        assert!(report.problems.iter().all(|p| !p.contains("the save")), "{:?}", report.problems);
    }

    #[test]
    fn a_morgue_never_takes_the_name_of_anything_already_there() {
        let dir = tempfile::tempdir().unwrap();
        std::os::unix::fs::symlink(dir.path().join("nowhere"), dir.path().join("morgue-1-2.txt")).unwrap();
        for n in 2..10_000 {
            std::fs::write(dir.path().join(format!("morgue-1-2-{n}.txt")), b"").unwrap();
        }
        let name = free_name(dir.path(), "morgue-1-2", "txt");
        assert_eq!(name, dir.path().join("morgue-1-2-10000.txt"), "the first free name, however far");
    }
}
