//! The 3D view's miniatures, by [`Model`]: each a few plain shapes (capsules, spheres,
//! boxes, cylinders) standing on the base, the front along +x (the miniature is turned to
//! its piece's facing), sized from the base so a walker stands over the troopers round it.

use std::f32::consts::FRAC_PI_2;

use bevy::prelude::*;

use crate::engine::pieces::Model;

/// Which paint a shape takes: the side's colour, near black (visors, guns, joints) or the
/// glow of a blade.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Paint {
    /// The side's colour.
    Body,
    /// Near black.
    Dark,
    /// Unshaded and bright.
    Glow,
}

/// One shape of a miniature: its mesh, its paint, and where it stands (board units, z up
/// from the base's top, the front along +x).
pub type Part = (Mesh, Paint, Transform);

/// Stands a mesh made along y (Bevy's capsules and cylinders) up along z.
fn upright(at: Vec3) -> Transform {
    Transform::from_translation(at).with_rotation(Quat::from_rotation_x(FRAC_PI_2))
}

/// A figure on foot `h` tall at `at`: a body, a head, a rifle held forward.
fn figure(h: f32, at: Vec2) -> Vec<Part> {
    let body_r = 0.2 * h;
    let body_len = 0.38 * h;
    let top = body_len + 2.0 * body_r;
    vec![
        (
            Capsule3d::new(body_r, body_len).into(),
            Paint::Body,
            upright(at.extend(top / 2.0)),
        ),
        (
            Sphere::new(0.13 * h).into(),
            Paint::Body,
            Transform::from_translation(at.extend(top + 0.08 * h)),
        ),
        (
            Cuboid::new(0.45 * h, 0.06 * h, 0.06 * h).into(),
            Paint::Dark,
            Transform::from_translation((at + Vec2::new(0.2 * h, -0.1 * h)).extend(0.6 * h)),
        ),
    ]
}

/// The shapes of `model` on a base of size `r` (a round base's radius, half a counter's
/// side), board units.
pub fn shapes(model: Model, r: f32) -> Vec<Part> {
    // A figure on a 1" base is 1.1" tall, as a 28 mm miniature.
    let h = (r * 2.2).max(1.1);
    match model {
        Model::Trooper => figure(h, Vec2::ZERO),
        Model::Squad => [(-0.35, -0.4), (-0.35, 0.4), (0.4, 0.0)]
            .into_iter()
            .flat_map(|(x, y)| figure(h * 0.55, Vec2::new(x, y) * r))
            .collect(),
        Model::Jedi => {
            let mut parts = figure(h, Vec2::ZERO);
            parts.pop();
            // A blade raised forward from the hand.
            parts.push((
                Cylinder::new(0.035 * h, 0.7 * h).into(),
                Paint::Glow,
                Transform::from_translation(Vec3::new(0.3 * h, -0.12 * h, 0.85 * h))
                    .with_rotation(Quat::from_rotation_y(0.6) * Quat::from_rotation_x(FRAC_PI_2)),
            ));
            parts
        }
        Model::Droid => vec![
            (
                Cylinder::new(0.24 * h, 0.5 * h).into(),
                Paint::Body,
                upright(Vec3::new(0.0, 0.0, 0.3 * h)),
            ),
            (
                Sphere::new(0.24 * h).into(),
                Paint::Dark,
                Transform::from_translation(Vec3::new(0.0, 0.0, 0.55 * h)),
            ),
            (
                Cuboid::new(0.12 * h, 0.08 * h, 0.5 * h).into(),
                Paint::Body,
                Transform::from_translation(Vec3::new(0.0, 0.3 * h, 0.25 * h)),
            ),
            (
                Cuboid::new(0.12 * h, 0.08 * h, 0.5 * h).into(),
                Paint::Body,
                Transform::from_translation(Vec3::new(0.0, -0.3 * h, 0.25 * h)),
            ),
        ],
        Model::Creature => {
            let mut parts = vec![
                (
                    Capsule3d::new(0.2 * h, 0.6 * h).into(),
                    Paint::Body,
                    Transform::from_translation(Vec3::new(0.0, 0.0, 0.45 * h))
                        .with_rotation(Quat::from_rotation_z(FRAC_PI_2)),
                ),
                (
                    Sphere::new(0.18 * h).into(),
                    Paint::Body,
                    Transform::from_translation(Vec3::new(0.55 * h, 0.0, 0.55 * h)),
                ),
            ];
            for (x, y) in [(0.3, 0.15), (0.3, -0.15), (-0.3, 0.15), (-0.3, -0.15)] {
                parts.push((
                    Cylinder::new(0.05 * h, 0.35 * h).into(),
                    Paint::Dark,
                    upright(Vec3::new(x * h, y * h, 0.17 * h)),
                ));
            }
            parts
        }
        Model::Walker => {
            // Twice a trooper's height: two legs, a cab, guns forward.
            let tall = 2.0 * h.max(1.1 * r);
            let leg = 0.6 * tall;
            let mut parts = Vec::new();
            for y in [-0.28, 0.28] {
                parts.push((
                    Cuboid::new(0.14 * tall, 0.1 * tall, leg).into(),
                    Paint::Dark,
                    Transform::from_translation(Vec3::new(0.0, y * r, leg / 2.0)),
                ));
            }
            parts.push((
                Cuboid::new(0.42 * tall, 0.32 * tall, 0.26 * tall).into(),
                Paint::Body,
                Transform::from_translation(Vec3::new(0.0, 0.0, leg + 0.13 * tall)),
            ));
            parts.push((
                Cuboid::new(0.3 * tall, 0.05 * tall, 0.05 * tall).into(),
                Paint::Dark,
                Transform::from_translation(Vec3::new(0.3 * tall, 0.0, leg + 0.06 * tall)),
            ));
            parts
        }
        Model::HeavyWalker => {
            // Half again a walker's height: four legs under a long body, a head forward.
            let tall = 3.0 * h.max(1.1 * r);
            let leg = 0.55 * tall;
            let mut parts = Vec::new();
            for (x, y) in [(-0.28, -0.2), (-0.28, 0.2), (0.28, -0.2), (0.28, 0.2)] {
                parts.push((
                    Cuboid::new(0.08 * tall, 0.08 * tall, leg).into(),
                    Paint::Dark,
                    Transform::from_translation(Vec3::new(x * tall, y * tall, leg / 2.0)),
                ));
            }
            parts.push((
                Cuboid::new(0.8 * tall, 0.4 * tall, 0.28 * tall).into(),
                Paint::Body,
                Transform::from_translation(Vec3::new(0.0, 0.0, leg + 0.14 * tall)),
            ));
            parts.push((
                Cuboid::new(0.25 * tall, 0.2 * tall, 0.16 * tall).into(),
                Paint::Body,
                Transform::from_translation(Vec3::new(0.5 * tall, 0.0, leg + 0.08 * tall)),
            ));
            parts
        }
        Model::JetBike => vec![
            (
                Cuboid::new(1.8 * r, 0.35 * r, 0.22 * r).into(),
                Paint::Body,
                Transform::from_translation(Vec3::new(0.0, 0.0, 0.5 * r)),
            ),
            (
                Cuboid::new(0.25 * r, 0.8 * r, 0.06 * r).into(),
                Paint::Dark,
                Transform::from_translation(Vec3::new(0.8 * r, 0.0, 0.5 * r)),
            ),
            (
                Capsule3d::new(0.16 * r, 0.35 * r).into(),
                Paint::Body,
                upright(Vec3::new(-0.2 * r, 0.0, 0.95 * r)),
            ),
        ],
        Model::Speeder => vec![
            (
                Cuboid::new(1.6 * r, 1.1 * r, 0.4 * r).into(),
                Paint::Body,
                Transform::from_translation(Vec3::new(0.0, 0.0, 0.55 * r)),
            ),
            (
                Cuboid::new(0.5 * r, 0.6 * r, 0.25 * r).into(),
                Paint::Dark,
                Transform::from_translation(Vec3::new(0.25 * r, 0.0, 0.85 * r)),
            ),
        ],
        Model::Counter => vec![(
            Cylinder::new(0.9 * r, 0.12 * r).into(),
            Paint::Body,
            upright(Vec3::new(0.0, 0.0, 0.06 * r)),
        )],
        Model::Gun => vec![
            (
                Cuboid::new(0.8 * r, 0.7 * r, 0.25 * r).into(),
                Paint::Body,
                Transform::from_translation(Vec3::new(0.0, 0.0, 0.15 * r)),
            ),
            (
                Cylinder::new(0.1 * r, 1.3 * r).into(),
                Paint::Dark,
                Transform::from_translation(Vec3::new(0.45 * r, 0.0, 0.5 * r))
                    .with_rotation(Quat::from_rotation_y(-0.2) * Quat::from_rotation_z(FRAC_PI_2)),
            ),
        ],
    }
}

