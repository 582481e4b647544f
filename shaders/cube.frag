#version 450 core
// Cube faces: a colour per block type, a brightness per face direction, distance fog.

flat in uint v_type;
flat in int v_face;
in vec2 v_uv;
in vec3 v_eye_to_point;

uniform vec3 u_sky;
uniform vec2 u_fog;  // start, end (blocks)

out vec4 frag_colour;

const vec3 kTypeColours[10] = vec3[10](
    vec3(1.0, 0.0, 1.0),      // air (never drawn)
    vec3(0.36, 0.62, 0.25),   // grass
    vec3(0.52, 0.37, 0.24),   // dirt
    vec3(0.50, 0.50, 0.52),   // stone
    vec3(0.86, 0.80, 0.56),   // sand
    vec3(0.43, 0.31, 0.18),   // log
    vec3(0.20, 0.45, 0.16),   // leaves
    vec3(0.72, 0.56, 0.34),   // planks
    vec3(0.75, 0.88, 0.92),   // glass
    vec3(0.63, 0.27, 0.22));  // brick

// +x, -x, +y, -y, +z, -z: light comes from above, a little from +x and +z.
const float kFaceLight[6] = float[6](0.80, 0.70, 1.00, 0.50, 0.88, 0.62);

void main() {
    vec3 base = kTypeColours[min(v_type, 9u)];
    vec3 lit = base * kFaceLight[v_face];
    float fog = smoothstep(u_fog.x, u_fog.y, length(v_eye_to_point.xz));
    frag_colour = vec4(mix(lit, u_sky, fog), 1.0);
}
