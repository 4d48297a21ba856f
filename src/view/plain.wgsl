// The 3D view's one material: a colour (times a texture, white when none), shaded by a fixed
// light from the upper left, or flat. Cheap on purpose: the 3D view must stay usable on a
// software renderer, where every pixel's shader runs on the CPU.
#import bevy_pbr::forward_io::VertexOutput

@group(#{MATERIAL_BIND_GROUP}) @binding(0) var<uniform> color: vec4<f32>;
// x: 1 shaded, 0 flat.
@group(#{MATERIAL_BIND_GROUP}) @binding(1) var<uniform> params: vec4<f32>;
@group(#{MATERIAL_BIND_GROUP}) @binding(2) var base_texture: texture_2d<f32>;
@group(#{MATERIAL_BIND_GROUP}) @binding(3) var base_sampler: sampler;

@fragment
fn fragment(in: VertexOutput) -> @location(0) vec4<f32> {
    let c = color * textureSample(base_texture, base_sampler, in.uv);
    let n = normalize(in.world_normal);
    let light = max(dot(n, normalize(vec3<f32>(-0.35, -0.55, 0.76))), 0.0);
    let shade = mix(1.0, 0.55 + 0.55 * light, params.x);
    return vec4<f32>(c.rgb * shade, c.a);
}
