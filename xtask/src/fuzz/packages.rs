//! The fuzz harness's plugin packages (docs/packages.md): `emberdeep
//! plugin add` of a package, a first-party plugin's library and data
//! (`identify`'s, which the game's folder of the cases lacks, so it is a
//! package like any other), changed three ways:
//!
//! * `archive`: its `.tar.gz` with a bit flipped or changed as every input
//!   is. One that no longer decompresses, to the end of its gzip stream
//!   with every checksum holding, into the same tar must be refused; one
//!   taken must install the library byte for byte.
//! * `pkg_name`: the package under a name the game keeps for its own files
//!   (`host`, a folder or file of the game's `data/`), another plugin's, or
//!   no plugin name at all: every one must be refused. `plugin remove` of
//!   such a text must be refused, and a start with one of those already in
//!   the player's folder must not load it.
//! * `pkg_tiles`: its tiles taking a name of the first-party sheet the game
//!   loads, or of the game's own atlas, which must be refused; or its sheet
//!   damaged, which may be taken or refused.
//!
//! Whatever is refused must leave the player's folder as it was, with no
//! hidden folder left behind.

use std::io::Read;
use std::path::{Path, PathBuf};

use rand::rngs::StdRng;
use rand::Rng;

use super::{collect, copy_dir, lib, mutate, run_game, tally, Ending, FuzzError, Options, Tally};

/// The plugin the package holds.
const NAME: &str = "identify";
/// A first-party plugin with a sheet of tiles, in the game's folder of the cases.
const SHEET_PLUGIN: &str = "terrain";

/// The untouched package and what its cases run with.
pub struct Seed {
    /// The game's plugin folder of the cases: core_combat and [`SHEET_PLUGIN`].
    game: PathBuf,
    /// The game's data, but for [`NAME`]'s folder.
    data: PathBuf,
    /// The package's folder.
    folder: PathBuf,
    /// Its library's bytes.
    library: Vec<u8>,
    /// Its `.tar.gz`.
    archive: Vec<u8>,
    /// The tar inside, up to its last byte that is not zero.
    tar_content: Vec<u8>,
    /// Names the game keeps for its own files: `host`, its data's folders and files.
    reserved: Vec<String>,
    /// Tile names of the first-party sheet and of the game's atlas.
    taken_tiles: Vec<String>,
}

/// The package, its archive and the game they are added to, made in
/// `work` from the game's plugins and data; each is checked to be added.
pub fn seed(o: &Options, root: &Path, work: &Path) -> Result<Seed, FuzzError> {
    let read = |p: &Path| std::fs::read(p).map_err(|error| FuzzError::Read { path: p.to_path_buf(), error });
    let game = work.join("package-game");
    std::fs::create_dir_all(&game)?;
    for plugin in ["core_combat", SHEET_PLUGIN] {
        std::fs::write(game.join(lib(plugin)), read(&o.plugin_dir.join(lib(plugin)))?)?;
    }
    let data = work.join("package-data");
    let mut files = Vec::new();
    collect(&root.join("data"), &root.join("data"), &mut files)?;
    for (rel, bytes) in files.iter().filter(|(rel, _)| !rel.starts_with(NAME)) {
        let to = data.join(rel);
        std::fs::create_dir_all(to.parent().unwrap_or(&data))?;
        std::fs::write(to, bytes)?;
    }
    let folder = work.join("package").join(NAME);
    copy_dir(&root.join("data").join(NAME), &folder.join("data").join(NAME))?;
    let library = read(&o.plugin_dir.join(lib(NAME)))?;
    std::fs::write(folder.join(lib(NAME)), &library)?;
    let archive_path = work.join("package.tar.gz");
    tar_gz(&archive_path, &folder)?;
    let archive = read(&archive_path)?;
    let mut tar = Vec::new();
    flate2::read::MultiGzDecoder::new(&archive[..]).read_to_end(&mut tar)?;
    let end = tar.iter().rposition(|b| *b != 0).map_or(0, |i| i + 1);
    let mut reserved = vec!["host".to_string()];
    for entry in std::fs::read_dir(&data)?.flatten() {
        let path = entry.path();
        let name = if path.is_dir() { path.file_name() } else { path.file_stem() };
        reserved.extend(name.and_then(|n| n.to_str()).map(str::to_string));
    }
    let mut taken_tiles = tile_names(&read(&root.join("data").join(SHEET_PLUGIN).join("tiles.txt"))?);
    taken_tiles.extend(tile_names(&read(&root.join("assets/tiles.txt"))?).into_iter().take(20));
    let seed = Seed { game, data, folder, library, archive, tar_content: tar[..end].to_vec(), reserved, taken_tiles };
    for package in [seed.folder.clone(), archive_path] {
        let player = work.join("package-seed-player");
        let _ = std::fs::remove_dir_all(&player);
        let args = add_args(&seed, &player, &package);
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        match run_game(o, &args, None) {
            Ending::Accepted => {}
            Ending::Refused(why) | Ending::Crashed(why) => {
                return Err(FuzzError::SeedRefused { args: args.iter().map(|a| a.to_string()).collect(), why })
            }
            Ending::Hung => return Err(FuzzError::SeedHung(args.iter().map(|a| a.to_string()).collect())),
        }
    }
    Ok(seed)
}

