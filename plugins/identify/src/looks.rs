//! The looks unknown potions and scrolls are shown by, and their shuffle:
//! pure functions of the run's seed and the sorted list of kinds, so the
//! same seed always gives the same looks and a save needs to keep none.
//! A look is a name and how it is drawn ([`drawn`]): a potion in its
//! look's colour, a scroll in the one colour of every unknown scroll, each
//! with the game's own sprite for its class, so that neither the colour
//! nor the sprite tells what the kind is.

use emberdeep_api::{Look, Rgba};

/// The textures of a potion's look.
pub const TEXTURES: [&str; 8] = ["murky", "bubbling", "smoky", "fizzing", "milky", "oily", "cloudy", "glittering"];

/// The colours of a potion's look, named and drawn ([`COLOUR_RGB`]).
pub const COLOURS: [&str; 12] =
    ["red", "blue", "green", "amber", "violet", "white", "black", "golden", "pink", "orange", "teal", "grey"];

/// How each of [`COLOURS`] is drawn (black a dark slate, so that it shows
/// on the dark floor).
pub const COLOUR_RGB: [(u8, u8, u8); 12] = [
    (215, 50, 50),
    (70, 110, 240),
    (60, 185, 75),
    (195, 135, 50),
    (160, 90, 225),
    (240, 240, 240),
    (95, 95, 115),
    (245, 205, 60),
    (245, 135, 190),
    (245, 125, 35),
    (40, 180, 170),
    (150, 150, 150),
];

/// The colour every unknown scroll is drawn in: parchment.
pub const PARCHMENT: Rgba = Rgba::rgb(225, 210, 170);

/// The syllables a scroll's label is made of, two to a label.
pub const SYLLABLES: [&str; 16] =
    ["XOTH", "KRA", "VEN", "DUL", "OM", "BRA", "TAL", "IQ", "MOR", "ASH", "PRYX", "EL", "NOOR", "VUSK", "ZEN", "QUO"];

/// How many distinct potion looks there are (a texture and a colour each).
pub const POTION_LOOKS: usize = TEXTURES.len() * COLOURS.len();
/// How many distinct scroll labels there are (two syllables each).
pub const SCROLL_LOOKS: usize = SYLLABLES.len() * SYLLABLES.len();

// Looks enough for twenty potions and twenty scrolls, each its own.
const _: () = assert!(POTION_LOOKS >= 20 && SCROLL_LOOKS >= 20);

/// What the plugin hides: the two classes whose kinds come unknown.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Class {
    /// `potion`: drunk.
    Potion,
    /// `scroll`: read.
    Scroll,
}

impl Class {
    /// The class of a record's `class`, if it is one the plugin hides.
    pub fn of(class: &str) -> Option<Class> {
        match class {
            "potion" => Some(Class::Potion),
            "scroll" => Some(Class::Scroll),
            _ => None,
        }
    }

    /// The verb that uses one: `Drink`, `Read`.
    pub fn verb(self) -> &'static str {
        match self {
            Class::Potion => "Drink",
            Class::Scroll => "Read",
        }
    }
}

/// splitmix64: a small generator of the plugin's own, seeded from the run's
/// seed (the run's random numbers are never drawn for a look).
struct Mix(u64);

impl Mix {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
}

/// The looks `0..n` in the order the run with `seed` hands them out
/// (Fisher-Yates); `salt` keeps the potions' order apart from the scrolls'.
pub fn shuffled(seed: u64, salt: u64, n: usize) -> Vec<usize> {
    let mut mix = Mix(seed ^ salt.wrapping_mul(0xD1B5_4A32_D192_ED03));
    let mut order: Vec<usize> = (0..n).collect();
    for i in (1..n).rev() {
        let j = (mix.next() % (i as u64 + 1)) as usize;
        order.swap(i, j);
    }
    order
}

/// The look number `look` of `class`, as the name of one and of several:
/// (`murky red potion`, `murky red potions`), (`scroll labelled XOTH KRA`,
/// `scrolls labelled XOTH KRA`).
pub fn look_names(class: Class, look: usize) -> (String, String) {
    match class {
        Class::Potion => {
            let texture = TEXTURES[look / COLOURS.len() % TEXTURES.len()];
            let colour = COLOURS[look % COLOURS.len()];
            (format!("{texture} {colour} potion"), format!("{texture} {colour} potions"))
        }
        Class::Scroll => {
            let first = SYLLABLES[look / SYLLABLES.len() % SYLLABLES.len()];
            let second = SYLLABLES[look % SYLLABLES.len()];
            (format!("scroll labelled {first} {second}"), format!("scrolls labelled {first} {second}"))
        }
    }
}

