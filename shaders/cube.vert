#version 450 core
// The cube faces turned to the eye, pulled from the instance buffer by gl_VertexID (no vertex
// attributes, no instancing): vertex id = slot * 16 + axis * 4 + corner, so a cube is 12
// vertices (3 faces of 4 shared corners) and the index buffer's 18 indices make its 6
// triangles (docs/rendering.md, "The vertex stage"); a run whose cubes show no face on an
// axis is drawn from a table without that axis's face. The face on each axis is the one
// turned to the eye; a face whose mask bit is clear collapses to a point outside the clip
// volume. Instances are 8 bytes (docs/light.md): x = position, type, mask; y = occluder
// bits. The light comes from the chunk's light page (the page table's .w: the page, or < 0 a
// uniform value): each corner of the face averages the light of the open cells in front of it.
// Far terrain (docs/rendering.md "Far terrain"): a page's chunk y carries its level k
// (y = 16k + chunk y, x and z in level-k chunks); a level-k cube is 2^k blocks a side.

// The instance buffer, the page table and the light pages, read through buffer textures.
layout(binding = 1) uniform usamplerBuffer u_instances;  // RG32UI: one instance a texel
layout(binding = 2) uniform isamplerBuffer u_pages;      // RGBA32I: the chunk of each page of 64 slots
layout(binding = 3) uniform usamplerBuffer u_light;      // R32UI: the light pages' bytes, 4 a texel

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

// The edge and corner neighbours carry one occluder bit each (world/events.hpp: occluder_bit),
// numbered in the order of the cells (dx+1) + 3(dz+1) + 9(dy+1): bit t of kOccluderCells says
// cell t is one of them, and its number is how many of them come before it.
const uint kOccluderCells = 0x7be8befu;

bool occluded(uint bits, ivec3 d) {
    uint t = uint((d.x + 1) + 3 * (d.z + 1) + 9 * (d.y + 1));
    uint below = kOccluderCells & ((1u << t) - 1u);
    return ((kOccluderCells >> t) & 1u) != 0u && ((bits >> uint(bitCount(below))) & 1u) != 0u;
}

// A light page is 18^3 bytes: the chunk's cells and a one-cell apron, at (x+1) + 18(z+1) +
// 324(y+1) for x, y, z in -1..16 (world/events.hpp: light_box_index).
const int kLightPageBytes = 5832;

uint light_byte(int ref, ivec3 q) {
    if (ref < 0) return uint(-1 - ref);
    int b = ref * kLightPageBytes + (q.x + 1) + 18 * (q.z + 1) + 324 * (q.y + 1);
    return (texelFetch(u_light, b >> 2).x >> (uint(b & 3) * 8u)) & 255u;
}

// Brightness of a light level 0..15 (cube.frag has the same curve).
float brightness(float level) { return 0.1 + 0.9 * exp2((15.0 - level) * -0.32192809); }  // 0.8^(15 - level)