/// The tile names of a sheet's index: each line's first word after the `atlas` line.
fn tile_names(index: &[u8]) -> Vec<String> {
    let text = String::from_utf8_lossy(index);
    let lines = text.lines().map(str::trim).filter(|l| !l.is_empty() && !l.starts_with('#'));
    lines.skip(1).filter_map(|l| l.split_whitespace().next()).map(str::to_string).collect()
}

/// A `.tar.gz` at `path` of `folder`, under its own name.
fn tar_gz(path: &Path, folder: &Path) -> std::io::Result<()> {
    let gz = flate2::write::GzEncoder::new(std::fs::File::create(path)?, flate2::Compression::default());
    let mut builder = tar::Builder::new(gz);
    builder.append_dir_all(folder.file_name().unwrap_or_default(), folder)?;
    builder.into_inner()?.finish()?;
    Ok(())
}

/// The game's arguments adding `package` into the player's folder `player`.
fn add_args(seed: &Seed, player: &Path, package: &Path) -> Vec<String> {
    let mut args = game_args(seed, player);
    args.extend(["plugin".to_string(), "add".to_string(), package.display().to_string()]);
    args
}

/// The folders every case's game runs with.
fn game_args(seed: &Seed, player: &Path) -> Vec<String> {
    [
        "--plugin-dir",
        &seed.game.display().to_string(),
        "--player-plugin-dir",
        &player.display().to_string(),
        "--data-dir",
        &seed.data.display().to_string(),
    ]
    .map(str::to_string)
    .to_vec()
}

/// Runs the game with `args`.
fn run(o: &Options, args: &[String]) -> Ending {
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    run_game(o, &args, None)
}

/// Every file under `dir` with its bytes, and whether a hidden folder is there.
fn contents(dir: &Path) -> (Vec<(PathBuf, Vec<u8>)>, bool) {
    let mut files = Vec::new();
    let _ = collect(dir, dir, &mut files);
    let hidden = std::fs::read_dir(dir)
        .map(|d| d.flatten().any(|e| e.file_name().to_string_lossy().starts_with('.')))
        .unwrap_or(false);
    (files, hidden)
}

/// `plugin add` of `package` into a fresh player's folder in `case`: the
/// ending tallied; a refusal that changed the player's folder, or a package
/// taken whose library is not the seed's, is a failure.
fn add_case(o: &Options, seed: &Seed, case: &Path, package: &Path, must_refuse: bool, t: &mut Tally) -> Option<String> {
    let player = case.join("player");
    std::fs::create_dir_all(&player).ok()?;
    let ending = run(o, &add_args(seed, &player, package));
    let refused = matches!(ending, Ending::Refused(_));
    let accepted = matches!(ending, Ending::Accepted);
    if let Some(why) = tally(t, ending, must_refuse) {
        return Some(why);
    }
    let (files, hidden) = contents(&player);
    if refused && (!files.is_empty() || hidden) {
        t.saves_changed += 1;
        return Some("a refused package left files in the player's folder".into());
    }
    if accepted {
        let installed = std::fs::read(player.join(NAME).join(lib(NAME))).ok();
        if installed.as_deref() != Some(&seed.library[..]) {
            t.let_in += 1;
            return Some("a package taken installed a library that is not the one packed".into());
        }
    }
    None
}

/// One case of `kind` (`archive`, `pkg_name` or `pkg_tiles`); the reason if it is a failure.
pub fn case(kind: &str, o: &Options, seed: &Seed, case: &Path, rng: &mut StdRng, t: &mut Tally) -> Option<String> {
    match kind {
        "archive" => archive_case(o, seed, case, rng, t),
        "pkg_name" => name_case(o, seed, case, rng, t),
        _ => tiles_case(o, seed, case, rng, t),
    }
}

/// The archive with a bit flipped (mostly) or changed otherwise.
fn archive_case(o: &Options, seed: &Seed, case: &Path, rng: &mut StdRng, t: &mut Tally) -> Option<String> {
    let mut bytes = seed.archive.clone();
    if rng.gen_bool(0.6) {
        let at = rng.gen_range(0..bytes.len());
        bytes[at] ^= 1 << rng.gen_range(0..8);
    } else {
        bytes = mutate(&bytes, rng);
    }
    let file = case.join("package.tar.gz");
    std::fs::write(&file, &bytes).ok()?;
    // What gzip itself would say: the whole stream, every trailer checked.
    let mut tar = Vec::new();
    let whole = flate2::read::MultiGzDecoder::new(&bytes[..]).read_to_end(&mut tar).is_ok();
    let n = seed.tar_content.len();
    let same = whole && tar.len() >= n && tar[..n] == seed.tar_content[..] && tar[n..].iter().all(|b| *b == 0);
    add_case(o, seed, case, &file, !same, t).map(|why| format!("{} bytes ({why})", bytes.len()))
}