/// How look number `look` of `class` is drawn: a potion as `!` in its
/// colour, a scroll as `?` in parchment, each with the game's own pale
/// sprite of its class (which the tile view tints).
pub fn drawn(class: Class, look: usize) -> Look {
    match class {
        Class::Potion => {
            let (r, g, b) = COLOUR_RGB[look % COLOURS.len()];
            Look::new('!', Rgba::rgb(r, g, b), "potion")
        }
        Class::Scroll => Look::new('?', PARCHMENT, "scroll"),
    }
}

/// The look of each kind of `class` among `kinds` (sorted record ids of
/// that class), in the run with `seed`: the kinds take the shuffled looks
/// in their sorted order, so no two share one. Past the last look (more
/// kinds than looks) the looks come round again.
pub fn assign(seed: u64, class: Class, kinds: &[String]) -> Vec<(String, usize)> {
    let (salt, n) = match class {
        Class::Potion => (1, POTION_LOOKS),
        Class::Scroll => (2, SCROLL_LOOKS),
    };
    let order = shuffled(seed, salt, n);
    kinds.iter().enumerate().map(|(i, k)| (k.clone(), order[i % n])).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kinds(n: usize) -> Vec<String> {
        (0..n).map(|i| format!("kind_{i:02}")).collect()
    }

    #[test]
    fn there_are_looks_enough_for_twenty_potions_and_twenty_scrolls_each_its_own() {
        for class in [Class::Potion, Class::Scroll] {
            let looks: std::collections::BTreeSet<String> =
                assign(7, class, &kinds(20)).into_iter().map(|(_, l)| look_names(class, l).0).collect();
            assert_eq!(looks.len(), 20, "{class:?}: {looks:?}");
        }
    }

    #[test]
    fn the_same_seed_gives_the_same_looks_and_another_seed_others() {
        let a = assign(11, Class::Potion, &kinds(10));
        assert_eq!(a, assign(11, Class::Potion, &kinds(10)));
        assert_ne!(a, assign(12, Class::Potion, &kinds(10)));
        // Potions and scrolls are shuffled apart.
        assert_ne!(shuffled(11, 1, 50), shuffled(11, 2, 50));
    }

    #[test]
    fn a_look_names_one_and_several() {
        assert_eq!(look_names(Class::Potion, 0), ("murky red potion".to_string(), "murky red potions".to_string()));
        assert_eq!(look_names(Class::Scroll, 1).0, "scroll labelled XOTH KRA");
        assert_eq!(look_names(Class::Scroll, 1).1, "scrolls labelled XOTH KRA");
        assert_eq!(Class::of("potion"), Some(Class::Potion));
        assert_eq!(Class::of("wand"), None);
    }

    #[test]
    fn a_look_is_drawn_by_its_class_and_colour_alone() {
        // The name's colour is the colour drawn: red is red, teal teal.
        assert_eq!(look_names(Class::Potion, 0).0, "murky red potion");
        assert_eq!(drawn(Class::Potion, 0), Look::new('!', Rgba::rgb(215, 50, 50), "potion"));
        assert_eq!(look_names(Class::Potion, 10).0, "murky teal potion");
        assert_eq!(drawn(Class::Potion, 10).color, Rgba::rgb(40, 180, 170));
        assert_eq!(drawn(Class::Potion, 12).color, drawn(Class::Potion, 0).color, "every texture of red, red");
        let colours: std::collections::BTreeSet<(u8, u8, u8)> = COLOUR_RGB.iter().copied().collect();
        assert_eq!(colours.len(), COLOURS.len(), "each colour its own");
        assert_eq!(drawn(Class::Scroll, 1), drawn(Class::Scroll, 200), "every unknown scroll alike");
    }

    #[test]
    fn every_shuffle_is_a_permutation() {
        for seed in 0..50 {
            let mut order = shuffled(seed, 1, POTION_LOOKS);
            order.sort_unstable();
            assert_eq!(order, (0..POTION_LOOKS).collect::<Vec<_>>());
        }
    }
}
