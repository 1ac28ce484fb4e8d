//! The balance report: plots of the sets side by side, drawn with
//! `plotters` as SVG files, and one self-contained HTML page holding them
//! (inline) with the table. Every plot is as wide as the page's column
//! ([`PAGE_W`]), one under another; a plot's legend sits under its plot
//! area, never on it; sets are named in full, as the table names them.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use emberdeep_engine::data::untrusted::kind_of;
use plotters::coord::Shift;
use plotters::prelude::*;

use crate::drivers::lab::balance::{table, SetFigures};
use crate::drivers::lab::bot::RunResult;

/// The colour of set `i` in every plot.
fn colour(i: usize) -> RGBColor {
    const COLOURS: [RGBColor; 6] = [
        RGBColor(214, 96, 40),
        RGBColor(52, 120, 190),
        RGBColor(70, 160, 80),
        RGBColor(150, 80, 170),
        RGBColor(200, 170, 40),
        RGBColor(90, 90, 90),
    ];
    COLOURS[i % COLOURS.len()]
}

type Drawn = Result<(), Box<dyn std::error::Error + Send + Sync>>;

/// The page's column, in pixels: every plot is this wide, and the page
/// shows it at this width.
pub const PAGE_W: u32 = 1200;
/// A line or bar plot's height above its legend.
const PLOT_H: u32 = 400;
/// A legend row's height: one set each.
const LEGEND_ROW: u32 = 22;
/// The plot's margin, and the room for the y axis's numbers and words.
const MARGIN: u32 = 12;
const Y_LABELS: u32 = 56;

/// How a legend shows a set's colour: a line of a width, or a block.
#[derive(Clone, Copy)]
enum Swatch {
    Line(u32),
    Block,
}

/// A plot `PAGE_W` wide: the chart's area at the top, `PLOT_H` high, and
/// under it the legend's, a row for each of `rows` sets.
fn plot_areas(
    svg: &mut String,
    rows: usize,
) -> Result<[DrawingArea<SVGBackend<'_>, Shift>; 2], DrawingAreaErrorKind<std::io::Error>> {
    let legend = 12 + rows as u32 * LEGEND_ROW;
    let root = SVGBackend::with_string(svg, (PAGE_W, PLOT_H + legend)).into_drawing_area();
    root.fill(&WHITE)?;
    let (chart, under) = root.split_vertically(PLOT_H);
    Ok([chart, under])
}

/// The legend under a plot: for each set, its swatch and its full name.
fn draw_legend(area: &DrawingArea<SVGBackend<'_>, Shift>, entries: &[(String, RGBColor)], swatch: Swatch) -> Drawn {
    let x = (MARGIN + Y_LABELS) as i32;
    for (i, (label, c)) in entries.iter().enumerate() {
        let y = 6 + i as i32 * LEGEND_ROW as i32 + LEGEND_ROW as i32 / 2;
        match swatch {
            Swatch::Line(width) => area.draw(&PathElement::new(vec![(x, y), (x + 28, y)], c.stroke_width(width)))?,
            Swatch::Block => area.draw(&Rectangle::new([(x + 6, y - 6), (x + 22, y + 6)], c.filled()))?,
        }
        area.draw(&Text::new(label.clone(), (x + 38, y - 8), ("sans-serif", 15)))?;
    }
    Ok(())
}

/// Each set's full name and colour.
fn named(sets: &[(SetFigures, Vec<RunResult>)]) -> Vec<(String, RGBColor)> {
    sets.iter().enumerate().map(|(i, (f, _))| (f.label.clone(), colour(i))).collect()
}

