#version 450 core
// One cube per instance, 18 vertices: the (at most 3) faces turned to the eye, chosen from
// the sign of (eye - cube centre) on each axis. A face whose mask bit is clear collapses to
// a point outside the clip volume. The slot is gl_BaseInstanceARB + gl_InstanceID.
#extension GL_ARB_shader_draw_parameters : require

layout(std430, binding = 0) readonly buffer Instances { uint instances[]; };
layout(std430, binding = 1) readonly buffer Pages { ivec4 page_chunk[]; };

uniform mat4 u_view_proj;       // eye at u_camera_offset, origin at u_origin_chunk * 16
uniform ivec3 u_origin_chunk;
uniform vec3 u_camera_offset;
uniform ivec4 u_highlight_chunk;  // w = 1: tint the cubes of chunk xyz (chosen in the overlay)

flat out uint v_type;
flat out int v_face;
flat out int v_highlight;
out vec2 v_uv;
out vec3 v_eye_to_point;

// Water (BlockType 10) under air: its top, and the sides up to it, sit a little lower.
const uint kWater = 10u;
const float kWaterDrop = 0.125;

const vec2 kCorners[6] = vec2[6](vec2(0, 0), vec2(1, 0), vec2(1, 1), vec2(0, 0), vec2(1, 1), vec2(0, 1));

void main() {
    uint slot = uint(gl_BaseInstanceARB) + uint(gl_InstanceID);
    uint inst = instances[slot];
    uint mask = (inst >> 20) & 63u;
    int axis = gl_VertexID / 6;
    // Integer arithmetic relative to the eye's chunk: exact anywhere in an endless world.
    ivec3 local = ivec3(inst & 15u, (inst >> 4) & 15u, (inst >> 8) & 15u);
    ivec3 chunk = page_chunk[slot >> 6].xyz;
    ivec3 rel = (chunk - u_origin_chunk) * 16 + local;
    v_highlight = (u_highlight_chunk.w != 0 && chunk == u_highlight_chunk.xyz) ? 1 : 0;
    vec3 cube_min = vec3(rel);
    bool positive = (cube_min[axis] + 0.5) < u_camera_offset[axis];
    int face = axis * 2 + (positive ? 0 : 1);
    v_type = (inst >> 12) & 255u;
    v_face = face;
    if ((mask & (1u << uint(face))) == 0u) {
        gl_Position = vec4(0.0, 0.0, -2.0, 1.0);
        v_uv = vec2(0.0);
        v_eye_to_point = vec3(0.0);
        return;
    }
    vec2 c = kCorners[gl_VertexID % 6];
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
