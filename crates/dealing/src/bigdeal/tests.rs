//! The lane-parallel compression and the buffered stream against the `ripemd` crate.

use super::*;

/// The stream as it was first written: one `Ripemd160::digest` per candidate.
struct Reference {
    input: [u8; 44],
    seqno: u32,
}

impl Reference {
    fn new(seed: [u8; 20], owner: &str) -> Reference {
        let mut input = [0u8; 44];
        input[4..24].copy_from_slice(&seed);
        input[24..44].copy_from_slice(&owner_hash(owner));
        Reference { input, seqno: 0 }
    }

    fn next(&mut self) -> (u32, [u8; 44], [u8; 20]) {
        self.seqno = self.seqno.wrapping_add(1);
        self.input[0..4].copy_from_slice(&self.seqno.to_le_bytes());
        (self.seqno, self.input, Ripemd160::digest(self.input).into())
    }
}

fn value_of_digest(d: &[u8; 20]) -> u128 {
    let mut v = [0u8; 16];
    v[4..16].copy_from_slice(&d[0..12]);
    u128::from_be_bytes(v)
}

#[test]
fn candidates_match_the_ripemd_crate() {
    for (k, owner) in ["", DEFAULT_OWNER, "Fair Deal", "Ω — unicode owner"]
        .iter()
        .enumerate()
    {
        let seed: [u8; 20] = std::array::from_fn(|i| (i * 37 + k * 101) as u8);
        let mut fast = BigDealGenerator::new(seed, owner);
        let mut slow = Reference::new(seed, owner);
        for _ in 0..25_000 {
            let c = fast.next_candidate();
            let (seqno, input, digest) = slow.next();
            assert_eq!((c.seqno, c.input, c.digest), (seqno, input, digest));
            assert_eq!(c.value, value_of_digest(&digest));
            assert_eq!(fast.hashes_used(), seqno);
        }
    }
}

#[test]
fn deals_match_hashing_one_candidate_at_a_time() {
    let seed = *b"fairdeal lanes test.";
    let mut fast = BigDealGenerator::new(seed, "owner");
    let mut slow = Reference::new(seed, "owner");
    for _ in 0..100_000 {
        let deal = fast.next();
        let n = loop {
            let (_, _, digest) = slow.next();
            let v = value_of_digest(&digest);
            if v < DEAL_COUNT {
                break v;
            }
        };
        assert_eq!(deal, fairdeal_model::kuipers::deal_from_number(n).ok());
        assert_eq!(fast.hashes_used(), slow.seqno);
    }
}

#[test]
fn mixing_candidates_and_deals_keeps_one_stream() {
    let seed = [9u8; 20];
    let mut mixed = BigDealGenerator::new(seed, "o");
    let mut slow = Reference::new(seed, "o");
    for i in 0..1000 {
        if i % 3 == 0 {
            let c = mixed.next_candidate();
            assert_eq!(c.digest, slow.next().2);
        } else {
            let n = mixed.next_number();
            let v = loop {
                let v = value_of_digest(&slow.next().2);
                if v < DEAL_COUNT {
                    break v;
                }
            };
            assert_eq!(n, v);
        }
        assert_eq!(mixed.hashes_used(), slow.seqno);
    }
}

#[test]
fn counter_wraps_like_big_deal() {
    let seed = [3u8; 20];
    let mut fast = BigDealGenerator::new(seed, "wrap");
    let mut slow = Reference::new(seed, "wrap");
    // Both just before the 32-bit counter wraps; a batch straddles the wrap.
    fast.seqno = u32::MAX - 2;
    slow.seqno = u32::MAX - 2;
    for _ in 0..9 {
        let c = fast.next_candidate();
        let (seqno, input, digest) = slow.next();
        assert_eq!((c.seqno, c.input, c.digest), (seqno, input, digest));
    }
    assert_eq!(fast.hashes_used(), 6);
}