/// Why the balance report could not be written.
#[derive(Debug, thiserror::Error)]
pub enum ReportError {
    /// The folder cannot be made.
    #[error("cannot make the report folder {}: {error}", path.display())]
    Folder {
        /// The folder.
        path: PathBuf,
        /// Why.
        error: std::io::Error,
    },
    /// The report's path is there and is no folder.
    #[error("{}: the report folder is not a folder but {kind}", path.display())]
    NotAFolder {
        /// The path.
        path: PathBuf,
        /// What is there.
        kind: &'static str,
    },
    /// A file the report writes is there and is not a regular file.
    #[error("{}: the report would write over {kind}; only a regular file is written over", path.display())]
    NotAFile {
        /// The file.
        path: PathBuf,
        /// What is there.
        kind: &'static str,
    },
    /// `plotters` could not draw a plot.
    #[error("drawing the {plot} plot: {error}")]
    Plot {
        /// Which plot.
        plot: &'static str,
        /// What `plotters` said.
        error: Box<dyn std::error::Error + Send + Sync>,
    },
    /// A file cannot be written.
    #[error("cannot write {}: {error}", path.display())]
    Write {
        /// The file.
        path: PathBuf,
        /// Why.
        error: std::io::Error,
    },
}

/// How many runs of each set reached each deepest floor, a line per set.
fn floors_plot(svg: &mut String, sets: &[(SetFigures, Vec<RunResult>)]) -> Drawn {
    let deepest = sets.iter().flat_map(|(_, r)| r.iter().map(|r| r.floor)).max().unwrap_or(1).max(1);
    let share = |runs: &[RunResult], floor: u32| {
        100.0 * runs.iter().filter(|r| r.floor == floor).count() as f64 / runs.len().max(1) as f64
    };
    let top = sets.iter().flat_map(|(_, r)| (1..=deepest).map(move |f| share(r, f))).fold(10.0_f64, f64::max);
    let [area, under] = plot_areas(svg, sets.len())?;
    let mut chart = ChartBuilder::on(&area)
        .caption("Deepest floor reached (share of runs, %)", ("sans-serif", 18))
        .margin(MARGIN)
        .x_label_area_size(36)
        .y_label_area_size(Y_LABELS)
        .build_cartesian_2d(1u32..deepest, 0.0..top * 1.1)?;
    chart.configure_mesh().x_desc("floor").y_desc("% of runs").draw()?;
    for (i, (_, runs)) in sets.iter().enumerate() {
        let c = colour(i);
        let points: Vec<(u32, f64)> = (1..=deepest).map(|floor| (floor, share(runs, floor))).collect();
        chart.draw_series(LineSeries::new(points.clone(), c.stroke_width(2)))?;
        chart.draw_series(points.into_iter().map(|p| Circle::new(p, 3, c.filled())))?;
    }
    let entries: Vec<(String, RGBColor)> = sets
        .iter()
        .enumerate()
        .map(|(i, (f, _))| (format!("{} (median {:.1})", f.label, f.median_floor), colour(i)))
        .collect();
    draw_legend(&under, &entries, Swatch::Line(2))?;
    area.present()?;
    Ok(())
}

