//! Reads a crate's sources and finds the modules that import each other in
//! a circle. An import is any path to another module of the crate in a
//! file's code: `crate::a::b`, `super::c`, or a child module named at the
//! start of a `use` (`use call::Entry` in a `mod.rs`). Comments and string
//! contents are skipped. Shared by the engine's and the binary's tests.
#![allow(dead_code)]

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// A module's path inside its crate: `["boundary", "call"]`; the root is empty.
pub type ModPath = Vec<String>;

/// Every module of the crate under `src`, with the modules it imports.
pub struct Crate {
    /// Module → (imported module → the first line of the file naming it).
    pub imports: BTreeMap<ModPath, BTreeMap<ModPath, String>>,
    /// Module → its file.
    pub files: BTreeMap<ModPath, PathBuf>,
}

/// Reads every `.rs` file under `src` (`lib.rs` or `main.rs` is the root).
pub fn read_crate(src: &Path) -> Crate {
    let mut files = BTreeMap::new();
    collect(src, src, &mut files);
    let modules: BTreeSet<ModPath> = files.keys().cloned().collect();
    let mut imports = BTreeMap::new();
    for (module, file) in &files {
        let text = std::fs::read_to_string(file).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
        let is_dir_module = file.ends_with("mod.rs") || file.ends_with("lib.rs") || file.ends_with("main.rs");
        imports.insert(module.clone(), imports_of(&text, module, is_dir_module, &modules));
    }
    Crate { imports, files }
}

fn collect(root: &Path, dir: &Path, out: &mut BTreeMap<ModPath, PathBuf>) {
    let mut entries: Vec<PathBuf> =
        std::fs::read_dir(dir).expect("a source folder").flatten().map(|e| e.path()).collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            collect(root, &path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            let rel = path.strip_prefix(root).expect("under the root");
            let mut parts: Vec<String> = rel.iter().map(|p| p.to_string_lossy().into_owned()).collect();
            let last = parts.pop().expect("a file name");
            let stem = last.trim_end_matches(".rs");
            if !matches!(stem, "mod" | "lib" | "main") {
                parts.push(stem.to_string());
            }
            if parts.is_empty() && stem == "main" && out.contains_key(&Vec::new()) {
                continue; // a binary's main.rs beside lib.rs is its own crate
            }
            out.insert(parts, path);
        }
    }
}

/// The code of a file with comments and the insides of strings blanked.
fn code_only(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let chars: Vec<char> = text.chars().collect();
    let (mut i, mut in_str) = (0, false);
    while i < chars.len() {
        let c = chars[i];
        if in_str {
            if c == '\\' {
                i += 2;
                continue;
            }
            if c == '"' {
                in_str = false;
                out.push('"');
            } else if c == '\n' {
                out.push('\n');
            }
            i += 1;
            continue;
        }
        if c == '/' && chars.get(i + 1) == Some(&'/') {
            while i < chars.len() && chars[i] != '\n' {
                i += 1;
            }
            continue;
        }
        if c == '"' && (i == 0 || chars[i - 1] != '\'') {
            in_str = true;
        }
        out.push(c);
        i += 1;
    }
    out
}

fn ident_at(chars: &[char], mut i: usize) -> (String, usize) {
    let start = i;
    while i < chars.len() && (chars[i].is_ascii_alphanumeric() || chars[i] == '_') {
        i += 1;
    }
    (chars[start..i].iter().collect(), i)
}

/// The paths starting at `i` (just after `crate::` or `super::`): one
/// path, or several for a `{...}` group, each as segments.
fn paths_at(chars: &[char], i: usize) -> Vec<Vec<String>> {
    if chars.get(i) == Some(&'{') {
        let mut depth = 0;
        let mut j = i;
        let mut group = String::new();
        while j < chars.len() {
            match chars[j] {
                '{' => depth += 1,
                '}' => {
                    depth -= 1;
                    if depth == 0 {
                        break;
                    }
                }
                _ => {}
            }
            group.push(chars[j]);
            j += 1;
        }
        let inner: String = group.chars().skip(1).collect();
        return split_top(&inner)
            .iter()
            .flat_map(|part| {
                let part: Vec<char> = part.trim().chars().collect();
                paths_at(&part, 0)
            })
            .collect();
    }
    let mut segments = Vec::new();
    let mut j = i;
    loop {
        let (word, next) = ident_at(chars, j);
        if word.is_empty() {
            if chars.get(j) == Some(&'{') {
                let tails = paths_at(chars, j);
                return tails.into_iter().map(|t| segments.iter().cloned().chain(t).collect()).collect();
            }
            break;
        }
        segments.push(word);
        j = next;
        if chars.get(j) == Some(&':') && chars.get(j + 1) == Some(&':') {
            j += 2;
        } else {
            break;
        }
    }
    vec![segments]
}

