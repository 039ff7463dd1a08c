//! Collecting a seed: the secret 160-bit `seed_random` of Big Deal's generator.
//!
//! [`SeedBuilder`] is Big Deal's entropy pool: one streaming RIPEMD-160 over every byte that is
//! collected, each piece credited with an estimate of its entropy in bits. Its digest becomes the
//! [`Seed`]. The sources, all supplied by the caller (this crate never reads an RNG, a clock or a
//! file itself):
//!
//! * [`SeedBuilder::add_string`] — Big Deal's `-e str`: the raw bytes of the string, credited
//!   4 bits per byte.
//! * [`SeedBuilder::add_file_bytes`] — Big Deal's `-E file`. **Quirk reproduced:** Big Deal feeds
//!   every byte it reads as a 4-byte C `int` in *host* byte order, so the same file gives a
//!   different seed on big- and little-endian machines. The byte order is a parameter here
//!   ([`IntOrder`]); [`IntOrder::Native`] reproduces the local `bigdealx`, and
//!   [`IntOrder::Little`] the x86/ARM builds everyone uses. Credited 4 bits per byte.
//! * [`SeedBuilder::add_os_random`] — bytes from the OS or browser CSPRNG (`getrandom`,
//!   `crypto.getRandomValues`), credited 8 bits per byte, as Big Deal 2.0 credits
//!   `/dev/urandom`.
//! * [`SeedBuilder::add_keystroke`] — Big Deal 1.x style user input: a key code and the time it
//!   was typed. The timestamp is fed with no credit; the key is fed as a 4-byte little-endian
//!   int, credited 2 bits plus about log₄ of the interval since the previous key in µs (capped
//!   at 6); a repeat of the previous key gets no credit. (Keystroke seeds can never be replayed,
//!   so this path is Big Deal-*style*, not byte-compatible.)
//!
//! Big Deal wants [`ENTROPY_TARGET_BITS`] = 213 bits (160·4/3) before it deals.
//!
//! A [`Seed`] is secret: its `Debug` and `Display` print `Seed(<redacted>)`. Only
//! [`Seed::reveal_hex`] and [`Seed::to_bytes`] expose it, so revealing is always explicit.

use ripemd::{Digest, Ripemd160};
use std::fmt;
use thiserror::Error;

/// Entropy Big Deal wants before dealing: 160 · 4/3 bits.
pub const ENTROPY_TARGET_BITS: u32 = 160 * 4 / 3;

/// Why a string is not a 160-bit seed in hex.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum SeedError {
    /// The string does not have 40 characters.
    #[error("a seed is 40 hex digits (160 bits); got {len} characters")]
    WrongLength {
        /// Characters found (after trimming white space).
        len: usize,
    },
    /// A character is not a hex digit.
    #[error("a seed is 40 hex digits; character {found:?} at position {position} is not one")]
    NotHex {
        /// 0-based character position in the trimmed string.
        position: usize,
        /// The offending character.
        found: char,
    },
}

/// A secret 160-bit seed (`seed_random` in Big Deal). Debug/Display are redacted.
#[derive(Clone, PartialEq, Eq)]
pub struct Seed([u8; 20]);

impl Seed {
    /// Wraps 20 bytes.
    pub const fn from_bytes(bytes: [u8; 20]) -> Seed {
        Seed(bytes)
    }

    /// Parses 40 hex digits (either case; surrounding white space is ignored), as Big Deal's
    /// `-h`: byte *i* is hex pair *i*.
    pub fn from_hex(text: &str) -> Result<Seed, SeedError> {
        let t = text.trim();
        let len = t.chars().count();
        if let Some((position, found)) = t.chars().enumerate().find(|(_, c)| !c.is_ascii_hexdigit())
        {
            if len == 40 {
                return Err(SeedError::NotHex { position, found });
            }
        }
        if len != 40 {
            return Err(SeedError::WrongLength { len });
        }
        let b = t.as_bytes();
        let mut out = [0u8; 20];
        for (i, o) in out.iter_mut().enumerate() {
            *o = (hex_val(b[2 * i]) << 4) | hex_val(b[2 * i + 1]);
        }
        Ok(Seed(out))
    }

