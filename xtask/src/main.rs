//! # xtask: Emberdeep's build chores
//!
//! `cargo run -p xtask -- tiles` packs the sprites drawn as text in
//! `assets/sprites/*.txt` into the tile atlas the game loads:
//! `assets/tiles.png` and its index `assets/tiles.txt`. Both are committed,
//! so playing needs no generation step; run it again after changing a sprite.
//! `tiles --check` only says whether the committed atlas is up to date, and
//! `preview FILE [SCALE]` writes the atlas enlarged on a grey grid, to look at.
//! `tiles --from DIR --to DIR` packs a plugin's own sprites the same way
//! (the `.txt` sprite files of the first folder, drawn with the shared
//! palette and their own `color` lines) into `tiles.png` and `tiles.txt` in
//! the second, a plugin's data folder, where the game adds them to its atlas.
//! `fuzz` runs the game's own fuzz harness (see [`fuzz`]).
//!
//! ## Sprite files (`assets/sprites/*.txt`)
//!
//! Lines starting with `#` are comments; blank lines are skipped.
//!
//! * `color X RRGGBB` gives the letter `X` a colour (hex, no `#`) for the rest
//!   of this file, over the shared palette.
//! * `sprite NAME` starts a sprite; the next 16 lines are its 16 rows of 16
//!   pixels, one character each: `.` is transparent, any other character is
//!   a letter of the palette. Names are the tile names records use
//!   (`tile = "monster_jackal"`) and must be unique across all files.
//!
//! The shared palette is `assets/sprites/palette.txt`: one `X RRGGBB name`
//! per line (`#` comments allowed); `#` and `.` cannot be palette letters.
//!
//! ## The atlas (`assets/tiles.png`, `assets/tiles.txt`)
//!
//! The PNG is RGBA. Sprites sit in a grid of 18x18 cells, 8 to a row (fewer
//! than 8 sprites: one row of just them), in file order (files sorted by name), each 16x16 sprite in the middle of its cell
//! with its edge pixels repeated into the 1-pixel border, so scaled drawing
//! never samples a neighbour. The index's first non-comment line is
//! `atlas 16 18` (sprite size, cell pitch); every further line is
//! `NAME COL ROW`: the sprite's top-left pixel is `(COL*18+1, ROW*18+1)`.

mod fuzz;

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// Pixels across and down a sprite.
const SIZE: usize = 16;
/// Pixels between the tops of two atlas cells: the sprite plus a border each side.
const PITCH: usize = SIZE + 2;
/// Atlas cells per row.
const COLUMNS: usize = 8;
/// Behind the preview's sprites.
const PREVIEW_BACK: [u8; 4] = [96, 96, 104, 255];
const PREVIEW_GRID: [u8; 4] = [60, 60, 66, 255];

type Rgba = [u8; 4];

/// One sprite: its name and 16x16 RGBA pixels, row by row.
#[derive(Debug, Clone, PartialEq)]
struct Sprite {
    name: String,
    pixels: Vec<Rgba>,
}

/// Why a chore could not be done: each names the file (and line) at fault.
#[derive(Debug, thiserror::Error)]
enum TaskError {
    /// The command line is none of the chores.
    #[error(
        "usage: cargo run -p xtask -- tiles [--check] | tiles --from DIR --to DIR | preview FILE [SCALE] | fuzz [--seconds N] [--game PATH]"
    )]
    Usage,
    /// `preview FILE SCALE` with a scale out of range.
    #[error("the preview scale must be 1 to 16, not {0:?}")]
    Scale(String),
    /// A file or folder cannot be read or written.
    #[error("{}: {error}", path.display())]
    File {
        /// The file.
        path: PathBuf,
        /// Why.
        error: std::io::Error,
    },
    /// `tiles --check` found the committed atlas stale.
    #[error("assets/tiles.png or assets/tiles.txt is out of date: run `cargo run -p xtask -- tiles`")]
    OutOfDate,
    /// A line of a sprite or palette file is wrong (`FILE:LINE: what`).
    #[error("{at}: {problem}")]
    Line {
        /// `FILE:LINE`.
        at: String,
        /// What is wrong.
        problem: LineProblem,
    },
    /// A sprite name used twice.
    #[error("{file}: sprite '{name}' is already drawn in {first}")]
    Twice {
        /// The file drawing it again.
        file: String,
        /// The sprite.
        name: String,
        /// The file that drew it first.
        first: String,
    },
    /// The PNG encoder failed.
    #[error("encoding the PNG: {0}")]
    Png(png::EncodingError),
    /// The fuzz harness could not run, or found failures.
    #[error(transparent)]
    Fuzz(#[from] fuzz::FuzzError),
}