/// How tall `parts` stand, board units (the top of the highest shape's bounds).
#[cfg(test)]
fn height(parts: &[Part]) -> f32 {
    use bevy::camera::primitives::MeshAabb;
    parts
        .iter()
        .filter_map(|(m, _, t)| {
            let b = m.compute_aabb()?;
            let corners = [-1.0f32, 1.0].into_iter().flat_map(|x| {
                [-1.0f32, 1.0].into_iter().flat_map(move |y| {
                    [-1.0f32, 1.0].map(move |z| {
                        Vec3::from(b.center) + Vec3::from(b.half_extents) * Vec3::new(x, y, z)
                    })
                })
            });
            corners.map(|c| t.transform_point(c).z).reduce(f32::max)
        })
        .fold(0.0, f32::max)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_type_has_its_own_shape_and_a_walker_stands_over_a_trooper() {
        let all = [
            Model::Trooper,
            Model::Squad,
            Model::Jedi,
            Model::Droid,
            Model::Creature,
            Model::Walker,
            Model::HeavyWalker,
            Model::JetBike,
            Model::Speeder,
            Model::Gun,
            Model::Counter,
        ];
        // No two models are the same list of shapes.
        let sig = |m: Model| {
            format!(
                "{:?}",
                shapes(m, 0.5)
                    .iter()
                    .map(|p| (p.1, p.2))
                    .collect::<Vec<_>>()
            )
        };
        for (i, a) in all.iter().enumerate() {
            for b in &all[i + 1..] {
                assert_ne!(sig(*a), sig(*b), "{a:?} and {b:?} look alike");
            }
        }
        let trooper = height(&shapes(Model::Trooper, 0.5));
        assert!((1.0..1.3).contains(&trooper), "{trooper}");
        assert!(height(&shapes(Model::Walker, 0.625)) > 1.8 * trooper);
        assert!(height(&shapes(Model::HeavyWalker, 0.68)) > height(&shapes(Model::Walker, 0.68)));
        // Only a Force user carries a blade.
        assert!(shapes(Model::Jedi, 0.5).iter().any(|p| p.1 == Paint::Glow));
        assert!(
            !shapes(Model::Trooper, 0.5)
                .iter()
                .any(|p| p.1 == Paint::Glow)
        );
    }
}
