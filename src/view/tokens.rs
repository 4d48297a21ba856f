//! Pieces as round bases in their side's colour, with a label under the base, an emblem on it
//! and badges above it, drawn from each piece's [`Token`] (the rule set writes the tokens).

use bevy::prelude::*;

use super::TableVisual;
use super::palette::side_colour;
use crate::engine::pieces::Token;

/// The base drawn for a piece.
#[derive(Component)]
struct TokenVisual {
    piece: Entity,
    material: Handle<ColorMaterial>,
}

/// The badge text above a base.
#[derive(Component)]
struct Badges(Entity);

fn spawn_missing(
    tokens: Query<(Entity, &Token), Added<Token>>,
    mut commands: Commands,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<ColorMaterial>>,
) {
    for (e, t) in &tokens {
        let material = materials.add(side_colour(t.side));
        let ring = materials.add(Color::srgb(0.08, 0.08, 0.08));
        commands
            .spawn((
                TableVisual,
                TokenVisual {
                    piece: e,
                    material: material.clone(),
                },
                Transform::from_translation(t.at.extend(10.0 + t.order as f32 * 0.001)),
                Visibility::default(),
            ))
            .with_children(|c| {
                c.spawn((
                    Mesh2d(meshes.add(Circle::new(t.base))),
                    MeshMaterial2d(ring),
                    Transform::from_xyz(0.0, 0.0, 0.0),
                ));
                c.spawn((
                    Mesh2d(meshes.add(Circle::new(t.base * 0.82))),
                    MeshMaterial2d(material),
                    Transform::from_xyz(0.0, 0.0, 0.01),
                ));
                if !t.emblem.is_empty() {
                    c.spawn((
                        Text2d::new(t.emblem.clone()),
                        TextFont {
                            font_size: FontSize::Px(30.0),
                            ..default()
                        },
                        TextColor(Color::srgb(0.1, 0.1, 0.1)),
                        Transform::from_xyz(0.0, 0.0, 0.02).with_scale(Vec3::splat(t.base * 0.04)),
                    ));
                }
                c.spawn((
                    Text2d::new(short_name(&t.label)),
                    TextFont {
                        font_size: FontSize::Px(26.0),
                        ..default()
                    },
                    TextColor(Color::WHITE),
                    // The font is 26 px: scaled so its letters are `label_size` high, just
                    // under the base.
                    Transform::from_xyz(0.0, -t.base - t.label_size * 0.66, 0.03)
                        .with_scale(Vec3::splat(t.label_size / 26.0)),
                ));
                c.spawn((
                    Badges(e),
                    Text2d::new(""),
                    TextFont {
                        font_size: FontSize::Px(26.0),
                        ..default()
                    },
                    TextColor(Color::srgb(1.0, 0.35, 0.3)),
                    Transform::from_xyz(0.0, t.base + 0.6, 0.03).with_scale(Vec3::splat(0.034)),
                ));
            });
    }
}

/// The label under a base: names longer than 12 characters keep their last word when it says
/// enough ("Stormtrooper TK-421" → "TK-421", "Luke Skywalker" → "Skywalker", but
/// "Stormtrooper A1" stays); the card has the rest.
fn short_name(name: &str) -> String {
    match name.split_whitespace().last() {
        Some(last) if name.chars().count() > 12 && last.chars().count() > 3 => last.to_string(),
        _ => name.to_string(),
    }
}

/// Moves bases with their pieces, fades and hides them as their tokens say, and writes the
/// badges.
fn sync(
    mut visuals: Query<(Entity, &TokenVisual, &mut Transform, &mut Visibility)>,
    mut badges: Query<(&Badges, &mut Text2d)>,
    tokens: Query<&Token>,
    mut materials: ResMut<Assets<ColorMaterial>>,
    mut commands: Commands,
) {
    for (ve, v, mut tf, mut vis) in &mut visuals {
        let Ok(t) = tokens.get(v.piece) else {
            commands.entity(ve).despawn();
            continue;
        };
        tf.translation.x = t.at.x;
        tf.translation.y = t.at.y;
        vis.set_if_neq(if t.shown {
            Visibility::Inherited
        } else {
            Visibility::Hidden
        });
        let mut colour = side_colour(t.side);
        if t.faded {
            colour = colour.with_alpha(0.45);
        }
        if let Some(mut m) = materials.get_mut(&v.material)
            && m.color != colour
        {
            m.color = colour;
        }
    }
    for (b, mut text) in &mut badges {
        if let Ok(t) = tokens.get(b.0)
            && text.0 != t.badges
        {
            text.0 = t.badges.clone();
        }
    }
}

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (spawn_missing, sync).chain().after(super::BoardDrawn),
    );
}