/// Damage dealt (solid) and taken (thin) on each floor, the mean over the
/// runs that reached it, a pair of lines per set.
fn damage_plot(svg: &mut String, sets: &[(SetFigures, Vec<RunResult>)]) -> Drawn {
    let deepest = sets.iter().flat_map(|(_, r)| r.iter().map(|r| r.floor)).max().unwrap_or(1).max(1);
    let mean_on = |runs: &[RunResult], floor: u32, pick: &dyn Fn(&RunResult) -> &Vec<u32>| {
        let reached: Vec<f64> = runs
            .iter()
            .filter(|r| r.floor >= floor)
            .map(|r| f64::from(pick(r).get(floor as usize - 1).copied().unwrap_or(0)))
            .collect();
        (!reached.is_empty()).then(|| reached.iter().sum::<f64>() / reached.len() as f64)
    };
    fn dealt(r: &RunResult) -> &Vec<u32> {
        &r.dealt
    }
    fn taken(r: &RunResult) -> &Vec<u32> {
        &r.taken
    }
    let series = |runs: &[RunResult], pick: &dyn Fn(&RunResult) -> &Vec<u32>| {
        (1..=deepest).filter_map(|f| mean_on(runs, f, pick).map(|m| (f, m))).collect::<Vec<(u32, f64)>>()
    };
    let top = sets
        .iter()
        .flat_map(|(_, r)| series(r, &dealt).into_iter().chain(series(r, &taken)).map(|(_, m)| m))
        .fold(10.0_f64, f64::max);
    let [area, under] = plot_areas(svg, sets.len())?;
    let mut chart = ChartBuilder::on(&area)
        .caption("Damage per floor: dealt (thick) and taken (thin), mean of the runs there", ("sans-serif", 18))
        .margin(MARGIN)
        .x_label_area_size(36)
        .y_label_area_size(Y_LABELS)
        .build_cartesian_2d(1u32..deepest, 0.0..top * 1.1)?;
    chart.configure_mesh().x_desc("floor").y_desc("health").draw()?;
    for (i, (_, runs)) in sets.iter().enumerate() {
        let c = colour(i);
        chart.draw_series(LineSeries::new(series(runs, &dealt), c.stroke_width(3)))?;
        chart.draw_series(LineSeries::new(series(runs, &taken), c.stroke_width(1)))?;
    }
    draw_legend(&under, &named(sets), Swatch::Line(3))?;
    area.present()?;
    Ok(())
}

/// Items used per run, by kind: the kinds used most across the sets, a group of bars each.
fn items_plot(svg: &mut String, sets: &[(SetFigures, Vec<RunResult>)]) -> Drawn {
    let per_run = |runs: &[RunResult], kind: &str| {
        runs.iter().map(|r| f64::from(r.used.get(kind).copied().unwrap_or(0))).sum::<f64>() / runs.len().max(1) as f64
    };
    let mut all: BTreeMap<&str, f64> = BTreeMap::new();
    for (_, runs) in sets {
        for r in runs {
            for (k, n) in &r.used {
                *all.entry(k.as_str()).or_default() += f64::from(*n);
            }
        }
    }
    let kinds = most(all);
    let top = sets.iter().flat_map(|(_, r)| kinds.iter().map(move |k| per_run(r, k))).fold(1.0_f64, f64::max) * 1.15;
    let names: Vec<String> = kinds.iter().map(|k| k.replace('_', " ")).collect();
    let value = |s: usize, g: usize| per_run(&sets[s].1, kinds[g]);
    grouped_bars(svg, "Items used per run, by kind", sets, &names, top, &value)
}

/// The (at most 8) names with the largest totals, the largest first.
fn most(totals: BTreeMap<&str, f64>) -> Vec<&str> {
    let mut named: Vec<(&str, f64)> = totals.into_iter().collect();
    named.sort_by(|a, b| b.1.total_cmp(&a.1).then(a.0.cmp(b.0)));
    named.into_iter().take(8).map(|(n, _)| n).collect()
}

/// A group of bars for each of `names`, a bar per set in it (`value(set, group)`),
/// the groups named under the axis and the sets in the legend.
fn grouped_bars(
    svg: &mut String,
    title: &str,
    sets: &[(SetFigures, Vec<RunResult>)],
    names: &[String],
    top: f64,
    value: &dyn Fn(usize, usize) -> f64,
) -> Drawn {
    let [area, under] = plot_areas(svg, sets.len())?;
    let groups = names.len().max(1) as u32;
    let mut chart = ChartBuilder::on(&area)
        .caption(title, ("sans-serif", 18))
        .margin(MARGIN)
        .x_label_area_size(40)
        .y_label_area_size(Y_LABELS)
        .build_cartesian_2d(0.0..f64::from(groups), 0.0..top)?;
    // A label at the start of each group, moved right by half a group.
    let half_group = ((PAGE_W - 2 * MARGIN - Y_LABELS) / groups / 2) as i32;
    chart
        .configure_mesh()
        .disable_x_mesh()
        .x_labels(groups as usize + 1)
        .x_label_offset(half_group)
        .x_label_formatter(&|x| {
            let at = x.round();
            names.get(at as usize).filter(|_| (x - at).abs() < 1e-6).cloned().unwrap_or_default()
        })
        .draw()?;
    let width = 0.8 / sets.len().max(1) as f64;
    for s in 0..sets.len() {
        let c = colour(s);
        let bars = (0..names.len()).map(|g| {
            let x0 = g as f64 + 0.1 + width * s as f64;
            Rectangle::new([(x0, 0.0), (x0 + width, value(s, g))], c.filled())
        });
        chart.draw_series(bars)?;
    }
    draw_legend(&under, &named(sets), Swatch::Block)?;
    area.present()?;
    Ok(())
}