/// Splits a group's text at its top-level commas.
fn split_top(text: &str) -> Vec<String> {
    let (mut parts, mut depth, mut cur) = (Vec::new(), 0, String::new());
    for c in text.chars() {
        match c {
            '{' => depth += 1,
            '}' => depth -= 1,
            ',' if depth == 0 => {
                parts.push(std::mem::take(&mut cur));
                continue;
            }
            _ => {}
        }
        cur.push(c);
    }
    parts.push(cur);
    parts
}

/// The longest prefix of `path` that is a module, if it is another one than `me`.
fn module_of(path: &[String], me: &ModPath, modules: &BTreeSet<ModPath>) -> Option<ModPath> {
    (1..=path.len()).rev().map(|n| path[..n].to_vec()).find(|p| modules.contains(p)).filter(|p| p != me)
}

fn imports_of(text: &str, me: &ModPath, dir_module: bool, modules: &BTreeSet<ModPath>) -> BTreeMap<ModPath, String> {
    let code = code_only(text);
    let mut found: BTreeMap<ModPath, String> = BTreeMap::new();
    // The module `super` names: the parent of a file module, the grandparent of a `mod.rs`'s.
    let parent: ModPath = if dir_module {
        me.iter().take(me.len().saturating_sub(1)).cloned().collect()
    } else {
        me[..me.len().saturating_sub(1)].to_vec()
    };
    let here: ModPath = me.clone();
    // Braces open now, and the depths at which inline modules (`mod tests {`)
    // began: inside one, `super` is this file's own module.
    let (mut depth, mut inline): (i32, Vec<i32>) = (0, Vec::new());
    for line in code.lines() {
        let chars: Vec<char> = line.chars().collect();
        let bare = line.replace("'{'", "").replace("'}'", "");
        let words: Vec<&str> = bare.split_whitespace().collect();
        let opens_module = words.windows(3).any(|w| w[0] == "mod" && w[2] == "{")
            || words.windows(2).any(|w| w[0] == "mod" && w[1].ends_with('{') && w[1].len() > 1);
        if opens_module {
            inline.push(depth);
        }
        depth += bare.matches('{').count() as i32 - bare.matches('}').count() as i32;
        while inline.last().is_some_and(|&d| depth <= d) && !opens_module {
            inline.pop();
        }
        let parent = if inline.is_empty() { parent.clone() } else { here.clone() };
        let mut add = |abs: Vec<String>| {
            if let Some(m) = module_of(&abs, me, modules) {
                found.entry(m).or_insert_with(|| line.trim().to_string());
            }
        };
        for (at, _) in line.match_indices("crate::") {
            let before = line[..at].chars().last();
            if before.is_some_and(|c| c.is_ascii_alphanumeric() || c == '_' || c == '$') {
                continue;
            }
            for p in paths_at(&chars, line[..at + 7].chars().count()) {
                add(p);
            }
        }
        for (at, _) in line.match_indices("super::") {
            let before = line[..at].chars().last();
            if before.is_some_and(|c| c.is_ascii_alphanumeric() || c == '_' || c == ':') {
                continue;
            }
            for p in paths_at(&chars, line[..at + 7].chars().count()) {
                // `super::super::x` is not used in this project; one level up is enough.
                add(parent.iter().cloned().chain(p).collect());
            }
        }
        let trimmed = line.trim_start();
        for prefix in ["use ", "pub use ", "pub(crate) use "] {
            if let Some(rest) = trimmed.strip_prefix(prefix) {
                let rest: Vec<char> = rest.chars().collect();
                for p in paths_at(&rest, 0) {
                    if matches!(p.first().map(String::as_str), Some("crate" | "super" | "self") | None) {
                        continue;
                    }
                    // `use child::x`: a module's own child module.
                    let base = here.clone();
                    // Only a module's own child: `use std::...` names another crate.
                    if modules.contains(&base.iter().cloned().chain(p.iter().take(1).cloned()).collect::<ModPath>()) {
                        add(base.iter().cloned().chain(p).collect());
                    }
                }
            }
        }
    }
    found
}