/// What is wrong with one line of a sprite or palette file.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
enum LineProblem {
    /// A colour's letter of more or less than one character.
    #[error("a colour's letter must be one character, not {0:?}")]
    ColourLetter(String),
    /// `.` or `#` as a colour's letter.
    #[error("'{0}' cannot be a colour letter ('.' is transparent, '#' starts comments)")]
    ReservedLetter(char),
    /// A colour that is not `RRGGBB`.
    #[error("the colour of '{letter}' must be six hex digits (RRGGBB), not {hex:?}")]
    ColourHex { letter: char, hex: String },
    /// A sprite's name of no word or several.
    #[error("a sprite's name is one word, not {0:?}")]
    SpriteName(String),
    /// The file ends inside a sprite.
    #[error("sprite '{name}' has {rows} rows; it needs {SIZE}")]
    TooFewRows { name: String, rows: usize },
    /// A line that is no sprite, colour or comment.
    #[error("expected `sprite NAME`, `color X RRGGBB` or a comment, not {0:?}")]
    Unexpected(String),
    /// A row of another width than a sprite's.
    #[error("a row of sprite '{name}' is {width} pixels wide; it must be {SIZE}: {row:?}")]
    RowWidth { name: String, width: usize, row: String },
    /// A pixel letter no palette gives a colour.
    #[error("'{letter}' in sprite '{name}' is in no palette")]
    NoColour { letter: char, name: String },
}

impl LineProblem {
    /// This problem on line `at` (`FILE:LINE`).
    fn at(self, at: &str) -> TaskError {
        TaskError::Line { at: at.to_string(), problem: self }
    }
}

/// A file error naming the file.
fn file_error(path: &Path) -> impl FnOnce(std::io::Error) -> TaskError + '_ {
    move |error| TaskError::File { path: path.to_path_buf(), error }
}

/// The packed atlas: PNG bytes and the index text.
struct Atlas {
    png: Vec<u8>,
    index: String,
    width: usize,
    height: usize,
    rgba: Vec<u8>,
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let result = match args.as_slice() {
        ["tiles"] => write_tiles(),
        ["tiles", "--check"] => check_tiles(),
        ["tiles", "--from", from, "--to", to] => write_plugin_tiles(Path::new(from), Path::new(to)),
        ["preview", out] => preview(Path::new(out), 6),
        ["preview", out, scale] => match scale.parse() {
            Ok(s) if (1..=16).contains(&s) => preview(Path::new(out), s),
            _ => Err(TaskError::Scale(scale.to_string())),
        },
        ["fuzz", rest @ ..] => {
            fuzz::Options::parse(rest, &root()).and_then(|o| fuzz::run(&o, &root())).map_err(Into::into)
        }
        _ => Err(TaskError::Usage),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("xtask: {e}");
            ExitCode::FAILURE
        }
    }
}

/// The repository's root (xtask sits in it).
fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).parent().expect("xtask is inside the repository").to_path_buf()
}

fn assets() -> PathBuf {
    root().join("assets")
}

/// Reads every sprite file and packs the atlas.
fn build() -> Result<Atlas, TaskError> {
    let sprites = read_sprites(&assets().join("sprites"))?;
    pack(&sprites, "assets/sprites")
}

fn write_tiles() -> Result<(), TaskError> {
    write_atlas(&build()?, &assets())
}

/// `tiles --from DIR --to DIR`: a plugin's sprites packed into its data folder.
fn write_plugin_tiles(from: &Path, to: &Path) -> Result<(), TaskError> {
    let palette = read_palette(&assets().join("sprites/palette.txt"))?;
    let sprites = read_sprite_files(from, &palette)?;
    write_atlas(&pack(&sprites, &from.display().to_string())?, to)
}