/// A bar per set with its 95% margin (`value` and `margin` of each), the
/// bars across the page, top to bottom in the table's order, each named
/// in full at its left.
fn means_plot(
    svg: &mut String,
    title: &str,
    sets: &[(SetFigures, Vec<RunResult>)],
    value: &dyn Fn(&SetFigures) -> (f64, f64),
) -> Drawn {
    let top = sets.iter().map(|(f, _)| value(f).0 + value(f).1).fold(1.0_f64, f64::max) * 1.15;
    let n = sets.len() as u32;
    let longest = sets.iter().map(|(f, _)| f.label.chars().count()).max().unwrap_or(0) as u32;
    let names_w = (longest * 8 + 24).clamp(Y_LABELS, PAGE_W / 2);
    let root = SVGBackend::with_string(svg, (PAGE_W, 90 + n * 34)).into_drawing_area();
    root.fill(&WHITE)?;
    let mut chart = ChartBuilder::on(&root)
        .caption(title, ("sans-serif", 18))
        .margin(MARGIN)
        .x_label_area_size(30)
        .y_label_area_size(names_w)
        .build_cartesian_2d(0.0..top, (0u32..n).into_segmented())?;
    // The first set at the top, as in the table.
    let row = |i: usize| n - 1 - i as u32;
    let label = |v: &SegmentValue<u32>| match v {
        SegmentValue::CenterOf(r) if *r < n => sets[(n - 1 - r) as usize].0.label.clone(),
        _ => String::new(),
    };
    chart.configure_mesh().disable_y_mesh().y_label_formatter(&label).y_label_style(("sans-serif", 15)).draw()?;
    for (i, (f, _)) in sets.iter().enumerate() {
        let (v, m) = value(f);
        let c = colour(i);
        let mut bar = Rectangle::new(
            [(0.0, SegmentValue::Exact(row(i))), (v, SegmentValue::Exact(row(i) + 1))],
            c.mix(0.8).filled(),
        );
        bar.set_margin(5, 5, 0, 0);
        chart.draw_series(std::iter::once(bar))?;
        let mid = SegmentValue::CenterOf(row(i));
        chart.draw_series(std::iter::once(PathElement::new(
            vec![((v - m).max(0.0), mid.clone()), (v + m, mid)],
            BLACK.stroke_width(2),
        )))?;
    }
    root.present()?;
    Ok(())
}

/// Deaths by killer, as a share of each set's deaths: the killers that
/// killed most across the sets, a group of bars each.
fn killers_plot(svg: &mut String, sets: &[(SetFigures, Vec<RunResult>)]) -> Drawn {
    let mut all: BTreeMap<&str, f64> = BTreeMap::new();
    for (f, _) in sets {
        for (k, n) in &f.killers {
            *all.entry(k.as_str()).or_default() += *n as f64 / f.deaths().max(1) as f64;
        }
    }
    let killers = most(all);
    let share = |f: &SetFigures, k: &str| {
        100.0 * f.killers.iter().find(|(name, _)| name == k).map_or(0, |(_, n)| *n) as f64 / f.deaths().max(1) as f64
    };
    let names: Vec<String> =
        killers.iter().map(|k| k.trim_start_matches("a ").trim_start_matches("an ").to_string()).collect();
    let value = |s: usize, g: usize| share(&sets[s].0, killers[g]);
    grouped_bars(svg, "Deaths by killer (share of each set's deaths, %)", sets, &names, 100.0, &value)
}