/// Every circle of imports, each as its modules in order (the first repeated
/// at the end), with the line that makes each step.
pub fn circles(krate: &Crate) -> Vec<Vec<(ModPath, String)>> {
    // Tarjan's strongly connected components; each one with more than one
    // module holds a circle, which a walk inside it finds.
    let nodes: Vec<&ModPath> = krate.imports.keys().collect();
    let index_of: BTreeMap<&ModPath, usize> = nodes.iter().enumerate().map(|(i, m)| (*m, i)).collect();
    let edges: Vec<Vec<usize>> =
        nodes.iter().map(|m| krate.imports[*m].keys().filter_map(|t| index_of.get(t).copied()).collect()).collect();
    let mut tarjan = Tarjan::new(&edges);
    for v in 0..nodes.len() {
        if tarjan.index[v] == usize::MAX {
            tarjan.strong(v);
        }
    }
    let components = tarjan.components;
    let mut out = Vec::new();
    for component in components.into_iter().filter(|c| c.len() > 1) {
        let inside: BTreeSet<usize> = component.iter().copied().collect();
        let start = *inside.iter().next().expect("not empty");
        // The shortest way from `start` back to it inside the component (breadth first).
        let mut came_from: BTreeMap<usize, usize> = BTreeMap::new();
        let mut queue = std::collections::VecDeque::from([start]);
        'search: while let Some(v) = queue.pop_front() {
            for &w in edges[v].iter().filter(|w| inside.contains(w)) {
                if w == start {
                    came_from.insert(usize::MAX, v);
                    break 'search;
                }
                if w != start && !came_from.contains_key(&w) {
                    came_from.insert(w, v);
                    queue.push_back(w);
                }
            }
        }
        let mut path = vec![start];
        let mut v = came_from[&usize::MAX];
        while v != start {
            path.push(v);
            v = came_from[&v];
        }
        path.push(start);
        // Built backwards, from the last step to the first.
        path.reverse();
        let steps = path
            .windows(2)
            .map(|pair| {
                let (a, b) = (nodes[pair[0]], nodes[pair[1]]);
                (a.clone(), krate.imports[a][b].clone())
            })
            .chain(std::iter::once((nodes[*path.last().expect("a step")].clone(), String::new())))
            .collect();
        out.push(steps);
    }
    out
}

/// `a::b`, or `crate` for the root.
pub fn name(m: &ModPath) -> String {
    if m.is_empty() {
        "crate".into()
    } else {
        m.join("::")
    }
}

/// A circle as lines: each module and the import that leads on.
pub fn describe(circle: &[(ModPath, String)]) -> String {
    circle
        .iter()
        .map(|(m, line)| if line.is_empty() { name(m) } else { format!("{}  ({line})", name(m)) })
        .collect::<Vec<_>>()
        .join("\n  -> ")
}

/// Tarjan's strongly connected components of a graph given as edge lists.
struct Tarjan<'a> {
    edges: &'a [Vec<usize>],
    counter: usize,
    index: Vec<usize>,
    low: Vec<usize>,
    on_stack: Vec<bool>,
    stack: Vec<usize>,
    components: Vec<Vec<usize>>,
}

impl<'a> Tarjan<'a> {
    fn new(edges: &'a [Vec<usize>]) -> Self {
        let n = edges.len();
        Tarjan {
            edges,
            counter: 0,
            index: vec![usize::MAX; n],
            low: vec![0; n],
            on_stack: vec![false; n],
            stack: Vec::new(),
            components: Vec::new(),
        }
    }

    fn strong(&mut self, v: usize) {
        self.index[v] = self.counter;
        self.low[v] = self.counter;
        self.counter += 1;
        self.stack.push(v);
        self.on_stack[v] = true;
        for &w in &self.edges[v] {
            if self.index[w] == usize::MAX {
                self.strong(w);
                self.low[v] = self.low[v].min(self.low[w]);
            } else if self.on_stack[w] {
                self.low[v] = self.low[v].min(self.index[w]);
            }
        }
        if self.low[v] == self.index[v] {
            let mut component = Vec::new();
            while let Some(w) = self.stack.pop() {
                self.on_stack[w] = false;
                component.push(w);
                if w == v {
                    break;
                }
            }
            self.components.push(component);
        }
    }
}

/// A layer of a crate: a name and the module paths that belong to it (a
/// module belongs to the layer with the longest prefix of its path).
pub struct Layer {
    /// How the layer is called in a failure.
    pub name: &'static str,
    /// Module path prefixes, as `"plugins::boundary"`.
    pub prefixes: &'static [&'static str],
}

/// The index in `layers` of the layer `module` belongs to, if any.
pub fn layer_of(layers: &[Layer], module: &ModPath) -> Option<usize> {
    let mut best: Option<(usize, usize)> = None;
    for (i, layer) in layers.iter().enumerate() {
        for prefix in layer.prefixes {
            let parts: Vec<&str> = prefix.split("::").collect();
            let matches = module.len() >= parts.len() && module.iter().zip(&parts).all(|(a, b)| a == b);
            if matches && best.is_none_or(|(len, _)| parts.len() > len) {
                best = Some((parts.len(), i));
            }
        }
    }
    best.map(|(_, i)| i)
}

/// Every import that reaches up: from a module of one layer into a module
/// of a later one, as "`world::game` (world) imports `rules::turn` (rules): LINE".
/// Modules in no layer (the crate root) are left out.
pub fn imports_against(krate: &Crate, layers: &[Layer]) -> Vec<String> {
    let mut wrong = Vec::new();
    for (module, imported) in &krate.imports {
        let Some(from) = layer_of(layers, module) else { continue };
        for (target, line) in imported {
            let Some(to) = layer_of(layers, target) else { continue };
            if to > from {
                wrong.push(format!(
                    "`{}` ({}) imports `{}` ({}): {line}",
                    name(module),
                    layers[from].name,
                    name(target),
                    layers[to].name
                ));
            }
        }
    }
    wrong
}