    /// The seed as 40 upper-case hex digits — the one deliberate way to show it.
    pub fn reveal_hex(&self) -> String {
        let mut s = String::with_capacity(40);
        for b in self.0 {
            s.push(char::from(HEX_UPPER[usize::from(b >> 4)]));
            s.push(char::from(HEX_UPPER[usize::from(b & 15)]));
        }
        s
    }

    /// The raw bytes (explicitly revealing).
    pub const fn to_bytes(&self) -> [u8; 20] {
        self.0
    }
}

const HEX_UPPER: &[u8; 16] = b"0123456789ABCDEF";

/// Value of an ASCII hex digit already checked by the caller.
fn hex_val(c: u8) -> u8 {
    match c {
        b'0'..=b'9' => c - b'0',
        b'a'..=b'f' => c - b'a' + 10,
        _ => c - b'A' + 10,
    }
}

impl fmt::Debug for Seed {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Seed(<redacted>)")
    }
}

impl fmt::Display for Seed {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("<redacted seed>")
    }
}

/// Byte order used to feed `-E` file bytes as 4-byte ints (see the module docs).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum IntOrder {
    /// Little-endian (x86, ARM): what nearly every `bigdealx` build does.
    Little,
    /// Big-endian.
    Big,
    /// The byte order of the machine running this code, like `bigdealx` itself.
    Native,
}

/// Big Deal's entropy pool: a streaming RIPEMD-160 plus an entropy credit in bits.
#[derive(Clone)]
pub struct SeedBuilder {
    pool: Ripemd160,
    credit_bits: u32,
    last_key: Option<u32>,
    last_time_us: Option<u64>,
}

impl fmt::Debug for SeedBuilder {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("SeedBuilder")
            .field("credit_bits", &self.credit_bits)
            .finish_non_exhaustive()
    }
}

impl Default for SeedBuilder {
    fn default() -> Self {
        SeedBuilder::new()
    }
}

impl SeedBuilder {
    /// An empty pool.
    pub fn new() -> SeedBuilder {
        SeedBuilder {
            pool: Ripemd160::new(),
            credit_bits: 0,
            last_key: None,
            last_time_us: None,
        }
    }

    fn feed(&mut self, bytes: &[u8], credit: u32) {
        self.pool.update(bytes);
        self.credit_bits = self.credit_bits.saturating_add(credit);
    }

    /// Big Deal's `-e str`: the raw UTF-8 bytes, 4 bits of credit per byte.
    pub fn add_string(&mut self, s: &str) -> &mut Self {
        let credit = u32::try_from(s.len()).unwrap_or(u32::MAX).saturating_mul(4);
        self.feed(s.as_bytes(), credit);
        self
    }

    /// Big Deal's `-E file`: every byte as a 4-byte int in `order`, 4 bits of credit each.
    pub fn add_file_bytes(&mut self, bytes: &[u8], order: IntOrder) -> &mut Self {
        for &b in bytes {
            let v = u32::from(b);
            let word = match order {
                IntOrder::Little => v.to_le_bytes(),
                IntOrder::Big => v.to_be_bytes(),
                IntOrder::Native => v.to_ne_bytes(),
            };
            self.feed(&word, 4);
        }
        self
    }

    /// Bytes from an OS/browser CSPRNG, 8 bits of credit per byte.
    pub fn add_os_random(&mut self, bytes: &[u8]) -> &mut Self {
        let credit = u32::try_from(bytes.len())
            .unwrap_or(u32::MAX)
            .saturating_mul(8);
        self.feed(bytes, credit);
        self
    }

    /// One keystroke (Big Deal 1.x): key code and the time it was typed, in µs from any origin.
    pub fn add_keystroke(&mut self, key: u32, time_us: u64) -> &mut Self {
        self.feed(&time_us.to_le_bytes(), 0);
        let mut credit = 0;
        if self.last_key != Some(key) {
            credit = 2;
            if let Some(prev) = self.last_time_us {
                let interval = time_us.saturating_sub(prev);
                // about log4(interval), capped at 6
                let log2 = 63u32.saturating_sub(interval.leading_zeros());
                credit += if interval == 0 { 0 } else { (log2 / 2).min(6) };
            }
        }
        self.feed(&key.to_le_bytes(), credit);
        self.last_key = Some(key);
        self.last_time_us = Some(time_us);
        self
    }

