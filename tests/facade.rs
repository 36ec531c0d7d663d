//! The library façade (docs/library.md) on hostile input: every door
//! answers with an `Error` of the right kind, never a panic, and the
//! façade agrees with the sources on what it counts.

use gunbai::{Colour, Convention, Engine, ErrorKind, Limits, Notation, Position, Variant, perft};

#[test]
fn an_oversized_rule_text_is_refused_before_it_is_read() {
    // The command line's limit for a rule file (docs/rule-files.md): 4 MiB.
    let text = "#".repeat((4 << 20) + 1);
    let err = Variant::from_toml(&text, "huge.toml").unwrap_err();
    assert_eq!(err.kind(), ErrorKind::InvalidRules);
    assert!(err.message().contains("larger than the limit of 4 MiB"), "{err}");
}

#[test]
fn rule_text_mistakes_are_diagnostics_with_places() {
    let err = Variant::from_toml("[variant]\nid = \"x\"\n[board]\nfiles = 0\nranks = 9\n", "x.toml").unwrap_err();
    assert_eq!(err.kind(), ErrorKind::InvalidRules);
    assert!(err.diagnostics().iter().all(|d| d.origin == "x.toml" && d.line >= 1));
    // Not UTF-8 cannot reach the façade (it takes &str); control characters
    // and an empty text are read as text.
    assert_eq!(
        Variant::from_toml("", "empty.toml").unwrap_err().kind(),
        ErrorKind::InvalidRules
    );
    assert_eq!(
        Variant::from_toml("\u{0}\u{1b}[2J", "ctl.toml").unwrap_err().kind(),
        ErrorKind::InvalidRules
    );
}

#[test]
fn unknown_options_and_values_are_option_errors() {
    let chu = Variant::bundled("chu").unwrap();
    let err = chu.with_options(&[("no_such_option", "true")]).unwrap_err();
    assert_eq!(err.kind(), ErrorKind::InvalidOption);
    assert_eq!(err.diagnostics()[0].origin, "--option");
    // A later value for the same option replaces the earlier one.
    let v = chu
        .with_options(&[("bare_king_rule", "true")])
        .unwrap()
        .with_options(&[("bare_king_rule", "false")])
        .unwrap();
    let o = v.options().into_iter().find(|o| o.name == "bare_king_rule").unwrap();
    assert_eq!(o.value, "false");
}

#[test]
fn squares_moves_and_positions_from_outside_are_checked() {
    let shogi = Variant::bundled("shogi").unwrap();
    let mut pos = shogi.start();
    for bad in ["", "a0", "j1", "a10", "z", "a1a1", "\u{202e}a1"] {
        assert_eq!(
            pos.piece_at(bad).unwrap_err().kind(),
            ErrorKind::InvalidArgument,
            "{bad:?}"
        );
    }
    for bad in ["", "e1-e1", "c3-c5", "G*5e", "x", &"a1-".repeat(10_000)] {
        assert_eq!(
            pos.parse_move(bad).unwrap_err().kind(),
            ErrorKind::IllegalMove,
            "{bad:?}"
        );
    }
    assert_eq!(
        Position::from_sfen(&shogi, "9/9 b - 1").unwrap_err().kind(),
        ErrorKind::InvalidPosition
    );
    assert_eq!(
        Position::from_text(&shogi, "").unwrap_err().kind(),
        ErrorKind::InvalidPosition
    );
    // A move of another position is refused by play, not played.
    let chu = Variant::bundled("chu").unwrap().start();
    let foreign = chu.parse_move("f4-f5").unwrap();
    assert_eq!(pos.play(&foreign).unwrap_err().kind(), ErrorKind::IllegalMove);
    assert_eq!(pos.unplay(), None);
    assert_eq!(pos.side_to_move(), Colour::Black);
}