/// The plots, each written as `NAME.svg`.
const PLOTS: [&str; 7] = ["floors", "killers", "damage", "items", "wins", "turns", "levels"];
/// The page.
const PAGE: &str = "report.html";

/// Makes the report's folder `dir` ready, before any run: made if nothing
/// is there, refused if something other than a folder (or a link to one)
/// is; and every file the report writes in it absent or a regular file (a
/// FIFO would hang the writing, a link would write elsewhere).
pub fn prepare_folder(dir: &Path) -> Result<(), ReportError> {
    match std::fs::metadata(dir) {
        Ok(meta) if !meta.is_dir() => {
            return Err(ReportError::NotAFolder { path: dir.to_path_buf(), kind: kind_of(&meta) })
        }
        _ => std::fs::create_dir_all(dir).map_err(|error| ReportError::Folder { path: dir.to_path_buf(), error })?,
    }
    for name in PLOTS.iter().map(|p| format!("{p}.svg")).chain([PAGE.to_string()]) {
        let path = dir.join(name);
        if let Ok(meta) = std::fs::symlink_metadata(&path) {
            if !meta.is_file() {
                return Err(ReportError::NotAFile { path, kind: kind_of(&meta) });
            }
        }
    }
    Ok(())
}

/// Writes the plots (`*.svg`) and `report.html` into `dir` (checked again
/// as [`prepare_folder`] checks it); returns the page's path.
pub fn write_report(dir: &Path, sets: &[(SetFigures, Vec<RunResult>)]) -> Result<PathBuf, ReportError> {
    prepare_folder(dir)?;
    let fail = |plot: &'static str, error: Box<dyn std::error::Error + Send + Sync>| ReportError::Plot { plot, error };
    let mut plots: Vec<(&str, String)> = Vec::new();
    let mut svg = String::new();
    floors_plot(&mut svg, sets).map_err(|e| fail("floor", e))?;
    plots.push(("floors", std::mem::take(&mut svg)));
    killers_plot(&mut svg, sets).map_err(|e| fail("killer", e))?;
    plots.push(("killers", std::mem::take(&mut svg)));
    damage_plot(&mut svg, sets).map_err(|e| fail("damage", e))?;
    plots.push(("damage", std::mem::take(&mut svg)));
    items_plot(&mut svg, sets).map_err(|e| fail("items", e))?;
    plots.push(("items", std::mem::take(&mut svg)));
    means_plot(&mut svg, "Wins (% of runs, 95% margin)", sets, &|f| (100.0 * f.wins.mean, 100.0 * f.wins.margin))
        .map_err(|e| fail("wins", e))?;
    plots.push(("wins", std::mem::take(&mut svg)));
    means_plot(&mut svg, "Turns survived (mean, 95% margin)", sets, &|f| (f.turns.mean, f.turns.margin))
        .map_err(|e| fail("turns", e))?;
    plots.push(("turns", std::mem::take(&mut svg)));
    let level = |f: &SetFigures| f.level.map_or((0.0, 0.0), |l| (l.mean, l.margin));
    means_plot(&mut svg, "Level reached (mean, 95% margin)", sets, &level).map_err(|e| fail("level", e))?;
    plots.push(("levels", std::mem::take(&mut svg)));
    debug_assert_eq!(plots.iter().map(|(name, _)| *name).collect::<Vec<_>>(), PLOTS);
    for (name, svg) in &plots {
        let path = dir.join(format!("{name}.svg"));
        std::fs::write(&path, svg).map_err(|error| ReportError::Write { path: path.clone(), error })?;
    }
    let figures: Vec<SetFigures> = sets.iter().map(|(f, _)| f.clone()).collect();
    let legend: Vec<String> = sets
        .iter()
        .enumerate()
        .map(|(i, (f, _))| {
            let RGBColor(r, g, b) = colour(i);
            format!("<li><span style=\"color:#{r:02x}{g:02x}{b:02x}\">&#9632;</span> {}</li>", escape(&f.label))
        })
        .collect();
    // The column is as wide as the plots; a plot shrinks with a narrower window.
    let mut html = format!(
        "<!doctype html>\n<html><head><meta charset=\"utf-8\"><title>Emberdeep balance report</title>\n\
         <style>body{{font-family:sans-serif;margin:24px auto;padding:0 24px;max-width:{PAGE_W}px;background:#f6f4f0}}\
         pre{{background:#fff;padding:12px;border:1px solid #ccc;overflow-x:auto}}\
         .plots{{display:flex;flex-direction:column;gap:12px}}.plots div{{background:#fff;border:1px solid #ccc}}\
         .plots svg{{display:block;width:100%;height:auto}}</style></head><body>\n\
         <h1>Emberdeep balance report</h1>\n",
    );
    html.push_str(&format!(
        "<p>{} runs of each set, the same seeds for every set (run <i>i</i> plays seed + <i>i</i>). \
         The bars' lines and the ± figures are 95% margins (1.96 standard errors of the mean). \
         The sets, in their colours:</p>\n<ul>{}</ul>\n",
        sets.first().map_or(0, |(f, _)| f.runs),
        legend.join("")
    ));
    html.push_str("<div class=\"plots\">\n");
    for (_, svg) in &plots {
        html.push_str(&format!("<div>{svg}</div>\n"));
    }
    html.push_str(&format!("</div>\n<h2>The figures</h2>\n<pre>{}</pre>\n</body></html>\n", escape(&table(&figures))));
    let page = dir.join(PAGE);
    std::fs::write(&page, html).map_err(|error| ReportError::Write { path: page.clone(), error })?;
    Ok(page)
}

