//! Figures as round bases in their side's colour, with name and status markers (W wounded,
//! D ducked back, KO knocked out, H hiding, FP Force points).

use bevy::prelude::*;

use super::TableVisual;
use super::palette::side_colour;
use crate::game::components::{Condition, Figure, Position, Status};
use crate::game::turn::TurnState;

/// The base drawn for a figure.
#[derive(Component)]
struct FigureVisual {
    figure: Entity,
    material: Handle<ColorMaterial>,
}

/// The marker text above a base.
#[derive(Component)]
struct StatusMarker(Entity);

fn spawn_missing(
    figures: Query<(Entity, &Figure, &Position), Added<Figure>>,
    mut commands: Commands,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<ColorMaterial>>,
) {
    for (e, f, p) in &figures {
        let material = materials.add(side_colour(f.side));
        let ring = materials.add(Color::srgb(0.08, 0.08, 0.08));
        commands
            .spawn((
                TableVisual,
                FigureVisual {
                    figure: e,
                    material: material.clone(),
                },
                Transform::from_translation(p.0.extend(10.0 + f.index as f32 * 0.001)),
                Visibility::default(),
            ))
            .with_children(|c| {
                c.spawn((
                    Mesh2d(meshes.add(Circle::new(f.base))),
                    MeshMaterial2d(ring),
                    Transform::from_xyz(0.0, 0.0, 0.0),
                ));
                c.spawn((
                    Mesh2d(meshes.add(Circle::new(f.base * 0.82))),
                    MeshMaterial2d(material),
                    Transform::from_xyz(0.0, 0.0, 0.01),
                ));
                if f.hero {
                    c.spawn((
                        Text2d::new("H"),
                        TextFont {
                            font_size: FontSize::Px(30.0),
                            ..default()
                        },
                        TextColor(Color::srgb(0.1, 0.1, 0.1)),
                        Transform::from_xyz(0.0, 0.0, 0.02).with_scale(Vec3::splat(f.base * 0.04)),
                    ));
                }
                c.spawn((
                    Text2d::new(short_name(&f.name)),
                    TextFont {
                        font_size: FontSize::Px(26.0),
                        ..default()
                    },
                    TextColor(Color::WHITE),
                    Transform::from_xyz(0.0, -f.base - 0.55, 0.03).with_scale(Vec3::splat(0.032)),
                ));
                c.spawn((
                    StatusMarker(e),
                    Text2d::new(""),
                    TextFont {
                        font_size: FontSize::Px(26.0),
                        ..default()
                    },
                    TextColor(Color::srgb(1.0, 0.35, 0.3)),
                    Transform::from_xyz(0.0, f.base + 0.6, 0.03).with_scale(Vec3::splat(0.034)),
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

/// Moves bases with their figures, fades the ducked back and knocked out, hides the fallen.
fn sync(
    mut visuals: Query<(Entity, &FigureVisual, &mut Transform, &mut Visibility)>,
    figures: Query<(&Figure, &Position, &Condition)>,
    turn: Option<Res<TurnState>>,
    mut materials: ResMut<Assets<ColorMaterial>>,
    mut commands: Commands,
) {
    let t = turn.map(|t| t.turn).unwrap_or(0);
    for (ve, v, mut tf, mut vis) in &mut visuals {
        let Ok((f, p, c)) = figures.get(v.figure) else {
            commands.entity(ve).despawn();
            continue;
        };
        tf.translation.x = p.0.x;
        tf.translation.y = p.0.y;
        *vis = if c.status == Status::Active {
            Visibility::Inherited
        } else {
            Visibility::Hidden
        };
        let faded = c.ducked_back(t) || c.knocked_out(t) || c.hidden;
        let mut colour = side_colour(f.side);
        if faded {
            colour = colour.with_alpha(0.45);
        }
        if let Some(mut m) = materials.get_mut(&v.material)
            && m.color != colour
        {
            m.color = colour;
        }
    }
}

fn markers(
    mut markers: Query<(&StatusMarker, &mut Text2d)>,
    figures: Query<(&Figure, &Condition)>,
    turn: Option<Res<TurnState>>,
) {
    let t = turn.map(|t| t.turn).unwrap_or(0);
    for (m, mut text) in &mut markers {
        let Ok((f, c)) = figures.get(m.0) else {
            continue;
        };
        let mut tags = Vec::new();
        if c.wounded() {
            tags.push("W".to_string());
        }
        if c.ducked_back(t) {
            tags.push("D".into());
        }
        if c.knocked_out(t) {
            tags.push("KO".into());
        }
        if c.hidden {
            tags.push("H".into());
        }
        if f.profile.force_points > 0 {
            tags.push(format!("FP{}", c.force_points));
        }
        let s = tags.join(" ");
        if text.0 != s {
            text.0 = s;
        }
    }
}

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Update, (spawn_missing, sync, markers).chain());
}
