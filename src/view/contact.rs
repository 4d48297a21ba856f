//! Base contact on the table: a red bar across the touch of two pieces in base contact
//! ([`Token::contact`]), laid along the two bases' common tangent, so it shows beside both
//! rims and belongs to the pair (issue 61: a `contact` chip on each fighter of a crowd read
//! as a neighbour's).

use bevy::prelude::*;

use super::Marks;
use super::sharp_text::TableZoom;
use super::tokens::{centres, shown_among};
use crate::engine::pieces::Token;

/// The bar's colour: the red of a melee.
const RED: Color = Color::srgb(0.95, 0.25, 0.2);

/// The bar across the touch of a base drawn `ra` across at `a` and one drawn `rb` at `b`
/// (board units): midway between the two rims where they face each other, along the tangent
/// there, reaching the smaller base's radius each way. `None` for two pieces on one spot.
pub(super) fn bar(a: Vec2, ra: f32, b: Vec2, rb: f32) -> Option<(Vec2, Vec2)> {
    let dir = (b - a).try_normalize()?;
    let touch = (a + dir * ra + b - dir * rb) / 2.0;
    let along = dir.perp() * ra.min(rb);
    Some((touch - along, touch + along))
}

/// The bars of `tokens` as the table draws them ([`shown_among`]): one a pair, whichever of
/// the two names the other, none for a piece not shown.
fn bars(tokens: &[&Token], zoom: &TableZoom) -> Vec<(Vec2, Vec2)> {
    let others = centres(tokens.iter().copied());
    let shown: Vec<&&Token> = tokens.iter().filter(|t| t.shown).collect();
    let mut pairs: Vec<(usize, usize)> = Vec::new();
    let mut out = Vec::new();
    for a in &shown {
        for &k in &a.contact {
            let key = (a.order.min(k), a.order.max(k));
            let Some(b) = shown.iter().find(|b| b.order == k) else {
                continue;
            };
            if pairs.contains(&key) {
                continue;
            }
            pairs.push(key);
            let (ra, rb) = (shown_among(a, zoom, &others), shown_among(b, zoom, &others));
            out.extend(bar(a.at, ra, b.at, rb));
        }
    }
    out
}

/// Draws each bar five strokes thick (a mark's stroke is 2 px): about 5 px, under the bases.
fn draw(tokens: Query<&Token>, zoom: Res<TableZoom>, mut marks: Marks) {
    let all: Vec<&Token> = tokens.iter().collect();
    let px = 1.0 / zoom.px_per_unit.max(1e-3);
    for (from, to) in bars(&all, &zoom) {
        let across = (to - from).perp().normalize_or_zero() * px;
        for k in [-1.5, -0.75, 0.0, 0.75, 1.5] {
            marks.line_2d(from + across * k, to + across * k, RED);
        }
    }
}

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        draw.run_if(crate::ui::game_on).after(super::BoardDrawn),
    );
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::view::tokens::tests::token;

    /// Two fighters in base contact, 1" bases side by side, and a third off to one side: one
    /// bar, across their touch, clear of both bases but for the point where they meet.
    #[test]
    fn a_bar_lies_across_the_touch_of_each_pair_once() {
        let zoom = TableZoom {
            px_per_unit: 17.5,
            enlarge: true,
        };
        let mut a = token((10.0, 10.0), "Zeeta", 0);
        let mut b = token((11.0, 10.0), "Doc Ossa", 1);
        let c = token((15.0, 10.0), "Kell", 2);
        a.contact = vec![1];
        b.contact = vec![0];
        let got = bars(&[&a, &b, &c], &zoom);
        assert_eq!(got.len(), 1, "{got:?}");
        let (from, to) = got[0];
        // Across the line of centres, at the touch.
        assert!(
            (from.x - 10.5).abs() < 1e-4 && (to.x - 10.5).abs() < 1e-4,
            "{got:?}"
        );
        assert!((from.y + to.y - 20.0).abs() < 1e-4, "{got:?}");
        assert!((to.y - from.y).abs() > 0.5, "{got:?}");
        // Its ends beyond both rims as drawn.
        let others = centres([&a, &b, &c].into_iter());
        for t in [&a, &b] {
            let r = shown_among(t, &zoom, &others);
            assert!(from.distance(t.at) > r && to.distance(t.at) > r, "{got:?}");
        }
        // Named by one only, or a piece gone: still one bar, or none.
        b.contact.clear();
        assert_eq!(bars(&[&a, &b, &c], &zoom).len(), 1);
        b.shown = false;
        assert!(bars(&[&a, &b, &c], &zoom).is_empty());
        assert!(bars(&[&c], &zoom).is_empty());
    }
}
