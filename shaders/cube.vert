#version 450 core
// One cube per instance, 18 vertices: the (at most 3) faces turned to the eye, chosen from
// the sign of (eye - cube centre) on each axis. A face whose mask bit is clear collapses to
// a point outside the clip volume. The slot is gl_BaseInstanceARB + gl_InstanceID.
// Instances are 8 bytes (docs/light.md): x = position, type, mask, sky and block level;
// y = occluder bits and the per-face light bits.
#extension GL_ARB_shader_draw_parameters : require

layout(std430, binding = 0) readonly buffer Instances { uvec2 instances[]; };
layout(std430, binding = 1) readonly buffer Pages { ivec4 page_chunk[]; };

uniform mat4 u_view_proj;       // eye at u_camera_offset, origin at u_origin_chunk * 16
uniform ivec3 u_origin_chunk;
uniform vec3 u_camera_offset;
uniform ivec4 u_highlight_chunk;  // w = 1: tint the cubes of chunk xyz (chosen in the overlay)

flat out uint v_type;
flat out int v_face;
flat out int v_highlight;
flat out vec2 v_light;  // the face's sky and block level (0..15)
out float v_ao;         // occlusion at this corner, 0 (three opaque neighbours) .. 3 (open)
out vec2 v_uv;
out vec3 v_eye_to_point;

// Water (BlockType 10) under air: its top, and the sides up to it, sit a little lower.
const uint kWater = 10u;
const float kWaterDrop = 0.125;

// Two triangles per face. The usual split runs from corner (0,0) to (1,1); the flipped one
// from (1,0) to (0,1), chosen when that diagonal's corners are the darker pair, so the
// occlusion interpolates the same whichever corner is dark (no "anisotropy" seam).
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
    float sky = float((inst.x >> 24) & 15u) * float((inst.y >> (20u + uint(face))) & 1u);
    float block = float((inst.x >> 28) & 15u) * float((inst.y >> (26u + uint(face))) & 1u);
    v_light = vec2(sky, block);
    int sign = positive ? 1 : -1;
    float a00 = corner_ao(inst.y, axis, sign, vec2(0, 0)), a11 = corner_ao(inst.y, axis, sign, vec2(1, 1));
    float a10 = corner_ao(inst.y, axis, sign, vec2(1, 0)), a01 = corner_ao(inst.y, axis, sign, vec2(0, 1));
    vec2 c = (a00 + a11 < a10 + a01) ? kFlipped[gl_VertexID % 6] : kCorners[gl_VertexID % 6];
    v_ao = corner_ao(inst.y, axis, sign, c);
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