/// Text made safe for HTML.
fn escape(text: &str) -> String {
    text.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(floor: u32, won: bool, killer: Option<&str>) -> RunResult {
        let used = [("healing_potion".to_string(), floor / 2)].into_iter().collect();
        let dealt = (1..=floor).map(|f| 10 * f).collect();
        let taken = (1..=floor).map(|f| 5 * f).collect();
        RunResult {
            turns: 90 * u64::from(floor),
            floor,
            killer: killer.map(String::from),
            won,
            level: Some(3),
            dealt,
            taken,
            used,
        }
    }

    #[test]
    fn a_report_folder_holding_what_it_must_not_write_over_is_refused() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("file");
        std::fs::write(&file, "mine").unwrap();
        let e = prepare_folder(&file).unwrap_err().to_string();
        assert!(e.ends_with("file: the report folder is not a folder but a regular file"), "{e}");
        let folder = dir.path().join("made/here");
        prepare_folder(&folder).unwrap();
        assert!(folder.is_dir(), "made when absent");
        std::os::unix::fs::symlink(&file, folder.join("wins.svg")).unwrap();
        let e = prepare_folder(&folder).unwrap_err().to_string();
        assert!(
            e.ends_with("wins.svg: the report would write over a link; only a regular file is written over"),
            "{e}"
        );
        std::fs::remove_file(folder.join("wins.svg")).unwrap();
        if std::process::Command::new("mkfifo").arg(folder.join("report.html")).status().is_ok_and(|s| s.success()) {
            let e = prepare_folder(&folder).unwrap_err().to_string();
            assert!(e.contains("report.html: the report would write over a FIFO"), "{e}");
        }
    }

    #[test]
    fn the_report_holds_every_plot_inline_and_beside_it() {
        let a = vec![run(2, false, Some("an orc")), run(5, false, Some("an ogre")), run(12, true, None)];
        let b = vec![run(3, false, Some("an orc")), run(4, false, Some("an orc <&>"))];
        let sets = vec![(SetFigures::of("core_combat", &a), a), (SetFigures::of("core_combat,equipment", &b), b)];
        let dir = tempfile::tempdir().unwrap();
        let page = write_report(dir.path(), &sets).unwrap();
        let html = std::fs::read_to_string(&page).unwrap();
        for plot in ["floors", "killers", "damage", "items", "wins", "turns", "levels"] {
            let svg = std::fs::read_to_string(dir.path().join(format!("{plot}.svg"))).unwrap();
            assert!(svg.starts_with("<svg") && svg.len() > 1000, "{plot}.svg is a drawing");
            assert!(html.contains(&svg), "report.html holds {plot}.svg inline");
        }
        assert_eq!(html.matches("<svg").count(), 7, "self-contained: the plots are in the page");
        assert!(!html.contains("src=\"") && !html.contains("href=\""), "nothing outside the page is named");
        assert!(
            html.contains("core_combat (median 5.0)") || html.contains("core_combat (median"),
            "the legend names the sets"
        );
        assert!(html.contains("orc &lt;&amp;&gt;"), "the table's text is escaped");
        assert!(html.contains("</span> core_combat,equipment</li>"), "the sets are listed by name");
    }

    /// The vertical place and the words of every text in an SVG drawn by plotters.
    fn texts(svg: &str) -> Vec<(f64, String)> {
        svg.split("<text")
            .skip(1)
            .filter_map(|t| {
                let y = t.split(" y=\"").nth(1)?.split('"').next()?.parse().ok()?;
                let words = t.split_once('>')?.1.split("</text>").next()?.trim().to_string();
                Some((y, words))
            })
            .collect()
    }

    #[test]
    fn the_plots_fill_the_page_keep_their_legends_below_and_name_the_sets_in_full() {
        let a = vec![run(2, false, Some("an orc")), run(5, false, Some("an ogre")), run(12, true, None)];
        let b = vec![run(3, false, Some("an orc")), run(4, false, Some("an orc"))];
        let names = ["core_combat", "core_combat,equipment"];
        let sets = vec![(SetFigures::of(names[0], &a), a), (SetFigures::of(names[1], &b), b)];
        let dir = tempfile::tempdir().unwrap();
        let html = std::fs::read_to_string(write_report(dir.path(), &sets).unwrap()).unwrap();
        assert!(html.contains(&format!("max-width:{PAGE_W}px")), "the page's column is the plots' width");
        assert!(html.contains(".plots svg{display:block;width:100%"), "a plot takes the column's width");
        for plot in PLOTS {
            let svg = std::fs::read_to_string(dir.path().join(format!("{plot}.svg"))).unwrap();
            assert!(
                svg.starts_with(&format!("<svg width=\"{PAGE_W}\"")),
                "{plot}.svg is the page's width: {}",
                &svg[..40]
            );
            let texts = texts(&svg);
            assert!(!texts.iter().any(|(_, t)| t == "CE"), "{plot}.svg names no set by its initials: {texts:?}");
            let named = |(_, t): &&(f64, String)| names.iter().any(|n| t.starts_with(n));
            assert_eq!(texts.iter().filter(named).count(), 2, "{plot}.svg names both sets in full: {texts:?}");
            if ["wins", "turns", "levels"].contains(&plot) {
                continue; // the sets name the bars on the axis
            }
            let lowest_other = texts.iter().filter(|t| !named(t)).map(|t| t.0).fold(f64::MIN, f64::max);
            for (y, t) in texts.iter().filter(named) {
                assert!(
                    *y > lowest_other + 10.0,
                    "{plot}.svg: the legend's {t:?} at {y} is under the plot (its lowest text at {lowest_other})"
                );
            }
        }
    }
}
