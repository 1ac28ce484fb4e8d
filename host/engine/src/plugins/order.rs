//! The plugins' dependencies: every need met at its oldest version or newer
//! ([`check_dependencies`]), and each plugin after those it needs
//! ([`order_by_dependencies`]), so a dependency's hooks answer first.

use crate::plugins::registry::{LoadedPlugin, Plugins};

/// A plugin needs another that is not loaded, or is too old.
#[derive(Debug, thiserror::Error)]
#[error("plugin '{plugin}' needs '{needs}' {min_version} or newer, {problem}")]
pub struct DependencyError {
    /// The plugin with the need.
    pub plugin: String,
    /// The plugin it needs.
    pub needs: String,
    /// The oldest version that will do.
    pub min_version: String,
    /// What is wrong.
    pub problem: Unmet,
}

/// What is wrong with a need.
#[derive(Debug, thiserror::Error)]
pub enum Unmet {
    /// The plugin needed is not in the set.
    #[error("which is not loaded (add it to --plugins, or put its library in the plugin folder)")]
    NotLoaded,
    /// The plugin needed is older than the need.
    #[error("but {needs} is {version}; update {needs}")]
    TooOld {
        /// The plugin needed.
        needs: String,
        /// Its version.
        version: String,
    },
}

/// A version as numbers (`0.1.0` → [0, 1, 0]): its first three parts,
/// split at `.`, `-` and `+`; a part that is not a number counts as 0.
pub fn version_numbers(v: &str) -> Vec<u64> {
    v.split(['.', '-', '+']).take(3).map(|p| p.parse().unwrap_or(0)).collect()
}

/// Every plugin's needs are loaded, at their oldest version or newer; the
/// first need that is not is the error.
pub fn check_dependencies(loaded: &[LoadedPlugin]) -> Result<(), DependencyError> {
    for p in loaded {
        for (needs, min_version) in &p.needs {
            let problem = match loaded.iter().find(|q| &q.name == needs) {
                None => Unmet::NotLoaded,
                Some(q) if version_numbers(&q.version) < version_numbers(min_version) => {
                    Unmet::TooOld { needs: needs.clone(), version: q.version.clone() }
                }
                Some(_) => continue,
            };
            return Err(DependencyError {
                plugin: p.name.clone(),
                needs: needs.clone(),
                min_version: min_version.clone(),
                problem,
            });
        }
    }
    Ok(())
}

/// Puts every plugin after the plugins it needs, otherwise keeping name
/// order; hooks follow the same order, so a dependency's hooks answer first.
pub fn order_by_dependencies(plugins: &mut Plugins) {
    let mut ordered: Vec<LoadedPlugin> = Vec::new();
    let mut left = std::mem::take(&mut plugins.loaded);
    while !left.is_empty() {
        let ready = left
            .iter()
            .position(|p| {
                p.needs.iter().all(|(n, _)| ordered.iter().any(|o| &o.name == n) || !left.iter().any(|l| &l.name == n))
            })
            .unwrap_or(0);
        ordered.push(left.remove(ready));
    }
    plugins.loaded = ordered;
    let rank = |plugin: &str| plugins.loaded.iter().position(|p| p.name == plugin).unwrap_or(usize::MAX);
    let mut hooks = std::mem::take(&mut plugins.hooks);
    hooks.sort_by_key(|h| rank(h.plugin()));
    plugins.hooks = hooks;
    plugins.settle_standings();
}

#[cfg(test)]
mod tests {
    use std::path::PathBuf;

    use emberdeep_api::{Hooks, Registrar};

    use super::*;
    use crate::plugins::registry::Registration;

    /// A plugin `name` at `version` that needs `needs` (name, oldest version).
    fn plugin(name: &str, version: &str, needs: &[(&str, &str)]) -> LoadedPlugin {
        LoadedPlugin {
            player_level: None,
            events: None,
            sides: Vec::new(),
            standings: Vec::new(),
            name: name.into(),
            version: version.into(),
            path: PathBuf::from(format!("lib{name}.so")),
            needs: needs.iter().map(|(n, v)| (n.to_string(), v.to_string())).collect(),
            names: Default::default(),
            settings: Vec::new(),
            stored: Vec::new(),
            api_version: "1.0.0".into(),
            description: String::new(),
            homepage: String::new(),
            origin: Default::default(),
            stored_kinds: Vec::new(),
        }
    }

