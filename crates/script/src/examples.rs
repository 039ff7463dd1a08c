//! Example scripts: real-world style, one per common task; also the equivalence corpus
//! (each runs unchanged in Debian's dealer, and `tests/equivalence.rs` checks that).

use crate::Example;

/// The examples.
pub const EXAMPLES: &[Example] = &[
    Example {
        title: "1NT opening (15-17 balanced)",
        source: r#"# 1NT opening: North has 15-17 and a balanced hand
generate 10000000
produce 20
dealer north
vulnerable none
// balanced: 4333, 4432 or 5332 (a five-card major allowed)
nt = shape(north, any 4333 + any 4432 + any 5332) and hcp(north) >= 15 and hcp(north) <= 17
condition nt
action printall
"#,
    },
    Example {
        title: "Weak two in spades",
        source: r#"# Weak two in spades: South has six good spades, 5-10 HCP, no side four-card heart suit
generate 10000000
produce 20
dealer south
weak = spades(south) == 6 && hcp(south) >= 5 && hcp(south) <= 10
good = quality(south, spades) >= 500 || hcp(south, spades) >= 5
condition weak && good && hearts(south) < 4
action printcompact
"#,
    },
    Example {
        title: "Stayman after 1NT",
        source: r#"# Stayman: North opens 1NT, South has a four-card major and invitational values or more
generate 10000000
produce 20
nt = shape(north, any 4333 + any 4432 + any 5332) && hcp(north) >= 15 && hcp(north) <= 17
stayman = (hearts(south) == 4 || spades(south) == 4) && hcp(south) >= 8 && shape(south, xxxx - any 5xxx - any 6xxx - any 7xxx)
condition nt && stayman
action printoneline
"#,
    },
    Example {
        title: "Competitive: 1C, 2D overcall, you hold… (predeal)",
        source: r#"# Competitive auction: West opens 1C, North overcalls 2D, you are South
# (the "you hold" problem from dealer's manual)
generate 10000000
produce 25
vulnerable EW
dealer west
predeal south SAQ542, HKJ87, D32, CAK
west1n = shape(west, any 4333 + any 4432 + any 5332 - 5xxx - x5xx) && hcp(west) > 14 && hcp(west) < 18
west1h = hearts(west) >= 5
west1s = spades(west) >= 5
west1d = diamonds(west) > clubs(west) || ((diamonds(west) == clubs(west)) == 4)
west1c = (not west1n) && hcp(west) > 10 && clubs(west) >= 3 && (not west1h) && (not west1s) && (not west1d)
north2d = (hcp(north) > 5 && hcp(north) < 12) && shape(north, xx6x + xx7x - any 4xxx - any 5xxx)
condition west1c && north2d
action printall
"#,
    },
    Example {
        title: "Michaels cue bid over 1H (PBN output)",
        source: r#"# Michaels cue bid: East opens 1H, South holds five spades and a five-card minor
generate 10000000
produce 20
dealer east
open1h = hearts(east) >= 5 && hcp(east) >= 12 && hcp(east) <= 19 && hearts(east) >= spades(east)
michaels = shape(south, 5x5x + 5xx5 + 6x5x + 6xx5 + 5x6x + 5xx6) && hcp(south) >= 7
condition open1h and michaels
action printpbn
"#,
    },
    Example {
        title: "Three-level minor preempt",
        source: r#"# Three-level preempt: West has a seven-card minor, 5-9 HCP, at most one ace outside
generate 10000000
produce 20
seven = shape(west, xx7x + xxx7)
condition seven && hcp(west) >= 5 && hcp(west) <= 9 && aces(west) <= 2 && top3(west, diamonds) + top3(west, clubs) >= 2
action printew
"#,
    },
    Example {
        title: "Slam try: controls and aces (statistics)",
        source: r#"# Slam try: North-South hold 31+ HCP and a fit; how many controls and aces do they have?
generate 10000000
produce 50000
fit = spades(north) + spades(south) >= 8 || hearts(north) + hearts(south) >= 8
condition hcp(north) >= 15 && hcp(south) >= 12 && hcp(north) + hcp(south) >= 31 && fit
action average "NS controls" control(north) + control(south),
       average "NS losers" loser(north) + loser(south),
       frequency "NS aces" (aces(north) + aces(south), 0, 4),
       frequency "controls N x S" (control(north), 2, 10, control(south), 0, 8)
"#,
    },
    Example {
        title: "Strong 2C opening",
        source: r#"# Strong 2C: North has 22+ HCP, or 19+ with four losers at most
generate 10000000
produce 20
condition hcp(north) >= 22 || (hcp(north) >= 19 && losers(north) <= 4)
action printall
"#,
    },
    Example {
        title: "Hand evaluation: cccc, losers, c13",
        source: r#"# Hand evaluation: how do cccc, losers and c13 compare with HCP for 12-14 point hands?
generate 10000000
produce 50000
condition hcp(north) >= 12 && hcp(north) <= 14
action average "cccc" cccc(north),
       average "losers" losers(north),
       average "c13" c13(north),
       average "quality of longest major" spades(north) >= hearts(north) ? quality(north, spades) : quality(north, hearts),
       frequency "losers" (loser(north), 3, 10)
"#,
    },
    Example {
        title: "A custom pointcount",
        source: r#"# A custom point count: 4-3-2-1 plus a half for tens, doubled to stay integral
generate 10000000
produce 50000
pointcount 8 6 4 2 1
condition shape(east, any 4432 + any 5431) && hascard(east, AS) && not hascard(east, KH)
action average "points x2" hcp(east),
       average "aces and tens" aces(east) + tens(east),
       average "J Q K" jacks(east) + queens(east) + kings(east),
       frequency "points x2" (hcp(east), 10, 40)
"#,
    },
    Example {
        title: "Opening lead against 3NT (predeal)",
        source: r#"# Opening lead: West holds this hand after 1NT - 3NT by North-South
generate 10000000
produce 50000
predeal west SKJ93, H852, DQT4, C763
nt = shape(north, any 4333 + any 4432 + any 5332) && hcp(north) >= 15 && hcp(north) <= 17
raise = hcp(south) >= 10 && hcp(south) <= 15 && spades(south) < 4 && hearts(south) < 4 && shape(south, xxxx - any 0xxx - any 1xxx)
condition nt && raise
action frequency "East's spades" (spades(east), 0, 8),
       frequency "East HCP" (hcp(east), 0, 15),
       average "partner holds AS" hascard(east, AS),
       average "partner holds AH" hascard(east, AH)
"#,
    },
    Example {
        title: "Scores and IMPs",
        source: r#"# Scoring: a random number of tricks in 4S against 3NT, in IMPs
generate 10000000
produce 50000
condition spades(north) + spades(south) >= 8 && hcp(north) + hcp(south) >= 24
tr4s = 8 + rnd(4)
action average "score 4S vul" score(vul, x4S, tr4s),
       average "imps 4S vs 3NT" imps(score(nv, x4S, 10) - score(nv, x3N, 8 + rnd(3))),
       frequency "rnd(6)" (rnd(6), 0, 5),
       average "rnd(10) mean" rnd(10)
"#,
    },
    Example {
        title: "Rare: balanced 27+ (exact acceleration)",
        source: r#"# Rare: North has a balanced 27+ count (dealer needs ~19,000 shuffles per deal)
generate 100000000
produce 10
condition shape(north, any 4333 + any 4432 + any 5332) && hcp(north) >= 27
action printoneline
"#,
    },
    Example {
        title: "Rare two-hand: 1NT and a 5-4 responder",
        source: r#"# Rare two-hand condition: North 1NT, South 10+ HCP with exactly five spades and four hearts
generate 100000000
produce 1000
condition shape(north, any 4333 + any 4432 + any 5332) && hcp(north) >= 15 && hcp(north) <= 17 && shape(south, 54xx) && hcp(south) >= 10
action printoneline
"#,
    },
    Example {
        title: "Either side: a big balanced hand anywhere (or across seats)",
        source: r#"# Either side: a balanced 20+ in any seat; 'or' across seats is sampled as a union
generate 100000000
produce 1000
condition (shape(north, any 4333 + any 4432 + any 5332) && hcp(north) >= 20)
       || (shape(east, any 4333 + any 4432 + any 5332) && hcp(east) >= 20)
       || (shape(south, any 4333 + any 4432 + any 5332) && hcp(south) >= 20)
       || (shape(west, any 4333 + any 4432 + any 5332) && hcp(west) >= 20)
action printoneline
"#,
    },
];
