//! An example Emberdeep plugin that is data alone: three map pieces in
//! `data/vault_pack/pieces.toml`, which the game's generator lays into the
//! rooms of the floors they allow. The library registers nothing but says
//! it writes no events of its own; the pieces need the plugins whose
//! monsters and items they name (core_combat, equipment, ranged_combat), and are skipped
//! when those are left out.

use emberdeep_api::{export_plugin, PluginError, Registrar};

fn register(reg: &mut Registrar) -> Result<(), PluginError> {
    reg.describe("Example: three map pieces, data only", "");
    reg.writes_no_events();
    Ok(())
}

export_plugin!(register);

#[cfg(test)]
mod tests {
    #[test]
    fn it_registers_nothing_but_its_silence() {
        let mut reg = emberdeep_api::Registrar::new("vault_pack", "0.1.0");
        super::register(&mut reg).unwrap();
        assert_eq!(reg.names(), emberdeep_api::RegisteredNames::default());
    }
}