#[test]
fn usi_of_a_board_taller_than_26_ranks_is_unsupported() {
    // Taikyoku is 36x36 (reference): a USI rank is one letter.
    let taikyoku = Variant::bundled("taikyoku").unwrap();
    assert_eq!((taikyoku.files(), taikyoku.ranks()), (36, 36));
    assert!(!taikyoku.has_usi());
    let pos = taikyoku.start();
    let m = pos.legal_moves().unwrap()[0];
    assert_eq!(
        pos.move_text(&m, Notation::Usi).unwrap_err().kind(),
        ErrorKind::Unsupported
    );
    assert!(pos.move_text(&m, Notation::Native).is_ok());
    assert!(pos.to_sfen().is_none());
}

#[test]
fn an_engine_refuses_a_position_of_another_variant() {
    let shogi = Variant::bundled("shogi").unwrap().start();
    let chu = Variant::bundled("chu").unwrap().start();
    let mut engine = Engine::new(&shogi, 1);
    let err = engine.search(&chu, Limits::default(), &mut |_| true).unwrap_err();
    assert_eq!(err.kind(), ErrorKind::InvalidArgument);
    // A node limit bounds the work of an unbounded depth.
    let r = engine
        .search(
            &shogi,
            Limits {
                nodes: Some(2_000),
                ..Limits::default()
            },
            &mut |_| true,
        )
        .unwrap()
        .unwrap();
    assert!(r.nodes <= 2_000 + 64, "{}", r.nodes);
}

#[test]
fn perft_through_the_facade_matches_the_published_counts() {
    // Shogi's start position: 30, 900, 25470 (the standard perft table).
    let pos = Variant::bundled("shogi").unwrap().start();
    let counts: Vec<u64> = (1..=3).map(|d| perft(&pos, d, Convention::Paths).unwrap()).collect();
    assert_eq!(counts, [30, 900, 25_470]);
}

#[test]
fn the_mate_limits_carry_the_defender_hand_convention() {
    use gunbai::{DefenderHand, MateLimits, Verdict, mate};
    // docs/mate.md, agreed with cshogi (tests/mate_cshogi.rs): with an
    // empty hand White cannot interpose against R*9a (mate in 1); holding
    // the rest of the set it can, and the mate takes three plies.
    let shogi = Variant::bundled("shogi").unwrap();
    let pos = Position::from_sfen(&shogi, "8k/3R5/9/9/9/9/9/9/9 b R 1").unwrap();
    let limits = MateLimits {
        hash_mb: 4,
        ..MateLimits::default()
    };
    let given = mate(&pos, &limits).unwrap();
    assert_eq!(
        (given.verdict, given.plies, given.start.clone()),
        (Verdict::Mate, Some(1), None)
    );
    let rest = mate(
        &pos,
        &MateLimits {
            defender_hand: DefenderHand::Rest,
            ..limits.clone()
        },
    )
    .unwrap();
    assert_eq!((rest.verdict, rest.plies), (Verdict::Mate, Some(3)));
    // The line plays from the position with White's hand filled.
    let start = Position::from_text(&shogi, rest.start.as_deref().unwrap()).unwrap();
    assert_eq!(rest.line.len(), 3);
    assert_eq!(start.move_text(&rest.line[0], Notation::Usi).unwrap(), "R*1b");
    assert!(!start.hand(Colour::White).is_empty());
    assert!(pos.hand(Colour::White).is_empty());
    // Without hands the convention is refused, not ignored.
    let chu = Variant::bundled("chu").unwrap();
    let err = mate(
        &chu.start(),
        &MateLimits {
            defender_hand: DefenderHand::Rest,
            ..limits
        },
    )
    .unwrap_err();
    assert_eq!(err.kind(), ErrorKind::Unsupported);
}

