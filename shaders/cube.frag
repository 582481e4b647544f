#version 450 core
// Cube faces: the block's texture layer for this face, alpha-tested (glass, leaves) in the
// same draw as everything else; a brightness per face direction from a fixed light; distance
// fog that blends into the sky towards the view distance. Water: blended (translucent pass).

flat in uint v_type;
flat in int v_face;
flat in int v_highlight;
in vec2 v_uv;
in vec3 v_eye_to_point;

layout(binding = 0) uniform sampler2DArray u_textures;
uniform int u_layers[11 * 6];  // texture layer of (type * 6 + face)
uniform vec3 u_sky;
uniform vec2 u_fog;            // start, end (blocks, horizontal distance)
uniform int u_translucent;     // 1: the translucent pass (blended by the texel's alpha)

out vec4 frag_colour;

// +x, -x, +y, -y, +z, -z: the sun stands high, a little towards +x and +z.
const float kFaceLight[6] = float[6](0.82, 0.68, 1.00, 0.50, 0.90, 0.62);

void main() {
    int layer = u_layers[min(int(v_type), 10) * 6 + v_face];
    vec4 texel = texture(u_textures, vec3(v_uv, float(layer)));
    if (u_translucent == 0 && texel.a < 0.5) discard;
    vec3 lit = texel.rgb * kFaceLight[v_face];
    if (v_highlight != 0) lit = mix(lit, vec3(1.0, 0.35, 0.9), 0.45);
    float fog = smoothstep(u_fog.x, u_fog.y, length(v_eye_to_point.xz));
    float alpha = u_translucent != 0 ? mix(texel.a, 1.0, fog) : 1.0;
    frag_colour = vec4(mix(lit, u_sky, fog), alpha);
}