void main() {
    uint slot = uint(gl_VertexID) >> 4;
    int axis = (gl_VertexID >> 2) & 3;
    int corner_id = gl_VertexID & 3;  // the index buffer's diagonal runs from 0 to 3
    uvec2 inst = texelFetch(u_instances, int(slot)).xy;
    uint mask = (inst.x >> 18) & 63u;
    // Integer arithmetic relative to the eye's chunk: exact anywhere in an endless world.
    ivec3 local = ivec3(inst.x & 15u, (inst.x >> 4) & 15u, (inst.x >> 8) & 15u);
    ivec4 page = texelFetch(u_pages, int(slot >> 6));
    int level = page.y >> 4;
    ivec3 chunk = ivec3(page.x, page.y & 15, page.z) << level;  // in level-0 chunks
    ivec3 rel = (chunk - u_origin_chunk) * 16 + (local << level);
    float size = float(1 << level);
    v_highlight = (u_highlight_chunk.w != 0 && page.xyz == u_highlight_chunk.xyz) ? 1 : 0;
    vec3 cube_min = vec3(rel);
    bool positive = (cube_min[axis] + 0.5 * size) < u_camera_offset[axis];
    int face = axis * 2 + (positive ? 0 : 1);
    v_type = (inst.x >> 12) & 63u;
    v_face = face;
    if ((mask & (1u << uint(face))) == 0u) {
        gl_Position = vec4(0.0, 0.0, 0.0, 1.0);  // degenerate: no fragment, and no clipping
        v_uv = vec2(0.0);
        v_eye_to_point = vec3(0.0);
        v_light = vec2(0.0);
        v_ao = 3.0;
        return;
    }
    int sign = positive ? 1 : -1;
    // The 3 x 3 cells in front of the face (the face's cell in the middle): light of the
    // open ones (an opaque cell is never read: its byte may be stale).
    ivec3 n = ivec3(0);
    n[axis] = sign;
    // The face's tangent axes: (axis + 1) mod 3 and (axis + 2) mod 3, without a division
    // (a software rasteriser runs integer division one vertex at a time).
    int a1 = axis == 2 ? 0 : axis + 1, a2 = axis == 0 ? 2 : axis - 1;
    ivec3 t1 = ivec3(0), t2 = ivec3(0);
    t1[a1] = 1;
    t2[a2] = 1;
    vec2 cell[9];
    bool open[9];
    for (int v = -1; v <= 1; ++v) {
        for (int u = -1; u <= 1; ++u) {
            ivec3 d = n + t1 * u + t2 * v;
            int k = (u + 1) + 3 * (v + 1);
            open[k] = !occluded(inst.y, d);
            uint l = open[k] ? light_byte(page.w, local + d) : 0u;
            cell[k] = vec2(float(l >> 4), float(l & 15u));
        }
    }
    // Each corner k = (u, v) = (k & 1, k >> 1): the average over the open cells among the
    // face's cell, its two sides and the corner cell (not seen when both sides are opaque);
    // its occlusion by the 0fps rule (both sides occluded hide the corner; else each occluder
    // takes one step).
    vec2 light[4];
    float ao[4], shade[4];
    for (int k = 0; k < 4; ++k) {
        int s1 = (k & 1) * 2 + 3, s2 = 1 + (k >> 1) * 6, cc = (k & 1) * 2 + (k >> 1) * 6;
        vec2 sum = cell[4];
        float count = 1.0;
        if (open[s1]) { sum += cell[s1]; count += 1.0; }
        if (open[s2]) { sum += cell[s2]; count += 1.0; }
        if ((open[s1] || open[s2]) && open[cc]) { sum += cell[cc]; count += 1.0; }
        light[k] = sum / count;
        ao[k] = (!open[s1] && !open[s2]) ? 0.0 : 3.0 - float(int(!open[s1]) + int(!open[s2]) + int(!open[cc]));
        shade[k] = brightness(max(light[k].x * u_daylight, light[k].y)) * (0.5 + ao[k] / 6.0);
    }
    // Two triangles share the diagonal from index 0 to index 3. It joins corners (0,0) and
    // (1,1) unless those are the darker pair (light times occlusion); then the corners turn
    // one step so it joins (1,0) and (0,1), and the shading interpolates the same whichever
    // corner is dark (no "anisotropy" seam).
    const int kTurned[4] = int[4](1, 3, 0, 2);
    int ck = (shade[0] + shade[3] < shade[1] + shade[2]) ? kTurned[corner_id] : corner_id;
    vec2 c = vec2(ck & 1, ck >> 1);
    v_ao = ao[ck];
    v_light = light[ck];
    vec3 corner = vec3(0.0);
    corner[axis] = positive ? 1.0 : 0.0;
    corner[a1] = c.x;
    corner[a2] = c.y;
    // Texture coordinates: side faces stand upright (v runs down the block), tops and
    // bottoms lie along x and z.
    if (axis == 1) v_uv = corner.xz;
    else v_uv = vec2(axis == 0 ? corner.z : corner.x, 1.0 - corner.y);
    vec3 p = cube_min + corner * size;
    if (v_type == kWater && (mask & 4u) != 0u && corner.y > 0.5) p.y -= kWaterDrop;
    v_eye_to_point = p - u_camera_offset;
    gl_Position = u_view_proj * vec4(p, 1.0);
}