/// Writes `tiles.png` and `tiles.txt` of `atlas` into the folder `to`.
fn write_atlas(atlas: &Atlas, to: &Path) -> Result<(), TaskError> {
    let (png_path, txt_path) = (to.join("tiles.png"), to.join("tiles.txt"));
    std::fs::write(&png_path, &atlas.png).map_err(file_error(&png_path))?;
    std::fs::write(&txt_path, &atlas.index).map_err(file_error(&txt_path))?;
    let tiles = atlas.index.lines().filter(|l| !l.starts_with('#')).count() - 1;
    println!(
        "wrote {} ({}x{}, {tiles} tiles) and {}",
        png_path.display(),
        atlas.width,
        atlas.height,
        txt_path.display()
    );
    Ok(())
}

fn check_tiles() -> Result<(), TaskError> {
    let atlas = build()?;
    let png = std::fs::read(assets().join("tiles.png")).unwrap_or_default();
    let txt = std::fs::read_to_string(assets().join("tiles.txt")).unwrap_or_default();
    if png == atlas.png && txt == atlas.index {
        println!("assets/tiles.png and assets/tiles.txt are up to date");
        Ok(())
    } else {
        Err(TaskError::OutOfDate)
    }
}

/// The atlas enlarged `scale` times over a grey background with a grid.
fn preview(out: &Path, scale: usize) -> Result<(), TaskError> {
    let atlas = build()?;
    let (w, h) = (atlas.width * scale, atlas.height * scale);
    let mut rgba = Vec::with_capacity(w * h * 4);
    for y in 0..h {
        for x in 0..w {
            let (ax, ay) = (x / scale, y / scale);
            // The borders (repeated edges) show as the grid: only sprites are drawn.
            let border = |v: usize| v.is_multiple_of(PITCH) || v % PITCH == PITCH - 1;
            let on_grid = border(ax) || border(ay);
            let back = if on_grid { PREVIEW_GRID } else { PREVIEW_BACK };
            let at = (ay * atlas.width + ax) * 4;
            let px = if on_grid { &[0u8; 4][..] } else { &atlas.rgba[at..at + 4] };
            let a = px[3] as u32;
            for c in 0..3 {
                rgba.push(((px[c] as u32 * a + back[c] as u32 * (255 - a)) / 255) as u8);
            }
            rgba.push(255);
        }
    }
    let png = encode(w, h, &rgba)?;
    std::fs::write(out, png).map_err(file_error(out))?;
    println!("wrote {} ({w}x{h})", out.display());
    Ok(())
}

/// A `X RRGGBB` colour line's letter and colour.
fn colour_line(line: &str, at: &str) -> Result<(char, Rgba), TaskError> {
    let mut words = line.split_whitespace();
    let letter = words.next().unwrap_or_default();
    let hex = words.next().unwrap_or_default();
    let mut chars = letter.chars();
    let (Some(c), None) = (chars.next(), chars.next()) else {
        return Err(LineProblem::ColourLetter(letter.to_string()).at(at));
    };
    if c == '.' || c == '#' {
        return Err(LineProblem::ReservedLetter(c).at(at));
    }
    let value = u32::from_str_radix(hex, 16).ok().filter(|_| hex.len() == 6);
    let Some(v) = value else {
        return Err(LineProblem::ColourHex { letter: c, hex: hex.to_string() }.at(at));
    };
    Ok((c, [(v >> 16) as u8, (v >> 8) as u8, v as u8, 255]))
}

fn read_palette(path: &Path) -> Result<BTreeMap<char, Rgba>, TaskError> {
    let text = std::fs::read_to_string(path).map_err(file_error(path))?;
    let mut palette = BTreeMap::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let (c, rgba) = colour_line(line, &format!("{}:{}", path.display(), i + 1))?;
        palette.insert(c, rgba);
    }
    Ok(palette)
}

/// Every sprite of every `.txt` file but the palette, files sorted by name.
fn read_sprites(dir: &Path) -> Result<Vec<Sprite>, TaskError> {
    read_sprite_files(dir, &read_palette(&dir.join("palette.txt"))?)
}

