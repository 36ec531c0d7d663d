//! How far from its origin a shooter may land (`LandingType::reach`),
//! which lets a shooter with no enemy within reach and range walk as a
//! piece without effects.

use gunbai::unstable::rules::load_variant;

/// The reach of Ko's shooters, from their moves as the rule file's docs
/// and the reference describe them: a diagonal step, a jump to the second
/// point, two such jumps, a walk of 1 to 5 points; a piece that does not
/// shoot has none worked out.
#[test]
fn a_shooters_reach_adds_up_its_legs() {
    let rules = load_variant("ko", &[]).expect("ko compiles");
    for (code, reach) in [
        ("LB", 1),
        ("TP", 2),
        ("FG", 4),
        ("DC", 5),
        ("HF", u8::MAX),
        ("CV", u8::MAX),
    ] {
        let ty = usize::from(rules.type_by_code(code).expect("a Ko code"));
        assert_eq!(rules.effects.landing_types[ty].reach, reach, "{code}");
    }
}