    /// Entropy credited so far, in bits.
    pub const fn credit_bits(&self) -> u32 {
        self.credit_bits
    }

    /// Whether the credit has reached [`ENTROPY_TARGET_BITS`].
    pub const fn is_sufficient(&self) -> bool {
        self.credit_bits >= ENTROPY_TARGET_BITS
    }

    /// The pool digest as the seed.
    pub fn finish(self) -> Seed {
        let d = self.pool.finalize();
        let mut out = [0u8; 20];
        out.copy_from_slice(&d);
        Seed(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hex_round_trip_and_errors() {
        let s = Seed::from_hex(" 0123456789abcdef0123456789ABCDEF01234567\n").unwrap();
        assert_eq!(s.reveal_hex(), "0123456789ABCDEF0123456789ABCDEF01234567");
        assert_eq!(s.to_bytes()[0], 0x01);
        assert_eq!(s.to_bytes()[19], 0x67);
        assert_eq!(
            Seed::from_hex("0123"),
            Err(SeedError::WrongLength { len: 4 })
        );
        assert_eq!(
            Seed::from_hex("0123456789ABCDEF0123456789ABCDEF0123456G"),
            Err(SeedError::NotHex {
                position: 39,
                found: 'G'
            })
        );
    }

    #[test]
    fn seed_is_redacted() {
        let s = Seed::from_bytes([0xAB; 20]);
        assert_eq!(format!("{s:?}"), "Seed(<redacted>)");
        assert!(!format!("{s}").contains("AB"));
        assert!(!format!("{s:?}").to_lowercase().contains("ab"));
        let mut b = SeedBuilder::new();
        b.add_string("secret");
        assert!(!format!("{b:?}").contains("secret"));
    }

    #[test]
    fn pool_is_one_streaming_ripemd160() {
        // Feeding pieces equals hashing the concatenation (SquareDeal relies on this).
        let mut b = SeedBuilder::new();
        b.add_string("abc").add_string("def");
        assert_eq!(b.credit_bits(), 24);
        let whole: [u8; 20] = Ripemd160::digest(b"abcdef").into();
        assert_eq!(b.finish().to_bytes(), whole);
        // Known answer: RIPEMD-160("abc").
        let mut b = SeedBuilder::new();
        b.add_string("abc");
        assert_eq!(
            b.finish().reveal_hex(),
            "8EB208F7E05D987A9B044A8E98C6B087F15A0BFC"
        );
    }

    #[test]
    fn file_bytes_are_four_byte_ints() {
        let mut b = SeedBuilder::new();
        b.add_file_bytes(b"AB", IntOrder::Little);
        assert_eq!(b.credit_bits(), 8);
        let expect: [u8; 20] = Ripemd160::digest([0x41, 0, 0, 0, 0x42, 0, 0, 0]).into();
        assert_eq!(b.finish().to_bytes(), expect);
        let mut b = SeedBuilder::new();
        b.add_file_bytes(b"A", IntOrder::Big);
        let expect: [u8; 20] = Ripemd160::digest([0, 0, 0, 0x41]).into();
        assert_eq!(b.finish().to_bytes(), expect);
    }

    #[test]
    fn credits() {
        let mut b = SeedBuilder::new();
        b.add_os_random(&[0u8; 40]);
        assert_eq!(b.credit_bits(), 320);
        assert!(b.is_sufficient());
        let mut k = SeedBuilder::new();
        k.add_keystroke(65, 1_000_000); // first key: 2 bits
        assert_eq!(k.credit_bits(), 2);
        k.add_keystroke(66, 1_004_096); // 4096 µs = 4^6 → 2 + 6
        assert_eq!(k.credit_bits(), 10);
        k.add_keystroke(66, 2_000_000); // repeat: nothing
        assert_eq!(k.credit_bits(), 10);
        k.add_keystroke(67, 2_000_016); // 16 µs → 2 + 2
        assert_eq!(k.credit_bits(), 14);
        assert!(!k.is_sufficient());
    }
}