/// Texts that are no plugin's name, or not a package's.
const NOT_NAMES: [&str; 12] = [
    "blink ",
    " blink",
    "",
    "a/b",
    "../identify",
    ".",
    "..",
    "identify\n",
    "idéntify",
    "tab\there",
    "-x",
    "core_combat",
];

/// The package under a name it may not have.
fn name_case(o: &Options, seed: &Seed, case: &Path, rng: &mut StdRng, t: &mut Tally) -> Option<String> {
    let reserved = &seed.reserved[rng.gen_range(0..seed.reserved.len())];
    let long = "n".repeat(rng.gen_range(65..300));
    let name: String = match rng.gen_range(0..4) {
        0 | 1 => reserved.clone(),
        2 => NOT_NAMES[rng.gen_range(0..NOT_NAMES.len())].to_string(),
        _ => long,
    };
    let label = |why: String| format!("name {name:?} ({why})");
    match rng.gen_range(0..3) {
        // Added: always refused.
        0 => {
            let package = case.join("package");
            let plain_file = !name.is_empty() && !name.contains('/') && name != "." && name != "..";
            if !plain_file || lib(&name).len() > 255 {
                return None;
            }
            copy_dir(&seed.folder, &package).ok()?;
            std::fs::rename(package.join(lib(NAME)), package.join(lib(&name))).ok()?;
            if !name.contains('\n') {
                let _ = std::fs::rename(package.join("data").join(NAME), package.join("data").join(&name));
            }
            add_case(o, seed, case, &package, true, t).map(label)
        }
        // Removed: nothing of that name is the player's.
        1 => {
            let player = case.join("player");
            std::fs::create_dir_all(&player).ok()?;
            let mut args = game_args(seed, &player);
            args.extend(["plugin".to_string(), "remove".to_string(), name.clone()]);
            tally(t, run(o, &args), true).map(label)
        }
        // In the player's folder already: a start leaves it out.
        _ => {
            if !seed.reserved.contains(&name) {
                return None;
            }
            let player = case.join("player");
            copy_dir(&seed.folder, &player.join(&name)).ok()?;
            std::fs::rename(player.join(&name).join(lib(NAME)), player.join(&name).join(lib(&name))).ok()?;
            let trace = case.join("trace.jsonl");
            let mut args = game_args(seed, &player);
            args.extend(["--headless", "--seed", "2", "--keys", ".", "--trace"].map(str::to_string));
            args.push(trace.display().to_string());
            if let Some(why) = tally(t, run(o, &args), false) {
                return Some(label(why));
            }
            let first = std::fs::read_to_string(&trace).ok()?.lines().next()?.to_string();
            let start: serde_json::Value = serde_json::from_str(&first).ok()?;
            let plugins = start.get("plugins")?.as_array()?.clone();
            // The game's own plugin of that name is the game's to load.
            let games_own = seed.game.join(lib(&name)).is_file();
            let player_loaded =
                plugins.iter().any(|p| (p.as_str() == Some(&name) && !games_own) || p.as_str() == Some(NAME));
            if player_loaded {
                t.let_in += 1;
                return Some(label("a player's package of a name the game keeps was loaded".into()));
            }
            None
        }
    }
}

/// The package's tiles: a name another sheet has (refused), or its sheet damaged.
fn tiles_case(o: &Options, seed: &Seed, case: &Path, rng: &mut StdRng, t: &mut Tally) -> Option<String> {
    let package = case.join("package");
    copy_dir(&seed.folder, &package).ok()?;
    let data = package.join("data").join(NAME);
    let index = std::fs::read(data.join("tiles.txt")).ok()?;
    let own = tile_names(&index);
    let (file, changed, must_refuse) = match rng.gen_range(0..4) {
        0 | 1 => {
            let taken = &seed.taken_tiles[rng.gen_range(0..seed.taken_tiles.len())];
            let mine = own.get(rng.gen_range(0..own.len().max(1)))?;
            let text = String::from_utf8_lossy(&index).replacen(&format!("\n{mine} "), &format!("\n{taken} "), 1);
            if text.as_bytes() == index {
                return None;
            }
            ("tiles.txt", text.into_bytes(), true)
        }
        2 => ("tiles.txt", mutate(&index, rng), false),
        _ => ("tiles.png", mutate(&std::fs::read(data.join("tiles.png")).ok()?, rng), false),
    };
    std::fs::write(data.join(file), &changed).ok()?;
    add_case(o, seed, case, &package, must_refuse, t).map(|why| format!("{file} ({why})"))
}
