#version 450 core
// Cube faces: the block's texture layer for this face, alpha-tested (glass, leaves) in the
// same draw as everything else; a brightness per face direction from a fixed sun; the
// light in front of the face, smoothed from its corners (sky scaled by the daylight factor,
// block light not; the curve applies per fragment);
// ambient occlusion at the corners; distance fog that blends into the sky towards the view
// distance. Water: blended (translucent pass).

flat in uint v_type;
flat in int v_face;
flat in int v_layer;  // the texture layer of this face (cube.vert reads u_layers once a vertex)
flat in int v_highlight;
in vec2 v_light;  // sky and block level, interpolated from the face's corners
in float v_ao;
in vec2 v_uv;
in vec3 v_eye_to_point;

layout(binding = 0) uniform sampler2DArray u_textures;
uniform vec3 u_sky;
uniform vec2 u_fog;            // start, end (blocks, horizontal distance)
uniform float u_daylight;      // 0..1: scales the sky light only
uniform int u_translucent;     // 1: the translucent pass (blended by the texel's alpha)
uniform int u_far;             // 1: the far rings' pass (cubes of 2^k blocks, k >= 1)

out vec4 frag_colour;

// +x, -x, +y, -y, +z, -z: the sun stands high, a little towards +x and +z.
const float kFaceLight[6] = float[6](0.82, 0.68, 1.00, 0.50, 0.90, 0.62);

// Brightness of a light level 0..15: 1 at 15, each level down 0.8 times the one above, over
// a floor of 0.1 (level 0 is dark, about 13% of level 15, not black).
float brightness(float level) { return 0.1 + 0.9 * pow(0.8, 15.0 - level); }

void main() {
    int layer = v_layer;
    vec4 texel;
    if (u_far != 0) {
        // A far cube spans 2^k blocks: its face takes the block's mean colour (the last mip
        // level) instead of one texture stretched over it; leaves and glass stay solid.
        texel = textureLod(u_textures, vec3(0.5, 0.5, float(layer)), 16.0);
        if (u_translucent == 0) texel.a = 1.0;
    } else {
        texel = texture(u_textures, vec3(v_uv, float(layer)));
    }
    if (u_translucent == 0 && texel.a < 0.5) discard;
    float level = max(v_light.x * u_daylight, v_light.y);
    float ao = 0.5 + v_ao / 6.0;  // 3 opaque neighbours: half as bright as an open corner
    vec3 lit = texel.rgb * kFaceLight[v_face] * brightness(level) * ao;
    if (v_highlight != 0) lit = mix(lit, vec3(1.0, 0.35, 0.9), 0.45);
    float fog = smoothstep(u_fog.x, u_fog.y, length(v_eye_to_point.xz));
    // Water lets what lies under it show when looked into (about a third of the tint looking
    // straight down, so sand one or two blocks under reads through) and tints more towards a
    // grazing view, as a real surface does (docs/rendering.md "Water").
    float facing = abs(normalize(v_eye_to_point)[v_face / 2]);
    float water_alpha = min(1.0, texel.a * mix(1.15, 0.55, facing));
    float alpha = u_translucent != 0 ? mix(water_alpha, 1.0, fog) : 1.0;
    frag_colour = vec4(mix(lit, u_sky, fog), alpha);
}
