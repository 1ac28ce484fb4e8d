//! Records a run of the key player, for the replay timeline to step through:
//! `cargo run -p emberdeep --example key_run -- SEED TURNS FILE`, then
//! `emberdeep --replay FILE` (docs/replay.md). Plugins come from the folder
//! the game is built in (`target/debug`, or `EMBERDEEP_PLUGIN_DIR`), records from `data/`.

use std::path::PathBuf;
use std::rc::Rc;

use emberdeep::drivers::lab::key_player;
use emberdeep_engine::data::records::check::load_records;
use emberdeep_engine::data::records::default_data_dir;
use emberdeep_engine::plugins::discovery::default_plugin_dir;
use emberdeep_engine::plugins::loader::load_plugins;

fn main() -> anyhow::Result<()> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [seed, turns, file] = args.as_slice() else {
        anyhow::bail!("usage: key_run SEED TURNS FILE");
    };
    let (seed, turns): (u64, u64) = (seed.parse()?, turns.parse()?);
    // An example is built one folder below the game and its plugins.
    let built = default_plugin_dir().parent().map(PathBuf::from).unwrap_or_else(default_plugin_dir);
    let dir = std::env::var_os("EMBERDEEP_PLUGIN_DIR").map(PathBuf::from).unwrap_or(built);
    let plugins = Rc::new(load_plugins(&dir, None)?);
    let records = Rc::new(load_records(&default_data_dir(), &plugins.registered())?);
    let recording = key_player::play(seed, plugins, records, turns);
    recording.save(std::path::Path::new(file))?;
    println!("{} keys recorded in {file}", recording.keys.len());
    Ok(())
}
