//! Pieces as the shared view draws them: a token with a side, a label, a base of some shape,
//! an optional facing and badges. A rule set keeps its own components and writes each piece's
//! token, badges with their meaning and colour included; the view never reads a rule set's
//! components nor knows its words.

use bevy::prelude::*;

/// The systems in which each rule set writes its pieces' [`Token`]s from its game: after the
/// command pipeline ([`super::last_attack::settle`] and the rules' side's steps come after).
#[derive(SystemSet, Debug, Clone, PartialEq, Eq, Hash)]
pub struct TokensWritten;

/// How a piece looks on the board. Units are the board's (inches on an inch table).
#[derive(Component, Clone, Debug, PartialEq)]
pub struct Token {
    /// Side index (its colour); [`NOBODY`] for a counter of no side.
    pub side: usize,
    /// The label under the base.
    pub label: String,
    /// A mark on the base itself (e.g. "H" for a hero), or empty.
    pub emblem: String,
    /// A second line on the base, under the emblem: a hex counter's values (its firepower
    /// die, "d8+1"), or empty.
    pub values: String,
    /// Dots along the top of the base (a counter's resistance: hits it takes), 0 for none.
    pub pips: u8,
    /// The least size the base is drawn on screen, window logical pixels across, however far
    /// the table is zoomed out (0: always true to scale). Rules measure the true base.
    pub min_px: f32,
    /// The base's shape.
    pub shape: PieceShape,
    /// The base's size, board units: a round base's radius, half the side of a square
    /// counter, a hex counter's corner radius; a rectangle's half length (its half width is
    /// [`PieceShape::Rect`]'s).
    pub base: f32,
    /// Which way the piece faces, degrees anticlockwise from the board's +x, for a piece whose
    /// front matters (a walker, a fighter craft): drawn as a tick to the front. `None`: it has
    /// no front.
    pub facing: Option<f32>,
    /// Height of the label's letters, in board units ([`Token::LABEL`] on an inch table; less
    /// on a hex map, so a label fits its hex and does not run into the next one's).
    pub label_size: f32,
    /// Centre.
    pub at: Vec2,
    /// Status badges above the base, in order.
    pub badges: Vec<Badge>,
    /// Drawn faded (ducked back, hiding, retreating …); the rule set's badges say why.
    pub faded: bool,
    /// Has gone this turn or phase (a tabletop's activation token), with what that means in
    /// the rule set's words for the hover note ("has gone this phase"): drawn greyed rather
    /// than with a chip, so it shows on every piece however close they stand (issue 61).
    /// `None`: not yet.
    pub done: Option<&'static str>,
    /// On the board at all (a piece out of the game is not drawn).
    pub shown: bool,
    /// Stable order for drawing (later pieces above earlier ones).
    pub order: usize,
    /// Its miniature in the 3D view.
    pub model: Model,
    /// The piece acting now (a fighter mid-activation): where it is drawn too small to read
    /// among close neighbours, the view pins a magnifying glass on it and them (issue 61: a
    /// 1 Stat melee at the opening zoom was 14 px a fighter, its stats unreadable).
    pub acting: bool,
    /// The [`Token::order`]s of the pieces of other sides it stands in base contact with:
    /// the view draws a bar across the touch of each pair, so whose contact it is cannot be
    /// mistaken (a chip on each read as a neighbour's in a crowd). Empty: none.
    pub contact: Vec<usize>,
}

/// What a piece's miniature looks like in the 3D view, built from a few plain shapes in its
/// side's colour, standing on its base and turned to its facing.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Model {
    /// One figure on foot.
    #[default]
    Trooper,
    /// A squad counter: three figures on it.
    Squad,
    /// A Force user: a figure with a lightsaber's blade.
    Jedi,
    /// A droid: a drum and a dome.
    Droid,
    /// A beast on four feet, low and long.
    Creature,
    /// A walker: a cab on two legs, taller than everything else.
    Walker,
    /// A heavy walker (an AT-AT): a long body on four legs, taller still.
    HeavyWalker,
    /// A jet bike: a long narrow hull floating above the base, its rider on it.
    JetBike,
    /// A speeder, tank or transport: a broad hull floating above the base.
    Speeder,
    /// A support gun: a barrel on a low carriage.
    Gun,
    /// A counter lying on the table (an objective, a treasure, a flag): a low disc.
    Counter,
}

/// The side of a piece that belongs to nobody (an objective counter): drawn in the
/// objectives' gold.
pub const NOBODY: usize = usize::MAX;

/// The shape of a piece's base.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub enum PieceShape {
    /// A round base (a miniature's).
    #[default]
    Round,
    /// A square counter.
    Square,
    /// A hex counter, flat side up.
    Hex,
    /// A rectangular base, `half_width` board units across the facing (its half length is
    /// [`Token::base`]).
    Rect {
        /// Half the width, board units.
        half_width: f32,
    },
}

/// A status badge above a piece: a short code on a chip, what it means (the tooltip) and its
/// chip's colour, all the rule set's.
#[derive(Clone, Debug, PartialEq)]
pub struct Badge {
    /// The code on the chip, e.g. "W" or "FP3".
    pub code: String,
    /// What it means, e.g. "wounded" (the tooltip says it).
    pub meaning: String,
    /// The chip's colour.
    pub colour: Color,
    /// Harm an attack does (wounded, ducked back, down, casualties), not a state of play
    /// (fired, acting, ordered): a piece that gains one was struck ([`super::away::PieceWas`]).
    pub harm: bool,
}

impl Badge {
    /// A badge of `code`, meaning `meaning`, on a chip of `colour` (sRGB, 0 to 1); no harm.
    pub fn new(code: impl Into<String>, meaning: impl Into<String>, colour: [f32; 3]) -> Self {
        Self {
            code: code.into(),
            meaning: meaning.into(),
            colour: Color::srgb(colour[0], colour[1], colour[2]),
            harm: false,
        }
    }

    /// This badge as harm an attack does ([`Badge::harm`]).
    pub fn harm(self) -> Self {
        Self { harm: true, ..self }
    }
}

impl Token {
    /// The label height on an inch table, board units.
    pub const LABEL: f32 = 0.88;
}
