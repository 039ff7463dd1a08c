//! The IMP scale of Law 78B.
//!
//! Owns [`IMP_LOWER_BOUNDS`] (the point difference at which each IMP starts) and [`imps`]:
//! IMPs(d) = sign(d) · (number of bounds ≤ |d|). Differences that are not multiples of 10
//! (possible only with an unrounded datum or typed raw scores) fall in the band whose lower
//! bound they have reached, so 15 is 0 IMPs and 45 is 1.

/// Lower bound of the difference for 1, 2, … 24 IMPs (Law 78B).
pub const IMP_LOWER_BOUNDS: [i64; 24] = [
    20, 50, 90, 130, 170, 220, 270, 320, 370, 430, 500, 600, 750, 900, 1100, 1300, 1500, 1750,
    2000, 2250, 2500, 3000, 3500, 4000,
];

/// IMPs for a point difference (negative differences give negative IMPs).
pub fn imps(diff: i64) -> i32 {
    let n = IMP_LOWER_BOUNDS.partition_point(|&b| b <= diff.abs()) as i32;
    if diff < 0 {
        -n
    } else {
        n
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bounds_are_strictly_increasing() {
        assert!(IMP_LOWER_BOUNDS.windows(2).all(|w| w[0] < w[1]));
    }

    #[test]
    fn known_values_and_band_edges() {
        // bridge-scorer test/imps.js vectors (reference §2).
        for (d, i) in [
            (0, 0),
            (10, 0),
            (20, 1),
            (2240, 19),
            (3600, 23),
            (4000, 24),
            (50000, 24),
        ] {
            assert_eq!(imps(d), i, "{d}");
            assert_eq!(imps(-d), -i, "-{d}");
        }
        // Every band of the Law 78B table: last difference below, first difference in.
        for (k, &b) in IMP_LOWER_BOUNDS.iter().enumerate() {
            assert_eq!(imps(b - 10), k as i32, "{}", b - 10);
            assert_eq!(imps(b), k as i32 + 1, "{b}");
        }
        assert_eq!(imps(15), 0);
        assert_eq!(imps(i64::MIN + 1), -24);
    }
}