#[test]
fn claimed_chu_lines_are_checked_through_the_facade() {
    use gunbai::{LineLimits, LineVerdict, check_line};
    // /work/shared/tsume/chu-sample.tsv under the options its lines replay
    // with (docs/mate.md, "Checking a claimed line"): kinu01's published
    // mate in 7 is sound; tukurimono02 claims a mate in 5 from kinu07's
    // position, and kinu07's published reply 4b5b escapes it at ply 4.
    let chu = Variant::bundled("chu")
        .unwrap()
        .with_options(&[
            ("protection_judged", "after_counting_captured"),
            ("okazaki_counterstrike", "true"),
        ])
        .unwrap();
    let limits = LineLimits {
        hash_mb: 8,
        nodes: Some(50_000),
        ..LineLimits::default()
    };
    let kinu01 = Position::from_sfen(
        &chu,
        "5ex1+Pc2/6okt3/3s4X2+H/2+D9/3p+v1+Dpt3/12/12/2+a6q2/12/12/12/12 b - 1",
    )
    .unwrap();
    let published = "10d7d 8e7d 4c6a+ 5b6a 6e8c 7d8c 1c6c";
    let v = check_line(&kinu01, published, &limits).unwrap();
    assert_eq!((v.verdict, v.claimed, v.at), (LineVerdict::Verified, 7, None), "{v:?}");
    assert_eq!((v.ends_in_mate, v.defences.len(), v.line.len()), (Some(true), 3, 7));
    assert!(
        v.defences
            .iter()
            .all(|d| d.escapes.is_empty() && d.undecided.is_empty() && d.unchecked == 0)
    );
    // The same line as moves, and as one text a ply: the same answer.
    let texts: Vec<&str> = published.split(' ').collect();
    let again = check_line(&kinu01, texts.as_slice(), &limits).unwrap();
    let moves = check_line(&kinu01, &v.line, &limits).unwrap();
    for other in [&again, &moves] {
        assert_eq!((other.verdict, &other.line, other.walked), (v.verdict, &v.line, 7));
    }
    // Cut short it does not end in mate; a quiet first move is no check.
    let cut = LineLimits {
        max_plies: Some(7),
        ..limits.clone()
    };
    let v = check_line(&kinu01, "10d7d 8e7d 4c6a+ 5b6a 6e8c", &cut).unwrap();
    assert_eq!(
        (v.verdict, v.ends_in_mate),
        (LineVerdict::NotMate, Some(false)),
        "{v:?}"
    );
    let v = check_line(&kinu01, "10d10e", &limits).unwrap();
    assert_eq!((v.verdict, v.at), (LineVerdict::NoCheck, Some(1)), "{v:?}");

    let kinu07 = "3b3+M3+H/7k1c2/5tt1e3/5p3p2/7g3p/8+D3/1+F1r8/12/12/9+a2/3R3q4/12 b - 1";
    let pos = Position::from_sfen(&chu, kinu07).unwrap();
    let v = check_line(&pos, "5a4b 5b4b 4f6d 7c6d 1a5a", &limits).unwrap();
    assert_eq!((v.verdict, v.at), (LineVerdict::Refuted, Some(4)), "{v:?}");
    // The escapes are moves of the position before their ply, played from
    // where the line starts (Black, set up without a king, plays on).
    assert!(pos.outcome().is_some() && v.start.outcome().is_none());
    let mut before = v.start.clone();
    for m in &v.line[..3] {
        before.play(m).unwrap();
    }
    let escapes: Vec<String> = v.defences[1]
        .escapes
        .iter()
        .map(|m| before.move_text(m, Notation::Usi).unwrap())
        .collect();
    assert!(escapes.iter().any(|e| e == "4b5b"), "{escapes:?}");

    // A move the line cannot play: as text an error naming the ply, as a
    // move the verdict illegal.
    let err = check_line(&kinu01, "10d7d 10d7d", &limits).unwrap_err();
    assert_eq!(err.kind(), ErrorKind::IllegalMove);
    assert!(err.message().starts_with("ply 2:"), "{err}");
    let v = check_line(&kinu01, &[moves.line[0], moves.line[0]][..], &limits).unwrap();
    assert_eq!((v.verdict, v.at), (LineVerdict::Illegal, Some(2)), "{v:?}");
    // Over 2047 plies, the line or the claim: refused before any search.
    let long = vec!["10d7d"; 2048].join(" ");
    assert_eq!(
        check_line(&kinu01, long.as_str(), &limits).unwrap_err().kind(),
        ErrorKind::InvalidArgument
    );
    let huge = LineLimits {
        max_plies: Some(2048),
        ..limits
    };
    assert_eq!(
        check_line(&kinu01, published, &huge).unwrap_err().kind(),
        ErrorKind::InvalidArgument
    );
}
