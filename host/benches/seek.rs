//! The replay timeline's seek time (issue 18): `cargo bench -p emberdeep --bench seek`.
//!
//! Records a run of 5,000 turns with the key player (the real plugins, from
//! `EMBERDEEP_PLUGIN_DIR` or the folder cargo builds them in: run
//! `cargo build --workspace --release` first), builds its timeline, then
//! seeks to 200 turns drawn at random (a seeded generator: the same turns
//! each time) and prints the mean, median, 99th percentile and worst seek,
//! then seeks to every stop from the last to the first (each a seek back,
//! so each loads a snapshot) for the true worst, with the build's time and
//! the snapshots' memory. The goal: every seek
//! under 100 ms.

use std::path::PathBuf;
use std::rc::Rc;
use std::time::{Duration, Instant};

use emberdeep::drivers::lab::key_player;
use emberdeep::drivers::review::timeline::Timeline;
use emberdeep_engine::core::rng::RunRng;
use emberdeep_engine::data::records;
use emberdeep_engine::data::records::check::load_records;
use emberdeep_engine::data::trace::Trace;
use emberdeep_engine::plugins::discovery::default_plugin_dir;
use emberdeep_engine::plugins::loader::load_plugins;

const TURNS: u64 = 5000;
const SEEKS: usize = 200;
/// A run the key player lives through to turn 5,000.
const SEED: u64 = 1;

fn main() {
    // `cargo bench` passes `--bench`; a filter that is not "seek" skips it.
    if std::env::args().skip(1).any(|a| !a.starts_with('-') && !"seek".contains(a.as_str())) {
        return;
    }
    let dir = std::env::var_os("EMBERDEEP_PLUGIN_DIR").map(PathBuf::from).unwrap_or_else(default_plugin_dir);
    let plugins = Rc::new(load_plugins(&dir, None).expect("the plugins load (cargo build --workspace --release)"));
    let records = Rc::new(load_records(&records::default_data_dir(), &plugins.registered()).expect("the records load"));
    let clock = Instant::now();
    let recording = key_player::play(SEED, plugins.clone(), records.clone(), TURNS);
    let played = clock.elapsed();
    let clock = Instant::now();
    let (mut timeline, _) =
        Timeline::build(&recording, plugins, records, Trace::console()).expect("the timeline builds");
    let built = clock.elapsed();
    let (first, last) = timeline.turns();
    let mut rng = RunRng::from_seed(18);
    let mut times: Vec<Duration> = Vec::with_capacity(SEEKS);
    for _ in 0..SEEKS {
        let turn = first + u64::from(rng.below((last - first + 1) as u32));
        let clock = Instant::now();
        timeline.seek_turn(turn).expect("the turn is there");
        times.push(clock.elapsed());
    }
    // Every stop, last to first: each seek goes back, so each loads a snapshot.
    let mut every: Vec<Duration> = Vec::with_capacity(timeline.stops().len());
    for stop in (0..timeline.stops().len()).rev() {
        let clock = Instant::now();
        timeline.seek_stop(stop).expect("the stop is there");
        every.push(clock.elapsed());
    }
    let ms = |d: Duration| d.as_secs_f64() * 1000.0;
    let mean = times.iter().map(|d| ms(*d)).sum::<f64>() / SEEKS as f64;
    times.sort();
    let (snapshots, bytes) = timeline.snapshot_memory();
    println!("seek: a run of {last} turns, {} keys, {} stops", recording.keys.len(), timeline.stops().len());
    println!(
        "  recorded by the key player in {:.2} s; timeline built in {:.2} s",
        played.as_secs_f64(),
        built.as_secs_f64()
    );
    println!("  {snapshots} snapshots every {} turns, {:.1} MB", timeline.interval(), bytes as f64 / 1e6);
    println!(
        "  {SEEKS} random seeks: mean {mean:.2} ms, median {:.2} ms, p99 {:.2} ms, max {:.2} ms",
        ms(times[SEEKS / 2]),
        ms(times[SEEKS * 99 / 100]),
        ms(times[SEEKS - 1])
    );
    let mean_every = every.iter().map(|d| ms(*d)).sum::<f64>() / every.len() as f64;
    let worst = every.iter().max().copied().unwrap_or_default();
    println!("  every stop, backwards ({}): mean {mean_every:.2} ms, max {:.2} ms", every.len(), ms(worst));
}
