#version 450 core
// The vertex shader of commit c9fcab8, kept unchanged as bench_render's contender (--contender):
// 18 vertices a cube drawn instanced, every vertex working out all four corners of its face.
// One cube per instance, 18 vertices: the (at most 3) faces turned to the eye, chosen from
// the sign of (eye - cube centre) on each axis. A face whose mask bit is clear collapses to
// a point outside the clip volume. The slot is gl_BaseInstanceARB + gl_InstanceID.
// Instances are 8 bytes (docs/light.md): x = position, type, mask; y = occluder bits. The
// light comes from the chunk's light page (page_chunk[].w: the page, or < 0 a uniform
// value): each corner of the face averages the light of the open cells in front of it.
#extension GL_ARB_shader_draw_parameters : require

layout(std430, binding = 0) readonly buffer Instances { uvec2 instances[]; };
layout(std430, binding = 1) readonly buffer Pages { ivec4 page_chunk[]; };
layout(std430, binding = 3) readonly buffer Light { uint light_words[]; };

uniform mat4 u_view_proj;       // eye at u_camera_offset, origin at u_origin_chunk * 16
uniform ivec3 u_origin_chunk;
uniform vec3 u_camera_offset;
uniform ivec4 u_highlight_chunk;  // w = 1: tint the cubes of chunk xyz (chosen in the overlay)
uniform float u_daylight;         // 0..1: scales the sky light (for the choice of the diagonal)

flat out uint v_type;
flat out int v_face;
flat out int v_highlight;
out vec2 v_light;       // sky and block level (0..15) at this corner, interpolated
out float v_ao;         // occlusion at this corner, 0 (three opaque neighbours) .. 3 (open)
out vec2 v_uv;
out vec3 v_eye_to_point;

// Water (BlockType 10) under air: its top, and the sides up to it, sit a little lower.
const uint kWater = 10u;
const float kWaterDrop = 0.125;

// Two triangles per face. The usual split runs from corner (0,0) to (1,1); the flipped one
// from (1,0) to (0,1), chosen when the (0,0) and (1,1) corners are the darker pair (light
// times occlusion), so the shading interpolates the same whichever corner is dark (no
// "anisotropy" seam).
const vec2 kCorners[6] = vec2[6](vec2(0, 0), vec2(1, 0), vec2(1, 1), vec2(0, 0), vec2(1, 1), vec2(0, 1));
const vec2 kFlipped[6] = vec2[6](vec2(0, 0), vec2(1, 0), vec2(0, 1), vec2(1, 0), vec2(1, 1), vec2(0, 1));

// Bit of each edge or corner neighbour in the occluder bits, indexed (dx+1) + 3(dy+1) + 9(dz+1);
// -1 for the cube itself and its face neighbours (world/events.hpp: occluder_bit).
const int kOccluderBit[27] = int[27](0, 1, 2, 8, -1, 9, 12, 13, 14, 3, -1, 4, -1, -1, -1, 15, -1, 16, 5, 6, 7, 10,
                                     -1, 11, 17, 18, 19);

bool occluded(uint bits, ivec3 d) {
    int b = kOccluderBit[(d.x + 1) + 3 * (d.y + 1) + 9 * (d.z + 1)];
    return b >= 0 && ((bits >> uint(b)) & 1u) != 0u;
}

// The 0fps rule: both sides occluded hide the corner; else each occluder takes one step.
float corner_ao(uint bits, int axis, int sign, vec2 c) {
    ivec3 side1 = ivec3(0), side2 = ivec3(0);
    side1[axis] = sign;
    side2[axis] = sign;
    side1[(axis + 1) % 3] = int(c.x) * 2 - 1;
    side2[(axis + 2) % 3] = int(c.y) * 2 - 1;
    ivec3 corner = side1 + side2;
    corner[axis] = sign;
    bool s1 = occluded(bits, side1), s2 = occluded(bits, side2);
    if (s1 && s2) return 0.0;
    return 3.0 - float(int(s1) + int(s2) + int(occluded(bits, corner)));
}

// A light page is 18^3 bytes: the chunk's cells and a one-cell apron, at (x+1) + 18(z+1) +
// 324(y+1) for x, y, z in -1..16 (world/events.hpp: light_box_index).
const int kLightPageBytes = 5832;

uint light_byte(int ref, ivec3 q) {
    if (ref < 0) return uint(-1 - ref);
    int b = ref * kLightPageBytes + (q.x + 1) + 18 * (q.z + 1) + 324 * (q.y + 1);
    return (light_words[b >> 2] >> (uint(b & 3) * 8u)) & 255u;
}