    #[test]
    fn versions_compare_as_numbers_not_as_text() {
        assert_eq!(version_numbers("0.1.0"), vec![0, 1, 0]);
        assert!(version_numbers("0.10.0") > version_numbers("0.9.0"), "10 is above 9, though \"1\" < \"9\"");
        assert!(version_numbers("1.0.0") > version_numbers("0.99.99"));
        assert_eq!(version_numbers("1.2.3-beta"), vec![1, 2, 3]);
        assert_eq!(version_numbers("1.2-rc1"), vec![1, 2, 0], "a part that is no number counts 0");
        assert_eq!(version_numbers("2.0.0+build7"), version_numbers("2.0.0"));
    }

    #[test]
    fn a_need_not_loaded_or_too_old_is_named_with_what_to_do() {
        let err = check_dependencies(&[plugin("addon", "0.1.0", &[("core_combat", "0.1.0")])]).unwrap_err();
        assert_eq!(
            err.to_string(),
            "plugin 'addon' needs 'core_combat' 0.1.0 or newer, which is not loaded \
             (add it to --plugins, or put its library in the plugin folder)"
        );
        let set = [plugin("core_combat", "0.1.0", &[]), plugin("too_new", "0.1.0", &[("core_combat", "0.10.0")])];
        let err = check_dependencies(&set).unwrap_err();
        assert_eq!(
            err.to_string(),
            "plugin 'too_new' needs 'core_combat' 0.10.0 or newer, but core_combat is 0.1.0; update core_combat"
        );
    }

    #[test]
    fn needs_met_at_their_version_or_newer_pass() {
        let set = [
            plugin("core_combat", "0.10.0", &[]),
            plugin("ranged", "0.1.0", &[("core_combat", "0.9.0")]),
            plugin("exact", "0.1.0", &[("core_combat", "0.10.0")]),
        ];
        check_dependencies(&set).expect("every need met");
        check_dependencies(&[]).expect("nothing to need");
    }

    struct Quiet;
    impl Hooks for Quiet {}

    /// A registry holding `loaded`, each with hooks.
    fn with_hooks(loaded: Vec<LoadedPlugin>) -> Plugins {
        let mut plugins = Plugins::default();
        for p in loaded {
            let mut reg = Registrar::new(&p.name, &p.version);
            reg.hooks(Quiet);
            plugins.add(Registration::from_registrar(reg), p.path.clone()).expect("no name twice");
            plugins.loaded.last_mut().expect("just added").needs = p.needs;
        }
        plugins
    }

    #[test]
    fn a_plugin_comes_after_those_it_needs_and_so_do_its_hooks() {
        // Sorted by name, as the loader adds them: `a_addon` needs `m_core`, which needs `z_base`.
        let mut plugins = with_hooks(vec![
            plugin("a_addon", "0.1.0", &[("m_core", "0.1.0")]),
            plugin("b_free", "0.1.0", &[]),
            plugin("m_core", "0.1.0", &[("z_base", "0.1.0")]),
            plugin("z_base", "0.1.0", &[]),
        ]);
        order_by_dependencies(&mut plugins);
        assert_eq!(plugins.names(), ["b_free", "z_base", "m_core", "a_addon"]);
        let hooks: Vec<&str> = plugins.hooks.iter().map(|h| h.plugin()).collect();
        assert_eq!(hooks, ["b_free", "z_base", "m_core", "a_addon"], "hooks follow the plugins' order");
    }

    #[test]
    fn without_needs_the_name_order_is_kept() {
        let mut plugins =
            with_hooks(vec![plugin("a", "1.0.0", &[]), plugin("b", "1.0.0", &[]), plugin("c", "1.0.0", &[])]);
        order_by_dependencies(&mut plugins);
        assert_eq!(plugins.names(), ["a", "b", "c"]);
        // A need that is not loaded holds nothing back (the check reports it).
        let mut plugins = with_hooks(vec![plugin("a", "1.0.0", &[("absent", "1.0.0")]), plugin("b", "1.0.0", &[])]);
        order_by_dependencies(&mut plugins);
        assert_eq!(plugins.names(), ["a", "b"]);
    }
}
