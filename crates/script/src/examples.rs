//! Example scripts: real-world style, one per common task (also the equivalence corpus).

use crate::Example;

/// The examples.
pub const EXAMPLES: &[Example] = &[
    Example {
        title: "1NT opening (15-17 balanced)",
        source: "# North opens a strong notrump\ngenerate 1000000\nproduce 20\ndealer north\nvulnerable none\n\nnt = shape(north, any 4333 + any 4432 + any 5332) && hcp(north) >= 15 && hcp(north) <= 17\ncondition nt\naction printall\n",
    },
];