// Brightness of a light level 0..15 (cube.frag has the same curve).
float brightness(float level) { return 0.1 + 0.9 * pow(0.8, 15.0 - level); }

void main() {
    uint slot = uint(gl_BaseInstanceARB) + uint(gl_InstanceID);
    uvec2 inst = instances[slot];
    uint mask = (inst.x >> 18) & 63u;
    int axis = gl_VertexID / 6;
    // Integer arithmetic relative to the eye's chunk: exact anywhere in an endless world.
    ivec3 local = ivec3(inst.x & 15u, (inst.x >> 4) & 15u, (inst.x >> 8) & 15u);
    ivec3 chunk = page_chunk[slot >> 6].xyz;
    ivec3 rel = (chunk - u_origin_chunk) * 16 + local;
    v_highlight = (u_highlight_chunk.w != 0 && chunk == u_highlight_chunk.xyz) ? 1 : 0;
    vec3 cube_min = vec3(rel);
    bool positive = (cube_min[axis] + 0.5) < u_camera_offset[axis];
    int face = axis * 2 + (positive ? 0 : 1);
    v_type = (inst.x >> 12) & 63u;
    v_face = face;
    if ((mask & (1u << uint(face))) == 0u) {
        gl_Position = vec4(0.0, 0.0, -2.0, 1.0);
        v_uv = vec2(0.0);
        v_eye_to_point = vec3(0.0);
        v_light = vec2(0.0);
        v_ao = 3.0;
        return;
    }
    int sign = positive ? 1 : -1;
    // The 3 x 3 cells in front of the face (the face's cell in the middle): light of the
    // open ones (an opaque cell is never read: its byte may be stale).
    int ref = page_chunk[slot >> 6].w;
    ivec3 n = ivec3(0);
    n[axis] = sign;
    ivec3 t1 = ivec3(0), t2 = ivec3(0);
    t1[(axis + 1) % 3] = 1;
    t2[(axis + 2) % 3] = 1;
    vec2 cell[9];
    bool open[9];
    for (int v = -1; v <= 1; ++v) {
        for (int u = -1; u <= 1; ++u) {
            ivec3 d = n + t1 * u + t2 * v;
            int k = (u + 1) + 3 * (v + 1);
            open[k] = !occluded(inst.y, d);
            uint l = open[k] ? light_byte(ref, local + d) : 0u;
            cell[k] = vec2(float(l >> 4), float(l & 15u));
        }
    }
    // Each corner: the average over the open cells among the face's cell, its two sides
    // and the corner cell (not seen when both sides are opaque); and its occlusion.
    vec2 light[4];
    float ao[4], shade[4];
    for (int k = 0; k < 4; ++k) {
        int u = (k & 1) * 2 - 1, v = (k >> 1) * 2 - 1;
        int s1 = (u + 1) + 3, s2 = 1 + 3 * (v + 1), cc = (u + 1) + 3 * (v + 1);
        vec2 sum = cell[4];
        float count = 1.0;
        if (open[s1]) { sum += cell[s1]; count += 1.0; }
        if (open[s2]) { sum += cell[s2]; count += 1.0; }
        if ((open[s1] || open[s2]) && open[cc]) { sum += cell[cc]; count += 1.0; }
        light[k] = sum / count;
        ao[k] = corner_ao(inst.y, axis, sign, vec2(k & 1, k >> 1));
        shade[k] = brightness(max(light[k].x * u_daylight, light[k].y)) * (0.5 + ao[k] / 6.0);
    }
    // Corners (0,0), (1,0), (0,1), (1,1) are k = 0, 1, 2, 3.
    vec2 c = (shade[0] + shade[3] < shade[1] + shade[2]) ? kFlipped[gl_VertexID % 6] : kCorners[gl_VertexID % 6];
    int ck = int(c.x) + 2 * int(c.y);
    v_ao = ao[ck];
    v_light = light[ck];
    vec3 corner = vec3(0.0);
    corner[axis] = positive ? 1.0 : 0.0;
    corner[(axis + 1) % 3] = c.x;
    corner[(axis + 2) % 3] = c.y;
    // Texture coordinates: side faces stand upright (v runs down the block), tops and
    // bottoms lie along x and z.
    if (axis == 1) v_uv = corner.xz;
    else v_uv = vec2(axis == 0 ? corner.z : corner.x, 1.0 - corner.y);
    vec3 p = cube_min + corner;
    if (v_type == kWater && (mask & 4u) != 0u && corner.y > 0.5) p.y -= kWaterDrop;
    v_eye_to_point = p - u_camera_offset;
    gl_Position = u_view_proj * vec4(p, 1.0);
}