/// Every `.txt` file under `dir`, its folders too (a plugin's
/// `sprites/items/` and `sprites/monsters/` pack into one sheet), but
/// `palette.txt`.
fn sprite_files(dir: &Path, files: &mut Vec<PathBuf>) -> Result<(), TaskError> {
    for path in std::fs::read_dir(dir).map_err(file_error(dir))?.flatten().map(|e| e.path()) {
        if path.is_dir() {
            sprite_files(&path, files)?;
        } else if path.extension().is_some_and(|x| x == "txt") && !path.ends_with("palette.txt") {
            files.push(path);
        }
    }
    Ok(())
}

/// Every sprite of every `.txt` file under `dir` but `palette.txt`, files
/// sorted by path, drawn with `palette`.
fn read_sprite_files(dir: &Path, palette: &BTreeMap<char, Rgba>) -> Result<Vec<Sprite>, TaskError> {
    let mut files: Vec<PathBuf> = Vec::new();
    sprite_files(dir, &mut files)?;
    files.sort();
    let mut sprites: Vec<Sprite> = Vec::new();
    let mut seen: BTreeMap<String, String> = BTreeMap::new();
    for file in files {
        let text = std::fs::read_to_string(&file).map_err(file_error(&file))?;
        let name = file.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
        for sprite in parse_sprites(&text, &name, palette)? {
            if let Some(first) = seen.insert(sprite.name.clone(), name.clone()) {
                return Err(TaskError::Twice { file: name, name: sprite.name, first });
            }
            sprites.push(sprite);
        }
    }
    Ok(sprites)
}

/// The sprites of one file's text (`file` names it in errors).
fn parse_sprites(text: &str, file: &str, palette: &BTreeMap<char, Rgba>) -> Result<Vec<Sprite>, TaskError> {
    let mut colours = palette.clone();
    let mut sprites = Vec::new();
    let mut lines = text.lines().enumerate().peekable();
    while let Some((i, raw)) = lines.next() {
        let line = raw.trim();
        let at = format!("{file}:{}", i + 1);
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        if let Some(rest) = line.strip_prefix("color ") {
            let (c, rgba) = colour_line(rest, &at)?;
            colours.insert(c, rgba);
        } else if let Some(name) = line.strip_prefix("sprite ") {
            let name = name.trim();
            if name.is_empty() || name.contains(char::is_whitespace) {
                return Err(LineProblem::SpriteName(name.to_string()).at(&at));
            }
            let mut pixels = Vec::with_capacity(SIZE * SIZE);
            for row in 0..SIZE {
                let Some((j, raw_row)) = lines.next() else {
                    return Err(LineProblem::TooFewRows { name: name.to_string(), rows: row }.at(&at));
                };
                pixels.extend(parse_row(raw_row.trim_end(), &colours, &format!("{file}:{}", j + 1), name)?);
            }
            sprites.push(Sprite { name: name.to_string(), pixels });
        } else {
            return Err(LineProblem::Unexpected(line.to_string()).at(&at));
        }
    }
    Ok(sprites)
}

fn parse_row(row: &str, colours: &BTreeMap<char, Rgba>, at: &str, name: &str) -> Result<Vec<Rgba>, TaskError> {
    let chars: Vec<char> = row.chars().collect();
    if chars.len() != SIZE {
        let problem = LineProblem::RowWidth { name: name.to_string(), width: chars.len(), row: row.to_string() };
        return Err(problem.at(at));
    }
    chars
        .iter()
        .map(|&c| match c {
            '.' => Ok([0, 0, 0, 0]),
            c => colours
                .get(&c)
                .copied()
                .ok_or_else(|| LineProblem::NoColour { letter: c, name: name.to_string() }.at(at)),
        })
        .collect()
}

