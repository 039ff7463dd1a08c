//! Numbers as the pages print them: digits grouped in threes, "1 in N" odds.
//!
//! Presentation only (no domain rule): the domain crates give exact integers and fractions.

/// Groups digits in threes with thin spaces (long counts may wrap there): `1 234 567`.
pub fn group_digits(n: u128) -> String {
    let s = n.to_string();
    let mut out = String::with_capacity(s.len() + s.len() / 3);
    for (i, c) in s.chars().enumerate() {
        if i > 0 && (s.len() - i).is_multiple_of(3) {
            out.push('\u{2009}');
        }
        out.push(c);
    }
    out
}

/// "1 in N" for a probability fraction, rounded.
pub fn one_in(fraction: (u128, u128)) -> String {
    let (num, den) = fraction;
    if num == 0 {
        return "never".into();
    }
    let x = den as f64 / num as f64;
    if x < 10.0 {
        format!("1 in {x:.2}")
    } else if x < 1e15 {
        format!("1 in {}", group_digits(x.round() as u128))
    } else {
        format!("1 in {x:.3e}")
    }
}
