//! The 3D view's material ([`Plain`]): a colour or a texture, shaded by one fixed light or
//! flat, in a shader a few lines long (`plain.wgsl`). Bevy's physically based material costs
//! a software renderer (Mesa's llvmpipe, a machine with no GPU) most of its frame rate; this
//! one keeps the 3D view usable there (docs/performance.md, Frame rate).

use bevy::prelude::*;
use bevy::render::render_resource::AsBindGroup;
use bevy::shader::ShaderRef;

/// A colour (linear), times a texture if any, shaded or flat.
#[derive(Asset, TypePath, AsBindGroup, Debug, Clone)]
pub struct Plain {
    #[uniform(0)]
    color: LinearRgba,
    /// x: 1 shaded by the light, 0 flat.
    #[uniform(1)]
    params: Vec4,
    #[texture(2)]
    #[sampler(3)]
    texture: Option<Handle<Image>>,
    alpha: AlphaMode,
}

impl Plain {
    /// A solid colour, shaded.
    pub fn shaded(color: Color) -> Self {
        let alpha = if color.alpha() < 1.0 {
            AlphaMode::Blend
        } else {
            AlphaMode::Opaque
        };
        Plain {
            color: color.into(),
            params: Vec4::X,
            texture: None,
            alpha,
        }
    }

    /// A solid colour, unshaded: it seems to glow (a lightsaber's blade).
    pub fn glowing(color: Color) -> Self {
        Plain {
            color: color.into(),
            params: Vec4::ZERO,
            texture: None,
            alpha: AlphaMode::Opaque,
        }
    }

    /// A texture as it is, with no shading (the flat table on the table top).
    pub fn flat_texture(texture: Handle<Image>) -> Self {
        Plain {
            color: LinearRgba::WHITE,
            params: Vec4::ZERO,
            texture: Some(texture),
            alpha: AlphaMode::Opaque,
        }
    }
}

impl Material for Plain {
    fn fragment_shader() -> ShaderRef {
        "embedded://holotable/view/plain.wgsl".into()
    }

    fn alpha_mode(&self) -> AlphaMode {
        self.alpha
    }
}

pub(super) fn plugin(app: &mut App) {
    bevy::asset::embedded_asset!(app, "plain.wgsl");
    app.add_plugins(MaterialPlugin::<Plain>::default());
}
