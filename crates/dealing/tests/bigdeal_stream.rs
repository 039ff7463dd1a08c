//! Big Deal's generator against the reference traces (every hash of set1 and set2).

use fairdeal_dealing::bigdeal::{owner_hash, BigDealGenerator, DEAL_COUNT, DEFAULT_OWNER};
use fairdeal_dealing::entropy::Seed;

const SEED_HEX: &str = "0123456789ABCDEF0123456789ABCDEF01234567";
const OWNER: &str = "Big Deal reference test";
const TRACE1: &str = include_str!("data/set1/trace.csv");
const TRACE2: &str = include_str!("data/set2/trace.csv");

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

fn seed() -> [u8; 20] {
    Seed::from_hex(SEED_HEX).expect("valid seed").to_bytes()
}

#[test]
fn owner_hash_constant() {
    assert_eq!(
        hex(&owner_hash(OWNER)),
        "4f62f5294bf7e283fbb52480350d97c76132ebcb"
    );
    // RIPEMD-160 of the empty string, a standard known answer.
    assert_eq!(
        hex(&owner_hash("")),
        "9c1185a5c5e9fc54612808977ee8f548b2258d31"
    );
    assert_eq!(DEFAULT_OWNER, "Identification of owner or tournament");
}

#[test]
fn deal_count_is_d() {
    assert_eq!(DEAL_COUNT, 0xAD55E315634DDA658BF49200);
    assert_eq!(DEAL_COUNT, fairdeal_model::DEAL_COUNT);
}

/// Checks every row of a trace: input, digest, first 12 bytes, value, verdict and deal.
fn check_trace(trace: &str) {
    let mut candidates = BigDealGenerator::new(seed(), OWNER);
    let mut deals = BigDealGenerator::new(seed(), OWNER);
    let mut rows = 0;
    for (i, line) in trace.lines().skip(1).enumerate() {
        let f: Vec<&str> = line.split(',').collect();
        assert_eq!(f.len(), 8, "row {i}: {line}");
        let c = candidates.next_candidate();
        assert_eq!(c.seqno.to_string(), f[1], "row {i}: seqno");
        assert_eq!(hex(&c.input), f[2], "row {i}: hash input");
        assert_eq!(hex(&c.digest), f[3], "row {i}: digest");
        assert_eq!(hex(&c.digest[..12]), f[4], "row {i}: first 12 bytes");
        assert_eq!(c.value.to_string(), f[5], "row {i}: value");
        assert_eq!(c.accepted(), f[6] == "accept", "row {i}: verdict");
        if c.accepted() {
            let deal = deals.next().expect("endless stream");
            assert_eq!(deal.to_string(), f[7], "row {i}: deal");
            assert_eq!(deals.hashes_used(), c.seqno, "row {i}: hashes used");
        }
        rows += 1;
    }
    assert_eq!(rows, 9);
    assert_eq!(candidates.hashes_used(), 9);
}

#[test]
fn set1_trace() {
    check_trace(TRACE1);
}

#[test]
fn set2_trace_is_set1_stream() {
    // Board numbers never enter the hash: set2 (boards 11-14) has set1's hashes.
    check_trace(TRACE2);
    let a: Vec<&str> = TRACE1
        .lines()
        .map(|l| l.split_once(',').map_or(l, |x| x.1))
        .collect();
    let b: Vec<&str> = TRACE2
        .lines()
        .map(|l| l.split_once(',').map_or(l, |x| x.1))
        .collect();
    assert_eq!(a, b);
}

#[test]
fn other_owner_or_seed_changes_stream() {
    let a: Vec<_> = BigDealGenerator::new(seed(), OWNER).take(3).collect();
    let b: Vec<_> = BigDealGenerator::new(seed(), "Big Deal reference test.")
        .take(3)
        .collect();
    let mut s = seed();
    s[19] ^= 1;
    let c: Vec<_> = BigDealGenerator::new(s, OWNER).take(3).collect();
    assert_ne!(a, b);
    assert_ne!(a, c);
    assert_eq!(
        a,
        BigDealGenerator::new(seed(), OWNER)
            .take(3)
            .collect::<Vec<_>>()
    );
}

#[test]
fn debug_does_not_leak_seed() {
    let g = BigDealGenerator::new([0xAB; 20], OWNER);
    let d = format!("{g:?}");
    assert!(!d.to_lowercase().contains("ab"), "{d}");
}

/// Acceptance rate D/2^96 = 0.677092: over 20 000 seeded candidates a two-sided binomial
/// z-test at alpha = 0.001 (|z| < 3.29) must pass.
#[test]
fn acceptance_rate_matches_d_over_2_96() {
    let mut g = BigDealGenerator::new([7; 20], "acceptance test");
    let n = 20_000u32;
    let accepted = (0..n).filter(|_| g.next_candidate().accepted()).count() as f64;
    let p = DEAL_COUNT as f64 / 2f64.powi(96);
    let mean = p * f64::from(n);
    let sd = (f64::from(n) * p * (1.0 - p)).sqrt();
    let z = (accepted - mean) / sd;
    assert!(
        z.abs() < 3.29,
        "accepted {accepted}, expected {mean:.1}, z = {z:.2}"
    );
}