/// Lays the sprites out in the grid and encodes the PNG and the index,
/// whose heading names the folder `source` they came from.
fn pack(sprites: &[Sprite], source: &str) -> Result<Atlas, TaskError> {
    // A few sprites make a narrower sheet; eight or more a full row.
    let columns = sprites.len().clamp(1, COLUMNS);
    let rows = sprites.len().div_ceil(columns).max(1);
    let (width, height) = (columns * PITCH, rows * PITCH);
    let mut rgba = vec![0u8; width * height * 4];
    let mut index = format!(
        "# The tile atlas, generated by `cargo run -p xtask -- tiles` from {source}: do not edit.\n\
         # `atlas SIZE PITCH`, then `NAME COL ROW`: a sprite's top-left pixel is (COL*PITCH+1, ROW*PITCH+1).\n",
    );
    let _ = writeln!(index, "atlas {SIZE} {PITCH}");
    for (n, sprite) in sprites.iter().enumerate() {
        let (col, row) = (n % columns, n / columns);
        // Each cell pixel takes the nearest sprite pixel: the border repeats the edge.
        for cy in 0..PITCH {
            for cx in 0..PITCH {
                let sx = cx.saturating_sub(1).min(SIZE - 1);
                let sy = cy.saturating_sub(1).min(SIZE - 1);
                let at = ((row * PITCH + cy) * width + col * PITCH + cx) * 4;
                rgba[at..at + 4].copy_from_slice(&sprite.pixels[sy * SIZE + sx]);
            }
        }
        let _ = writeln!(index, "{} {col} {row}", sprite.name);
    }
    let png = encode(width, height, &rgba)?;
    Ok(Atlas { png, index, width, height, rgba })
}

fn encode(width: usize, height: usize, rgba: &[u8]) -> Result<Vec<u8>, TaskError> {
    let mut out = Vec::new();
    let mut encoder = png::Encoder::new(&mut out, width as u32, height as u32);
    encoder.set_color(png::ColorType::Rgba);
    encoder.set_depth(png::BitDepth::Eight);
    let mut writer = encoder.write_header().map_err(TaskError::Png)?;
    writer.write_image_data(rgba).map_err(TaskError::Png)?;
    writer.finish().map_err(TaskError::Png)?;
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn palette() -> BTreeMap<char, Rgba> {
        BTreeMap::from([('K', [0, 0, 0, 255]), ('w', [255, 255, 255, 255])])
    }

    fn square(name: &str, fill: char) -> String {
        let row: String = std::iter::repeat_n(fill, SIZE).collect();
        format!("sprite {name}\n{}", format!("{row}\n").repeat(SIZE))
    }

    #[test]
    fn a_sprite_reads_its_rows_and_local_colours() {
        let text = format!("# a comment\ncolor r ff0000\n{}", square("red", 'r'));
        let sprites = parse_sprites(&text, "t.txt", &palette()).unwrap();
        assert_eq!(sprites.len(), 1);
        assert_eq!(sprites[0].name, "red");
        assert!(sprites[0].pixels.iter().all(|p| *p == [255, 0, 0, 255]));
    }

    #[test]
    fn a_short_row_names_the_file_line_and_sprite() {
        let text = square("wall", 'K').replacen("KKKKKKKKKKKKKKKK", "KKKK", 1);
        let err = parse_sprites(&text, "t.txt", &palette()).unwrap_err().to_string();
        assert!(err.starts_with("t.txt:2:") && err.contains("'wall'"), "{err}");
    }

    #[test]
    fn an_unknown_letter_is_named() {
        let err = parse_sprites(&square("x", 'Q'), "t.txt", &palette()).unwrap_err();
        assert_eq!(err.to_string(), "t.txt:2: 'Q' in sprite 'x' is in no palette");
    }

    #[test]
    fn a_missing_row_is_counted() {
        let text = square("x", 'w');
        let text: String = text.lines().take(10).map(|l| format!("{l}\n")).collect();
        let err = parse_sprites(&text, "t.txt", &palette()).unwrap_err().to_string();
        assert!(err.contains("has 9 rows"), "{err}");
    }

    #[test]
    fn packing_repeats_the_edge_into_the_border() {
        let sprites = parse_sprites(&(square("a", 'w') + &square("b", 'K')), "t.txt", &palette()).unwrap();
        let atlas = pack(&sprites, "assets/sprites").unwrap();
        assert!(atlas.index.contains("atlas 16 18\na 0 0\nb 1 0\n"), "{}", atlas.index);
        let px = |x: usize, y: usize| &atlas.rgba[(y * atlas.width + x) * 4..][..4];
        assert_eq!(px(0, 0), [255, 255, 255, 255], "a's border");
        assert_eq!(px(17, 17), [255, 255, 255, 255], "a's border");
        assert_eq!(px(18, 5), [0, 0, 0, 255], "b's border");
    }

    #[test]
    fn the_committed_atlas_is_up_to_date() {
        check_tiles().unwrap();
    }
}
