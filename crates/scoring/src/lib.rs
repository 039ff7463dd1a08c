//! Bridge scoring: Law 77 contract scores, matchpoints, IMPs, Butler, cross-IMPs, VPs, rankings.
#![warn(missing_docs)]
