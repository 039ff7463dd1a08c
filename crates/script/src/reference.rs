//! The language table: every reserved word with its kind, signature and documentation.
//!
//! The parser decides what a word is by looking it up here ([`lookup`]), the highlighter
//! colours by its `kind`, and the app's reference panel is generated from it — one table.

use crate::KeywordDoc;

macro_rules! k {
    ($name:expr, $kind:expr, $sig:expr, $doc:expr) => {
        KeywordDoc {
            name: $name,
            kind: $kind,
            signature: $sig,
            doc: $doc,
        }
    };
}

const HCP_DOC: &str =
    "High-card points (4-3-2-1 unless changed by pointcount) of a hand, or of one suit of it.";
const PT_DOC: &str = "Alternate count N (altcount N changes it) of a hand or of one suit.";
const LEN_DOC: &str = "Number of cards held in the suit.";

/// The table (statements, functions, actions, values, operators).
pub const TABLE: &[KeywordDoc] = &[
    k!("generate", "statement", "generate N", "Deal at most N hands (default 10,000,000; -g overrides)."),
    k!("produce", "statement", "produce N", "Stop after N hands meet the condition (default 40 when printing, else as many as generated; -p overrides)."),
    k!("vulnerable", "statement", "vulnerable none|NS|EW|all", "Vulnerability written by printpbn (rotates with the board number if not set)."),
    k!("dealer", "statement", "dealer north|east|south|west", "Dealer written by printpbn (rotates with the board number if not set)."),
    k!("predeal", "statement", "predeal north SAQ542, HKJ87, D32, CAK", "Give a seat these cards; the rest are dealt at random. Several seats may follow one predeal. suokko's form predeal spades(north) == 5 fixes a suit length instead (any cards): every deal with it is equally likely, and 'generated' counts only such deals."),
    k!("pointcount", "statement", "pointcount 4 3 2 1", "Values of A K Q J T 9 … 2 used by hcp (unlisted cards count 0)."),
    k!("altcount", "statement", "altcount N 1 1 1", "Values of A K Q … 2 for alternate count N (0-9), used by ptN and its alias."),
    k!("condition", "statement", "condition expr", "The deals to keep (the word may be omitted; the last condition wins)."),
    k!("action", "statement", "action printall, average hcp(north)", "What to do with each kept deal (default printall), comma separated."),
    k!("hcp", "function", "hcp(seat[, suit])", HCP_DOC),
    k!("hcps", "function", "hcps(seat[, suit])", HCP_DOC),
    k!("spades", "function", "spades(seat)", LEN_DOC),
    k!("spade", "function", "spade(seat)", LEN_DOC),
    k!("hearts", "function", "hearts(seat)", LEN_DOC),
    k!("heart", "function", "heart(seat)", LEN_DOC),
    k!("diamonds", "function", "diamonds(seat)", LEN_DOC),
    k!("diamond", "function", "diamond(seat)", LEN_DOC),
    k!("clubs", "function", "clubs(seat)", LEN_DOC),
    k!("club", "function", "club(seat)", LEN_DOC),
    k!("pt0", "function", "pt0(seat[, suit])", PT_DOC),
    k!("pt1", "function", "pt1(seat[, suit])", PT_DOC),
    k!("pt2", "function", "pt2(seat[, suit])", PT_DOC),
    k!("pt3", "function", "pt3(seat[, suit])", PT_DOC),
    k!("pt4", "function", "pt4(seat[, suit])", PT_DOC),
    k!("pt5", "function", "pt5(seat[, suit])", PT_DOC),
    k!("pt6", "function", "pt6(seat[, suit])", PT_DOC),
    k!("pt7", "function", "pt7(seat[, suit])", PT_DOC),
    k!("pt8", "function", "pt8(seat[, suit])", PT_DOC),
    k!("pt9", "function", "pt9(seat[, suit])", PT_DOC),
    k!("tens", "function", "tens(seat[, suit])", "Number of tens (alternate count 0)."),
    k!("ten", "function", "ten(seat[, suit])", "Number of tens (alternate count 0)."),
    k!("jacks", "function", "jacks(seat[, suit])", "Number of jacks (alternate count 1)."),
    k!("jack", "function", "jack(seat[, suit])", "Number of jacks (alternate count 1)."),
    k!("queens", "function", "queens(seat[, suit])", "Number of queens (alternate count 2)."),
    k!("queen", "function", "queen(seat[, suit])", "Number of queens (alternate count 2)."),
    k!("kings", "function", "kings(seat[, suit])", "Number of kings (alternate count 3)."),
    k!("king", "function", "king(seat[, suit])", "Number of kings (alternate count 3)."),
    k!("aces", "function", "aces(seat[, suit])", "Number of aces (alternate count 4)."),
    k!("ace", "function", "ace(seat[, suit])", "Number of aces (alternate count 4)."),
    k!("top2", "function", "top2(seat[, suit])", "Number of A K held (alternate count 5)."),
    k!("top3", "function", "top3(seat[, suit])", "Number of A K Q held (alternate count 6)."),
    k!("top4", "function", "top4(seat[, suit])", "Number of A K Q J held (alternate count 7)."),
    k!("top5", "function", "top5(seat[, suit])", "Number of A K Q J T held (alternate count 8)."),
    k!("c13", "function", "c13(seat[, suit])", "A 6, K 4, Q 2, J 1: 13 per suit (alternate count 9)."),
    k!("control", "function", "control(seat[, suit])", "Controls: A 2, K 1."),
    k!("controls", "function", "controls(seat[, suit])", "Controls: A 2, K 1."),
    k!("loser", "function", "loser(seat[, suit])", "Losers: void 0; singleton A 0 else 1; AK 0, Ax/Kx 1, else 2; 3+ cards 3 minus each of A K Q."),
    k!("losers", "function", "losers(seat[, suit])", "Losers: void 0; singleton A 0 else 1; AK 0, Ax/Kx 1, else 2; 3+ cards 3 minus each of A K Q."),
    k!("cccc", "function", "cccc(seat)", "Kaplan-Rubens hand evaluation (The Bridge World, Oct 1982) × 100: a minimum opening is about 1200."),
    k!("quality", "function", "quality(seat, suit)", "Kaplan-Rubens suit quality × 100."),
    k!("hascard", "function", "hascard(seat, TC)", "1 if the seat holds the card (rank then suit: AS, TC, 2D), else 0."),
    k!("shape", "function", "shape(seat, any 4333 + 54xx - any 0xxx)", "1 if the hand's S-H-D-C lengths match the list: digits or x (any length); 'any' allows every order; + adds, - removes, in order. DealerV2's Dellacherie shapes work too: shape{seat, 5+xx5+} (N+ at least, N- at most, [3-5] or [013-68] sets), named suits with the rest in any order: 5s(431), 4M(3+3+2+) (M a major, m a minor), (4432), 5+s4-h (other suits free, 10+ allowed), and a condition on the lengths s h d c last: x5+xx:h>s,h>=d."),
    k!("abs", "function", "abs(expr)", "Absolute value (an extension: Debian's dealer lacks it)."),
    k!("rnd", "function", "rnd(n)", "A random integer 0 … n-1."),
    k!("imps", "function", "imps(score difference)", "IMPs for a score difference, with its sign."),
    k!("imp", "function", "imp(score difference)", "IMPs for a score difference, with its sign."),
    k!("score", "function", "score(vul|nv, x3N, tricks)", "Declarer's score for the undoubled contract with that many tricks (negative when down)."),
    k!("tricks", "function", "tricks(seat, strain)", "Double-dummy tricks for declarer in the strain (spades … clubs, notrump); a few ms per deal."),
    k!("trick", "function", "trick(seat, strain)", "Double-dummy tricks for declarer in the strain (spades … clubs, notrump); a few ms per deal."),
    k!("printall", "action", "printall", "Print the four hands side by side (the default action)."),
    k!("printew", "action", "printew", "Print West and East side by side."),
    k!("printpbn", "action", "printpbn", "Print each deal as a PBN game."),
    k!("printcompact", "action", "printcompact[(expr)]", "Print each hand on its own line (n/e/s/w), then the expression if given."),
    k!("printoneline", "action", "printoneline[(expr)]", "Print the deal on one line, then the expression if given."),
    k!("print", "action", "print(north, south)", "Collect the deals and print each listed seat's hands on its own page, four deals across."),
    k!("printes", "action", "printes \"text\", expr, \\n", "Print strings, values and newlines (an extension from later dealers)."),
    k!("average", "action", "average \"label\" expr", "Print the mean of the expression over the kept deals."),
    k!("frequency", "action", "frequency \"label\" (expr, lo, hi[, expr2, lo2, hi2])", "Print a histogram (Low/High collect values outside lo…hi); with two expressions a table with sums."),
    k!("evalcontract", "action", "evalcontract", "Needs double dummy: not available."),
    k!("north", "seat", "north", "The North hand."),
    k!("east", "seat", "east", "The East hand."),
    k!("south", "seat", "south", "The South hand."),
    k!("west", "seat", "west", "The West hand."),
    k!("notrump", "suit", "notrump", "No-trump strain (for tricks)."),
    k!("notrumps", "suit", "notrumps", "No-trump strain (for tricks)."),
    k!("and", "operator", "a and b", "Logical and (also &&)."),
    k!("or", "operator", "a or b", "Logical or (also ||)."),
    k!("not", "operator", "not a", "Logical not (also !)."),
    k!("any", "value", "any 4333", "In a shape list: every order of the four lengths."),
    k!("vul", "value", "vul", "Vulnerable (first argument of score)."),
    k!("nv", "value", "nv", "Not vulnerable (first argument of score)."),
    k!("nonvul", "value", "nonvul", "Not vulnerable (an extension; dealer spells it nv)."),
    k!("none", "value", "none", "Vulnerability: nobody."),
    k!("NS", "value", "NS", "Vulnerability: North-South."),
    k!("EW", "value", "EW", "Vulnerability: East-West."),
    k!("all", "value", "all", "Vulnerability: both sides."),
];

/// The entry for a reserved word.
pub fn lookup(word: &str) -> Option<&'static KeywordDoc> {
    TABLE.iter().find(|k| k.name == word)
}
